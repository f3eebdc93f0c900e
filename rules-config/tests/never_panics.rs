//! Property tests: no input panics, every rejection names its problems (R2).

use holdem_rules_config::{ErrorKind, Preset, Rules};
use proptest::prelude::*;

const SECTIONS: [&str; 8] = [
    "",
    "name",
    "description",
    "dealing",
    "betting",
    "table",
    "rake",
    "tournament",
];

fn rejection_is_well_formed(result: Result<Rules, holdem_rules_config::RulesError>) {
    if let Err(e) = result {
        assert!(!e.errors.is_empty());
        for error in &e.errors {
            assert!(!error.reason.is_empty(), "{error}");
            let top = error.path.split(['.', '[']).next().unwrap_or_default();
            assert!(
                SECTIONS.contains(&top)
                    || error.path == "extends"
                    || error.path.starts_with("unset")
                    || error.kind == ErrorKind::UnknownField,
                "{error}"
            );
        }
    }
}

proptest! {
    #[test]
    fn r2_random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..512)) {
        rejection_is_well_formed(Rules::from_toml_bytes(&bytes));
    }

    #[test]
    fn r2_random_strings_never_panic(text in "\\PC{0,256}") {
        rejection_is_well_formed(Rules::from_toml_str(&text));
    }

    #[test]
    fn r2_toml_looking_strings_never_panic(
        text in "(\\[[a-z.-]{1,20}\\]\n|[a-z-]{1,12} = (-?[0-9]{1,20}|\"[a-z-]{0,12}\"|true|\\{ [a-z-]{1,8} = [0-9]{1,4} \\})\n){0,12}",
        extends in proptest::option::of(0..Preset::ALL.len()),
    ) {
        let text = match extends {
            Some(i) => format!("extends = \"{}\"\n{text}", Preset::ALL[i].name()),
            None => text,
        };
        rejection_is_well_formed(Rules::from_toml_str(&text));
    }

    #[test]
    fn r2_a_preset_with_one_line_removed_never_panics(
        preset in 0..Preset::ALL.len(),
        line in any::<prop::sample::Index>(),
    ) {
        let source = Preset::ALL[preset].source();
        let lines: Vec<&str> = source.lines().collect();
        let cut = line.index(lines.len());
        let text: Vec<&str> = lines.iter().enumerate().filter(|&(i, _)| i != cut).map(|(_, l)| *l).collect();
        rejection_is_well_formed(Rules::from_toml_str(&text.join("\n")));
    }

    #[test]
    fn r2_unsetting_any_key_paths_never_panics(
        preset in 0..Preset::ALL.len(),
        paths in proptest::collection::vec("(rake|betting|table|dealing|tournament|x)(\\.[a-z-]{1,12}){0,3}", 0..4),
    ) {
        let list: Vec<String> = paths.iter().map(|p| format!("{p:?}")).collect();
        let text = format!(
            "extends = \"{}\"\nunset = [{}]",
            Preset::ALL[preset].name(),
            list.join(", ")
        );
        rejection_is_well_formed(Rules::from_toml_str(&text));
    }

    #[test]
    fn r2_unsetting_any_key_of_a_preset_never_panics(
        preset in 0..Preset::ALL.len(),
        key in any::<prop::sample::Index>(),
    ) {
        // Any key path of the preset unset: the rules load, or every error is
        // well formed.
        let p = Preset::ALL[preset];
        let table: toml::Table = p.source().parse().expect("preset is TOML");
        let mut paths = Vec::new();
        let mut stack: Vec<(String, &toml::Table)> = vec![(String::new(), &table)];
        while let Some((prefix, t)) = stack.pop() {
            for (k, v) in t {
                let path = if prefix.is_empty() { k.clone() } else { format!("{prefix}.{k}") };
                if let toml::Value::Table(inner) = v {
                    stack.push((path.clone(), inner));
                }
                paths.push(path);
            }
        }
        let path = &paths[key.index(paths.len())];
        let text = format!("extends = \"{}\"\nunset = [{path:?}]", p.name());
        rejection_is_well_formed(Rules::from_toml_str(&text));
    }

    #[test]
    fn r2_any_chip_unit_is_accepted_or_rejected_at_its_path(unit in any::<i64>()) {
        let text = format!("extends = \"live-tournament\"\n[betting]\nchip-unit = {unit}");
        let result = Rules::from_toml_str(&text);
        if unit <= 0 {
            let err = result.expect_err("not a positive chip unit");
            prop_assert!(err.paths().contains(&"betting.chip-unit"), "{}", err);
        } else if 25 % unit == 0 {
            // Every amount of the preset is a multiple of 25.
            prop_assert!(result.is_ok(), "{:?}", result);
        } else {
            prop_assert!(result.is_err());
        }
    }
}
