//! `hupai_score_json`: a JSON claim in, the score as `hupai score --json`
//! prints it out (snprintf-style length), typed error codes.

use std::ffi::{c_char, CStr, CString};

use hupai_c::*;

fn rules(name: &str) -> *mut hupai_rules {
    let name = CString::new(name).unwrap();
    let mut err = new_err();
    // SAFETY: a NUL-terminated name and a writable error.
    let r = unsafe { hupai_rules_new(name.as_ptr(), &mut err) };
    assert!(!r.is_null());
    r
}

fn new_err() -> hupai_error {
    hupai_error {
        code: 0,
        message: [0; HUPAI_ERROR_MESSAGE_LEN],
    }
}

fn score(rules: *const hupai_rules, claim: &str, len: usize) -> (i32, String, hupai_error) {
    let claim = CString::new(claim).unwrap();
    let mut out = vec![0 as c_char; len.max(1)];
    let mut err = new_err();
    // SAFETY: live rules, a NUL-terminated claim, `len` writable bytes, a writable error.
    let n = unsafe { hupai_score_json(rules, claim.as_ptr(), out.as_mut_ptr(), len, &mut err) };
    let text = if n >= 0 && (n as usize) < len {
        // SAFETY: the call wrote a NUL-terminated string.
        unsafe { CStr::from_ptr(out.as_ptr()) }
            .to_str()
            .unwrap()
            .to_string()
    } else {
        String::new()
    };
    (n, text, err)
}

#[test]
fn score_json_writes_the_score_and_its_length() {
    let r = rules("riichi");
    let claim = r#"{"hand":"234567m234p67888s","winning":"8s","how":"self-drawn","riichi":true}"#;
    let (n, text, err) = score(r, claim, 4096);
    assert_eq!(err.code, 0);
    assert_eq!(n as usize, text.len());
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["hand"], "234567m234p67888s");
    assert_eq!(v["points"]["total"], 7800);
    assert_eq!(v["han"], 4);
    // Too small: the length, nothing written.
    let (m, text, _) = score(r, claim, 10);
    assert_eq!(m, n);
    assert_eq!(text, "");
    // SAFETY: made above, freed once.
    unsafe { hupai_rules_free(r) };
}

#[test]
fn score_json_errors_carry_codes_and_messages() {
    let r = rules("riichi");
    let cases = [
        (
            r#"{"hand":"123m55z [789s] [777p] [123s]","winning":"1m","riichi":true}"#,
            -10,
            "riichi with the open meld",
        ),
        (
            r#"{"hand":"123m456p789s234s55p","winning":"4s","dora":"8z"}"#,
            -8,
            "dora",
        ),
        (r#"not json"#, -10, "bad claim"),
        (r#"[1,2]"#, -10, "a claim, which is a JSON object"),
        (r#"{"hand":"123m456p","winning":"4p"}"#, -6, "expected 3N+2"),
    ];
    for (claim, code, words) in cases {
        let (n, _, err) = score(r, claim, 4096);
        // SAFETY: the call wrote a NUL-terminated message.
        let message = unsafe { CStr::from_ptr(err.message.as_ptr()) }
            .to_str()
            .unwrap();
        assert_eq!((n, err.code), (code, code), "{claim}: {message}");
        assert!(message.contains(words), "{claim}: {message}");
    }
    // SAFETY: made above, freed once.
    unsafe { hupai_rules_free(r) };
    let chinese = rules("chinese");
    let (n, _, _) = score(
        chinese,
        r#"{"hand":"123m456p789s234s55p","winning":"4s"}"#,
        4096,
    );
    assert_eq!(n, -9);
    // SAFETY: made above, freed once.
    unsafe { hupai_rules_free(chinese) };
}

#[test]
fn score_json_gb_writes_the_fans_with_both_names() {
    let r = rules("gb");
    let claim = r#"{"hand":"123456789m234s11z","winning":"1z","how":"self-drawn","flowers":2}"#;
    let (n, text, err) = score(r, claim, 4096);
    assert_eq!(err.code, 0);
    assert_eq!(n as usize, text.len());
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["legal"], true);
    assert_eq!(v["points"], serde_json::json!({"total": 24, "fans": 22}));
    assert_eq!(v["fans"][0]["name_zh"], "清龙");
    assert_eq!(v["fans"][0]["name"], "Pure Straight");
    // A riichi field under GB: a typed error, nothing written.
    let (m, _, err) = score(
        r,
        r#"{"hand":"123456789m234s11z","winning":"1z","riichi":true}"#,
        4096,
    );
    assert!(m < 0);
    assert_ne!(err.code, 0);
    // SAFETY: made above, freed once.
    unsafe { hupai_rules_free(r) };
}

#[test]
fn score_json_under_a_fan_table_writes_the_fans_and_points() {
    let cases = [
        (
            "hongzhong",
            r#"{"hand":"111222333456m77z","winning":"6m","how":"self-drawn"}"#,
            serde_json::json!([{"id": "one_suit", "name": "清一色", "value": 1, "count": 1}]),
            (1, 1, 2),
            serde_json::json!(["1m", "1m"]),
        ),
        (
            "sichuan",
            r#"{"hand":"111222333m55577p","winning":"7p","kong_discard":true}"#,
            serde_json::json!([
                {"id": "all_pungs", "name": "对对胡", "value": 1, "count": 1},
                {"id": "kong_discard", "name": "杠上炮", "value": 1, "count": 1},
            ]),
            (2, 2, 4),
            serde_json::json!([]),
        ),
    ];
    for (preset, claim, fans, (fan, capped, total), jokers) in cases {
        let r = rules(preset);
        let (n, text, err) = score(r, claim, 4096);
        assert_eq!(err.code, 0, "{preset}");
        assert_eq!(n as usize, text.len());
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["legal"], true, "{text}");
        assert_eq!(v["fans"], fans, "{text}");
        assert_eq!(
            (v["fan"].clone(), v["fan_capped"].clone()),
            (fan.into(), capped.into())
        );
        assert_eq!(v["points"], serde_json::json!({ "total": total }), "{text}");
        assert_eq!(v["jokers"], jokers, "{text}");
        // SAFETY: made above, freed once.
        unsafe { hupai_rules_free(r) };
    }
}
