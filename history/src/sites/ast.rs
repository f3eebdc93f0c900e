//! The site-neutral typed form of one text hand, as the text says it: nothing here
//! is inferred. Every site's reader produces a [`Hand`]; the [builder](super::builder)
//! turns it into the native model. Players are referred to by their index in [`Hand::seats`] (table
//! order), so every action's player is known to hold a seat; amounts are exact
//! hundredths ([`Amount`]); cards never shown are simply absent.

use std::fmt;

use arrayvec::ArrayVec;
use holdem_cards::Card;

/// Up to five cards as the text lists them (a board, a show), kept inline.
pub type CardList = ArrayVec<Card, 5>;

/// An amount in hundredths of the hand's currency unit (cents for cash, hundredths
/// of a chip for tournaments), so `$0.25` is `Amount(25)` and `1500` chips is
/// `Amount(150_000)`. The sites write at most two decimals, so this is exact.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Amount(pub u64);

impl Amount {
    /// Zero.
    pub const ZERO: Amount = Amount(0);

    /// The sum, or `None` on overflow.
    pub fn checked_add(self, other: Amount) -> Option<Amount> {
        self.0.checked_add(other.0).map(Amount)
    }
}

impl fmt::Display for Amount {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, cents) = (self.0 / 100, self.0 % 100);
        if cents == 0 {
            write!(f, "{whole}")
        } else {
            write!(f, "{whole}.{cents:02}")
        }
    }
}

/// The money a hand is played for, from the header's stakes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Currency {
    /// US dollars (`$`, `USD`).
    Usd,
    /// Euros (`€`, `EUR`).
    Eur,
    /// Pounds sterling (`£`, `GBP`).
    Gbp,
    /// Canadian dollars (`$`, `CAD`).
    Cad,
    /// Indian rupees (`₹`, `INR`).
    Inr,
    /// Tournament chips (no symbol in amounts).
    Chips,
    /// Play money (no symbol; the table line or the header says so).
    PlayMoney,
}

impl Currency {
    /// The ISO 4217 code, or `None` for chips and play money.
    pub fn code(self) -> Option<&'static str> {
        match self {
            Currency::Usd => Some("USD"),
            Currency::Eur => Some("EUR"),
            Currency::Gbp => Some("GBP"),
            Currency::Cad => Some("CAD"),
            Currency::Inr => Some("INR"),
            Currency::Chips | Currency::PlayMoney => None,
        }
    }

    /// The symbol written before amounts, or `None` when amounts have none.
    pub fn symbol(self) -> Option<char> {
        match self {
            Currency::Usd | Currency::Cad => Some('$'),
            Currency::Eur => Some('€'),
            Currency::Gbp => Some('£'),
            Currency::Inr => Some('₹'),
            Currency::Chips | Currency::PlayMoney => None,
        }
    }

    /// The currency whose sign starts an amount (`$` is the US dollar), or `None`
    /// for another character (play money and chips have no sign).
    pub fn of_sign(sign: Option<char>) -> Option<Currency> {
        match sign? {
            '$' => Some(Currency::Usd),
            '€' => Some(Currency::Eur),
            '£' => Some(Currency::Gbp),
            '₹' => Some(Currency::Inr),
            _ => None,
        }
    }
}

/// The betting structure named in the header.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// `No Limit`.
    NoLimit,
    /// `Pot Limit`.
    PotLimit,
    /// `Limit` (fixed limit): the header's stakes are the small and big bets.
    FixedLimit,
    /// `Pot Limit Pre-Flop, No Limit Post-Flop` (mixed limits, B28): the header's
    /// stakes are the blinds.
    PotLimitPreFlopNoLimitPostFlop,
}

/// A tournament's buy-in as the header writes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BuyIn {
    /// `Freeroll`.
    Freeroll,
    /// `$3.19+$0.31 USD` (prize pool and fee) or `$4.55+$4.55+$0.90 USD` (prize
    /// pool, knockout bounty and fee): the parts in order, in the buy-in's currency.
    Paid {
        /// The amounts between the `+` signs.
        parts: Vec<Amount>,
        /// Their currency (`Chips` when written without a symbol: play money).
        currency: Currency,
    },
}

/// The tournament part of a header.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tournament {
    /// `Tournament #797469411`.
    pub id: u64,
    /// The buy-in.
    pub buy_in: BuyIn,
    /// `Level XI` or `Level 11`, as written after `Level `.
    pub level: Option<String>,
    /// A heads-up or shootout match's round (`Match Round II`), as written after
    /// `Match Round `.
    pub round: Option<String>,
}

/// A date and time as the header writes it: `2013/10/04 19:53:27 CET`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Timestamp {
    /// Year, month, day.
    pub date: (u16, u8, u8),
    /// Hour, minute, second.
    pub time: (u8, u8, u8),
    /// The zone abbreviation (`ET`, `CET`, `WET`...), when written.
    pub zone: Option<String>,
}

impl Timestamp {
    /// The date and time of these numbers, without a zone; `None` for a month,
    /// day, hour, minute or second out of range (a leap second is allowed).
    pub(crate) fn checked(y: u64, m: u64, d: u64, h: u64, mi: u64, s: u64) -> Option<Timestamp> {
        let byte = |v: u64| u8::try_from(v).unwrap_or(0);
        ((1..=12).contains(&m) && (1..=31).contains(&d) && h < 24 && mi < 60 && s < 61).then(|| {
            Timestamp {
                date: (u16::try_from(y).unwrap_or(0), byte(m), byte(d)),
                time: (byte(h), byte(mi), byte(s)),
                zone: None,
            }
        })
    }
}

/// The first line of a hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Header {
    /// The hand number.
    pub id: u64,
    /// The hand's name as the site writes it, when it is more than the number
    /// (GGPoker's `RC3892132211`).
    pub label: Option<String>,
    /// The site whose text this is.
    pub site: &'static super::builder::Site,
    /// `Game #` (the older form) instead of `Hand #`.
    pub game_form: bool,
    /// A Zoom (fast-fold) hand.
    pub zoom: bool,
    /// The tournament, for tournament hands.
    pub tournament: Option<Tournament>,
    /// The betting structure.
    pub limit: Limit,
    /// The stakes in parentheses: the blinds (NL, PL) or the small and big bets (FL).
    pub stakes: (Amount, Amount),
    /// The currency of every amount in the hand.
    pub currency: Currency,
    /// A capped table's cap (`($2/$4 - $80 Cap - USD)`): the most a player puts
    /// into the pot in one hand; one who reaches it is all in for the hand.
    pub cap: Option<Amount>,
    /// The local time, then the time in brackets (usually ET) when written.
    pub times: Vec<Timestamp>,
}

impl Header {
    /// A cash hand's header: no name beyond the number, the `Hand #` form, no
    /// tournament, no cap, no fast fold.
    pub fn cash(
        site: &'static super::builder::Site,
        id: u64,
        limit: Limit,
        stakes: (Amount, Amount),
        currency: Currency,
        times: Vec<Timestamp>,
    ) -> Self {
        Header {
            id,
            label: None,
            site,
            game_form: false,
            zoom: false,
            tournament: None,
            limit,
            stakes,
            currency,
            cap: None,
            times,
        }
    }
}

/// The second line of a hand: `Table 'Sirona' 6-max Seat #5 is the button`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TableLine {
    /// The name between the quotes.
    pub name: String,
    /// `6-max`, when written.
    pub max_seats: Option<u8>,
    /// `(Play Money)` after the size.
    pub play_money: bool,
    /// The button's seat number.
    pub button: u32,
}

/// What a seat line says after the stack.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeatState {
    /// Dealt in normally.
    Playing,
    /// `is sitting out`: not dealt in.
    SittingOut,
    /// `out of hand (moved from another table into small blind)`: not dealt in.
    OutOfHand,
}

/// One `Seat N: name (stack in chips)` line before the action.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seat {
    /// The seat number.
    pub number: u32,
    /// The player's name.
    pub name: String,
    /// The stack at the start of the hand.
    pub stack: Amount,
    /// A knockout bounty on the player (`, $148.95 bounty`).
    pub bounty: Option<Amount>,
    /// Sitting out or out of hand.
    pub state: SeatState,
    /// The line.
    pub line: u32,
}

/// A player by index into [`Hand::seats`].
pub type SeatIndex = u8;

/// A forced bet.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PostKind {
    /// `posts the ante`.
    Ante,
    /// `posts small blind`.
    SmallBlind,
    /// `posts big blind`.
    BigBlind,
    /// `posts small & big blinds`: a big blind live plus a small blind dead, as one
    /// amount (a player returning after missing the blinds).
    SmallAndBig,
    /// `posts straddle`.
    Straddle,
}

/// Which board of a run-it-twice hand a street or showdown belongs to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Run {
    /// A hand run once (`*** FLOP ***`).
    Only,
    /// `*** FIRST FLOP ***`.
    First,
    /// `*** SECOND FLOP ***`.
    Second,
}

/// A board street.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Street {
    /// Three cards.
    Flop,
    /// The fourth card.
    Turn,
    /// The fifth card.
    River,
}

/// Which pot a `collected` line names.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PotName {
    /// `from pot`.
    Pot,
    /// `from main pot`.
    Main,
    /// `from side pot` (no number: the only side pot).
    Side,
    /// `from side pot-N`.
    SideN(u8),
}

/// A line that happens at the table but is not part of the game's state (chat,
/// connections, tournament results, seat changes). Kept so nothing is lost and
/// nothing is misread.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Note {
    /// `name said, "..."`.
    Chat,
    /// Connection, time-out, sitting-out, joining or leaving notices.
    Table,
    /// `name wins $X for eliminating ...`, `... bounty ...`.
    Bounty,
    /// `name finished the tournament in Nth place...`, `name wins the tournament...`.
    Finish,
    /// `name: Chooses to EV Cashout`, `name: Receives Cashout ($X)`, `name: Pays
    /// Cashout Risk ($X)`: the all-in insurance of newer clients; the amounts do not
    /// move chips in the hand.
    CashOut,
}

/// One line of the hand's play, in order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// A forced bet.
    Post {
        /// Who posts.
        seat: SeatIndex,
        /// What.
        kind: PostKind,
        /// How much.
        amount: Amount,
        /// `and is all-in`.
        all_in: bool,
    },
    /// `*** HOLE CARDS ***`.
    HoleCards,
    /// `Dealt to name [Ah Kd]`.
    Dealt {
        /// Who.
        seat: SeatIndex,
        /// The two cards.
        cards: [Card; 2],
    },
    /// `*** FLOP *** [..]`, `*** FIRST TURN *** [..] [..]`...: the new cards only.
    Board {
        /// Which street.
        street: Street,
        /// Which run.
        run: Run,
        /// The cards this street adds (three on the flop, one after).
        cards: CardList,
        /// The cards written before them in the first brackets (the board so far).
        before: CardList,
    },
    /// `*** SHOW DOWN ***` (or `FIRST`/`SECOND`).
    ShowDown(Run),
    /// `folds` (with the cards when the player showed them as they folded).
    Fold {
        /// Who.
        seat: SeatIndex,
        /// `folds [Qh]`.
        shown: CardList,
    },
    /// `checks`.
    Check {
        /// Who.
        seat: SeatIndex,
    },
    /// `calls X`: the amount added.
    Call {
        /// Who.
        seat: SeatIndex,
        /// Chips added to the pot.
        amount: Amount,
        /// `and is all-in`.
        all_in: bool,
    },
    /// `bets X`.
    Bet {
        /// Who.
        seat: SeatIndex,
        /// The bet.
        amount: Amount,
        /// `and is all-in`.
        all_in: bool,
    },
    /// `raises X to Y`.
    Raise {
        /// Who.
        seat: SeatIndex,
        /// The raise increment.
        by: Amount,
        /// The player's total bet this round after the raise.
        to: Amount,
        /// `and is all-in`.
        all_in: bool,
    },
    /// `Uncalled bet (X) returned to name`.
    Uncalled {
        /// Who gets it back.
        seat: SeatIndex,
        /// How much.
        amount: Amount,
    },
    /// `shows [..] (description)`.
    Shows {
        /// Who.
        seat: SeatIndex,
        /// The cards shown (one or two).
        cards: CardList,
    },
    /// `mucks hand` (cards when the text names them).
    Mucks {
        /// Who.
        seat: SeatIndex,
        /// The mucked cards, when written.
        cards: CardList,
    },
    /// `doesn't show hand`.
    DoesNotShow {
        /// Who.
        seat: SeatIndex,
    },
    /// `name collected X from pot`.
    Collected {
        /// Who.
        seat: SeatIndex,
        /// How much, after rake.
        amount: Amount,
        /// From which pot.
        pot: PotName,
    },
    /// A line about the table, not the game.
    Note {
        /// The seated player it is about, if any (a notice about someone not
        /// seated in this hand has none).
        seat: Option<SeatIndex>,
        /// What kind of notice.
        note: Note,
    },
}

/// One event with its line.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Line {
    /// 1-based line in the file.
    pub line: u32,
    /// What it says.
    pub event: Event,
}

/// One `Seat N: ...` line of the summary.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SummarySeat {
    /// The seat.
    pub seat: SeatIndex,
    /// `showed [..]` or `mucked [..]` cards.
    pub cards: CardList,
    /// Every `won (X)` and `collected (X)` amount, in order (two when run twice).
    pub won: Vec<Amount>,
    /// The line.
    pub line: u32,
}

/// The `*** SUMMARY ***` section.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Summary {
    /// `Total pot X`.
    pub total_pot: Amount,
    /// `Main pot Y.`, when the pot was split.
    pub main_pot: Option<Amount>,
    /// `Side pot-1 Z.` ...
    pub side_pots: Vec<Amount>,
    /// `| Rake R` (zero when not written).
    pub rake: Amount,
    /// `Hand was run twice`.
    pub run_twice: bool,
    /// `Board [..]`, or the `FIRST Board` and `SECOND Board`.
    pub boards: ArrayVec<CardList, 2>,
    /// The seat lines.
    pub seats: Vec<SummarySeat>,
    /// The `Total pot` line.
    pub line: u32,
}

/// One text hand, whatever the site.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hand {
    /// The header line.
    pub header: Header,
    /// The table line.
    pub table: TableLine,
    /// The seats in table order (by seat number, as listed).
    pub seats: Vec<Seat>,
    /// Everything between the seats and the summary, in order.
    pub events: Vec<Line>,
    /// The summary.
    pub summary: Summary,
    /// 1-based line of the header.
    pub first_line: u32,
}

impl Hand {
    /// The seat index of the button, when the button's seat is occupied.
    pub fn button_index(&self) -> Option<SeatIndex> {
        self.seats
            .iter()
            .position(|s| s.number == self.table.button)
            .and_then(|i| SeatIndex::try_from(i).ok())
    }
}
