//! `include/hupai.h` is what cbindgen makes of `src/lib.rs` now, with the
//! `HUPAI_E_*` constants written from the library's table of statuses
//! ([`hupai::batch::Status`]): the test regenerates it and fails on any
//! difference (with `HUPAI_BLESS=1` it rewrites the file instead).

use std::path::Path;

use hupai::batch::Status;

/// `// MEANING` (wrapped) and `#define HUPAI_E_NAME CODE` for every status.
fn status_defines() -> String {
    let mut out = String::from("\n");
    for s in Status::ALL {
        let mut line = String::from("//");
        for word in s.meaning().split(' ') {
            if line.len() + 1 + word.len() > 76 {
                out.push_str(&line);
                out.push('\n');
                line = String::from("//");
            }
            line.push(' ');
            line.push_str(word);
        }
        out.push_str(&format!(
            "{line}\n#define HUPAI_E_{} {}\n\n",
            s.name(),
            s.code()
        ));
    }
    out.truncate(out.len() - 2);
    out
}

#[test]
fn header_matches_cbindgen_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
    config.after_includes = Some(status_defines());
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(dir.join("src/lib.rs"))
        .generate()
        .expect("cbindgen generates the header");
    let mut generated = Vec::new();
    bindings.write(&mut generated);
    let generated = String::from_utf8(generated).expect("UTF-8 header");
    let path = dir.join("include/hupai.h");
    if std::env::var_os("HUPAI_BLESS").is_some() {
        std::fs::write(&path, &generated).expect("write include/hupai.h");
        return;
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == generated,
        "include/hupai.h is stale: regenerate it with \
         HUPAI_BLESS=1 cargo test -p hupai-c --test header"
    );
}
