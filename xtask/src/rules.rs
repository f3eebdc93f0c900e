//! `cargo xtask rules`: every rule ID in the repository's rule catalogue,
//! `docs/rules.md`, must have a row in `docs/rules-coverage.md`, and every test
//! that row names must be a `#[test]` function of the workspace.
//!
//! `docs/rules.md` is a copy of the project's catalogue (`../shared/RULES.md`
//! beside the checkout, where there is one): the check fails when the copy is
//! missing, and when both exist and differ.

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
    let rules_path = root.join("docs/rules.md");
    let rules_text = fs::read_to_string(&rules_path).map_err(|e| {
        format!(
            "cannot read the rule catalogue {}: {e}",
            rules_path.display()
        )
    })?;
    let shared_path = root.join("../shared/RULES.md");
    let shared = fs::read_to_string(&shared_path).ok();
    if shared.is_some_and(|shared| shared != rules_text) {
        return Err(format!(
            "docs/rules.md differs from {}: copy the catalogue in",
            shared_path.display()
        ));
    }
    let ids = rule_ids(&rules_text);
    if ids.is_empty() {
        return Err(format!("{} lists no rule IDs", rules_path.display()));
    }
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

/// Names of every `#[test]` function in the workspace's Rust sources, and of
/// every function of a custom-harness test (a file under a `tests` folder with
/// its own `fn main`, built with `harness = false`).
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
                    let in_tests = path.parent().is_some_and(|p| p.ends_with("tests"));
                    if in_tests && src.contains("\nfn main()") {
                        collect_fns(&src, &mut names);
                    } else {
                        collect_tests(&src, &mut names);
                    }
                }
            }
        }
    }
    names
}

/// Collects the name of the `fn` that follows each `#[test]` attribute (other
/// attributes such as `#[ignore]` may stand between them; `proptest!` blocks
/// write `#[test]` too).
fn collect_tests(src: &str, names: &mut BTreeSet<String>) {
    for (i, _) in src.match_indices("#[test]") {
        let rest = &src[i + "#[test]".len()..];
        let Some(at) = next_fn(rest) else { continue };
        let name: String = rest[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            names.insert(name);
        }
    }
}

/// Collects the name of every `fn` in `src`.
fn collect_fns(src: &str, names: &mut BTreeSet<String>) {
    let mut rest = src;
    while let Some(at) = next_fn(rest) {
        let name: String = rest[at + 3..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        if !name.is_empty() {
            names.insert(name);
        }
        rest = &rest[at + 3..];
    }
}

/// The offset of the first `fn ` keyword in `text` that is not part of an
/// identifier.
fn next_fn(text: &str) -> Option<usize> {
    text.match_indices("fn ").map(|(i, _)| i).find(|&i| {
        !text[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric() || c == '_')
    })
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
    fn only_test_functions_are_found() {
        let mut names = BTreeSet::new();
        collect_tests(
            "fn helper() {}\n#[test]\n#[ignore]\nfn alpha() {}\n#[test] fn beta_2() {}\n\
             proptest! { #[test] fn gamma(x in 0u8..3) {} }\n#[test]\nfn xfn_delta() {}",
            &mut names,
        );
        let found: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_eq!(found, ["alpha", "beta_2", "gamma", "xfn_delta"]);
    }

    /// A fresh folder under the system's temporary folder, laid out as
    /// `<tmp>/<unique>/checkout/docs`, so that its `../shared` does not exist.
    fn scratch_checkout(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir()
            .join(format!("xtask-rules-{name}-{}", std::process::id()))
            .join("checkout");
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("docs")).expect("scratch folder");
        dir
    }

    #[test]
    fn a_missing_catalogue_fails_the_check() {
        let root = scratch_checkout("no-catalogue");
        fs::write(
            root.join("docs/rules-coverage.md"),
            "| C1 | done | `a` | |\n",
        )
        .expect("write");
        let err = summarize(&root).expect_err("no docs/rules.md must fail");
        assert!(err.contains("cannot read the rule catalogue"), "{err}");
        let _ = fs::remove_dir_all(root.parent().unwrap_or(&root));
    }

    #[test]
    fn an_empty_catalogue_or_a_missing_coverage_table_fails_the_check() {
        let root = scratch_checkout("empty");
        fs::write(root.join("docs/rules.md"), "# Rules\n\nNo bullets here.\n").expect("write");
        let err = summarize(&root).expect_err("a catalogue with no IDs must fail");
        assert!(err.contains("lists no rule IDs"), "{err}");
        fs::write(root.join("docs/rules.md"), "- **C1** One deck.\n").expect("write");
        let err = summarize(&root).expect_err("no docs/rules-coverage.md must fail");
        assert!(err.contains("rules-coverage.md"), "{err}");
        let _ = fs::remove_dir_all(root.parent().unwrap_or(&root));
    }

    #[test]
    fn the_repository_catalogue_is_the_shared_one() {
        let root = crate::workspace_root();
        let ours = fs::read_to_string(root.join("docs/rules.md"));
        assert!(ours.is_ok(), "docs/rules.md is missing");
        if let Ok(shared) = fs::read_to_string(root.join("../shared/RULES.md")) {
            assert!(
                ours.ok().as_deref() == Some(shared.as_str()),
                "docs/rules.md differs from ../shared/RULES.md: copy the catalogue in"
            );
        }
    }
}
