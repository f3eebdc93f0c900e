//! Tests of the TOML subset reader: what it accepts, and typed errors for the rest.

use super::*;

fn sections(src: &str) -> Result<Vec<Section<'_>>, SyntaxError> {
    let mut r = Reader::new(src);
    let mut out = Vec::new();
    while let Some(s) = r.next_section() {
        out.push(s?);
    }
    Ok(out)
}

#[test]
fn reads_root_and_tables() {
    let src = "a = 1\n[1]\nb = 'x' # c\n[2]\nc = [1, 2.50,\n  # comment\n  3,]\n";
    let s = sections(src).expect("valid");
    assert_eq!(s.len(), 3);
    assert_eq!(s[0].name, None);
    assert_eq!(s[1].name.as_deref(), Some("1"));
    assert_eq!(s[2].line, 4);
    let Value::Array(items) = &s[2].entries[0].value else {
        panic!("array")
    };
    assert_eq!(items[1].value, Value::Number("2.50"));
    assert_eq!(items[2].line, 7);
}

#[test]
fn phhs_root_is_skipped() {
    let s = sections("# hands\n\n[1]\na = 1\n").expect("valid");
    assert_eq!(s.len(), 1);
    assert_eq!(s[0].name.as_deref(), Some("1"));
}

#[test]
fn strings_times_and_errors() {
    let s = sections("a = \"x\\\"y\\u00e9\"\nt = 00:00:09\nd = 2019-06-20 10:00:00\nb = true\n")
        .expect("valid");
    assert_eq!(
        s[0].entries[0].value,
        Value::Str(Cow::Owned("x\"y\u{e9}".into()))
    );
    assert_eq!(s[0].entries[1].value, Value::DateTime("00:00:09"));
    assert_eq!(
        s[0].entries[2].value,
        Value::DateTime("2019-06-20 10:00:00")
    );
    assert_eq!(s[0].entries[3].value, Value::Bool(true));
    let e = sections("a = 1\nb = [1, 2\n").expect_err("unclosed");
    assert_eq!(e.line, 3);
    let e = sections("a = 1\na = 2\n").expect_err("duplicate");
    assert!(e.problem.to_string().contains("twice"), "{e:?}");
    assert!(sections("[[x]]\n").is_err());
    assert!(sections("a = 1 2\n").is_err());
}
