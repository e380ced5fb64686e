//! Rule file errors: what each one says.

use hupai::{Rules, RulesError};

#[test]
fn rule_file_err_empty_forms_says_the_list_is_empty() {
    let e = Rules::from_toml_str("forms = []").unwrap_err();
    assert_eq!(e, RulesError::NoForms);
    assert_eq!(
        e.to_string(),
        "forms: the list is empty (name at least one of standard, seven-pairs, thirteen-orphans, knitted-straight, honors-and-knitted, greater-honors-and-knitted)"
    );
    let e = Rules::from_toml_str("forms = [\"pairs\"]").unwrap_err();
    assert_eq!(
        e,
        RulesError::UnknownForm {
            name: "pairs".into()
        }
    );
}

#[test]
fn rule_file_err_toml_keeps_the_parsers_lines_and_caret() {
    let e = Rules::from_toml_str("base = \"chinese\"\nfrobs = 1\n").unwrap_err();
    let RulesError::Toml { message } = &e else {
        panic!("not a TOML error: {e:?}");
    };
    let lines: Vec<&str> = message.lines().collect();
    assert_eq!(
        lines[0], "TOML parse error at line 2, column 1",
        "{message}"
    );
    assert_eq!(lines[2], "2 | frobs = 1", "{message}");
    assert_eq!(lines[3], "  | ^^^^^", "{message}");
    assert!(lines[4].starts_with("unknown field `frobs`"), "{message}");
    assert!(!message.ends_with('\n'), "{message:?}");
}

/// A `base` that nearly names a preset gets a "did you mean", as
/// `--rules riichii` does (issue 45: `base = "chines"`).
#[test]
fn rule_file_err_unknown_base_suggests_the_preset() {
    let e = Rules::from_toml_str("base = \"chines\"").unwrap_err();
    assert_eq!(
        e,
        RulesError::UnknownBase {
            name: "chines".into(),
            suggestion: Some(hupai::Preset::Chinese),
        }
    );
    assert!(
        e.to_string()
            .starts_with("base \"chines\" is not a preset: did you mean \"chinese\"? ("),
        "{e}"
    );
}
