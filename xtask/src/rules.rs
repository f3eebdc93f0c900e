//! `cargo xtask rules`: every rule ID in `../shared/RULES.md` must have a row in
//! `docs/rules-coverage.md`, and every test that row names must exist.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

/// One row of the coverage table.
struct Row {
    status: String,
    tests: Vec<String>,
    notes: String,
}

/// Runs the check; `Ok` carries a one-line summary.
pub fn check(root: &Path) -> Result<(), String> {
    let summary = summarize(root)?;
    println!("{summary}");
    Ok(())
}

/// The check itself, returning the summary line.
pub fn summarize(root: &Path) -> Result<String, String> {
    let rules_path = root.join("../shared/RULES.md");
    let Ok(rules_text) = fs::read_to_string(&rules_path) else {
        return Ok(format!("skipped: {} not found", rules_path.display()));
    };
    let ids = rule_ids(&rules_text);
    let coverage_path = root.join("docs/rules-coverage.md");
    let coverage = fs::read_to_string(&coverage_path)
        .map_err(|e| format!("cannot read {}: {e}", coverage_path.display()))?;
    let rows = coverage_rows(&coverage);
    let test_fns = test_functions(root);

    let mut problems = Vec::new();
    for id in &ids {
        let Some(row) = rows.get(id) else {
            problems.push(format!("rule {id} has no row in docs/rules-coverage.md"));
            continue;
        };
        let out_of_scope = row.status.contains("out of scope");
        if out_of_scope && row.notes.trim().is_empty() {
            problems.push(format!("rule {id} is out of scope but gives no reason"));
        }
        if row.status.contains("done") && row.tests.is_empty() {
            problems.push(format!("rule {id} is marked done but names no test"));
        }
        for t in &row.tests {
            let name = t.rsplit("::").next().unwrap_or(t);
            if !test_fns.contains(name) {
                problems.push(format!(
                    "rule {id}: test `{t}` named in docs/rules-coverage.md does not exist"
                ));
            }
        }
    }
    if !problems.is_empty() {
        return Err(format!("rules coverage:\n  {}", problems.join("\n  ")));
    }
    let done = ids
        .iter()
        .filter(|id| rows.get(*id).is_some_and(|r| r.status.contains("done")))
        .count();
    let tests: usize = rows.values().map(|r| r.tests.len()).sum();
    Ok(format!(
        "{} rules listed, {done} done, {tests} test references, all tests found",
        ids.len()
    ))
}

/// Rule IDs, in file order and once each: lines of the form `- **C1** ...`.
pub(crate) fn rule_ids(text: &str) -> Vec<String> {
    let mut ids: Vec<String> = Vec::new();
    for id in text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("- **"))
        .filter_map(|l| l.split("**").next())
        .filter(|id| is_rule_id(id))
    {
        if !ids.iter().any(|i| i == id) {
            ids.push(id.to_string());
        }
    }
    ids
}

/// A rule ID: an uppercase letter and one or more digits.
pub(crate) fn is_rule_id(s: &str) -> bool {
    let mut c = s.chars();
    c.next().is_some_and(|f| f.is_ascii_uppercase()) && s.len() > 1 && c.all(|d| d.is_ascii_digit())
}

/// Rows `| ID | status | tests | notes |`; tests are the backticked names.
fn coverage_rows(text: &str) -> BTreeMap<String, Row> {
    let mut rows = BTreeMap::new();
    for line in text.lines() {
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        if cells.len() < 3 {
            continue;
        }
        let id = cells[0].trim_matches('*');
        if !is_rule_id(id) {
            continue;
        }
        let tests = cells[2]
            .split('`')
            .skip(1)
            .step_by(2)
            .map(str::to_string)
            .collect();
        rows.insert(
            id.to_string(),
            Row {
                status: cells[1].to_lowercase(),
                tests,
                notes: cells.get(3).copied().unwrap_or("").to_string(),
            },
        );
    }
    rows
}

/// Names of every `fn` in the workspace's Rust sources (tests, benches, src).
fn test_functions(root: &Path) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            let file_name = entry.file_name();
            let file_name = file_name.to_string_lossy();
            if path.is_dir() {
                if !file_name.starts_with('.') && !file_name.starts_with("target") {
                    stack.push(path);
                }
            } else if file_name.ends_with(".rs") {
                // (Not an `if let` chain: those need Rust 1.88, the workspace 1.87.)
                if let Ok(src) = fs::read_to_string(&path) {
                    collect_fns(&src, &mut names);
                }
            }
        }
    }
    names
}

fn collect_fns(src: &str, names: &mut BTreeSet<String>) {
    for (i, _) in src.match_indices("fn ") {
        let before = src[..i].chars().next_back();
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        let name: String = src[i + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            names.insert(name);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_ids_are_read_from_bullets() {
        let ids = rule_ids("## C\n- **C1** One deck.\n- **C12** x\n- not a rule\n- **Note** x\n");
        assert_eq!(ids, ["C1", "C12"]);
    }

    #[test]
    fn coverage_rows_read_backticked_tests() {
        let rows = coverage_rows(
            "| Rule | Status | Tests | Notes |\n|---|---|---|---|\n| C1 | done | `a::b`, `c` | x |\n",
        );
        let row = &rows["C1"];
        assert_eq!(row.tests, ["a::b", "c"]);
        assert_eq!(row.status, "done");
    }

    #[test]
    fn fns_are_found_but_not_inside_identifiers() {
        let mut names = BTreeSet::new();
        collect_fns(
            "fn alpha() {}\n    pub fn beta_2(x: u8) {}\nlet xfn gamma",
            &mut names,
        );
        assert!(names.contains("alpha") && names.contains("beta_2"));
        assert!(!names.contains("gamma"));
    }
}
