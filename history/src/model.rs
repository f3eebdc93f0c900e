//! The typed hand history: what the PHH and native readers produce and the replayer
//! consumes. Text never reaches the engine; every field here is already checked
//! (player indices in range, array lengths equal to the number of players, amounts
//! whole numbers of the hand's [`Unit`]).

use arrayvec::ArrayVec;
use holdem_cards::Card;
use serde::{Deserialize, Serialize};
use std::fmt;

use super::money::Unit;

/// The most players one recorded hand can have: [`holdem_pots::MAX_POT_SEATS`], 23 (one
/// deck deals 23 hold'em hands when nothing is burned). A record may come from
/// another dealer, so it takes the chip-accounting limit, not the betting crate's
/// 10 seats: a record of more than 10 players reads and converts, and replaying it
/// through `holdem_betting` refuses it with an error naming that limit.
pub const MAX_PLAYERS: usize = holdem_pots::MAX_POT_SEATS;

/// The betting structure of a hold'em hand (B1). PHH codes `NT`, `PT`, `FT`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// `NT`: no-limit Texas hold'em.
    NoLimit,
    /// `PT`: pot-limit Texas hold'em.
    PotLimit,
    /// `FT`: fixed-limit Texas hold'em.
    FixedLimit,
}

impl Variant {
    /// The PHH variant code.
    pub fn code(self) -> &'static str {
        match self {
            Variant::NoLimit => "NT",
            Variant::PotLimit => "PT",
            Variant::FixedLimit => "FT",
        }
    }

    /// The variant of a PHH code, or `None` for a game this engine does not play.
    pub fn from_code(code: &str) -> Option<Variant> {
        match code {
            "NT" => Some(Variant::NoLimit),
            "PT" => Some(Variant::PotLimit),
            "FT" => Some(Variant::FixedLimit),
            _ => None,
        }
    }
}

/// A player of the hand by position: `0` is PHH's `p1`. PHH orders players by
/// position: `p1` is the small blind, the last player has the button; heads-up, the
/// forced bets are reverse-assigned, so `p1` is the big blind and `p2` the button.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Player(pub u8);

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "p{}", u32::from(self.0) + 1)
    }
}

/// A card that may be hidden (`??` in PHH).
pub type MaybeCard = Option<Card>;

/// Up to five cards of a deal or show, some possibly unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Cards(pub ArrayVec<MaybeCard, 5>);

impl Cards {
    /// The known cards.
    pub fn known(&self) -> impl Iterator<Item = Card> + '_ {
        self.0.iter().flatten().copied()
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No cards at all.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in &self.0 {
            match c {
                Some(c) => write!(f, "{c}")?,
                None => f.write_str("??")?,
            }
        }
        Ok(())
    }
}

/// What a player shows at showdown, its cards held as `C`: [`Cards`] in a history
/// ([`Shown`]), packed in replay's copyable form
/// ([`super::compact::CompactShown`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename = "Shown")]
pub enum ShownOf<C> {
    /// `pN sm`: the hand is mucked.
    Muck,
    /// `pN sm -`: the cards dealt earlier are shown.
    AsDealt,
    /// `pN sm AcKd` (cards may be `??` in cash games).
    Cards(C),
}

/// What a player shows at showdown.
pub type Shown = ShownOf<Cards>;

/// One entry of the `actions` array, its cards held as `C`: [`Cards`] in a history
/// ([`ActionKind`]), packed in replay's copyable form
/// ([`super::compact::CompactAction`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename = "ActionKind")]
pub enum ActionKindOf<C> {
    /// `d dh pN cards`: hole cards dealt to a player.
    DealHole {
        /// Who receives them.
        player: Player,
        /// The cards, possibly unknown.
        cards: C,
    },
    /// `d db cards`: board cards (flop, turn or river).
    DealBoard {
        /// The new board cards.
        cards: C,
    },
    /// `pN f`.
    Fold {
        /// Who folds.
        player: Player,
    },
    /// `pN cc`: check, or call the largest bet (all-in for less when short).
    CheckCall {
        /// Who acts.
        player: Player,
    },
    /// `pN cbr amount`: bet or raise to a total of `amount` this round.
    BetRaiseTo {
        /// Who acts.
        player: Player,
        /// The player's total bet this round after the action, in the hand's unit.
        amount: u64,
    },
    /// `pN sm [cards]`: show or muck.
    ShowMuck {
        /// Who shows or mucks.
        player: Player,
        /// What is shown.
        shown: ShownOf<C>,
    },
    /// An empty entry or a lone `# commentary`.
    NoOp,
    /// A player still in offers to run the rest of the board `runs` times (B26),
    /// once no more betting is possible. PHH has no notation for it (see
    /// [`crate::phh::PhhWriteError`]); the native formats record it.
    OfferRuns {
        /// Who offers.
        player: Player,
        /// The runs offered: 2 or 3.
        runs: u8,
    },
    /// A player's answer to the open offer to run the board more than once (B26):
    /// any refusal means one run.
    AnswerRuns {
        /// Who answers.
        player: Player,
        /// `true` to accept.
        accept: bool,
    },
}

/// One entry of the `actions` array.
pub type ActionKind = ActionKindOf<Cards>;

impl<C> ShownOf<C> {
    /// The same show with its cards converted by `convert`.
    #[inline(always)]
    pub fn map_cards<D>(&self, convert: impl Fn(&C) -> D) -> ShownOf<D> {
        match self {
            ShownOf::Muck => ShownOf::Muck,
            ShownOf::AsDealt => ShownOf::AsDealt,
            ShownOf::Cards(c) => ShownOf::Cards(convert(c)),
        }
    }
}

impl<C> ActionKindOf<C> {
    /// The same action with its cards converted by `convert` (a show's too).
    #[inline(always)]
    pub fn map_cards<D>(&self, convert: impl Fn(&C) -> D) -> ActionKindOf<D> {
        match self {
            ActionKindOf::DealHole { player, cards } => ActionKindOf::DealHole {
                player: *player,
                cards: convert(cards),
            },
            ActionKindOf::DealBoard { cards } => ActionKindOf::DealBoard {
                cards: convert(cards),
            },
            ActionKindOf::Fold { player } => ActionKindOf::Fold { player: *player },
            ActionKindOf::CheckCall { player } => ActionKindOf::CheckCall { player: *player },
            ActionKindOf::BetRaiseTo { player, amount } => ActionKindOf::BetRaiseTo {
                player: *player,
                amount: *amount,
            },
            ActionKindOf::ShowMuck { player, shown } => ActionKindOf::ShowMuck {
                player: *player,
                shown: shown.map_cards(convert),
            },
            ActionKindOf::NoOp => ActionKindOf::NoOp,
            ActionKindOf::OfferRuns { player, runs } => ActionKindOf::OfferRuns {
                player: *player,
                runs: *runs,
            },
            ActionKindOf::AnswerRuns { player, accept } => ActionKindOf::AnswerRuns {
                player: *player,
                accept: *accept,
            },
        }
    }
}

/// One action with its commentary (`... # text`), kept so export is lossless.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Action {
    /// What happened.
    pub kind: ActionKind,
    /// The commentary after `#`, without the `#` and surrounding blanks.
    pub comment: Option<String>,
}

/// How a hand's bets are sized.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Stakes {
    /// No limit or pot limit: the smallest bet (`min_bet`).
    MinBet(u64),
    /// Fixed limit: `small_bet` on the first two rounds, `big_bet` on the last two.
    Limit {
        /// Bet size before the flop and on the flop.
        small_bet: u64,
        /// Bet size on the turn and river.
        big_bet: u64,
    },
}

/// A field the reader does not interpret (a user-defined `_field`, or a spec field
/// without a meaning for replay), kept as its TOML source text for lossless export.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExtraField {
    /// The key.
    pub key: String,
    /// The value as TOML text.
    pub toml: String,
}

/// The house rules of one hand that change how it replays and that the standard
/// PHH fields cannot say (B25, B26, B27, B28, and P3's odd chips). A history keeps them in the user field
/// [`crate::phh::HOUSE_FIELD`] of [`Metadata::extra`] (absent for the standard
/// rules), so the native formats carry them with no change to their layout and an
/// ordinary hand pays nothing for them.
///
/// Invariant: `max_board_runs` is 1 to 3; the default is the standard game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableRules {
    /// Fixed limit: an all-in of half a bet or more counts as a full bet (B25);
    /// `false` is the house rule that switches this off.
    pub half_bet_rule: bool,
    /// A bomb pot (B27): what each dealt-in player posts, in the hand's unit; 0 for
    /// an ordinary hand. The blinds of the history then only size the bets (they
    /// are not posted) and there is no pre-flop betting.
    pub bomb_pot: u64,
    /// The most times the table runs the board (B26): 1, 2 or 3.
    pub max_board_runs: u8,
    /// Mixed limits (B28): the structure of the pre-flop, flop, turn and river
    /// betting when it differs by street (PokerStars' "Pot Limit Pre-Flop, No Limit
    /// Post-Flop" is `[PotLimit, NoLimit, NoLimit, NoLimit]`); `None` plays every
    /// street in the hand's [`Variant`]. The pre-flop entry is the hand's variant.
    /// A fixed-limit street bets the hand's `small_bet` or `big_bet` when the hand
    /// is fixed limit, else the big blind before the turn and twice it after.
    pub streets: Option<[Variant; 4]>,
    /// The order a split pot's odd chips go in (P3): the standard, or a site's
    /// house order.
    pub odd_chips: OddChips,
}

/// The order a split pot's odd chips go to its tied winners, one each (P3), as
/// a history records it ([`TableRules::odd_chips`]).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum OddChips {
    /// The standard: from the first winner left of the button, clockwise.
    #[default]
    LeftOfButton,
    /// A site's order for this hand: the players (0-based) in the order they
    /// get odd chips, the first `len` of `players`; players not listed come
    /// after, clockwise. Winamax gives the odd chips from the highest table
    /// seat number down, whatever the button: its importer lists the players
    /// so.
    Order {
        /// The players, first to get an odd chip first.
        players: [u8; MAX_PLAYERS],
        /// How many of `players` are listed.
        len: u8,
    },
}

impl OddChips {
    /// The players listed by [`OddChips::Order`], first to get an odd chip
    /// first; none for the standard.
    pub fn players(&self) -> &[u8] {
        match self {
            OddChips::LeftOfButton => &[],
            OddChips::Order { players, len } => players.get(..usize::from(*len)).unwrap_or(players),
        }
    }

    /// The order listing `players` (0-based), at most [`MAX_PLAYERS`] of them.
    pub fn listing(players: &[u8]) -> OddChips {
        let mut list = [0; MAX_PLAYERS];
        let len = players.len().min(MAX_PLAYERS);
        list[..len].copy_from_slice(&players[..len]);
        OddChips::Order {
            players: list,
            len: len as u8,
        }
    }
}

impl Default for TableRules {
    fn default() -> TableRules {
        TableRules::STANDARD
    }
}

impl TableRules {
    /// The standard rules: the half-bet rule on, no bomb pot, one run.
    pub const STANDARD: TableRules = TableRules {
        half_bet_rule: true,
        bomb_pot: 0,
        max_board_runs: 1,
        streets: None,
        odd_chips: OddChips::LeftOfButton,
    };

    /// `true` for the standard rules (a history then records none).
    pub fn is_standard(&self) -> bool {
        *self == TableRules::STANDARD
    }

    /// The value of [`crate::phh::HOUSE_FIELD`] for these rules: an inline table of
    /// the rules that differ from the standard, amounts in `unit`, e.g.
    /// `{ half-bet = false, bomb-pot = 3, board-runs = 2 }`; mixed limits as
    /// `streets = ["PT", "NT", "NT", "NT"]` (the PHH variant codes, B28).
    pub fn to_toml(&self, unit: super::money::Unit) -> String {
        let mut parts = Vec::new();
        if !self.half_bet_rule {
            parts.push("half-bet = false".to_string());
        }
        if self.bomb_pot > 0 {
            parts.push(format!(
                "bomb-pot = {}",
                super::money::Money(self.bomb_pot, unit)
            ));
        }
        if self.max_board_runs != 1 {
            parts.push(format!("board-runs = {}", self.max_board_runs));
        }
        if let Some(streets) = self.streets {
            let codes: Vec<String> = streets
                .iter()
                .map(|v| format!("\"{}\"", v.code()))
                .collect();
            parts.push(format!("streets = [{}]", codes.join(", ")));
        }
        if self.odd_chips != OddChips::LeftOfButton {
            let players: Vec<String> = self
                .odd_chips
                .players()
                .iter()
                .map(|p| (u32::from(*p) + 1).to_string())
                .collect();
            parts.push(format!("odd-chips = [{}]", players.join(", ")));
        }
        format!("{{ {} }}", parts.join(", "))
    }
}

/// The descriptive fields of a hand: who, where, when.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Metadata {
    /// `players`: names, in player order.
    pub players: Option<Vec<String>>,
    /// `seats`: seat numbers, in player order.
    pub seats: Option<Vec<u32>>,
    /// `seat_count`.
    pub seat_count: Option<u32>,
    /// `hand`: a hand number or name, as TOML text.
    pub hand: Option<String>,
    /// `table`: a table number or name, as TOML text.
    pub table: Option<String>,
    /// `time`: the TOML local time, as written.
    pub time: Option<String>,
    /// `day`.
    pub day: Option<u32>,
    /// `month`.
    pub month: Option<u32>,
    /// `year`.
    pub year: Option<i32>,
    /// `level`.
    pub level: Option<u32>,
    /// `currency`, an ISO 4217 code.
    pub currency: Option<String>,
    /// `currency_symbol`.
    pub currency_symbol: Option<String>,
    /// `ante_trimming_status`.
    pub ante_trimming_status: Option<bool>,
    /// String fields: `author`, `event`, `url`, `venue`, `address`, `city`, `region`,
    /// `postal_code`, `country`, `time_zone`, `time_zone_abbreviation`, in file order.
    pub text: Vec<(String, String)>,
    /// Everything else (`time_limit`, `time_banks`, user `_fields`...), verbatim.
    pub extra: Vec<ExtraField>,
}

/// One hold'em hand as recorded: the table at the start, and every action.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct HandHistory {
    /// The betting structure.
    pub variant: Variant,
    /// The unit of every amount below.
    pub unit: Unit,
    /// Antes per player (a big-blind ante has one non-zero entry), as written: for
    /// heads-up, PHH reverse-assigns them (see [`Player`]).
    pub antes: Vec<u64>,
    /// Blinds and straddles per player, as written (reverse-assigned heads-up); a
    /// dead blind carries [`crate::DEAD_BLIND`]. JSON writes a dead blind as a
    /// negative number, as PHH does; binary formats carry the marked number.
    #[serde(with = "blind_entries")]
    pub blinds_or_straddles: Vec<u64>,
    /// Bet sizing.
    pub stakes: Stakes,
    /// Stacks at the start of the hand, before antes and blinds.
    pub starting_stacks: Vec<u64>,
    /// The actions, in order.
    pub actions: Vec<Action>,
    /// Stacks after the last action, when recorded.
    pub finishing_stacks: Option<Vec<u64>>,
    /// Pots collected per player after rake, when recorded.
    pub winnings: Option<Vec<u64>>,
    /// Who, where, when.
    pub meta: Metadata,
}

impl HandHistory {
    /// The number of players.
    pub fn player_count(&self) -> usize {
        self.starting_stacks.len()
    }

    /// The ante and blind a player actually posts: heads-up PHH reverses both arrays,
    /// so `p1` (the big blind) posts the second entry.
    pub fn forced_bets(&self, player: Player) -> (u64, u64) {
        let n = self.player_count();
        let i = usize::from(player.0);
        let j = if n == 2 { 1 - i.min(1) } else { i };
        (
            self.antes.get(j).copied().unwrap_or(0),
            self.blinds_or_straddles.get(j).copied().unwrap_or(0),
        )
    }

    /// The house rules the hand records ([`TableRules`]): the standard rules when
    /// it records none.
    ///
    /// # Errors
    /// The recorded [`crate::phh::HOUSE_FIELD`] is not a valid table of rules.
    pub fn table_rules(&self) -> Result<TableRules, crate::phh::InlineTableError> {
        match self
            .meta
            .extra
            .iter()
            .rfind(|e| e.key == crate::phh::HOUSE_FIELD)
        {
            None => Ok(TableRules::STANDARD),
            Some(e) => crate::phh::parse_house(&e.toml, self.unit),
        }
    }

    /// Records `rules` as the hand's house rules: replaces any recorded ones, and
    /// records nothing for the standard rules.
    pub fn set_table_rules(&mut self, rules: TableRules) {
        self.meta.extra.retain(|e| e.key != crate::phh::HOUSE_FIELD);
        if !rules.is_standard() {
            self.meta.extra.push(ExtraField {
                key: crate::phh::HOUSE_FIELD.to_string(),
                toml: rules.to_toml(self.unit),
            });
        }
    }
}

/// Serde of [`HandHistory::blinds_or_straddles`]: in a human-readable format (JSON)
/// a dead blind is the negative of its amount, and a negative number reads back as
/// a dead blind; other formats (postcard) carry each entry as it is.
mod blind_entries {
    use serde::de::{self, SeqAccess, Visitor};
    use serde::ser::SerializeSeq;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::fmt;

    use crate::money::{DEAD_BLIND, split_blind};

    pub fn serialize<S: Serializer>(entries: &[u64], s: S) -> Result<S::Ok, S::Error> {
        if !s.is_human_readable() {
            return entries.serialize(s);
        }
        let mut seq = s.serialize_seq(Some(entries.len()))?;
        for &e in entries {
            match split_blind(e) {
                // (A dead blind is below 2^57: its negative fits an i64.)
                (0, dead @ 1..) => seq.serialize_element(&-i64::try_from(dead).unwrap_or(0))?,
                _ => seq.serialize_element(&e)?,
            }
        }
        seq.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<u64>, D::Error> {
        if !d.is_human_readable() {
            return Vec::<u64>::deserialize(d);
        }
        d.deserialize_seq(Entries)
    }

    struct Entries;

    impl<'de> Visitor<'de> for Entries {
        type Value = Vec<u64>;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a list of blind amounts (a negative one is a dead blind)")
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<u64>, A::Error> {
            let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(16));
            while let Some(Entry(e)) = seq.next_element()? {
                out.push(e);
            }
            Ok(out)
        }
    }

    struct Entry(u64);

    impl<'de> Deserialize<'de> for Entry {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Entry, D::Error> {
            d.deserialize_any(EntryVisitor)
        }
    }

    struct EntryVisitor;

    impl Visitor<'_> for EntryVisitor {
        type Value = Entry;

        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("a whole amount, negative for a dead blind")
        }

        fn visit_u64<E: de::Error>(self, v: u64) -> Result<Entry, E> {
            Ok(Entry(v))
        }

        fn visit_i64<E: de::Error>(self, v: i64) -> Result<Entry, E> {
            let dead = v.unsigned_abs();
            if v >= 0 {
                Ok(Entry(dead))
            } else if dead < DEAD_BLIND {
                Ok(Entry(DEAD_BLIND | dead))
            } else {
                Err(E::custom(format!("dead blind {v} is too large")))
            }
        }
    }
}
