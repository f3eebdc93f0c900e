//! Load house rules: every shipped preset, then a user's file that starts from one
//! and changes a rule, each turned into the hand configuration the betting engine
//! plays. A bad key is a typed error with its path.
//!
//! `cargo run -p holdem-rules-config --example load_preset`

use holdem_rules_config::{Preset, Rules};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for preset in Preset::ALL {
        let rules = preset.rules()?;
        let config = rules.hand_config(0)?;
        let kind = if rules.tournament.is_some() {
            "tournament"
        } else {
            "cash"
        };
        println!(
            "{:<16} {kind:<10} blinds {}/{}, {}",
            preset.name(),
            config.small_blind,
            config.big_blind,
            preset.about()
        );
    }

    // A club's file: the online cash game where a re-raise must double.
    let mine = Rules::from_toml_str(
        r#"
        extends = "online-cash"
        [betting]
        reraise-must-double = true
        "#,
    )?;
    assert!(mine.betting.reraise_must_double);
    println!("custom rules from online-cash: reraise must double");

    let typo = Rules::from_toml_str(
        r#"
        extends = "online-cash"
        [betting]
        reraise-must-dubble = true
        "#,
    );
    match typo {
        Err(e) => println!("refused: {e}"),
        Ok(_) => return Err("a misspelt key was accepted".into()),
    }
    Ok(())
}
