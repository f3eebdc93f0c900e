//! Inputs to a [`crate::Hand`]: posts, player actions, dealer inputs, time-outs,
//! show/muck. Every input carries the seat it is about; the timestamp travels beside
//! it in [`crate::Hand::apply`].

use holdem_cards::Card;
use holdem_pots::{Chips, Seat};

/// A point in time, in milliseconds since any epoch the caller likes. The hand never
/// reads a clock (DESIGN §1): it only echoes the input's timestamp in its events.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Timestamp(pub u64);

/// What a forced bet is (B2, B3, B5, B18, B19).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum PostKind {
    /// An ante (B5): into the pot, not a bet; counts for side pots like any chip.
    Ante,
    /// A big-blind ante: dead money posted by the big blind for the table; it goes to
    /// the main pot and never counts as a bet or as uncalled.
    BigBlindAnte,
    /// The small blind (B2): a live bet.
    SmallBlind,
    /// The big blind (B2, B3): a live bet and the option. Posted by the big blind seat,
    /// or by a new cash player who chose to post to be dealt in at once (B19).
    BigBlind,
    /// A dead blind (a missed small blind made up by a returning player): dead money
    /// for the main pot, not a bet.
    DeadBlind,
    /// A live straddle: an extra blind left of the big blind (or of the previous
    /// straddle) that sets the bet to call; the straddler acts last before the flop.
    Straddle,
    /// A bomb pot's ante (B27): every dealt-in player puts in the agreed amount
    /// ([`crate::HandConfig::bomb_pot`]) instead of blinds and antes; into the pot,
    /// not a bet, counting for side pots like an ante.
    BombPot,
}

impl PostKind {
    /// `true` for dead money: it is in the pot but counts toward no call.
    #[must_use]
    pub const fn is_dead(self) -> bool {
        matches!(self, PostKind::BigBlindAnte | PostKind::DeadBlind)
    }

    /// `true` for a live bet (the blinds).
    #[must_use]
    pub const fn is_live_bet(self) -> bool {
        matches!(
            self,
            PostKind::SmallBlind | PostKind::BigBlind | PostKind::Straddle
        )
    }
}

/// A player's betting action (B7). Amounts are the *total* the player has put in on
/// this street once the action is done, like PHH's `cbr` ("complete/bet/raise to").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Action {
    /// Give up the hand.
    Fold,
    /// Pass with nothing to call.
    Check,
    /// Match the bet, or all-in for less (B15).
    Call,
    /// Check when nothing is to call, call otherwise (PHH `cc`).
    CheckOrCall,
    /// Open the betting on this street to this total.
    BetTo(Chips),
    /// Raise the current bet to this total.
    RaiseTo(Chips),
    /// Bet or raise to this total, whichever applies (PHH `cbr`).
    BetOrRaiseTo(Chips),
    /// Put in every chip: a call, a bet or a raise depending on the amount.
    AllIn,
}

/// A card-dealing input from the dealer (DESIGN §3: the hand never owns the deck).
/// `None` is a card dealt but unknown (a replay of a history that hides it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum DealerInput {
    /// A seat's two hole cards (C3).
    HoleCards {
        /// The seat dealt to.
        seat: Seat,
        /// The two cards, or `None` where unknown.
        cards: [Option<Card>; 2],
    },
    /// A burn card before the flop, turn or river (C4). Optional for replays.
    Burn(Option<Card>),
    /// The three flop cards.
    Flop([Option<Card>; 3]),
    /// The turn card.
    Turn(Option<Card>),
    /// The river card.
    River(Option<Card>),
}

/// One input to a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Input {
    /// A forced bet (B2, B5): `amount` is what is posted; less than the full size only
    /// when it is the poster's whole stack (B15).
    Post {
        /// The posting seat.
        seat: Seat,
        /// Which forced bet.
        kind: PostKind,
        /// The chips posted.
        amount: Chips,
    },
    /// A player's betting action.
    Act {
        /// The acting seat.
        seat: Seat,
        /// The action.
        action: Action,
    },
    /// A dealer input.
    Deal(DealerInput),
    /// The seat to act ran out of time (B16).
    TimeOut {
        /// The seat that timed out.
        seat: Seat,
    },
    /// At showdown, show the hole cards (B21). `cards` reveals cards the hand does not
    /// know (replays); for known cards it may be `None` or must match.
    Show {
        /// The showing seat.
        seat: Seat,
        /// The cards shown, when the hand does not know them.
        cards: Option<[Card; 2]>,
    },
    /// At showdown, throw the hand away unshown, giving up any claim (B21).
    Muck {
        /// The mucking seat.
        seat: Seat,
    },
    /// Run it twice or three times (B26, house rule [`crate::HandConfig::max_board_runs`]):
    /// once no more betting is possible and before the next board card (or its burn)
    /// is dealt, a player still in offers to deal the rest of the board `runs` times.
    /// The offer counts as the offerer's acceptance; every other player still in
    /// answers with [`Input::AnswerRuns`].
    OfferRuns {
        /// The offering seat.
        seat: Seat,
        /// The number of runs offered: 2 up to the configured maximum.
        runs: u8,
    },
    /// A player still in accepts or refuses the open offer to run the board more than
    /// once (B26). Any refusal means one run; once all accept, the rest of the board
    /// is dealt that many times.
    AnswerRuns {
        /// The answering seat.
        seat: Seat,
        /// `true` to accept.
        accept: bool,
    },
}

impl Input {
    /// A shorthand for `Input::Act { seat, action }`.
    #[must_use]
    pub const fn act(seat: Seat, action: Action) -> Input {
        Input::Act { seat, action }
    }
}

/// The kind of an input, for error messages and [`crate::Pending`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum InputKind {
    /// [`Input::Post`].
    Post,
    /// [`Input::Act`].
    Act,
    /// [`DealerInput::HoleCards`].
    HoleCards,
    /// [`DealerInput::Burn`].
    Burn,
    /// [`DealerInput::Flop`].
    Flop,
    /// [`DealerInput::Turn`].
    Turn,
    /// [`DealerInput::River`].
    River,
    /// [`Input::TimeOut`].
    TimeOut,
    /// [`Input::Show`].
    Show,
    /// [`Input::Muck`].
    Muck,
    /// [`Input::OfferRuns`].
    OfferRuns,
    /// [`Input::AnswerRuns`].
    AnswerRuns,
}

impl Input {
    /// What kind of input this is.
    #[must_use]
    pub const fn kind(&self) -> InputKind {
        match self {
            Input::Post { .. } => InputKind::Post,
            Input::Act { .. } => InputKind::Act,
            Input::Deal(DealerInput::HoleCards { .. }) => InputKind::HoleCards,
            Input::Deal(DealerInput::Burn(_)) => InputKind::Burn,
            Input::Deal(DealerInput::Flop(_)) => InputKind::Flop,
            Input::Deal(DealerInput::Turn(_)) => InputKind::Turn,
            Input::Deal(DealerInput::River(_)) => InputKind::River,
            Input::TimeOut { .. } => InputKind::TimeOut,
            Input::Show { .. } => InputKind::Show,
            Input::Muck { .. } => InputKind::Muck,
            Input::OfferRuns { .. } => InputKind::OfferRuns,
            Input::AnswerRuns { .. } => InputKind::AnswerRuns,
        }
    }
}

impl core::fmt::Display for InputKind {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let name = match self {
            InputKind::Post => "post",
            InputKind::Act => "action",
            InputKind::HoleCards => "hole cards",
            InputKind::Burn => "burn",
            InputKind::Flop => "flop",
            InputKind::Turn => "turn",
            InputKind::River => "river",
            InputKind::TimeOut => "time-out",
            InputKind::Show => "show",
            InputKind::Muck => "muck",
            InputKind::OfferRuns => "offer to run the board more than once",
            InputKind::AnswerRuns => "answer to the offer to run the board more than once",
        };
        f.write_str(name)
    }
}

impl core::fmt::Display for Action {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Action::Fold => f.write_str("fold"),
            Action::Check => f.write_str("check"),
            Action::Call => f.write_str("call"),
            Action::CheckOrCall => f.write_str("check/call"),
            Action::BetTo(a) => write!(f, "bet to {a}"),
            Action::RaiseTo(a) => write!(f, "raise to {a}"),
            Action::BetOrRaiseTo(a) => write!(f, "bet/raise to {a}"),
            Action::AllIn => f.write_str("all-in"),
        }
    }
}
