//! The failure a file declares it must produce (`# expect-illegal:`), met or not.
//!
//! A declaration of an illegal action, `action N "TEXT": MESSAGE (RULE)`, is met by
//! the hand whose replay refuses action `N` for breaking `RULE` (one of them when
//! the message names several, `(B8, B12)`): it is matched by the action and the
//! rule, not by the words of the message. Any other declaration (a mismatch, an
//! unreadable hand, a site's text that contradicts itself, an illegal action
//! declared without its rule) is met by a failure whose message contains it.

use super::report::{FileReport, HandLine, Status};

/// A declaration read into what it is matched by.
struct Expectation<'a> {
    /// The declaration as written.
    text: &'a str,
    /// The action and the rule IDs it names, when it declares an illegal action
    /// with its rule.
    fault: Option<(usize, Vec<&'a str>)>,
}

impl<'a> Expectation<'a> {
    fn read(text: &'a str) -> Expectation<'a> {
        let action = text
            .strip_prefix("action ")
            .and_then(|r| r.split_once(' '))
            .and_then(|(n, r)| r.starts_with('"').then(|| n.parse::<usize>().ok())?);
        let rules: Vec<&str> = text
            .strip_suffix(')')
            .and_then(|r| r.rsplit_once('('))
            .map(|(_, ids)| ids.split(", ").collect())
            .unwrap_or_default();
        let is_rule = |id: &&str| {
            let mut chars = id.chars();
            chars.next().is_some_and(|c| c.is_ascii_uppercase())
                && id.len() >= 2
                && chars.all(|c| c.is_ascii_digit())
        };
        let fault = match action {
            Some(n) if !rules.is_empty() && rules.iter().all(is_rule) => Some((n, rules)),
            _ => None,
        };
        Expectation { text, fault }
    }
}

/// Whether a hand that could not be read (`error`) is the failure its file
/// declares (`expected`, the text of its `# expect-illegal:` line): the
/// declaration names no illegal action with its rule, and the error's message
/// contains it. This is how `holdem stats`, `export` and `convert` leave out
/// the hands of `data/histories/` that are broken on purpose, as `replay`
/// counts them *expected illegal*.
pub fn declares(expected: &str, error: &crate::HistoryError) -> bool {
    let expected = Expectation::read(expected);
    expected.fault.is_none()
        && !expected.text.is_empty()
        && error.to_string().contains(expected.text)
}

/// Counts a failure `line` that meets the declared `expected` one as expected:
/// true when it meets it.
pub(super) fn meet(line: &mut HandLine, expected: &str) -> bool {
    meets(line, &Expectation::read(expected))
}

/// [`meet`], the declaration read.
fn meets(line: &mut HandLine, expected: &Expectation<'_>) -> bool {
    let is_failure = matches!(
        line.status,
        Status::Illegal | Status::Mismatch | Status::Unreadable
    );
    let met = match &expected.fault {
        Some((action, rules)) => {
            // Lenient replay may have repaired the declared failure: the strict
            // error it answered meets the declaration, and the line keeps its status.
            if line
                .repairs
                .iter()
                .any(|r| r.action == *action && rules.contains(&r.rule))
            {
                return true;
            }
            line.status == Status::Illegal
                && line
                    .fault
                    .is_some_and(|f| f.action == *action && rules.contains(&f.rule))
        }
        None => {
            if line.repairs.iter().any(|r| r.error.contains(expected.text)) {
                return true;
            }
            is_failure && line.message.contains(expected.text)
        }
    };
    if met {
        line.status = Status::ExpectedIllegal;
    }
    met
}

/// Counts the hand that fails as the file declares (`# expect-illegal:`) as
/// expected, among the lines kept before the declaration was read.
pub(super) fn settle_expectation(report: &mut FileReport) {
    let Some(text) = report.expected.clone() else {
        return;
    };
    let expected = Expectation::read(&text);
    for line in &mut report.lines {
        let before = line.status;
        if meets(line, &expected) {
            report.met = true;
            if line.status != before {
                match before {
                    Status::Illegal => report.counts.illegal -= 1,
                    Status::Mismatch => report.counts.mismatch -= 1,
                    _ => report.counts.unreadable -= 1,
                }
                report.counts.expected_illegal += 1;
            }
        }
    }
    if !report.met {
        report.counts.unmet_expectations += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::report::Fault;
    use super::*;

    fn illegal(action: usize, rule: &'static str, message: &str) -> HandLine {
        HandLine {
            hand: 1,
            name: None,
            status: Status::Illegal,
            message: message.to_string(),
            repairs: Vec::new(),
            fault: Some(Fault { action, rule }),
        }
    }

    #[test]
    fn h2_an_illegal_action_is_expected_by_its_action_and_rule_not_its_words() {
        let declared =
            r#"action 6 "p4 cbr 250": raise to 250 by p4 is below the minimum raise to 300 (B10)"#;
        let mut other_words = illegal(6, "B10", r#"action 6 "p4 cbr 250": too small (B10)"#);
        assert!(meet(&mut other_words, declared));
        assert_eq!(other_words.status, Status::ExpectedIllegal);
        let mut other_rule = illegal(6, "B12", declared);
        assert!(!meet(&mut other_rule, declared));
        assert_eq!(other_rule.status, Status::Illegal);
        let mut other_action = illegal(5, "B10", declared);
        assert!(!meet(&mut other_action, declared));
        let mut not_illegal = illegal(6, "B10", declared);
        not_illegal.status = Status::Mismatch;
        assert!(!meet(&mut not_illegal, declared));
        // A message naming several rules is met by any of them.
        let several = r#"action 12 "p1 cbr 400": p1 cannot raise (B8, B12)"#;
        assert!(meet(&mut illegal(12, "B12", ""), several));
    }

    #[test]
    fn h2_other_declarations_are_met_by_the_words_of_the_failure() {
        let declared = "finishing_stacks [4950, 4900], replay gives [4950, 4800]";
        let mut line = illegal(
            0,
            "",
            &format!("result differs from the history: {declared}"),
        );
        line.status = Status::Mismatch;
        line.fault = None;
        assert!(meet(&mut line, declared));
        let mut other = illegal(0, "", "result differs from the history: something else");
        other.status = Status::Mismatch;
        assert!(!meet(&mut other, declared));
    }
}
