//! A table file carries its rules: `--tables FILE` alone judges by them;
//! with `--rules` too, a mismatch names both rule sets.

use crate::common;

use common::run;

fn built(rules: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("hupai-cli-{}-{}.tbl", std::process::id(), rules));
    let (_, err, code) = run(
        &[
            "tables",
            "build",
            "--rules",
            rules,
            "-o",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    path
}

#[test]
fn tables_alone_bring_their_rules() {
    let path = built("taiwan");
    let file = path.to_str().unwrap();
    // 17 tiles win only under taiwan's rules, which the file records.
    let (out, err, code) = run(&["check", "--tables", file, "123m456m789m123p456p11z"], "");
    assert_eq!(
        (code, out.as_str()),
        (0, "123m456m789m123p456p11z\twin standard\n"),
        "{err}"
    );
    let (out, _, code) = run(&["check", "--tables", file, "111m222m333m444p555p66z"], "");
    assert_eq!(
        (code, out.as_str()),
        (0, "111m222m333m444p555p66z\twin standard\n")
    );
    // Given with the same rules, it serves them too.
    let (_, err, code) = run(&["check", "--rules", "taiwan", "--tables", file, "11z"], "");
    assert_eq!(code, 0, "{err}");
    // With other rules, both are named.
    let (_, err, code) = run(
        &["check", "--rules", "changsha", "--tables", file, "11m"],
        "",
    );
    assert_eq!(code, 2);
    assert!(
        err.contains("'taiwan'") && err.contains("'changsha'"),
        "{err}"
    );
    let (info, _, _) = run(&["tables", "info", file], "");
    assert!(info.contains("max_tiles = 17"), "{info}");
    std::fs::remove_file(&path).unwrap();
}
