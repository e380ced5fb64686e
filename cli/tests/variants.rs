//! Presets, rule files and table files through the command line.

use crate::common;

use common::run;

fn temp(name: &str) -> std::path::PathBuf {
    std::env::temp_dir().join(format!("hupai-cli-{}-{name}", std::process::id()))
}

#[test]
fn presets_by_name() {
    let cases = [
        ("hongzhong", "4444m7z", "win standard"),
        ("hongzhong", "11223344556677z", "win seven-pairs"),
        ("changsha", "123m456p789s111m33m", "no"),
        ("changsha", "123m456p789s111m55m", "win standard"),
        ("sichuan", "123m456p789s11m234m", "no"),
        ("sichuan", "123m456p789p11m234m", "win standard"),
        ("kawuxing", "123p456p789s555z66z", "win standard"),
        ("taiwan", "123m456m789m123p456p11z", "win standard"),
        ("gb", "147m258p369s111z55z", "win knitted-straight"),
        ("gb", "147m258p69s12345z*", "win honors-and-knitted"),
        (
            "gb",
            "147m258p6s1234567z",
            "win honors-and-knitted greater-honors-and-knitted",
        ),
        ("chinese", "147m258p69s12345z*", "no"),
    ];
    for (rules, hand, want) in cases {
        let (out, _, _) = run(&["check", "--rules", rules, hand], "");
        assert_eq!(out, format!("{hand}\t{want}\n"), "{rules}");
    }
    let (out, _, _) = run(
        &["split", "--json", "--rules", "gb", "147m28p369s123m55z*"],
        "",
    );
    assert_eq!(
        out,
        "{\"hand\":\"147m28p369s123m55z*\",\"splits\":[{\"form\":\"knitted-straight\",\"groups\":[\"123m\",\"147m2*8p369s:147m258p369s\",\"55z\"]}]}\n"
    );
    let (out, _, _) = run(&["reveal", "--rules", "gb", "147m258p369s1235m"], "");
    assert_eq!(out, "147m258p369s1235m\treveal 5m waits 5m\n");
    let (out, _, code) = run(&["check", "--rules", "kawuxing", "123m456p789s55z66z"], "");
    assert_eq!(
        out,
        "123m456p789s55z66z\terror: 1m is not used by the 'kawuxing' rules\n"
    );
    assert_eq!(code, 1);
}

#[test]
fn rule_file_by_path_and_its_errors() {
    let strict = temp("strict.toml");
    std::fs::write(&strict, "base = \"hongzhong\"\njoker_fifth_copy = false\n").unwrap();
    let (out, _, code) = run(
        &[
            "check",
            "--rules",
            strict.to_str().unwrap(),
            "4444m7z",
            "444m5m7z",
        ],
        "",
    );
    assert_eq!(out, "4444m7z\tno\n444m5m7z\twin standard\n");
    assert_eq!(code, 0);
    let bad = temp("bad.toml");
    std::fs::write(&bad, "base = \"chinese\"\nfrobs = 1\n").unwrap();
    let (_, err, code) = run(&["check", "--rules", bad.to_str().unwrap(), "11m"], "");
    assert_eq!(code, 2);
    // The TOML parser's message whole: where, the line with a caret, what.
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(
        lines[..4],
        [
            "hupai: error: bad rule file: TOML parse error at line 2, column 1",
            "  |",
            "2 | frobs = 1",
            "  | ^^^^^",
        ],
        "{err}"
    );
    assert!(lines[4].starts_with("unknown field `frobs`"), "{err}");
    std::fs::write(&bad, "forms = []\n").unwrap();
    let (_, err, code) = run(&["check", "--rules", bad.to_str().unwrap(), "11m"], "");
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "hupai: error: forms: the list is empty (name at least one of standard, seven-pairs, thirteen-orphans, knitted-straight, honors-and-knitted, greater-honors-and-knitted)\n"
    );
    std::fs::write(&bad, "max_tiles = 15\n").unwrap();
    let (_, err, code) = run(&["waits", "--rules", bad.to_str().unwrap(), "1m"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("max_tiles = 15: must be 2, 5, 8, 11, 14 or 17"),
        "{err}"
    );
    let (_, err, code) = run(&["check", "--rules", "/nonexistent/rules.toml", "11m"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("unknown rules \"/nonexistent/rules.toml\""),
        "{err}"
    );
    std::fs::remove_file(strict).unwrap();
    std::fs::remove_file(bad).unwrap();
}

#[test]
fn tables_build_info_verify_and_use() {
    let path = temp("taiwan.tbl");
    let p = path.to_str().unwrap();
    let (out, _, code) = run(&["tables", "build", "--rules", "taiwan", "-o", p], "");
    assert_eq!(code, 0);
    assert!(out.contains("for rules 'taiwan'"), "{out}");
    let (out, _, code) = run(&["tables", "info", p], "");
    assert_eq!(code, 0);
    assert!(
        out.contains("rules: taiwan\n") && out.contains("max_tiles: 17\n"),
        "{out}"
    );
    let (out, _, code) = run(&["tables", "verify", p], "");
    assert_eq!(code, 0);
    assert!(out.contains(": ok"), "{out}");
    let (out, _, code) = run(
        &[
            "check",
            "--rules",
            "taiwan",
            "--tables",
            p,
            "123m456m789m123p456p11z",
        ],
        "",
    );
    assert_eq!(
        (out.as_str(), code),
        ("123m456m789m123p456p11z\twin standard\n", 0)
    );
    // Tables made for other rules are a usage error.
    let (_, err, code) = run(&["check", "--rules", "chinese", "--tables", p, "11m"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("the tables were made for other rules"),
        "{err}"
    );
    // A damaged file is refused by every command that reads it.
    let mut bytes = std::fs::read(&path).unwrap();
    bytes[5000] ^= 0x10;
    std::fs::write(&path, &bytes).unwrap();
    let (_, err, code) = run(&["tables", "verify", p], "");
    assert_eq!(code, 1);
    assert!(err.contains("table file is corrupted: checksum"), "{err}");
    let (_, err, code) = run(&["check", "--rules", "taiwan", "--tables", p, "11m"], "");
    assert_eq!(code, 2);
    assert!(err.contains("corrupted"), "{err}");
    std::fs::remove_file(&path).unwrap();
}
