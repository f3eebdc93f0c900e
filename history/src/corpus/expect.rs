//! The failure a file declares it must produce (`# expect-illegal:`), met or not.

use super::report::{FileReport, HandLine, Status};

/// Counts a failure `line` that meets the declared `expected` one as expected:
/// true when it meets it.
pub(super) fn meet(line: &mut HandLine, expected: &str) -> bool {
    // Lenient replay may have repaired the declared failure: the strict error it
    // answered meets the declaration, and the line keeps its status.
    if line.repairs.iter().any(|r| r.error.contains(expected)) {
        return true;
    }
    if matches!(
        line.status,
        Status::Illegal | Status::Mismatch | Status::Unreadable
    ) && line.message.contains(expected)
    {
        line.status = Status::ExpectedIllegal;
        return true;
    }
    false
}

/// Counts the hand that fails as the file declares (`# expect-illegal:`) as
/// expected, among the lines kept before the declaration was read.
pub(super) fn settle_expectation(report: &mut FileReport) {
    let Some(expected) = report.expected.clone() else {
        return;
    };
    for line in &mut report.lines {
        let before = line.status;
        if meet(line, &expected) {
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
