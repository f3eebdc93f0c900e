//! A history's engine configuration, forced bets and positions.

use holdem_betting::{
    BettingStructure, Chips, ForcedBets, HandConfig, HandError, MAX_SEATS, OddChipOrder, Positions,
    RakePolicy, Seat, SeatSet, StreetStructures,
};

use super::house::HouseRules;
use super::outcome::phh_names;
use crate::money::split_blind;
use crate::phh::{HOUSE_FIELD, InlineTableError, RAKE_FIELD, parse_house, parse_rake};
use crate::view::ReplayView;
use crate::{HandHistory, OddChips, Player, Stakes, Variant};

/// Why the engine cannot play a history as it is recorded (the reason of an
/// [`super::Outcome::Unsupported`]); players are named as PHH names them (`p1`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SetupError {
    /// More players than the engine seats.
    #[error("{players} players: the engine seats at most {MAX_SEATS}")]
    TooManyPlayers {
        /// The number of players.
        players: usize,
    },
    /// A player without an engine seat.
    #[error("p{player} cannot be seated")]
    Unseatable {
        /// 1-based player number.
        player: usize,
    },
    /// The forced bets have no big blind.
    #[error("no big blind")]
    NoBigBlind,
    /// A straddle the engine refuses to post (B3).
    #[error("p{player} straddles: {}", phh_names(&.source.to_string()))]
    Straddle {
        /// 1-based player number.
        player: usize,
        /// The engine's error.
        source: HandError,
    },
    /// No- or pot-limit stakes whose `min_bet` is not the big blind.
    #[error("min_bet {min_bet} differs from the big blind {big_blind}")]
    MinBetNotBigBlind {
        /// The recorded `min_bet`, in the hand's unit.
        min_bet: u64,
        /// The big blind, in the hand's unit.
        big_blind: u64,
    },
    /// Fixed-limit stakes without a positive small bet at most the big bet.
    #[error(
        "small_bet {small_bet} and big_bet {big_bet}: a fixed limit needs a positive small \
         bet at most the big bet"
    )]
    FixedLimitStakes {
        /// The small bet, in the hand's unit.
        small_bet: u64,
        /// The big bet, in the hand's unit.
        big_bet: u64,
    },
    /// Stakes of another variant's kind.
    #[error("stakes do not match the variant")]
    StakesNotVariant,
    /// The recorded rake ([`RAKE_FIELD`]) is not valid (B23).
    #[error("{RAKE_FIELD}: {0}")]
    Rake(InlineTableError),
    /// The recorded house rules ([`HOUSE_FIELD`]) are not valid.
    #[error("{HOUSE_FIELD}: {0}")]
    House(InlineTableError),
    /// A bomb pot with antes or straddles besides (B27).
    #[error("{HOUSE_FIELD}: a bomb pot takes no antes or straddles (B27)")]
    BombPotWithForcedBets,
    /// Mixed limits whose pre-flop structure is not the hand's variant (B28).
    #[error(
        "{HOUSE_FIELD}: the pre-flop structure of `streets` ({}) is not the hand's variant \
         ({}) (B28)",
        .preflop.code(),
        .variant.code()
    )]
    StreetsNotVariant {
        /// The recorded pre-flop structure.
        preflop: Variant,
        /// The hand's variant.
        variant: Variant,
    },
    /// An odd-chip order naming a player the hand does not have (P3).
    #[error("{HOUSE_FIELD}: `odd-chips` names p{player}, but the hand has {players} players (P3)")]
    OddChipsPlayer {
        /// The player named (1-based).
        player: usize,
        /// The hand's players.
        players: usize,
    },
}

impl SetupError {
    /// The rule ID the error is about, or `""` for none.
    #[must_use]
    pub fn rule(&self) -> &'static str {
        match self {
            SetupError::Straddle { source, .. } => source.rule(),
            SetupError::Rake(_) => "B23",
            SetupError::BombPotWithForcedBets => "B27",
            SetupError::StreetsNotVariant { .. } => "B28",
            SetupError::OddChipsPlayer { .. } => "P3",
            _ => "",
        }
    }
}

/// The engine configuration for a history, or why the engine cannot play it
/// (the reason of an [`Outcome::Unsupported`](super::Outcome::Unsupported)). See [`hand_setup`] for the forced
/// bets the configuration cannot express (straddles, per-seat antes).
pub fn hand_config(h: &HandHistory, rules: &HouseRules) -> Result<HandConfig, SetupError> {
    hand_setup(h, rules).map(|(config, _)| config)
}

/// The engine configuration and extra forced bets of a history, or why the engine
/// cannot play it (the reason of an [`Outcome::Unsupported`](super::Outcome::Unsupported)).
///
/// PHH conventions (spec, "Required fields"): `p1` posts the small blind and `p2`
/// the big blind; any other non-zero `blinds_or_straddles` entry is a straddle,
/// `p3` (under the gun) first; heads-up both arrays are reverse-assigned. Antes:
/// uniform antes are the config's ante; one seat paying an ante for the table (a
/// big-blind or button ante) posts dead money, not part of the call (B5); other
/// non-uniform antes are each seat's own live ante. The rake is the one the history
/// records (`_holdem_rake`), else the rules' (B23).
///
/// Real records (H4): a negative entry is a dead blind, posted as dead money (a
/// per-seat dead ante of [`ForcedBets`]: into the pot, never part of the player's
/// bet); an entry of `p3` or later equal to the big blind is a big blind posted out
/// of position by a new or returning player (live, B19); and a big blind written in
/// `p1`'s place with none in `p2`'s (`[4, 0, 0]`, three or more players) is a big
/// blind without a small blind: `p1` posts it and `p2` acts first. The last two
/// need explicit positions, which [`hand_positions`] gives.
pub fn hand_setup(
    h: &HandHistory,
    rules: &HouseRules,
) -> Result<(HandConfig, Option<ForcedBets>), SetupError> {
    let mut extra = None;
    let mut positions = None;
    setup(&ReplayView::of(h), rules, &mut extra, &mut positions).map(|config| (config, extra))
}

/// The positions a history's forced bets need beyond the standard ones (a big
/// blind without a small blind, big blinds posted out of position: see
/// [`hand_setup`]), `None` for the standard ones, or why the engine cannot play it.
pub fn hand_positions(
    h: &HandHistory,
    rules: &HouseRules,
) -> Result<Option<Positions>, SetupError> {
    let mut extra = None;
    let mut positions = None;
    setup(&ReplayView::of(h), rules, &mut extra, &mut positions).map(|_| positions)
}

/// [`hand_setup`] of a view; the extra forced bets go to `extra` (`None` before
/// the call), which the caller keeps where it uses them: returned with the
/// configuration, the ~200-byte `Option<ForcedBets>` was copied twice a hand.
pub(super) fn setup<A>(
    h: &ReplayView<'_, A>,
    rules: &HouseRules,
    extra: &mut Option<ForcedBets>,
    positions: &mut Option<Positions>,
) -> Result<HandConfig, SetupError> {
    let n = h.player_count();
    if n > MAX_SEATS {
        return Err(SetupError::TooManyPlayers { players: n });
    }
    let (sb_player, bb_player) = if n == 2 {
        (Player(1), Player(0))
    } else {
        (Player(0), Player(1))
    };
    let mut forced = [(0u64, 0u64); MAX_SEATS];
    let mut dead = [0u64; MAX_SEATS];
    for (i, (f, d)) in forced.iter_mut().zip(&mut dead).enumerate().take(n) {
        let (ante, blind) = h.forced_bets(Player(i as u8));
        let (live, dead_blind) = split_blind(blind);
        *f = (ante, live);
        *d = dead_blind;
    }
    let forced = &forced[..n];
    let mut sb = forced.get(usize::from(sb_player.0)).map_or(0, |f| f.1);
    let mut bb = forced.get(usize::from(bb_player.0)).map_or(0, |f| f.1);
    let seat_of = |i: usize| Seat::new(i as u8).ok_or(SetupError::Unseatable { player: i + 1 });
    let mut custom = None;
    if bb == 0 && n >= 3 && sb > 0 && h.stakes == Stakes::MinBet(sb) {
        // A big blind without a small blind, written in p1's place (H4): p1 posts it
        // and the player after them acts first; the button stays on the last player.
        custom = Some(Positions {
            button: seat_of(n - 1)?,
            small_blind: None,
            big_blind: seat_of(0)?,
            extra_big_blinds: SeatSet::EMPTY,
            dead_blinds: SeatSet::EMPTY,
        });
        (sb, bb) = (0, sb);
    }
    if bb == 0 {
        return Err(SetupError::NoBigBlind);
    }
    // Straddles: every other blind entry, in player order from p3 (n >= 3 here: a
    // heads-up hand has only the two blinds). One equal to the big blind is a big
    // blind posted out of position (H4, B19): live, and the player acts in turn.
    for (i, f) in forced.iter().enumerate().skip(2) {
        if f.1 == 0 {
            continue;
        }
        let seat = seat_of(i)?;
        if f.1 == bb {
            if custom.is_none() {
                let mut set = SeatSet::EMPTY;
                for j in 0..n {
                    set.insert(seat_of(j)?);
                }
                custom = Positions::standard(set, seat_of(n - 1)?);
            }
            if let Some(p) = &mut custom {
                p.extra_big_blinds.insert(seat);
            }
            continue;
        }
        extra
            .get_or_insert_with(ForcedBets::default)
            .straddle(seat, Chips(f.1))
            .map_err(|source| SetupError::Straddle {
                player: i + 1,
                source,
            })?;
    }
    *positions = custom;
    let ante_of = |i: usize| forced.get(i).map_or(0, |f| f.0);
    let nonzero = forced.iter().filter(|f| f.0 > 0).count();
    let (ante, bb_ante) = if nonzero == 0 {
        (0, 0)
    } else if forced.iter().all(|f| f.0 == ante_of(0)) {
        (ante_of(0), 0)
    } else if nonzero == 1 && ante_of(usize::from(bb_player.0)) > 0 {
        (0, ante_of(usize::from(bb_player.0)))
    } else {
        let x = extra.get_or_insert_with(ForcedBets::default);
        for (i, f) in forced.iter().enumerate() {
            if nonzero == 1 {
                // One seat antes for the whole table (a button ante): dead money.
                x.dead_antes[i] = Chips(f.0);
            } else {
                x.antes[i] = Chips(f.0);
            }
        }
        (0, 0)
    };
    // Dead blinds (H4): dead money for the pot, like a dead ante.
    for (i, &d) in dead.iter().enumerate().take(n) {
        if d > 0 {
            let x = extra.get_or_insert_with(ForcedBets::default);
            if let Some(slot) = x.dead_antes.get_mut(i) {
                *slot = Chips(slot.get().saturating_add(d));
            }
        }
    }
    let base = match (h.variant, h.stakes) {
        (Variant::NoLimit, Stakes::MinBet(m)) | (Variant::PotLimit, Stakes::MinBet(m)) => {
            if m != bb {
                return Err(SetupError::MinBetNotBigBlind {
                    min_bet: m,
                    big_blind: bb,
                });
            }
            if h.variant == Variant::NoLimit {
                HandConfig::no_limit(Chips(bb))
            } else {
                HandConfig::pot_limit(Chips(bb))
            }
        }
        (Variant::FixedLimit, Stakes::Limit { small_bet, big_bet }) => {
            if small_bet == 0 || small_bet > big_bet {
                return Err(SetupError::FixedLimitStakes { small_bet, big_bet });
            }
            HandConfig::fixed_limit(Chips(small_bet), Chips(big_bet))
        }
        _ => return Err(SetupError::StakesNotVariant),
    };
    let mut c = rules.apply_to(base.with_blinds(Chips(sb), Chips(bb)));
    c.ante = Chips(ante);
    c.big_blind_ante = Chips(bb_ante);
    if let Some(rake) = recorded_rake(h)? {
        c.rake = rake;
    }
    if let Some(toml) = h.house {
        // The house rules the hand records (B25-B27): the standard game otherwise.
        let house = parse_house(toml, h.unit).map_err(SetupError::House)?;
        c.fixed_limit_half_bet = house.half_bet_rule;
        c.max_board_runs = house.max_board_runs;
        if let OddChips::Order { .. } = house.odd_chips {
            // A site's order (P3): the players listed first, in their order,
            // then the others clockwise. Player `p` sits at the engine's seat `p`.
            let mut ranks = [u8::MAX; holdem_pots::MAX_POT_SEATS];
            for (rank, &p) in house.odd_chips.players().iter().enumerate() {
                let slot = ranks
                    .get_mut(usize::from(p))
                    .filter(|_| usize::from(p) < n)
                    .ok_or(SetupError::OddChipsPlayer {
                        player: usize::from(p) + 1,
                        players: n,
                    })?;
                *slot = rank as u8;
            }
            c.odd_chips = OddChipOrder::Ranked { ranks };
        }
        if let Some(streets) = house.streets {
            c.street_structures = Some(street_structures(streets, h.variant, h.stakes, bb)?);
        }
        if house.bomb_pot > 0 {
            if extra.is_some() || c.ante.get() > 0 || c.big_blind_ante.get() > 0 {
                return Err(SetupError::BombPotWithForcedBets);
            }
            c.bomb_pot = Chips(house.bomb_pot);
        }
    }
    Ok(c)
}

/// The betting structure of each street of a mixed-limit hand (B28) from the
/// variants its house rules record: the pre-flop one must be the hand's variant; a
/// fixed-limit street bets the hand's fixed-limit sizes, or the big blind before the
/// turn and twice it after when the hand is not fixed limit.
fn street_structures(
    streets: [Variant; 4],
    variant: Variant,
    stakes: Stakes,
    bb: u64,
) -> Result<StreetStructures, SetupError> {
    if streets[0] != variant {
        return Err(SetupError::StreetsNotVariant {
            preflop: streets[0],
            variant,
        });
    }
    let (small_bet, big_bet) = match stakes {
        Stakes::Limit { small_bet, big_bet } => (small_bet, big_bet),
        Stakes::MinBet(_) => (bb, bb.saturating_mul(2)),
    };
    let of = |v: Variant| match v {
        Variant::NoLimit => BettingStructure::NoLimit,
        Variant::PotLimit => BettingStructure::PotLimit,
        Variant::FixedLimit => BettingStructure::FixedLimit {
            small_bet: Chips(small_bet),
            big_bet: Chips(big_bet),
        },
    };
    Ok(StreetStructures {
        preflop: of(streets[0]),
        flop: of(streets[1]),
        turn: of(streets[2]),
        river: of(streets[3]),
    })
}

/// The rake a history records in its [`RAKE_FIELD`], if any.
fn recorded_rake<A>(h: &ReplayView<'_, A>) -> Result<Option<RakePolicy>, SetupError> {
    match h.rake {
        None => Ok(None),
        Some(toml) => parse_rake(toml, h.unit).map(Some).map_err(SetupError::Rake),
    }
}
