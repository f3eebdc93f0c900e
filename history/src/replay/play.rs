//! Feeding the recorded actions of a hand to the engine: deals, actions, time-outs
//! and the shows held for the showdown.

use holdem_betting::{
    Action as BetAction, AutoOutcome, Chips, DealerInput, Discard, Event, EventSink, Hand, Input,
    MAX_SEATS, Pending, Seat, SeatStatus, Street, Timestamp,
};

use super::outcome::{IllegalReason, MAX_HELD_SHOWS, Outcome, seat_of};
use super::settle::finish;
use crate::view::{RecordedAction, ReplayView};
use crate::{CompactAction, CompactCards, CompactShown, Player};

/// Collects engine events, keeping only what replay checks: the outcome of an
/// automatic action (a time-out, B16). Nothing is copied or allocated.
#[derive(Default)]
struct AutoSink {
    outcome: Option<AutoOutcome>,
}

impl EventSink for AutoSink {
    #[inline]
    fn push(&mut self, _at: Timestamp, event: Event) {
        if let Event::AutoAction { outcome, .. } = event {
            self.outcome.get_or_insert(outcome);
        }
    }
}

/// What replay shows of each recorded action as it goes: nothing to replay itself
/// ([`Unwatched`]: its loop is the same as with no watcher), and the engine's events
/// and the table after each action to [`crate::steps`].
pub(crate) trait Watch {
    /// Where the engine's events go.
    type Sink: EventSink;
    /// Whether [`Watch::after`] is called, each action applied on its own (a run
    /// of hole-card deals is otherwise applied in one engine call).
    const EACH: bool;
    /// The sink for the events of the action being applied.
    fn sink(&mut self) -> &mut Self::Sink;
    /// Called once the recorded action `action` (1-based) has been applied; held
    /// shows are applied when the showdown reaches them, so a show's events come
    /// with the action that reached it.
    fn after(&mut self, action: usize, hand: &Hand);
}

/// Replay's own watcher: sees nothing.
#[derive(Default)]
pub(super) struct Unwatched(Discard);

impl Watch for Unwatched {
    type Sink = Discard;
    const EACH: bool = false;

    #[inline(always)]
    fn sink(&mut self) -> &mut Discard {
        &mut self.0
    }

    #[inline(always)]
    fn after(&mut self, _action: usize, _hand: &Hand) {}
}

/// A sink handing every event to two sinks (a time-out watched by [`Watch`]).
struct Both<'a, S>(&'a mut AutoSink, &'a mut S);

impl<S: EventSink> EventSink for Both<'_, S> {
    fn push(&mut self, at: Timestamp, event: Event) {
        self.0.push(at, event);
        self.1.push(at, event);
    }
}

/// A fold or a check-or-call by `seat`, or the time-out the history marks it as
/// (B16: the engine folds or checks for the player).
#[inline(always)]
fn act_or_time_out(seat: Seat, action: BetAction, timed_out: bool) -> Input {
    if timed_out {
        Input::TimeOut { seat }
    } else {
        Input::act(seat, action)
    }
}

/// Feeds the recorded actions of `h` to `hand` (after its forced bets) and reports.
pub(super) fn play<A: RecordedAction, W: Watch>(
    hand: &mut Hand,
    h: &ReplayView<'_, A>,
    watch: &mut W,
) -> Outcome {
    let t = Timestamp(0);
    // Shows and mucks wait for the showdown (see the module docs).
    let mut shows: Shows = arrayvec::ArrayVec::new();
    let mut hidden: Option<String> = None;
    // A run of hole-card deals takes the deals after it from the iterator as it
    // goes, looking at the next one in place (no look-ahead held in an `Option`).
    let mut actions = h.actions.iter();
    // The 1-based index of the action last taken from `actions` (reports count
    // actions from 1), worked out only where it is reported or kept, not counted
    // for every action.
    let taken = |actions: &std::slice::Iter<'_, A>| h.actions.len() - actions.len();
    // The action last taken, for a watcher (see [`Watch::after`]).
    let mut last = 0;
    while let Some(action) = actions.next() {
        if W::EACH {
            if last > 0 {
                watch.after(last, hand);
            }
            last = taken(&actions);
        }
        let step = action.action();
        // (Given the iterator, not holding it: a run of hole-card deals takes from it.)
        let illegal = |reason: IllegalReason, rest: &std::slice::Iter<'_, A>| Outcome::Illegal {
            action: taken(rest),
            text: action.text(h.source, h.unit),
            reason,
        };
        let timed_out = action
            .comment(h.source)
            .is_some_and(|c| c.starts_with("time-out"));
        let input = match *step {
            CompactAction::NoOp => continue,
            CompactAction::ShowMuck { player, shown } => {
                if shows.try_push((taken(&actions), player, shown)).is_err() {
                    return illegal(IllegalReason::TooManyShows, &actions);
                }
                if let Some(o) = drain_shows(hand, &mut shows, h, &mut hidden, watch.sink()) {
                    return o;
                }
                continue;
            }
            CompactAction::DealHole { player, cards } => {
                // (Nested, not an `if let` chain: chains need Rust 1.88, the workspace
                // promises 1.87.)
                if !W::EACH && shows.is_empty() && hidden.is_none() {
                    if let Some(seat) = seat_of(player) {
                        let index = taken(&actions);
                        match deal_run(hand, h, &mut actions, index, (seat, cards.first_two())) {
                            Some(Ok(())) => continue,
                            Some(Err(o)) => return o,
                            None => {}
                        }
                    }
                }
                let Some(seat) = seat_of(player) else {
                    return illegal(IllegalReason::NoSuchSeat, &actions);
                };
                Input::Deal(DealerInput::HoleCards {
                    seat,
                    cards: cards.first_two(),
                })
            }
            CompactAction::DealBoard { cards } => match board_input(hand, cards) {
                Ok(input) => input,
                Err(reason) => return illegal(reason, &actions),
            },
            // One arm a kind: the action is known where its input is built (one
            // dispatch on the kind, not a second one for the betting action).
            CompactAction::Fold { player } => match seat_of(player) {
                Some(seat) => act_or_time_out(seat, BetAction::Fold, timed_out),
                None => return illegal(IllegalReason::NoSuchSeat, &actions),
            },
            CompactAction::CheckCall { player } => match seat_of(player) {
                Some(seat) => act_or_time_out(seat, BetAction::CheckOrCall, timed_out),
                None => return illegal(IllegalReason::NoSuchSeat, &actions),
            },
            CompactAction::BetRaiseTo { player, amount } => {
                let Some(seat) = seat_of(player) else {
                    return illegal(IllegalReason::NoSuchSeat, &actions);
                };
                if timed_out {
                    return illegal(IllegalReason::TimeOutBet, &actions);
                }
                Input::act(seat, BetAction::BetOrRaiseTo(Chips(amount)))
            }
            CompactAction::OfferRuns { player, runs } => match seat_of(player) {
                Some(seat) => Input::OfferRuns { seat, runs },
                None => return illegal(IllegalReason::NoSuchSeat, &actions),
            },
            CompactAction::AnswerRuns { player, accept } => match seat_of(player) {
                Some(seat) => Input::AnswerRuns { seat, accept },
                None => return illegal(IllegalReason::NoSuchSeat, &actions),
            },
        };
        if hidden.is_some() {
            // The showdown cannot be decided; later actions cannot be checked either.
            break;
        }
        // Events matter only for a time-out (what the engine did for the player): the
        // other actions go to a sink that drops them.
        if timed_out {
            if let Err(reason) = apply_timed_out(hand, input, *step, watch) {
                return illegal(reason, &actions);
            }
        } else if let Err(e) = hand.apply_into(t, input, watch.sink()) {
            return illegal(IllegalReason::Engine(e), &actions);
        }
        if !shows.is_empty() {
            if let Some(o) = drain_shows(hand, &mut shows, h, &mut hidden, watch.sink()) {
                return o;
            }
        }
    }
    if W::EACH && last > 0 {
        watch.after(last, hand);
    }
    if hidden.is_none() {
        if let Some(o) = check_unused_shows(hand, &shows, h) {
            return o;
        }
    }
    finish(hand, h, hidden)
}

/// A run of hole-card deals in one engine call, from the deal `first` (action
/// `index`, 1-based) and the deals that follow it in `actions`, which it takes:
/// `Hand::deal_hole_cards` makes the checks and changes of one input each, with
/// one call. `None`: a run of one deal, to be applied as a single input.
#[inline(always)]
fn deal_run<A: RecordedAction>(
    hand: &mut Hand,
    h: &ReplayView<'_, A>,
    actions: &mut std::slice::Iter<'_, A>,
    index: usize,
    first: (Seat, [Option<holdem_cards::Card>; 2]),
) -> Option<Result<(), Outcome>> {
    // At most MAX_SEATS deals; a deal to a player with no engine seat, or any
    // other action, ends the run and is applied after it.
    // The first `len` of a fixed array (filled with the first deal): an
    // `ArrayVec` checked its capacity and stored its length at each push.
    let mut deals = [first; MAX_SEATS];
    let mut len = 1;
    while let Some(slot) = deals.get_mut(len) {
        let Some(&CompactAction::DealHole { player, cards }) = actions
            .as_slice()
            .first()
            .map(RecordedAction::action)
            .as_deref()
        else {
            break;
        };
        let Some(seat) = seat_of(player) else {
            break;
        };
        *slot = (seat, cards.first_two());
        len += 1;
        actions.next();
    }
    // (`len` is at most MAX_SEATS: the slice is always there.)
    if let Some(deals) = deals.get(..len).filter(|d| d.len() > 1) {
        return Some(
            hand.deal_hole_cards(Timestamp(0), deals, &mut Discard)
                .map_err(|(k, e)| Outcome::Illegal {
                    action: index + k,
                    text: h.action_text(index + k),
                    reason: IllegalReason::Engine(e),
                }),
        );
    }
    None
}

/// Applies a time-out (B16) and checks that the engine did what the history
/// records for it: a fold, or a check (all-in protection for a call). The events
/// go to the watcher as well when it sees every action.
fn apply_timed_out<W: Watch>(
    hand: &mut Hand,
    input: Input,
    step: CompactAction,
    watch: &mut W,
) -> Result<(), IllegalReason> {
    let mut sink = AutoSink::default();
    let applied = if W::EACH {
        hand.apply_into(Timestamp(0), input, &mut Both(&mut sink, watch.sink()))
    } else {
        hand.apply_into(Timestamp(0), input, &mut sink)
    };
    if let Err(e) = applied {
        return Err(IllegalReason::Engine(e));
    }
    let outcome = sink.outcome;
    let agrees = matches!(
        (step, outcome),
        (CompactAction::Fold { .. }, Some(AutoOutcome::Folded))
            | (
                CompactAction::CheckCall { .. },
                Some(AutoOutcome::Checked | AutoOutcome::AllInProtected)
            )
    );
    if agrees {
        return Ok(());
    }
    Err(IllegalReason::TimeOutGives(outcome))
}

/// Shows and mucks held until the showdown: action index, player, what is shown.
type Shows = arrayvec::ArrayVec<(usize, Player, CompactShown), MAX_HELD_SHOWS>;

/// Shows the engine did not ask for: PHH records the hands an all-in showdown turns
/// face up (the engine shows them itself, B21), and a winner may show after the
/// others fold. Such a show must come from a player still in the hand and match the
/// cards dealt (C1).
fn check_unused_shows<E, A: RecordedAction>(
    hand: &Hand<E>,
    shows: &Shows,
    h: &ReplayView<'_, A>,
) -> Option<Outcome> {
    for (index, player, shown) in shows {
        let (index, player) = (*index, *player);
        let seat = Seat::new(player.0)?;
        let reason = if hand.status(seat) == SeatStatus::Folded {
            IllegalReason::ShowAfterFold { player }
        } else if let CompactShown::Cards(c) = shown {
            let shown_cards = c.first_two();
            let dealt = hand.hole_cards(seat);
            let clash = shown_cards
                .iter()
                .zip(dealt)
                .any(|(s, d)| matches!((s, d), (Some(s), Some(d)) if *s != d));
            let same_set = matches!(
                (shown_cards, dealt),
                ([Some(a), Some(b)], [Some(c), Some(d)]) if (a, b) == (d, c)
            );
            if clash && !same_set {
                IllegalReason::ShownNotDealt {
                    player,
                    shown: *c,
                    dealt,
                }
            } else {
                continue;
            }
        } else {
            continue;
        };
        return Some(Outcome::Illegal {
            action: index,
            text: h.action_text(index),
            reason,
        });
    }
    None
}

/// The dealer input for recorded board cards: the street the engine waits for.
/// (Always inlined: out of line, which `#[inline]` alone left it, the `Result`
/// comes back through memory.)
#[inline(always)]
fn board_input<E>(hand: &Hand<E>, cards: CompactCards) -> Result<Input, IllegalReason> {
    let street = match hand.pending() {
        Pending::Board { street } => street,
        _ => match (cards.len(), hand.board().len()) {
            (3, _) => Street::Flop,
            (_, 3) => Street::Turn,
            _ => Street::River,
        },
    };
    let need = if street == Street::Flop { 3 } else { 1 };
    if cards.len() != need {
        return Err(IllegalReason::BoardCards {
            street: match street {
                Street::Flop => "flop",
                Street::Turn => "turn",
                _ => "river",
            },
            need,
            found: cards.len(),
        });
    }
    // (The length is checked: these are the recorded cards.)
    let [first, second, third] = cards.first_three();
    Ok(Input::Deal(match street {
        Street::Flop => DealerInput::Flop([first, second, third]),
        Street::Turn => DealerInput::Turn(first),
        _ => DealerInput::River(first),
    }))
}

/// Whether a show reveals fewer than two cards (`sm ????`).
fn hides_cards(shown: &CompactShown) -> bool {
    match shown {
        CompactShown::Cards(c) => !matches!(c.first_two(), [Some(_), Some(_)]),
        CompactShown::Muck | CompactShown::AsDealt => false,
    }
}

/// Applies held shows while the engine waits for a seat that has one.
fn drain_shows<E: holdem_eval::HandEvaluator + Clone, A: RecordedAction, S: EventSink>(
    hand: &mut Hand<E>,
    shows: &mut Shows,
    h: &ReplayView<'_, A>,
    hidden: &mut Option<String>,
    sink: &mut S,
) -> Option<Outcome> {
    while let Pending::Showdown { seat } = hand.pending() {
        let mine = |p: &Player| usize::from(p.0) == seat.as_usize();
        // A record may write `sm ????` street after street and the cards once they
        // are known (H4): a show with the cards wins over those that hide them,
        // which are then dropped.
        let pos = shows
            .iter()
            .position(|(_, p, s)| mine(p) && !hides_cards(s))
            .or_else(|| shows.iter().position(|(_, p, _)| mine(p)))?;
        let (index, player, shown) = shows.remove(pos);
        if !hides_cards(&shown) {
            shows.retain(|(_, p, s)| !(mine(p) && hides_cards(s)));
        }
        let input = match shown {
            CompactShown::Muck => Input::Muck { seat },
            CompactShown::AsDealt => Input::Show { seat, cards: None },
            CompactShown::Cards(c) => match c.first_two() {
                [Some(a), Some(b)] => Input::Show {
                    seat,
                    cards: Some([a, b]),
                },
                // `sm ????` by a player whose cards were dealt face up in the
                // record: the show reveals what the deal recorded (H4).
                _ if matches!(hand.hole_cards(seat), [Some(_), Some(_)]) => {
                    Input::Show { seat, cards: None }
                }
                _ => {
                    *hidden = Some(format!("{player} does not reveal their cards at showdown"));
                    return None;
                }
            },
        };
        if let Err(e) = hand.apply_into(Timestamp(0), input, sink) {
            let text = h.action_text(index);
            return Some(Outcome::Illegal {
                action: index,
                text,
                reason: IllegalReason::Engine(e),
            });
        }
    }
    None
}
