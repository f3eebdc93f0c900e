//! `cargo xtask docs`: assembles `docs/architecture.md`, `docs/decisions.md`,
//! `docs/performance.md` and `docs/rules-coverage.md` from each crate's notes in
//! `docs/parts/<part>.md` and the fixed opening of each document in
//! `docs/heads/<document>.md`. `cargo xtask docs --check`, and the test
//! `the_committed_documents_are_what_their_parts_give` that `ci` runs, fail when a
//! committed document differs from what its parts give.
//!
//! - Decisions and performance: a part's `## Decisions` / `## Performance` section
//!   becomes `` ## `<part>` ``, every heading inside it one level down.
//! - Architecture: a part's `## Architecture` section is a `###` entry under the
//!   head's code map: its own opening `### ...` heading, or `` ### `<part>` ``.
//! - Rules coverage: one row per rule ID of `../shared/RULES.md`, in its order,
//!   merging that ID's rows of every part's `## Coverage` table (parts in file-name
//!   order): **done** if any part says done (else partial, planned, out of scope),
//!   the tests of all parts once each, each part's note as `<part>: <note>`. A row
//!   whose rule cell is more than an ID (`T16 (with T2-T4)`) is a remark, left out.
//!
//! Nothing is written unless every document could be assembled.

use std::fs;
use std::path::{Path, PathBuf};

use crate::rules::rule_ids;

/// The crate parts, in the order the documents list them (the performance notes
/// have no `rules-config` part).
const PARTS: &[&str] = &[
    "cards",
    "eval",
    "pots",
    "betting",
    "tourney",
    "tourney-money",
    "rules-config",
    "cli",
];

/// The merged statuses, strongest first.
const STATUSES: &[&str] = &["done", "partial", "planned", "out of scope"];

/// Runs the task: `--check` compares, otherwise the documents are rewritten.
pub fn run(root: &Path, args: &[String]) -> Result<(), String> {
    let check = match args {
        [] => false,
        [flag] if flag == "--check" => true,
        _ => return Err("usage: cargo xtask docs [--check]".into()),
    };
    let docs = assemble(root)?;
    if check {
        let stale: Vec<String> = docs
            .iter()
            .filter(|(path, text)| fs::read_to_string(path).ok().as_deref() != Some(text.as_str()))
            .map(|(path, _)| display(root, path))
            .collect();
        if !stale.is_empty() {
            return Err(format!(
                "docs: out of date with docs/parts and docs/heads: {}; run `cargo xtask \
                 docs` (edit the parts and heads, not the assembled documents)",
                stale.join(", ")
            ));
        }
        println!("{} documents match their parts", docs.len());
    } else {
        for (path, text) in &docs {
            fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            println!("wrote {}", display(root, path));
        }
    }
    Ok(())
}

/// Every document and its text. The rules coverage needs `../shared/RULES.md`; where
/// it is missing (a clone without the rules beside it) that document is left out.
fn assemble(root: &Path) -> Result<Vec<(PathBuf, String)>, String> {
    let docs = root.join("docs");
    let parts: Vec<Part> = PARTS
        .iter()
        .map(|name| Part::read(&docs.join("parts"), name))
        .collect::<Result<_, _>>()?;
    let mut out = Vec::new();
    for (doc, title) in [
        ("architecture", "Architecture"),
        ("decisions", "Decisions"),
        ("performance", "Performance"),
    ] {
        let mut text = read(&docs.join("heads").join(format!("{doc}.md")))?;
        for part in &parts {
            let section = part.section(title)?;
            if title == "Performance" && part.name == "rules-config" {
                if section.is_some() {
                    return Err(format!(
                        "{}: performance.md takes no `## Performance` from this part",
                        part.path.display()
                    ));
                }
                continue;
            }
            let Some(body) = section else {
                return Err(format!("{}: no `## {title}` section", part.path.display()));
            };
            let block = if title == "Architecture" {
                if body.first().is_some_and(|l| l.starts_with("### ")) {
                    body
                } else {
                    let mut b = vec![format!("### `{}`", part.name)];
                    b.extend(body);
                    b
                }
            } else {
                let mut b = vec![format!("## `{}`", part.name), String::new()];
                b.extend(demote(&body));
                b
            };
            text.push_str(&block.join("\n"));
            text.push_str("\n\n");
        }
        out.push((docs.join(format!("{doc}.md")), text));
    }
    let rules = root.join("../shared/RULES.md");
    if let Ok(rules) = fs::read_to_string(&rules) {
        let head = read(&docs.join("heads/rules-coverage.md"))?;
        out.push((
            docs.join("rules-coverage.md"),
            coverage(&head, &rules, &parts)?,
        ));
    }
    Ok(out)
}

/// One crate's notes.
struct Part {
    name: &'static str,
    path: PathBuf,
    text: String,
}

impl Part {
    fn read(dir: &Path, name: &'static str) -> Result<Part, String> {
        let path = dir.join(format!("{name}.md"));
        let text = read(&path)?;
        Ok(Part { name, path, text })
    }

    /// The lines of section `## {title}` (outside code fences, up to the next
    /// `## ` heading), without its leading and trailing blank lines; `None` when the
    /// part has no such section.
    fn section(&self, title: &str) -> Result<Option<Vec<String>>, String> {
        let mut found: Option<Vec<String>> = None;
        let mut inside = false;
        let mut fence = false;
        for line in self.text.split('\n') {
            fence ^= is_fence(line);
            if let (false, Some(name)) = (fence, line.strip_prefix("## ")) {
                inside = name.trim() == title;
                if inside && found.replace(Vec::new()).is_some() {
                    return Err(format!(
                        "{}: two `## {title}` sections",
                        self.path.display()
                    ));
                }
                continue;
            }
            if let (true, Some(lines)) = (inside, found.as_mut()) {
                lines.push(line.to_string());
            }
        }
        let Some(mut lines) = found else {
            return Ok(None);
        };
        while lines.last().is_some_and(|l| l.trim().is_empty()) {
            lines.pop();
        }
        let blank = lines.iter().take_while(|l| l.trim().is_empty()).count();
        lines.drain(..blank);
        if lines.is_empty() {
            return Err(format!(
                "{}: the `## {title}` section is empty",
                self.path.display()
            ));
        }
        Ok(Some(lines))
    }
}

/// Whether `line` opens or closes a code fence.
fn is_fence(line: &str) -> bool {
    let l = line.trim_start();
    l.starts_with("```") || l.starts_with("~~~")
}

/// The lines with every heading (outside code fences) one level down.
fn demote(lines: &[String]) -> Vec<String> {
    let mut fence = false;
    lines
        .iter()
        .map(|line| {
            fence ^= is_fence(line);
            let hashes = line.bytes().take_while(|&b| b == b'#').count();
            if !fence && (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
                format!("#{line}")
            } else {
                line.clone()
            }
        })
        .collect()
}

/// `docs/rules-coverage.md`: the head, then the merged table.
fn coverage(head: &str, rules: &str, parts: &[Part]) -> Result<String, String> {
    let ids = rule_ids(rules);
    if ids.is_empty() {
        return Err("../shared/RULES.md: no rule IDs found".into());
    }
    // Parts in file-name order (`tourney-money` before `tourney`).
    let mut order: Vec<&Part> = parts.iter().collect();
    order.sort_by_key(|p| format!("{}.md", p.name));
    let mut tables = Vec::new();
    for part in order {
        tables.push((part.name, coverage_rows(part)?));
    }
    let mut out = format!("{head}| Rule | Status | Tests | Notes |\n|---|---|---|---|\n");
    for id in &ids {
        let rows: Vec<(&str, &[String; 4])> = tables
            .iter()
            .flat_map(|(name, rows)| rows.iter().map(move |r| (*name, r)))
            .filter(|(_, r)| r[0] == *id)
            .collect();
        if rows.is_empty() {
            return Err(format!(
                "rule {id} has no row in any part's `## Coverage` table"
            ));
        }
        let status = STATUSES
            .iter()
            .find(|s| {
                rows.iter()
                    .any(|(_, r)| r[1].to_lowercase().starts_with(**s))
            })
            .ok_or_else(|| format!("rule {id}: no known status in its rows"))?;
        let mut tests: Vec<&str> = Vec::new();
        for (name, r) in &rows {
            let entries: Vec<&str> = if r[2].is_empty() {
                Vec::new()
            } else {
                r[2].split(',').map(str::trim).collect()
            };
            for t in entries {
                let named = t.len() > 2
                    && t.starts_with('`')
                    && t.ends_with('`')
                    && !t[1..t.len() - 1].contains('`');
                if !named {
                    return Err(format!(
                        "docs/parts/{name}.md, rule {id}: a test entry is not one `name`: {t:?}"
                    ));
                }
                if !tests.contains(&t) {
                    tests.push(t);
                }
            }
        }
        let notes: Vec<String> = rows
            .iter()
            .filter(|(_, r)| !r[3].is_empty())
            .map(|(name, r)| format!("{name}: {}", r[3]))
            .collect();
        out.push_str(&format!(
            "| {id} | {status} | {} | {} |\n",
            tests.join(", "),
            notes.join(" / ")
        ));
    }
    Ok(out)
}

/// The body rows (rule, status, tests, notes) of a part's `## Coverage` table: the
/// first table of that section.
fn coverage_rows(part: &Part) -> Result<Vec<[String; 4]>, String> {
    let path = part.path.display();
    let mut lines = part.text.split('\n');
    if !lines.any(|l| l.trim_end() == "## Coverage") {
        return Err(format!("{path}: no `## Coverage` section"));
    }
    let mut table = Vec::new();
    for line in lines {
        if line.starts_with("## ") {
            break;
        }
        if line.starts_with('|') {
            table.push(line);
        } else if !table.is_empty() {
            break;
        }
    }
    let separator = table.get(1).is_some_and(|l| {
        let cells = cells(l);
        !cells.is_empty()
            && cells.iter().all(|c| {
                let c = c.trim_start_matches(':').trim_end_matches(':');
                !c.is_empty() && c.bytes().all(|b| b == b'-')
            })
    });
    if !separator {
        return Err(format!("{path}: `## Coverage` holds no markdown table"));
    }
    let header: Vec<String> = cells(table[0]).iter().map(|c| c.to_lowercase()).collect();
    if header.len() != 4 || header[..3] != ["rule", "status", "tests"] {
        return Err(format!(
            "{path}: the coverage table's header is not Rule | Status | Tests | Notes"
        ));
    }
    let mut rows = Vec::new();
    for line in &table[2..] {
        let c = cells(line);
        let Ok(row) = <[String; 4]>::try_from(c) else {
            return Err(format!("{path}: a coverage row without four cells: {line}"));
        };
        rows.push(row);
    }
    Ok(rows)
}

/// The cells of a table row, trimmed (a `\|` is not a separator).
fn cells(line: &str) -> Vec<String> {
    let mut l = line.trim();
    l = l.strip_prefix('|').unwrap_or(l);
    if l.ends_with('|') && !l.ends_with("\\|") {
        l = &l[..l.len() - 1];
    }
    let mut out = Vec::new();
    let mut cell = String::new();
    let mut prev = '\0';
    for ch in l.chars() {
        if ch == '|' && prev != '\\' {
            out.push(cell.trim().to_string());
            cell.clear();
        } else {
            cell.push(ch);
        }
        prev = ch;
    }
    out.push(cell.trim().to_string());
    out
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// `path` relative to the workspace root, for messages.
fn display(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn part(name: &'static str, text: &str) -> Part {
        Part {
            name,
            path: PathBuf::from(format!("docs/parts/{name}.md")),
            text: text.to_string(),
        }
    }

    #[test]
    fn sections_stop_at_the_next_level_two_heading_and_skip_code_fences() {
        let p = part(
            "cards",
            "# cards\n\n## Decisions\n\n### One\ntext\n```\n## not a heading\n```\n\n## Performance\nfast\n",
        );
        let d = p.section("Decisions").unwrap().unwrap();
        assert_eq!(d, ["### One", "text", "```", "## not a heading", "```"]);
        assert_eq!(p.section("Performance").unwrap().unwrap(), ["fast"]);
        assert!(p.section("Architecture").unwrap().is_none());
        assert_eq!(
            demote(&d),
            ["#### One", "text", "```", "## not a heading", "```"]
        );
        let twice = part("cards", "## Decisions\na\n## Decisions\nb\n");
        assert!(twice.section("Decisions").is_err());
        let empty = part("cards", "## Decisions\n\n## Other\n");
        assert!(empty.section("Decisions").is_err());
    }

    #[test]
    fn coverage_merges_rows_by_rule_in_the_rules_order() {
        let rules = "- **C2** two\n- **C1** one\n";
        let table = |rows: &str| {
            format!(
                "## Coverage\n| Rule | Status | Tests | Notes |\n|---|---|---|---|\n{rows}\n## Next\n"
            )
        };
        let parts = [
            part(
                "cards",
                &table("| C1 | done | `a`, `b` | deck |\n| C2 | partial | `c` | |"),
            ),
            part(
                "betting",
                &table(
                    "| C1 | partial | `b`, `d` | hand |\n| C2 (with C1) | done | `z` | remark |",
                ),
            ),
        ];
        let text = coverage("HEAD\n", rules, &parts).unwrap();
        assert_eq!(
            text,
            "HEAD\n| Rule | Status | Tests | Notes |\n|---|---|---|---|\n\
             | C2 | partial | `c` |  |\n\
             | C1 | done | `b`, `d`, `a` | betting: hand / cards: deck |\n"
        );
        let missing = coverage("", "- **C3** three\n", &parts);
        assert!(missing.unwrap_err().contains("C3"));
        let bad = [part("cards", &table("| C1 | done | a | |"))];
        assert!(coverage("", rules, &bad).is_err());
    }

    #[test]
    fn the_committed_documents_are_what_their_parts_give() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap_or(Path::new("."))
            .to_path_buf();
        for (path, text) in assemble(&root).unwrap() {
            assert_eq!(
                fs::read_to_string(&path).unwrap(),
                text,
                "{} is out of date: run `cargo xtask docs`",
                path.display()
            );
        }
    }
}
