//! Every preset loads, validates, is complete and round-trips (rules R1, R2).

use holdem_rules_config::{ErrorKind, Preset, Rules};
use toml::{Table, Value};

/// Every key path in a TOML table, arrays of tables indexed.
fn key_paths(prefix: &str, table: &Table, out: &mut Vec<String>) {
    for (key, value) in table {
        let path = if prefix.is_empty() {
            key.clone()
        } else {
            format!("{prefix}.{key}")
        };
        match value {
            Value::Table(t) => key_paths(&path, t, out),
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    if let Value::Table(t) = item {
                        key_paths(&format!("{path}[{i}]"), t, out);
                    }
                }
            }
            _ => {}
        }
        out.push(path);
    }
    out.sort();
}

#[test]
fn r1_every_preset_loads_and_validates() {
    for preset in Preset::ALL {
        let rules = preset.rules().unwrap_or_else(|e| panic!("{preset}: {e}"));
        assert_eq!(rules.name, preset.name(), "{preset}: name key");
        assert_eq!(rules.validate(), Ok(()), "{preset}");
        assert_eq!(Rules::preset(preset.name()), Ok(rules), "{preset}: by name");
    }
}

#[test]
fn r1_every_preset_round_trips_through_toml() {
    for preset in Preset::ALL {
        let rules = preset.rules().expect("preset loads");
        let text = rules.to_toml_string().expect("serializes");
        let back = Rules::from_toml_str(&text).unwrap_or_else(|e| panic!("{preset}: {e}\n{text}"));
        assert_eq!(back, rules, "{preset}");
    }
}

#[test]
fn r1_every_preset_writes_out_every_key() {
    // `holdem rules show` prints the source: it must hold the whole rules set,
    // nothing left to a default.
    for preset in Preset::ALL {
        let source: Table = preset.source().parse().expect("preset is TOML");
        let rules = preset.rules().expect("preset loads");
        let Ok(Value::Table(canonical)) = Value::try_from(&rules) else {
            panic!("{preset}: serializes to a table");
        };
        let (mut written, mut all) = (Vec::new(), Vec::new());
        key_paths("", &source, &mut written);
        key_paths("", &canonical, &mut all);
        assert_eq!(written, all, "{preset}: keys written vs keys of the rules");
    }
}

#[test]
fn r1_every_preset_names_its_seed_in_its_header() {
    for preset in Preset::ALL {
        let header = preset.source().lines().next().unwrap_or_default();
        assert!(
            header.contains(&format!("`{}`", preset.name())),
            "{preset}: {header}"
        );
        assert!(
            preset.source().contains(&format!("seed {}", preset.seed())),
            "{preset}"
        );
    }
}

#[test]
fn r1_preset_names_are_unique_and_found_by_name() {
    for preset in Preset::ALL {
        assert_eq!(Preset::from_name(preset.name()), Some(preset));
    }
    assert_eq!(Preset::from_name("online-mt"), None);
    let err = Rules::preset("pokerstars").expect_err("unknown preset");
    assert_eq!(err.errors[0].kind, ErrorKind::UnknownPreset);
    assert!(err.errors[0].reason.contains("online-mtt"), "{err}");
}
