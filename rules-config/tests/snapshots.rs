//! Snapshot of every preset as `Rules::to_toml_string` writes it (rule R1): a
//! change to any preset, or to an engine type's serde form, shows up here.

use holdem_rules_config::Preset;

#[test]
fn r1_preset_toml_snapshots() {
    for preset in Preset::ALL {
        let rules = preset.rules().expect("preset loads");
        let text = rules.to_toml_string().expect("serializes");
        insta::assert_snapshot!(preset.name(), text);
    }
}
