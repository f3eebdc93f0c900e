//! Replaying hands one after another from a shared start.

use holdem_betting::{
    Chips, Discard, ForcedBets, Hand, HandError, MAX_SEATS, Player as BetPlayer, Seat, Timestamp,
};

use holdem_eval::Evaluator;

use super::house::HouseRules;
use super::outcome::{Amounts, IllegalReason, Outcome, UnsupportedReason, unsupported};
use super::play::{Unwatched, play};
use super::replay_view;
use super::setup::setup;
use crate::view::{RecordedAction, ReplayView};
use crate::{Stakes, Unit, Variant};

/// Replays hands one after another, reusing what consecutive hands share: a hand
/// with the same house rules, stakes, forced bets, rake and starting stacks as the
/// one before starts from a copy of that hand's engine state after the forced bets
/// (what `Hand::new` and `post_forced_bets` gave for the same inputs), not from a
/// new one. Every action is still checked by the engine (H2); the outcome is
/// [`replay_view`]'s.
#[derive(Debug, Default)]
pub struct Replayer {
    last: Option<Box<LastStart>>,
}

/// The start of the previous hand: its inputs, and the engine state after the
/// forced bets once two hands in a row have had the same inputs.
#[derive(Debug)]
struct LastStart {
    /// Only its options count ([`HouseRules::same_options`]).
    rules: HouseRules,
    key: StartKey,
    hand: Option<Hand>,
}

/// What a hand's start depends on besides the house rules.
#[derive(Debug, PartialEq, Eq)]
struct StartKey {
    variant: Variant,
    unit: Unit,
    stakes: Stakes,
    antes: Amounts,
    blinds_or_straddles: Amounts,
    starting_stacks: Amounts,
    rake: Option<String>,
    /// The recorded house rules' text ([`HOUSE_FIELD`]).
    house: Option<String>,
    /// The [`ReplayView::setup`] bytes of these inputs, if they came with them.
    setup: Option<Vec<u8>>,
}

impl StartKey {
    /// Whether `h` has these inputs: by their setup bytes when the key has them
    /// (equal bytes are equal inputs; different bytes for equal inputs, which a
    /// writer does not make, would only miss), else field by field, cheapest
    /// first.
    fn matches<A>(&self, h: &ReplayView<'_, A>) -> bool {
        let same_start = match (&self.setup, h.setup) {
            (Some(key), Some(setup)) => key[..] == *setup,
            // A key of setup bytes keeps no fields to compare.
            (Some(_), None) => false,
            (None, _) => {
                self.starting_stacks[..] == *h.starting_stacks
                    && self.variant == h.variant
                    && self.stakes == h.stakes
                    && self.unit == h.unit
                    && self.blinds_or_straddles[..] == *h.blinds_or_straddles
                    && self.antes[..] == *h.antes
            }
        };
        same_start && self.rake.as_deref() == h.rake && self.house.as_deref() == h.house
    }

    /// No inputs yet (matches no hand: a hand has players).
    fn empty() -> StartKey {
        StartKey {
            variant: Variant::NoLimit,
            unit: Unit::default(),
            stakes: Stakes::MinBet(0),
            antes: Amounts::new(),
            blinds_or_straddles: Amounts::new(),
            starting_stacks: Amounts::new(),
            rake: None,
            house: None,
            setup: None,
        }
    }

    /// Becomes the inputs of `h`, in place (most hands miss when stacks vary: this
    /// runs for each of them): its setup bytes when it has them (and then not its
    /// fields), else its fields; `false`, and no inputs, when `h` has no setup
    /// bytes and more than [`MAX_SEATS`] players.
    fn set<A>(&mut self, h: &ReplayView<'_, A>) -> bool {
        if self.rake.as_deref() != h.rake {
            self.rake = h.rake.map(str::to_string);
        }
        if self.house.as_deref() != h.house {
            self.house = h.house.map(str::to_string);
        }
        if let Some(setup) = h.setup {
            let key = self.setup.get_or_insert_with(Vec::new);
            key.clear();
            key.extend_from_slice(setup);
            return true;
        }
        self.setup = None;
        self.variant = h.variant;
        self.unit = h.unit;
        self.stakes = h.stakes;
        let mut fits = true;
        for (to, from) in [
            (&mut self.antes, h.antes),
            (&mut self.blinds_or_straddles, h.blinds_or_straddles),
            (&mut self.starting_stacks, h.starting_stacks),
        ] {
            to.clear();
            fits &= to.try_extend_from_slice(from).is_ok();
        }
        if !fits {
            self.starting_stacks.clear();
        }
        fits
    }
}

impl Replayer {
    /// A replayer that has seen no hand yet.
    pub fn new() -> Replayer {
        Replayer::default()
    }

    /// Replays one hand under `rules`; the same outcome as [`replay_view`].
    pub fn replay<A: RecordedAction>(
        &mut self,
        h: &ReplayView<'_, A>,
        rules: &HouseRules,
    ) -> Outcome {
        let last = match self.last.as_deref_mut() {
            Some(last) if last.key.matches(h) && last.rules.same_options(rules) => last,
            _ => {
                self.remember(h, rules);
                return replay_view(h, rules);
            }
        };
        // `play`'s outcome is returned as it is: passing it through a `Result` cost
        // two copies of the ~200-byte `Outcome` a hand.
        if let Some(template) = &last.hand {
            let mut hand = template.clone();
            return play(&mut hand, h, &mut Unwatched::default());
        }
        with_start(h, rules, |hand| {
            last.hand = Some(hand.clone());
            play(hand, h, &mut Unwatched::default())
        })
    }

    /// Keeps the inputs of `h` (its engine state comes with the next hand that
    /// shares them).
    #[cold]
    fn remember<A>(&mut self, h: &ReplayView<'_, A>, rules: &HouseRules) {
        let last = self.last.get_or_insert_with(|| {
            Box::new(LastStart {
                rules: rules.clone(),
                key: StartKey::empty(),
                hand: None,
            })
        });
        if !last.rules.same_options(rules) {
            last.rules = rules.clone();
        }
        if last.hand.is_some() {
            last.hand = None;
        }
        // A hand over MAX_SEATS players leaves no inputs, unless by its setup bytes:
        // it matches nothing, or hands that cannot start either (the engine seats
        // no more), so no engine state is ever kept for it.
        let _ = last.key.set(h);
    }
}

/// Starts the hand of `h` (the engine state after its forced bets) and gives it to
/// `then`, whose outcome it returns, or the outcome of a hand that cannot start
/// (unsupported, or illegal at its setup). The hand is borrowed where it was built:
/// it is about 1.8 KB, and every move of it a copy; the outcome is returned as it is
/// for the same reason (through a `Result`, it was copied twice).
pub(super) fn with_start<A>(
    h: &ReplayView<'_, A>,
    rules: &HouseRules,
    then: impl FnOnce(&mut Hand) -> Outcome,
) -> Outcome {
    let mut forced = None;
    let mut positions = None;
    let config = match setup(h, rules, &mut forced, &mut positions) {
        Ok(config) => config,
        Err(e) => return unsupported(UnsupportedReason::Setup(e)),
    };
    let n = h.player_count();
    let mut players = arrayvec::ArrayVec::<BetPlayer, MAX_SEATS>::new();
    for (i, &stack) in h.starting_stacks.iter().enumerate() {
        let Some(seat) = Seat::new(i as u8) else {
            return unsupported(UnsupportedReason::TooManyPlayers);
        };
        players.push(BetPlayer::new(seat, Chips(stack)));
    }
    let Some(button) = Seat::new((n - 1) as u8) else {
        return unsupported(UnsupportedReason::NoPlayers);
    };
    let setup_error = |e: HandError| Outcome::Illegal {
        action: 0,
        text: "(setup)".into(),
        reason: IllegalReason::Engine(e),
    };
    let mut built = match (&forced, positions) {
        (None, None) => Hand::new(config, &players, button),
        (Some(f), positions) => {
            Hand::with_forced_bets(config, &players, button, positions, f, Evaluator::new())
        }
        (None, positions) => Hand::with_forced_bets(
            config,
            &players,
            button,
            positions,
            &ForcedBets::default(),
            Evaluator::new(),
        ),
    };
    let hand = match &mut built {
        Ok(hand) => hand,
        // The engine plays live straddles left of the big blind, each at least double
        // the one before (B3); other straddle customs are not played, not illegal.
        Err(e @ HandError::InvalidStraddle { .. }) => {
            return unsupported(UnsupportedReason::Straddle(e.clone()));
        }
        Err(e) => return setup_error(e.clone()),
    };
    if let Err(e) = hand.post_forced_bets(Timestamp(0), &mut Discard) {
        return setup_error(e);
    }
    then(hand)
}
