//! `include/hupai.h` is what cbindgen makes of `src/lib.rs` now: the test
//! regenerates it and fails on any difference (with `HUPAI_BLESS=1` it
//! rewrites the file instead).

use std::path::Path;

#[test]
fn header_matches_cbindgen_output() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let config = cbindgen::Config::from_file(dir.join("cbindgen.toml")).expect("cbindgen.toml");
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
