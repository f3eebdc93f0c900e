//! Tournament options that no preset turns on (rebuys and add-ons, bounties) or
//! that every preset shares (deals): a rules file that extends a preset sets
//! them, and the `holdem_tourney` money functions then follow the file (rules R1,
//! T4, T15, T16).

use holdem_rules_config::Rules;
use holdem_tourney::Chips;
use holdem_tourney::money::{
    Bounties, BountyWinner, DealMethod, DealTable, EntryClock, MoneyError, PlayerEntries, PlayerId,
    PlayerStack, check_add_on, check_rebuy, deal,
};

const REBUY_EVENT: &str = r#"
extends = "online-mtt"

[tournament.event.structure]
add-on-break = { after-level = 5, minutes = 3 }   # 000 3.1.1: usually 3 minutes

[tournament.entry.rebuy]                          # 000 1.8
period = { through-level = 5 }
chip-threshold = 10000
chips = 10000
price = { prize-pool = 1000, fee = 100, bounty = 0 }

[tournament.entry.add-on]
window = "add-on-break"
chips = 15000
price = { prize-pool = 1000, fee = 100, bounty = 0 }
max-add-ons = 1
add-on-break-minutes = 3
"#;

fn clock(level_index: u32, on_add_on_break: bool) -> EntryClock {
    EntryClock {
        start_ms: 0,
        now_ms: u64::from(level_index) * 600_000,
        level_index,
        big_blind: Chips(100),
        payouts_started: false,
        on_add_on_break,
    }
}

fn entered(player: u32) -> PlayerEntries {
    PlayerEntries {
        entries: 1,
        still_playing: true,
        ..PlayerEntries::new(PlayerId(player))
    }
}

#[test]
fn t4_a_rebuy_event_extending_online_mtt_rebuys_at_the_threshold_only() {
    let rules = Rules::from_toml_str(REBUY_EVENT).expect("valid");
    let entry = rules.tournament.expect("tournament").entry;
    let player = entered(1);
    let grant =
        check_rebuy(&entry, &clock(2, false), &player, Chips(10_000), 5_000).expect("at threshold");
    assert_eq!(
        (grant.chips, grant.price.total()),
        (Chips(10_000), Some(1_100))
    );
    assert!(matches!(
        check_rebuy(&entry, &clock(2, false), &player, Chips(10_001), 5_000),
        Err(MoneyError::RebuyAboveThreshold { .. })
    ));
    assert!(matches!(
        check_rebuy(&entry, &clock(6, false), &player, Chips(100), 5_000),
        Err(MoneyError::RebuyPeriodOver)
    ));
    // The add-on is taken on the add-on break, once.
    assert_eq!(
        check_add_on(&entry, &clock(5, true), &player, 5_000).map(|g| g.chips),
        Ok(Chips(15_000))
    );
    assert_eq!(
        check_add_on(&entry, &clock(5, false), &player, 5_000),
        Err(MoneyError::AddOnNotAvailable)
    );
    // The preset itself has neither.
    let plain = Rules::preset("online-mtt").expect("preset");
    let plain = plain.tournament.expect("tournament").entry;
    assert_eq!(
        check_rebuy(&plain, &clock(2, false), &player, Chips(100), 5_000),
        Err(MoneyError::NoRebuys)
    );
}

#[test]
fn t4_r2_add_ons_on_a_break_the_structure_lacks_are_refused_with_the_path() {
    let without_break = REBUY_EVENT.replace(
        "add-on-break = { after-level = 5, minutes = 3 }",
        "pause-on-disconnect = true",
    );
    let err = Rules::from_toml_str(&without_break).expect_err("no add-on break");
    assert!(
        err.paths().contains(&"tournament.entry.add-on.window"),
        "{err}"
    );
}

#[test]
fn t16_a_progressive_knockout_extending_online_mtt_pays_half_and_raises_the_head() {
    let rules = Rules::from_toml_str(
        r#"
        extends = "online-mtt"
        [tournament.entry.price]
        bounty = 500
        [tournament.bounties.knockout]
        entry-bounty = 500
        progressive-share-bp = 5000
        "#,
    )
    .expect("valid");
    let opts = rules.tournament.expect("tournament").bounties;
    let mut bounties = Bounties::new(&opts).expect("bounties");
    for p in [1, 2] {
        assert_eq!(bounties.enter(PlayerId(p)), Ok(500));
    }
    let award = bounties
        .knock_out(
            PlayerId(2),
            &[BountyWinner {
                player: PlayerId(1),
                position: 0,
            }],
        )
        .expect("knock-out");
    assert_eq!(award.total, 500);
    assert_eq!(
        (award.payouts[0].cash, award.payouts[0].added_to_head),
        (250, 250)
    );
    assert_eq!(bounties.knockout_head(PlayerId(1)), Some(750));
    // The preset has no bounties: a knock-out moves nothing.
    let plain = Rules::preset("online-mtt").expect("preset");
    let mut none = Bounties::new(&plain.tournament.expect("tournament").bounties).expect("none");
    for p in [1, 2] {
        assert_eq!(none.enter(PlayerId(p)), Ok(0));
    }
    let winner = BountyWinner {
        player: PlayerId(1),
        position: 0,
    };
    assert_eq!(
        none.knock_out(PlayerId(2), &[winner]).map(|a| a.total),
        Ok(0)
    );
}

#[test]
fn t15_online_mtt_deals_leave_at_most_5_percent_in_play_unless_the_file_lifts_it() {
    // 000 8.1.5: at most 5% of the prize pool left for the winner.
    let table = DealTable {
        final_table: true,
        players_remaining: 2,
        total_prize_pool: 100_000,
    };
    let stacks = [
        PlayerStack {
            player: PlayerId(1),
            chips: Chips(60_000),
        },
        PlayerStack {
            player: PlayerId(2),
            chips: Chips(40_000),
        },
    ];
    let prizes = [30_000, 20_000];
    let preset = Rules::preset("online-mtt").expect("preset");
    let opts = preset.tournament.expect("tournament").deal;
    let ok = deal(
        DealMethod::ChipCount,
        &table,
        &stacks,
        &prizes,
        5_000,
        &opts,
    )
    .expect("5%");
    assert_eq!(ok.left_in_play, 5_000);
    assert!(matches!(
        deal(
            DealMethod::ChipCount,
            &table,
            &stacks,
            &prizes,
            5_001,
            &opts
        ),
        Err(MoneyError::LeftInPlayTooLarge { .. })
    ));
    // 000 8.1.6: players may agree to leave more where the house allows it.
    let lifted = Rules::from_toml_str(
        "extends = \"online-mtt\"\n[tournament.deal]\nmax-left-in-play-bp = 2000",
    )
    .expect("valid");
    let opts = lifted.tournament.expect("tournament").deal;
    assert!(
        deal(
            DealMethod::ChipCount,
            &table,
            &stacks,
            &prizes,
            10_000,
            &opts
        )
        .is_ok()
    );
}

/// The commented example that follows `marker` in a preset's source, uncommented.
fn commented_example(source: &str, marker: &str) -> String {
    source
        .lines()
        .skip_while(|l| !l.contains(marker))
        .skip(1)
        .map_while(|l| l.strip_prefix("#   "))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn t4_t16_the_examples_in_the_online_mtt_preset_load() {
    // The preset documents rebuys and bounties in comments: they must stay valid.
    let source = holdem_rules_config::Preset::from_name("online-mtt")
        .expect("preset")
        .source();
    let rebuy = commented_example(source, "A rebuy event extends it:");
    assert!(rebuy.contains("[tournament.entry.rebuy]"), "{rebuy}");
    let rules = Rules::from_toml_str(&format!("extends = \"online-mtt\"\n{rebuy}"))
        .unwrap_or_else(|e| panic!("{e}\n{rebuy}"));
    let entry = rules.tournament.expect("tournament").entry;
    assert!(entry.rebuy.is_some() && entry.add_on.is_some());
    let bounty = commented_example(source, "A (progressive) knockout event");
    assert!(bounty.contains("entry-bounty = 500"), "{bounty}");
    let text =
        format!("extends = \"online-mtt\"\n[tournament.entry.price]\nbounty = 500\n{bounty}");
    let rules = Rules::from_toml_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(
        rules
            .tournament
            .expect("tournament")
            .bounties
            .knockout
            .is_some()
    );
}

// rule T16: a bounty part with no knockout bounties would never be paid out.
// Each price with one is refused at its own path; the same file with
// `[tournament.bounties.knockout]` loads.
#[test]
fn t16_a_bounty_part_without_knockout_bounties_is_refused_at_its_path() {
    let entry = "extends = \"online-mtt\"\n[tournament.entry.price]\nbounty = 500\n";
    let err = Rules::from_toml_str(entry).expect_err("bounty part without knockout");
    assert_eq!(err.paths(), ["tournament.entry.price.bounty"], "{err}");
    assert!(err.to_string().contains("500 cents"), "{err}");
    assert!(err.to_string().contains("T16"), "{err}");

    // REBUY_EVENT's first price line is the rebuy's, its second the add-on's.
    let line = "price = { prize-pool = 1000, fee = 100, bounty = 0 }";
    let with_part = "price = { prize-pool = 1000, fee = 100, bounty = 250 }";
    let (rebuy_first, add_on_second) = REBUY_EVENT.split_once(line).expect("rebuy price");
    let rebuy = format!("{rebuy_first}{with_part}{add_on_second}");
    let add_on = format!(
        "{rebuy_first}{line}{}",
        add_on_second.replacen(line, with_part, 1)
    );
    for (price, text) in [("rebuy", rebuy), ("add-on", add_on)] {
        let err = Rules::from_toml_str(&text).expect_err(price);
        let path = format!("tournament.entry.{price}.price.bounty");
        assert_eq!(err.paths(), [path.as_str()], "{err}\n{text}");
        assert!(err.to_string().contains("250 cents"), "{err}");
    }

    let ko = format!(
        "{entry}[tournament.bounties.knockout]\nentry-bounty = 500\nprogressive-share-bp = 0\n"
    );
    Rules::from_toml_str(&ko).unwrap_or_else(|e| panic!("{e}\n{ko}"));
}

// rule T16: the engine's own check ([`TournamentConfig::validate`]) refuses a
// bounty part with no knockout and an entry bounty part that is not the
// knockout's entry bounty, naming the price and the amounts.
#[test]
fn t16_the_engine_check_of_a_loaded_file_refuses_stray_bounty_parts() {
    use holdem_tourney::{OptionsError, TournamentConfig};
    let rules = Rules::from_toml_str(REBUY_EVENT).expect("valid");
    let config: TournamentConfig = rules.tournament.expect("tournament");
    assert_eq!(config.validate(), Ok(()));
    let mut stray = config.clone();
    stray.entry.add_on.as_mut().expect("add-on").price.bounty = 1;
    assert!(matches!(
        stray.validate(),
        Err(OptionsError::BountyPart {
            price: "add-on.price",
            bounty: 1,
            expected: 0,
            ..
        })
    ));
}
