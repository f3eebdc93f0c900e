//! Tournament options: format, stacks, money, structure and house rules. These
//! are the serde structs a rules-config crate composes (kebab-case keys).

use serde::{Deserialize, Serialize};

use crate::clock::{BreakSchedule, Level, Structure, StructureError};
use crate::det::DetLadders;
use crate::ids::{Cents, Chips};
use crate::money::{AddOnWindow, BountyOptions, DealOptions, EntryOptions, Price, Unregistration};
use crate::payouts::{PayoutError, PayoutRule, PrizeTable};
use crate::seating::{BreakPolicy, MovedPlayer};

/// The shape of the event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum Format {
    /// Multi-table tournament: tables break and balance down to a final table.
    MultiTable,
    /// Sit-and-go: starts when the last seat fills (T22).
    SitAndGo {
        /// Seats to fill.
        seats: u32,
    },
    /// Heads-up bracket: matches of two; byes and a play-in round when the field
    /// is not a power of two (T18).
    HeadsUp,
    /// Shootout: each table plays to one winner, who advances to the next round.
    Shootout,
}

impl Format {
    /// Whether the event is played in rounds of independent tables.
    pub fn is_rounds(&self) -> bool {
        matches!(self, Format::HeadsUp | Format::Shootout)
    }
}

/// A range of players left, inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct PlayersLeft {
    /// Starts when this many or fewer are left.
    pub from: u32,
    /// Ends when fewer than this are left.
    pub to: u32,
}

/// When hand-for-hand play applies (T10).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct HandForHand {
    /// On the bubble: one more elimination before the money.
    pub on_bubble: bool,
    /// Further stages by players left.
    #[serde(default)]
    pub stages: Vec<PlayersLeft>,
}

/// Everything that defines one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TournamentOptions {
    /// The format.
    pub format: Format,
    /// Seats per table (2 to [`crate::MAX_TABLE_SIZE`], 10; heads-up events use 2).
    pub table_size: u8,
    /// Every entrant's starting stack (T1).
    pub starting_stack: Chips,
    /// Buy-in to the prize pool, cents (T1).
    pub buy_in: Cents,
    /// Entry fee, cents (T1); not part of the pool.
    pub fee: Cents,
    /// Most entrants allowed (`None`: no limit; a sit-and-go uses its seats).
    #[serde(default)]
    pub max_entrants: Option<u32>,
    /// Levels and breaks (T6, T7).
    pub structure: Structure,
    /// How the pool is shared (T5).
    pub payouts: PayoutRule,
    /// When short tables break (T11).
    pub break_policy: BreakPolicy,
    /// Hand-for-hand stages (T10).
    #[serde(default)]
    pub hand_for_hand: HandForHand,
    /// Give disconnect extra time where the format allows it (T13).
    pub disconnect_extra_time: bool,
    /// A connected player who times out without DET is sat out (B17).
    pub sit_out_on_timeout: bool,
    /// Shootout and heads-up: end a match when every player at it has been away
    /// this many hands (T14; 0 disables).
    pub away_hands_limit: u32,
}

/// Why options cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OptionsError {
    /// Bad structure.
    #[error(transparent)]
    Structure(#[from] StructureError),
    /// Bad payouts.
    #[error(transparent)]
    Payouts(#[from] PayoutError),
    /// Bad table size.
    #[error("table size {0} is not 2-{max} (heads-up events use 2)", max = crate::MAX_TABLE_SIZE)]
    TableSize(u8),
    /// No chips.
    #[error("the starting stack must be positive (rule T1)")]
    NoStartingStack,
    /// A sit-and-go needs seats.
    #[error("a sit-and-go needs at least 2 seats (rule T22)")]
    SitAndGoSeats,
    /// The entry options disagree with the event's.
    #[error("entry.{field} must equal event.{event_field} (rule T1)")]
    EntryMismatch {
        /// The entry option.
        field: &'static str,
        /// The event option it must equal.
        event_field: &'static str,
    },
    /// Late registration, re-entry, rebuys and add-ons need a multi-table event.
    #[error("entry.{0} needs a multi-table event (rules T2-T4)")]
    EntryNotForFormat(&'static str),
    /// A rebuy or add-on that adds no chips.
    #[error("entry.{0}.chips must be positive (rule T4)")]
    NoChips(&'static str),
    /// Add-ons on the add-on break need one in the structure.
    #[error(
        "entry.add-on.window is the add-on break but event.structure.add-on-break is not set (rules T4, T7)"
    )]
    NoAddOnBreak,
    /// An amount above [`crate::MAX_AMOUNT`] (2^40 chips or cents).
    #[error("{field} is above the largest amount an option may set, {max}")]
    TooLarge {
        /// The option.
        field: &'static str,
        /// The largest value allowed.
        max: u64,
    },
    /// Bad bounty options.
    #[error("bounties: {0}")]
    Bounties(crate::money::MoneyError),
    /// A price's bounty part would take money no knockout pays out: a bounty
    /// part without `bounties.knockout`, or an entry price whose bounty part
    /// is not the knockout's `entry-bounty` (rule T16: every cent of the
    /// bounty pool goes to someone).
    #[error(
        "entry.{price}.bounty is {bounty} cents but must be {expected} cents {why} (rule T16: every bounty cent taken is paid out)"
    )]
    BountyPart {
        /// The price: `price` (entry and re-entry), `rebuy.price` or
        /// `add-on.price`.
        price: &'static str,
        /// Its bounty part, cents.
        bounty: Cents,
        /// The bounty part the knockout options allow, cents.
        expected: Cents,
        /// Why: no knockout bounties, or the knockout's entry bounty.
        why: &'static str,
    },
}

impl TournamentOptions {
    /// An online multi-table event like seed 000: 9-handed, 10,000 chips, $10 +
    /// $1, 15% paid, synchronized breaks at :55, DET at the final table,
    /// hand-for-hand on the bubble, tables broken as soon as they fit.
    pub fn online_mtt() -> TournamentOptions {
        TournamentOptions {
            format: Format::MultiTable,
            table_size: 9,
            starting_stack: Chips(10_000),
            buy_in: 1_000,
            fee: 100,
            max_entrants: None,
            structure: Structure {
                levels: standard_levels(10),
                breaks: BreakSchedule::Synchronized {
                    every_hours: 1,
                    minute_past: 55,
                    minutes: 5,
                },
                add_on_break: None,
                pause_on_disconnect: true,
            },
            payouts: PayoutRule::Standard {
                paid_basis_points: 1500,
            },
            break_policy: BreakPolicy::AsSoonAsTheyFit,
            hand_for_hand: HandForHand {
                on_bubble: true,
                stages: Vec::new(),
            },
            disconnect_extra_time: true,
            sit_out_on_timeout: true,
            away_hands_limit: 0,
        }
    }

    /// A live event like seed 002: 10-handed, tables broken at four or fewer.
    pub fn live_mtt() -> TournamentOptions {
        TournamentOptions {
            table_size: 10,
            break_policy: BreakPolicy::AtOrBelow(4),
            structure: Structure {
                levels: standard_levels(20),
                breaks: BreakSchedule::AfterPlay {
                    every_minutes: 120,
                    minutes: 15,
                },
                add_on_break: None,
                pause_on_disconnect: false,
            },
            disconnect_extra_time: false,
            ..TournamentOptions::online_mtt()
        }
    }

    /// A sit-and-go of `seats` players, starting when the last seat fills (T22).
    pub fn sit_and_go(seats: u32) -> TournamentOptions {
        let paid = if seats <= 6 {
            vec![6500, 3500]
        } else {
            vec![5000, 3000, 2000]
        };
        TournamentOptions {
            format: Format::SitAndGo { seats },
            max_entrants: Some(seats),
            structure: Structure {
                levels: standard_levels(5),
                breaks: BreakSchedule::None,
                add_on_break: None,
                pause_on_disconnect: true,
            },
            payouts: PayoutRule::Shares { basis_points: paid },
            hand_for_hand: HandForHand::default(),
            ..TournamentOptions::online_mtt()
        }
    }

    /// A heads-up bracket (T18), DET all the time, away rule at 250 hands (T14).
    pub fn heads_up() -> TournamentOptions {
        TournamentOptions {
            format: Format::HeadsUp,
            table_size: 2,
            structure: Structure {
                levels: standard_levels(5),
                breaks: BreakSchedule::None,
                add_on_break: None,
                pause_on_disconnect: true,
            },
            payouts: PayoutRule::Standard {
                paid_basis_points: 2500,
            },
            hand_for_hand: HandForHand::default(),
            away_hands_limit: 250,
            ..TournamentOptions::online_mtt()
        }
    }

    /// A shootout: each table plays to a winner who advances (T14 away rule).
    pub fn shootout(table_size: u8) -> TournamentOptions {
        TournamentOptions {
            format: Format::Shootout,
            table_size,
            hand_for_hand: HandForHand::default(),
            away_hands_limit: 250,
            ..TournamentOptions::heads_up()
        }
    }

    /// Checks the options; the prize rule is checked against a field of two.
    pub fn validate(&self) -> Result<(), OptionsError> {
        self.structure.validate()?;
        if !(2..=crate::MAX_TABLE_SIZE).contains(&self.table_size)
            || (matches!(self.format, Format::HeadsUp) && self.table_size != 2)
        {
            return Err(OptionsError::TableSize(self.table_size));
        }
        if self.starting_stack.is_zero() {
            return Err(OptionsError::NoStartingStack);
        }
        too_large("starting-stack", self.starting_stack.get())?;
        too_large("buy-in", self.buy_in)?;
        too_large("fee", self.fee)?;
        if let Format::SitAndGo { seats } = self.format {
            if seats < 2 {
                return Err(OptionsError::SitAndGoSeats);
            }
        }
        PrizeTable::fix(&self.payouts, 0, 2)?;
        Ok(())
    }
}

/// [`OptionsError::TooLarge`] when `amount` is above [`crate::MAX_AMOUNT`].
fn too_large(field: &'static str, amount: u64) -> Result<(), OptionsError> {
    if amount > crate::MAX_AMOUNT {
        return Err(OptionsError::TooLarge {
            field,
            max: crate::MAX_AMOUNT,
        });
    }
    Ok(())
}

/// Chipping up when the smallest chip is retired (rule T21; `chip-race`).
///
/// TOML: `chip-race = "off"` or `chip-race = "round-up"`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ChipRace {
    /// No physical chips to colour up (online events).
    #[default]
    Off,
    /// Whole sets change directly; any remainder rounds up to one chip of the next
    /// size (seed 002: three 25s become two 50s). See
    /// [`crate::money::run_chip_race`]. The tournament races the chip at the first
    /// moment every table is idle once a level makes the smallest chip useless.
    RoundUp,
}

/// How the button moves when players bust (rule B18, a house rule;
/// `button`). TOML: `button = "dead-button"` or `button = "forward-moving"`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ButtonMovement {
    /// The button always moves to the next player; a player may miss a blind
    /// (seed 000 2.4).
    ForwardMoving,
    /// Dead button: the big blind moves to the next player, the small blind and
    /// the button follow the seats, so an eliminated small blind leaves the
    /// button on an empty seat and an eliminated big blind leaves the small blind
    /// dead (seed 002). The tournament-director standard.
    #[default]
    DeadButton,
}

impl From<ButtonMovement> for crate::seating::ButtonRule {
    fn from(b: ButtonMovement) -> Self {
        match b {
            ButtonMovement::ForwardMoving => crate::seating::ButtonRule::ForwardMoving,
            ButtonMovement::DeadButton => crate::seating::ButtonRule::DeadButton,
        }
    }
}

/// A complete tournament: the event's options plus entry, bounty, deal, chip
/// race and DET options (`[tournament]` of a rules file, kebab-case keys).
///
/// The same TOML shape as `rules-config`'s `[tournament]` section:
/// `[tournament.event]`, `[tournament.entry]`, `[tournament.bounties]`,
/// `[tournament.deal]`, `chip-race`, `[tournament.det]`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TournamentConfig {
    /// Format, table size, stack, structure and breaks, payouts, table breaking,
    /// hand-for-hand, DET and the away rule (`event`).
    pub event: TournamentOptions,
    /// Entry price, late registration, unregistration, re-entry, rebuys and
    /// add-ons (`entry`, T1-T4).
    pub entry: EntryOptions,
    /// Bounties (`bounties`, T16); the tournament reports knock-outs, the
    /// runner pays them with [`crate::money::Bounties`].
    #[serde(default)]
    pub bounties: BountyOptions,
    /// Deal options (`deal`, T15).
    #[serde(default)]
    pub deal: DealOptions,
    /// Chipping up (`chip-race`, T21).
    #[serde(default)]
    pub chip_race: ChipRace,
    /// Disconnect extra time ladders (`det`, T13), used when
    /// `event.disconnect-extra-time` is on.
    #[serde(default)]
    pub det: DetLadders,
    /// How the button moves when players bust (`button`, B18; default the dead
    /// button, the tournament-director standard).
    #[serde(default)]
    pub button: ButtonMovement,
    /// When a player moved to a new table is dealt in (`moved-player`, B20):
    /// `wait-in-small-blind-or-button` (the default, seed 002 and the
    /// tournament-director standard) or `dealt-in-at-once` (seed 000 2.6).
    /// The same option as `[table] moved-player`
    /// ([`holdem_betting::table::TableRules::moved_player`]).
    #[serde(default)]
    pub moved_player: MovedPlayer,
}

impl From<TournamentOptions> for TournamentConfig {
    /// The event alone: entries at `buy-in` + `fee` with the starting stack, no
    /// late registration, unregistration until the start, no re-entry, rebuys,
    /// add-ons, bounties or chip race; seed 000's DET ladders and its
    /// forward-moving button (000 2.4, the engine's rule before the option
    /// existed); moved players wait in the small blind or on the button (B20,
    /// the standard and the engine's rule before `moved-player` existed).
    fn from(event: TournamentOptions) -> Self {
        let entry = EntryOptions {
            starting_stack: event.starting_stack,
            price: Price {
                prize_pool: event.buy_in,
                fee: event.fee,
                bounty: 0,
            },
            unregistration: Unregistration {
                closes_minutes_after_start: Some(0),
            },
            ..EntryOptions::default()
        };
        TournamentConfig {
            event,
            entry,
            bounties: BountyOptions::default(),
            deal: DealOptions::default(),
            chip_race: ChipRace::Off,
            det: DetLadders::default(),
            button: ButtonMovement::ForwardMoving,
            moved_player: MovedPlayer::WaitInSmallBlindOrButton,
        }
    }
}

impl TournamentConfig {
    /// A typical online rebuy event on `event`'s options (what `holdem simulate
    /// --rebuys` plays): late registration for 60 minutes of clock time (closing
    /// once payouts begin, 000 1.9), rebuys through level index 5 (the sixth
    /// level, an hour of 10-minute levels) at or below the
    /// starting stack for another starting stack at the entry price, then a
    /// 3-minute add-on break (000 3.1.1) for one add-on of 1.5 starting stacks at
    /// the entry price. Re-entry is off (a rebuy event).
    pub fn online_rebuy(event: TournamentOptions) -> TournamentConfig {
        use crate::clock::AddOnBreak;
        use crate::money::{AddOnOptions, LateRegistration, RebuyOptions, Window};
        let mut c = TournamentConfig::from(event);
        const LAST_REBUY_LEVEL: u32 = 5;
        const ADD_ON_MINUTES: u32 = 3;
        c.event.structure.add_on_break = Some(AddOnBreak {
            after_level: LAST_REBUY_LEVEL,
            minutes: ADD_ON_MINUTES,
        });
        let stack = c.event.starting_stack;
        let price = c.entry.price;
        c.entry.late_registration = LateRegistration {
            window: Some(Window::ClockMinutes(60)),
            ..LateRegistration::default()
        };
        c.entry.rebuy = Some(RebuyOptions {
            period: Window::ThroughLevel(LAST_REBUY_LEVEL),
            chip_threshold: stack,
            chips: stack,
            price,
            max_rebuys: None,
        });
        c.entry.add_on = Some(AddOnOptions {
            window: AddOnWindow::AddOnBreak,
            chips: Chips(stack.get() + stack.get() / 2),
            price,
            max_add_ons: 1,
            add_on_break_minutes: ADD_ON_MINUTES,
        });
        c
    }

    /// The same event as a knockout event (T16): `bounty` on every head
    /// (`bounties.knockout`), and its `entry-bounty` as the bounty part of the
    /// entry (and re-entry) price and of the rebuy and add-on prices, where
    /// there are rebuys and add-ons. A re-entry puts a new bounty on the
    /// player's head; a rebuy's or add-on's bounty part is added to the buyer's
    /// own head ([`crate::money::Bounties::add_to_head`]).
    #[must_use]
    pub fn with_knockout_bounty(
        mut self,
        bounty: crate::money::KnockoutBounty,
    ) -> TournamentConfig {
        self.bounties.knockout = Some(bounty);
        self.entry.price.bounty = bounty.entry_bounty;
        if let Some(r) = &mut self.entry.rebuy {
            r.price.bounty = bounty.entry_bounty;
        }
        if let Some(a) = &mut self.entry.add_on {
            a.price.bounty = bounty.entry_bounty;
        }
        self
    }

    /// Checks the event's options and that the entry options agree with them:
    /// the same starting stack, `entry.price` = `event.buy-in` + `event.fee`
    /// (plus any bounty), entries after the start only in multi-table events,
    /// positive rebuy and add-on chips, an add-on break in the structure when
    /// add-ons are taken on it, valid bounties, and no bounty part in any price
    /// without `bounties.knockout` and an entry price bounty part equal to its
    /// `entry-bounty` with it (T16, [`OptionsError::BountyPart`]).
    pub fn validate(&self) -> Result<(), OptionsError> {
        self.event.validate()?;
        let e = &self.entry;
        if e.starting_stack != self.event.starting_stack {
            return Err(OptionsError::EntryMismatch {
                field: "starting-stack",
                event_field: "starting-stack",
            });
        }
        if e.price.prize_pool != self.event.buy_in {
            return Err(OptionsError::EntryMismatch {
                field: "price.prize-pool",
                event_field: "buy-in",
            });
        }
        if e.price.fee != self.event.fee {
            return Err(OptionsError::EntryMismatch {
                field: "price.fee",
                event_field: "fee",
            });
        }
        if self.event.format != Format::MultiTable {
            if e.late_registration.window.is_some() {
                return Err(OptionsError::EntryNotForFormat("late-registration.window"));
            }
            if e.re_entry {
                return Err(OptionsError::EntryNotForFormat("re-entry"));
            }
        }
        if self.event.format.is_rounds() {
            if e.rebuy.is_some() {
                return Err(OptionsError::EntryNotForFormat("rebuy"));
            }
            if e.add_on.is_some() {
                return Err(OptionsError::EntryNotForFormat("add-on"));
            }
        }
        for (field, amount) in [
            ("entry.price.bounty", e.price.bounty),
            ("entry.rebuy.chips", e.rebuy.map_or(0, |r| r.chips.get())),
            (
                "entry.rebuy.price",
                e.rebuy.map_or(0, |r| r.price.total().unwrap_or(u64::MAX)),
            ),
            ("entry.add-on.chips", e.add_on.map_or(0, |a| a.chips.get())),
            (
                "entry.add-on.price",
                e.add_on.map_or(0, |a| a.price.total().unwrap_or(u64::MAX)),
            ),
        ] {
            too_large(field, amount)?;
        }
        if e.rebuy.is_some_and(|r| r.chips.is_zero()) {
            return Err(OptionsError::NoChips("rebuy"));
        }
        if let Some(a) = e.add_on {
            if a.chips.is_zero() {
                return Err(OptionsError::NoChips("add-on"));
            }
            if a.window == AddOnWindow::AddOnBreak && self.event.structure.add_on_break.is_none() {
                return Err(OptionsError::NoAddOnBreak);
            }
        }
        crate::money::Bounties::new(&self.bounties).map_err(OptionsError::Bounties)?;
        self.check_bounty_parts()
    }

    /// Rule T16: every bounty part of a price goes on someone's head. Without
    /// `bounties.knockout` no price may have one; with it the entry (and
    /// re-entry) price's part is the `entry-bounty` each head starts with. A
    /// rebuy's or add-on's part goes on the buyer's own head, so any amount is
    /// paid out when there are knockout bounties.
    fn check_bounty_parts(&self) -> Result<(), OptionsError> {
        const NO_KNOCKOUT: &str = "without bounties.knockout";
        const ENTRY_BOUNTY: &str = "to match bounties.knockout.entry-bounty";
        let e = &self.entry;
        let prices = [
            ("price", Some(e.price)),
            ("rebuy.price", e.rebuy.map(|r| r.price)),
            ("add-on.price", e.add_on.map(|a| a.price)),
        ];
        for (price, p) in prices {
            let Some(p) = p else { continue };
            let (expected, why) = match (&self.bounties.knockout, price) {
                (None, _) => (0, NO_KNOCKOUT),
                (Some(k), "price") => (k.entry_bounty, ENTRY_BOUNTY),
                (Some(_), _) => continue,
            };
            if p.bounty != expected {
                return Err(OptionsError::BountyPart {
                    price,
                    bounty: p.bounty,
                    expected,
                    why,
                });
            }
        }
        Ok(())
    }
}

/// A plain escalating structure: blinds up about 25-50% a level, antes from
/// level 4, each level `minutes` long, 30 levels.
pub fn standard_levels(minutes: u32) -> Vec<Level> {
    const BB: [u64; 30] = [
        100, 150, 200, 300, 400, 500, 600, 800, 1_000, 1_200, 1_500, 2_000, 2_500, 3_000, 4_000,
        5_000, 6_000, 8_000, 10_000, 12_000, 15_000, 20_000, 25_000, 30_000, 40_000, 50_000,
        60_000, 80_000, 100_000, 150_000,
    ];
    BB.iter()
        .enumerate()
        .map(|(i, &bb)| Level {
            small_blind: Chips(bb / 2),
            big_blind: Chips(bb),
            ante: Chips(if i >= 3 { bb / 8 } else { 0 }),
            minutes,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_are_valid_and_survive_postcard() {
        for o in [
            TournamentOptions::online_mtt(),
            TournamentOptions::live_mtt(),
            TournamentOptions::sit_and_go(9),
            TournamentOptions::heads_up(),
            TournamentOptions::shootout(6),
        ] {
            o.validate().unwrap();
            let bytes = postcard::to_allocvec(&o).unwrap();
            let back: TournamentOptions = postcard::from_bytes(&bytes).unwrap();
            assert_eq!(back, o);
        }
        let mut bad = TournamentOptions::heads_up();
        bad.table_size = 3;
        assert_eq!(bad.validate(), Err(OptionsError::TableSize(3)));
    }

    fn knockout(entry_bounty: Cents, progressive_share_bp: u32) -> crate::money::KnockoutBounty {
        crate::money::KnockoutBounty {
            entry_bounty,
            progressive_share_bp,
        }
    }

    // rule T16: without knockout bounties no price may have a bounty part, the
    // entry's, the rebuy's or the add-on's: nobody would ever be paid it.
    #[test]
    fn t16_a_bounty_part_without_knockout_bounties_is_refused() {
        let rebuy = TournamentConfig::online_rebuy(TournamentOptions::online_mtt());
        assert_eq!(rebuy.validate(), Ok(()));
        type SetBounty = fn(&mut TournamentConfig);
        let cases: [(&str, SetBounty); 3] = [
            ("price", |c| c.entry.price.bounty = 500),
            ("rebuy.price", |c| {
                if let Some(r) = &mut c.entry.rebuy {
                    r.price.bounty = 500;
                }
            }),
            ("add-on.price", |c| {
                if let Some(a) = &mut c.entry.add_on {
                    a.price.bounty = 500;
                }
            }),
        ];
        for (price, set) in cases {
            let mut c = rebuy.clone();
            set(&mut c);
            let err = c.validate().expect_err(price);
            assert_eq!(
                err,
                OptionsError::BountyPart {
                    price,
                    bounty: 500,
                    expected: 0,
                    why: "without bounties.knockout",
                }
            );
            let text = err.to_string();
            assert!(
                text.starts_with(&format!("entry.{price}.bounty is 500 cents")),
                "{text}"
            );
            assert!(
                text.contains("must be 0 cents") && text.contains("T16"),
                "{text}"
            );
        }
    }

    // rule T16: with knockout bounties the entry (and re-entry) price's bounty
    // part is the bounty each head starts with; any other amount is refused.
    #[test]
    fn t16_an_entry_bounty_part_other_than_the_entry_bounty_is_refused() {
        let event = TournamentOptions::online_mtt();
        for bad in [0, 499, 501] {
            let mut c =
                TournamentConfig::from(event.clone()).with_knockout_bounty(knockout(500, 5_000));
            c.entry.price.bounty = bad;
            assert_eq!(
                c.validate(),
                Err(OptionsError::BountyPart {
                    price: "price",
                    bounty: bad,
                    expected: 500,
                    why: "to match bounties.knockout.entry-bounty",
                })
            );
        }
        // A knockout whose entry bounty is 0 takes no entry bounty part either.
        let mut c = TournamentConfig::from(event).with_knockout_bounty(knockout(0, 0));
        c.entry.price.bounty = 1;
        assert!(matches!(
            c.validate(),
            Err(OptionsError::BountyPart {
                price: "price",
                bounty: 1,
                expected: 0,
                ..
            })
        ));
    }

    // rule T16 with T4: consistent knockout and progressive knockout events are
    // accepted, freezeouts and rebuy events alike; a rebuy's or add-on's bounty
    // part goes on the buyer's own head, so with knockouts any amount is paid.
    #[test]
    fn t16_consistent_knockout_and_pko_configs_are_accepted() {
        for event in [
            TournamentOptions::online_mtt(),
            TournamentOptions::live_mtt(),
        ] {
            for share in [0, 5_000, 10_000] {
                let ko = knockout(500, share);
                let freezeout = TournamentConfig::from(event.clone()).with_knockout_bounty(ko);
                assert_eq!(freezeout.validate(), Ok(()));
                let mut rebuy =
                    TournamentConfig::online_rebuy(event.clone()).with_knockout_bounty(ko);
                rebuy.entry.re_entry = true;
                assert_eq!(rebuy.validate(), Ok(()));
                if let Some(r) = &mut rebuy.entry.rebuy {
                    r.price.bounty = 250;
                }
                if let Some(a) = &mut rebuy.entry.add_on {
                    a.price.bounty = 0;
                }
                assert_eq!(rebuy.validate(), Ok(()));
            }
        }
        for o in [
            TournamentOptions::sit_and_go(9),
            TournamentOptions::heads_up(),
            TournamentOptions::shootout(6),
        ] {
            let c = TournamentConfig::from(o).with_knockout_bounty(knockout(200, 5_000));
            assert_eq!(c.validate(), Ok(()));
        }
    }
}
