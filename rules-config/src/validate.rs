//! Validation of a typed [`Rules`] document (rule R2): every problem found, each
//! with its field path and a reason that cites the rule.

use holdem_betting::BettingStructure;
use holdem_betting::table::TableRules;
use holdem_pots::Chips;
use holdem_tourney::clock::BreakSchedule;
use holdem_tourney::money::{AddOnWindow, Window};
use holdem_tourney::seating::BreakPolicy;
use holdem_tourney::{Format, OptionsError, TournamentOptions};

use crate::error::{ConfigError, RulesError};
use crate::rules::{Betting, Rules, Tournament, choice_name};

impl Rules {
    /// Checks that the rules can be played, before any hand is dealt (rule R2).
    ///
    /// # Errors
    /// A [`RulesError`] with every problem found, each naming its field path.
    pub fn validate(&self) -> Result<(), RulesError> {
        let mut errors = Errors::default();
        self.check_dealing(&mut errors);
        check_betting(&self.betting, self.tournament.is_some(), &mut errors);
        self.check_rake(&mut errors);
        if let Some(t) = &self.tournament {
            check_tournament(t, &self.table, self.betting.chip_unit, &mut errors);
        }
        if errors.0.is_empty() {
            // Backstop: the engine's own check of every hand these rules can deal.
            let levels = self
                .tournament
                .as_ref()
                .map_or(1, |t| t.event.structure.levels.len());
            for level in 0..levels.max(1) {
                if let Err(e) = self.hand_config(level) {
                    errors.0.extend(e.errors);
                    break;
                }
            }
        }
        if errors.0.is_empty() {
            Ok(())
        } else {
            Err(RulesError { errors: errors.0 })
        }
    }

    fn check_dealing(&self, errors: &mut Errors) {
        // The engine's own check (holdem_cards), reported at the field's path.
        if self.dealing.misdeal.validate().is_err() {
            errors.add(
                "dealing.misdeal.misdeal-exposed-cards",
                "must be at least 1: zero exposed cards cannot make a misdeal (C6)",
            );
        }
    }

    fn check_rake(&self, errors: &mut Errors) {
        let rake = &self.rake;
        if rake.basis_points > 10_000 {
            errors.add(
                "rake.basis-points",
                format!(
                    "a rake of {} basis points is above 100% (B23)",
                    rake.basis_points
                ),
            );
        }
        if rake.cap == Some(Chips::ZERO) && rake.basis_points > 0 {
            errors.add(
                "rake.cap",
                "a cap of 0 takes no rake: set basis-points = 0 instead (B23)",
            );
        }
        if self.tournament.is_some() && rake.basis_points > 0 {
            errors.add(
                "rake.basis-points",
                "a tournament takes an entry fee (tournament.entry.price.fee), not a rake (B23)",
            );
        }
    }
}

/// Collected errors, in the order found.
#[derive(Default)]
struct Errors(Vec<ConfigError>);

impl Errors {
    fn add(&mut self, path: impl Into<String>, reason: impl Into<String>) {
        self.0.push(ConfigError::invalid(path, reason));
    }

    /// A whole number of chip units, positive if `positive`.
    fn chips(&mut self, path: &str, amount: u64, unit: Chips, positive: bool) {
        if positive && amount == 0 {
            self.add(path, "must be a positive whole number of chips (B24)");
        } else if unit.get() > 0 && !amount.is_multiple_of(unit.get()) {
            self.add(
                path,
                format!(
                    "{amount} is not a whole number of {}-chip units (betting.chip-unit, B24)",
                    unit.get()
                ),
            );
        }
    }
}

/// The bet sizes of a fixed-limit structure at `path` (B9, B24); whether it is
/// fixed limit.
fn check_structure(
    path: &str,
    structure: BettingStructure,
    unit: Chips,
    errors: &mut Errors,
) -> bool {
    let BettingStructure::FixedLimit { small_bet, big_bet } = structure else {
        return false;
    };
    errors.chips(
        &format!("{path}.fixed-limit.small-bet"),
        small_bet.get(),
        unit,
        true,
    );
    errors.chips(
        &format!("{path}.fixed-limit.big-bet"),
        big_bet.get(),
        unit,
        true,
    );
    if big_bet < small_bet {
        errors.add(
            format!("{path}.fixed-limit.big-bet"),
            format!(
                "big bet {} is below small bet {} (B9)",
                big_bet.get(),
                small_bet.get()
            ),
        );
    }
    true
}

fn check_betting(b: &Betting, tournament: bool, errors: &mut Errors) {
    let unit = b.chip_unit;
    if unit.is_zero() {
        errors.add(
            "betting.chip-unit",
            "must be a positive whole number of chips (B24)",
        );
    }
    let mut fixed = check_structure("betting.structure", b.structure, unit, errors);
    if let Some(streets) = b.street_structures {
        // B28: a structure per street; `structure` is the pre-flop one.
        if streets.preflop != b.structure {
            errors.add(
                "betting.street-structures.preflop",
                "must equal betting.structure, the structure the hand starts in (B28)",
            );
        }
        let named = [
            ("preflop", streets.preflop),
            ("flop", streets.flop),
            ("turn", streets.turn),
            ("river", streets.river),
        ];
        for (street, structure) in named {
            let path = format!("betting.street-structures.{street}");
            fixed |= check_structure(&path, structure, unit, errors);
        }
    }
    if fixed && b.max_bets_per_round == 0 {
        errors.add(
            "betting.max-bets-per-round",
            "must allow at least the opening bet (B9: one bet and three raises = 4)",
        );
    }
    if !(1..=holdem_betting::MAX_BOARD_RUNS).contains(&b.max_board_runs) {
        errors.add(
            "betting.max-board-runs",
            format!(
                "{} runs: the board is run 1 (off), 2 or 3 times (B26)",
                b.max_board_runs
            ),
        );
    } else if tournament && b.max_board_runs > 1 {
        errors.add(
            "betting.max-board-runs",
            "running the board more than once is a cash-game rule: 1 in a tournament (B26)",
        );
    }
    if tournament && !b.bomb_pot.is_zero() {
        errors.add(
            "betting.bomb-pot",
            "bomb pots are a cash-game rule: 0 in a tournament (B27)",
        );
    } else {
        errors.chips("betting.bomb-pot", b.bomb_pot.get(), unit, false);
    }
    let stakes = [
        ("betting.small-blind", b.small_blind),
        ("betting.big-blind", b.big_blind),
        ("betting.ante", b.ante),
        ("betting.big-blind-ante", b.big_blind_ante),
    ];
    if tournament {
        for (path, amount) in stakes {
            if amount.is_some() {
                errors.add(
                    path,
                    "a tournament's stakes come from tournament.event.structure.levels; remove this key (T6)",
                );
            }
        }
        return;
    }
    match b.big_blind {
        None => errors.0.push(ConfigError::new(
            "betting.big-blind",
            crate::ErrorKind::MissingField,
            "a cash game needs a big blind (B2)",
        )),
        Some(big) => errors.chips("betting.big-blind", big.get(), unit, true),
    }
    let small = b.small_blind.unwrap_or(Chips::ZERO);
    errors.chips("betting.small-blind", small.get(), unit, false);
    if let Some(big) = b.big_blind {
        if small > big {
            errors.add(
                "betting.small-blind",
                format!(
                    "small blind {} exceeds big blind {} (B2)",
                    small.get(),
                    big.get()
                ),
            );
        }
    }
    errors.chips(
        "betting.ante",
        b.ante.unwrap_or(Chips::ZERO).get(),
        unit,
        false,
    );
    errors.chips(
        "betting.big-blind-ante",
        b.big_blind_ante.unwrap_or(Chips::ZERO).get(),
        unit,
        false,
    );
    if let (BettingStructure::FixedLimit { small_bet, .. }, Some(big)) = (b.structure, b.big_blind)
    {
        if big > small_bet {
            errors.add(
                "betting.big-blind",
                format!(
                    "big blind {} exceeds the small bet {} (B9: the big blind is the first bet)",
                    big.get(),
                    small_bet.get()
                ),
            );
        }
    }
}

fn check_tournament(t: &Tournament, table: &TableRules, unit: Chips, errors: &mut Errors) {
    let before = errors.0.len();
    // B18: the tournament moves the buttons of its tables; `[table]` says the
    // same for a single table. They must agree.
    let (tournament_button, table_button) = (choice_name(&t.button), choice_name(&table.button));
    if tournament_button != table_button {
        errors.add(
            "tournament.button",
            format!(
                "{tournament_button} contradicts table.button {table_button} (B18): set both to the same rule"
            ),
        );
    }
    // B20: likewise for players the tournament moves to a new table.
    let (tournament_moved, table_moved) = (
        choice_name(&t.moved_player),
        choice_name(&table.moved_player),
    );
    if tournament_moved != table_moved {
        errors.add(
            "tournament.moved-player",
            format!(
                "{tournament_moved} contradicts table.moved-player {table_moved} (B20): set both to the same rule"
            ),
        );
    }
    check_event(&t.event, unit, errors);
    check_entry(t, errors);
    check_extras(t, errors);
    // Backstop: the engine's own check of the whole section, for anything the
    // rules above missed, at the path of the option it names.
    if errors.0.len() == before {
        if let Err(e) = t.validate() {
            errors.add(options_error_path(&e), e.to_string());
        }
    }
}

/// The field path of a `holdem_tourney` options error.
fn options_error_path(e: &OptionsError) -> String {
    match e {
        OptionsError::EntryMismatch { field, .. } => format!("tournament.entry.{field}"),
        OptionsError::EntryNotForFormat(field) => format!("tournament.entry.{field}"),
        OptionsError::NoChips(field) => format!("tournament.entry.{field}.chips"),
        OptionsError::NoAddOnBreak => "tournament.entry.add-on.window".to_owned(),
        OptionsError::Bounties(_) => "tournament.bounties".to_owned(),
        OptionsError::BountyPart { price, .. } => format!("tournament.entry.{price}.bounty"),
        _ => "tournament.event".to_owned(),
    }
}

fn check_event(e: &TournamentOptions, unit: Chips, errors: &mut Errors) {
    let p = "tournament.event";
    let max = holdem_tourney::MAX_TABLE_SIZE;
    if !(2..=max).contains(&e.table_size) || (e.format == Format::HeadsUp && e.table_size != 2) {
        errors.add(
            format!("{p}.table-size"),
            format!(
                "{} seats: a table has 2-{max} seats, a heads-up event 2",
                e.table_size
            ),
        );
    }
    if e.starting_stack.is_zero() {
        errors.add(
            format!("{p}.starting-stack"),
            "must be a positive whole number of chips (T1)",
        );
    }
    if let Format::SitAndGo { seats } = e.format {
        if seats < 2 {
            errors.add(
                format!("{p}.format.sit-and-go.seats"),
                format!("a sit-and-go of {seats} seats cannot start (T22)"),
            );
        }
    }
    let levels = &e.structure.levels;
    if levels.is_empty() {
        errors.add(
            format!("{p}.structure.levels"),
            "a structure needs at least one level (T6)",
        );
    }
    for (i, l) in levels.iter().enumerate() {
        let lp = format!("{p}.structure.levels[{i}]");
        if l.minutes == 0 {
            errors.add(format!("{lp}.minutes"), "a level of 0 minutes (T6)");
        }
        errors.chips(&format!("{lp}.big-blind"), l.big_blind.get(), unit, true);
        errors.chips(
            &format!("{lp}.small-blind"),
            l.small_blind.get(),
            unit,
            false,
        );
        errors.chips(&format!("{lp}.ante"), l.ante.get(), unit, false);
        if l.small_blind > l.big_blind {
            errors.add(
                format!("{lp}.small-blind"),
                format!(
                    "small blind {} exceeds big blind {} (B2)",
                    l.small_blind, l.big_blind
                ),
            );
        }
    }
    let bp = format!("{p}.structure.breaks");
    match e.structure.breaks {
        BreakSchedule::Synchronized {
            every_hours,
            minute_past,
            minutes,
        } => {
            let sp = format!("{bp}.synchronized");
            if !(1..=2).contains(&every_hours) {
                errors.add(
                    format!("{sp}.every-hours"),
                    format!("break every {every_hours} hours: synchronized breaks are every 1 or 2 hours (T7)"),
                );
            }
            if minute_past > 59 {
                errors.add(
                    format!("{sp}.minute-past"),
                    format!("{minute_past} minutes past the hour is not 0-59 (T7)"),
                );
            }
            if minutes == 0 || minutes >= 60 {
                errors.add(
                    format!("{sp}.minutes"),
                    format!("a synchronized break of {minutes} minutes is not 1-59 (T7)"),
                );
            }
        }
        BreakSchedule::AfterPlay {
            every_minutes,
            minutes,
        } => {
            let ap = format!("{bp}.after-play");
            if every_minutes == 0 {
                errors.add(format!("{ap}.every-minutes"), "break every 0 minutes (T7)");
            }
            if minutes == 0 {
                errors.add(format!("{ap}.minutes"), "a break of 0 minutes (T7)");
            }
        }
        _ => {}
    }
    if let Some(a) = e.structure.add_on_break {
        if a.minutes == 0 {
            errors.add(
                format!("{p}.structure.add-on-break.minutes"),
                "an add-on break of 0 minutes (T7)",
            );
        }
    }
    if let BreakPolicy::AtOrBelow(n) = e.break_policy {
        if n == 0 || n >= e.table_size {
            errors.add(
                format!("{p}.break-policy.at-or-below"),
                format!(
                    "breaking tables at {n} players or fewer must be 1 to table-size - 1 ({}) (T11)",
                    e.table_size.saturating_sub(1)
                ),
            );
        }
    }
    if e.away_hands_limit > 0 && !e.format.is_rounds() {
        errors.add(
            format!("{p}.away-hands-limit"),
            "the away rule applies only to shootout and heads-up events (T14); use 0",
        );
    }
}

fn check_entry(t: &Tournament, errors: &mut Errors) {
    let (e, entry) = (&t.event, &t.entry);
    let p = "tournament.entry";
    if entry.starting_stack != e.starting_stack {
        errors.add(
            format!("{p}.starting-stack"),
            format!(
                "{} contradicts tournament.event.starting-stack {} (T1)",
                entry.starting_stack, e.starting_stack
            ),
        );
    }
    if entry.price.prize_pool != e.buy_in {
        errors.add(
            format!("{p}.price.prize-pool"),
            format!(
                "{} cents contradicts tournament.event.buy-in {} (T1)",
                entry.price.prize_pool, e.buy_in
            ),
        );
    }
    if entry.price.fee != e.fee {
        errors.add(
            format!("{p}.price.fee"),
            format!(
                "{} cents contradicts tournament.event.fee {} (T1)",
                entry.price.fee, e.fee
            ),
        );
    }
    if entry.price.total().is_none() {
        errors.add(format!("{p}.price"), "the price overflows (T1)");
    }
    let levels = u32::try_from(e.structure.levels.len()).unwrap_or(u32::MAX);
    let window = |errors: &mut Errors, path: String, w: Window| match w {
        Window::ClockMinutes(0) => errors.add(path, "a window of 0 minutes is no window (T2)"),
        Window::ThroughLevel(l) if l >= levels => errors.add(
            path,
            format!("level {l} (0-based) is past the last of {levels} levels (T2)"),
        ),
        _ => {}
    };
    let late = &entry.late_registration;
    if let Some(w) = late.window {
        window(errors, format!("{p}.late-registration.window"), w);
    }
    if late.window.is_none() && (late.docked_big_blinds > 0 || late.max_late_stack.is_some()) {
        errors.add(
            format!("{p}.late-registration.window"),
            "a late-entry penalty is set but there is no late registration window (T2)",
        );
    }
    if let Some(max) = late.max_late_stack {
        if max.is_zero() {
            errors.add(
                format!("{p}.late-registration.max-late-stack"),
                "must be a positive whole number of chips (T2)",
            );
        }
    }
    // T2-T4: entries after the start need tables to seat them; rebuys and
    // add-ons need an event that is not played in rounds.
    if e.format != Format::MultiTable {
        let format = format_name(&e.format);
        if late.window.is_some() {
            errors.add(
                format!("{p}.late-registration.window"),
                format!("late registration needs a multi-table event, not {format} (T2); extend with unset = [\"{p}.late-registration.window\"]"),
            );
        }
        if entry.re_entry {
            errors.add(
                format!("{p}.re-entry"),
                format!("re-entry needs a multi-table event, not {format} (T3)"),
            );
        }
    }
    if e.format.is_rounds() {
        let format = format_name(&e.format);
        if entry.rebuy.is_some() {
            errors.add(
                format!("{p}.rebuy"),
                format!("rebuys need an event not played in rounds, not {format} (T4)"),
            );
        }
        if entry.add_on.is_some() {
            errors.add(
                format!("{p}.add-on"),
                format!("add-ons need an event not played in rounds, not {format} (T4)"),
            );
        }
    }
    if entry.max_entries == Some(0) {
        errors.add(
            format!("{p}.max-entries"),
            "must allow at least the first entry (T3)",
        );
    }
    if let Some(r) = &entry.rebuy {
        window(errors, format!("{p}.rebuy.period"), r.period);
        if r.chips.is_zero() {
            errors.add(
                format!("{p}.rebuy.chips"),
                "must be a positive whole number of chips (T4)",
            );
        }
        if r.max_rebuys == Some(0) {
            errors.add(
                format!("{p}.rebuy.max-rebuys"),
                "0 rebuys: remove [rebuy] instead (T4)",
            );
        }
    }
    if let Some(a) = &entry.add_on {
        if a.chips.is_zero() {
            errors.add(
                format!("{p}.add-on.chips"),
                "must be a positive whole number of chips (T4)",
            );
        }
        if a.max_add_ons == 0 {
            errors.add(
                format!("{p}.add-on.max-add-ons"),
                "0 add-ons: remove [add-on] instead (T4)",
            );
        }
        match a.window {
            AddOnWindow::AddOnBreak if e.structure.add_on_break.is_none() => errors.add(
                format!("{p}.add-on.window"),
                "add-ons on the add-on break, but tournament.event.structure.add-on-break is not set (T4, T7)",
            ),
            AddOnWindow::Period(w) => window(errors, format!("{p}.add-on.window.period"), w),
            _ => {}
        }
    }
}

fn check_extras(t: &Tournament, errors: &mut Errors) {
    if let Some(k) = &t.bounties.knockout {
        if k.progressive_share_bp > 10_000 {
            errors.add(
                "tournament.bounties.knockout.progressive-share-bp",
                format!(
                    "{} basis points is above 100% (T16)",
                    k.progressive_share_bp
                ),
            );
        }
        if k.entry_bounty != t.entry.price.bounty {
            errors.add(
                "tournament.bounties.knockout.entry-bounty",
                format!(
                    "{} cents contradicts tournament.entry.price.bounty {} (T16)",
                    k.entry_bounty, t.entry.price.bounty
                ),
            );
        }
    } else {
        // T16: without knockout bounties no bounty part is ever paid out.
        let parts = [
            ("price", Some(t.entry.price.bounty)),
            ("rebuy.price", t.entry.rebuy.map(|r| r.price.bounty)),
            ("add-on.price", t.entry.add_on.map(|a| a.price.bounty)),
        ];
        for (price, bounty) in parts {
            if let Some(cents) = bounty.filter(|&b| b > 0) {
                errors.add(
                    format!("tournament.entry.{price}.bounty"),
                    format!("a bounty of {cents} cents is charged but tournament.bounties.knockout is not set (T16)"),
                );
            }
        }
    }
    let d = &t.deal;
    if let Some(max) = d.max_left_in_play_bp {
        if max > 10_000 {
            errors.add(
                "tournament.deal.max-left-in-play-bp",
                format!("{max} basis points is above 100% (T15)"),
            );
        }
        if d.min_left_in_play_bp > max {
            errors.add(
                "tournament.deal.min-left-in-play-bp",
                format!(
                    "{} exceeds max-left-in-play-bp {max} (T15)",
                    d.min_left_in_play_bp
                ),
            );
        }
    }
    let ladders = [
        ("final-table", &t.det.final_table),
        ("sit-and-go", &t.det.sit_and_go),
        ("heads-up", &t.det.heads_up),
    ];
    for (name, ladder) in ladders {
        if let Some(i) = ladder.iter().position(|&s| s == 0) {
            errors.add(
                format!("tournament.det.{name}[{i}]"),
                "a step of 0 seconds: end the ladder instead (T13)",
            );
        }
    }
}

/// A format as a rules file names it (`heads-up`, `sit-and-go`).
fn format_name(format: &Format) -> &'static str {
    match format {
        Format::MultiTable => "multi-table",
        Format::SitAndGo { .. } => "sit-and-go",
        Format::HeadsUp => "heads-up",
        Format::Shootout => "shootout",
        _ => "this format",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use holdem_tourney::TournamentConfig;

    // rule T16: the engine's bounty-part error maps to the price's own path.
    #[test]
    fn t16_bounty_part_errors_map_to_the_price_path() {
        let rebuy = TournamentConfig::online_rebuy(TournamentOptions::online_mtt());
        for (price, path) in [
            ("price", "tournament.entry.price.bounty"),
            ("rebuy.price", "tournament.entry.rebuy.price.bounty"),
            ("add-on.price", "tournament.entry.add-on.price.bounty"),
        ] {
            let mut c = rebuy.clone();
            match price {
                "price" => c.entry.price.bounty = 7,
                "rebuy.price" => c.entry.rebuy.as_mut().expect("rebuy").price.bounty = 7,
                _ => c.entry.add_on.as_mut().expect("add-on").price.bounty = 7,
            }
            let e = c.validate().expect_err(price);
            assert!(matches!(e, OptionsError::BountyPart { .. }), "{e}");
            assert_eq!(options_error_path(&e), path);
        }
    }
}
