//! Settlement: ranks through `eval`, pots through `pots`, and the [`HandResult`].

use arrayvec::ArrayVec;
use holdem_eval::{HandEvaluator, HandRank};
use holdem_pots::{Chips, Contribution, Seat, SeatSet, SettleOptions, Status, TableLayout, settle};

use crate::event::{Event, EventSink};
use crate::hand::Phase;
use crate::runs::MAX_POT_AWARDS;
use crate::{Hand, HandError, MAX_SEATS, SeatStatus, Timestamp};

/// One pot as awarded: amount, rake, winners, shares and odd chips (P1-P6, B23).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct PotResult {
    /// 0 is the main pot, then the side pots.
    pub index: u8,
    /// The run of the board that decided it (B26): 0 unless the board was run more
    /// than once, when each run wins its part of every pot.
    #[cfg_attr(feature = "serde", serde(default))]
    pub run: u8,
    /// Chips in the pot before rake.
    pub amount: Chips,
    /// The rake taken from it (B23).
    pub rake: Chips,
    /// The seats that could win it.
    pub eligible: SeatSet,
    /// The seats that won it.
    pub winners: SeatSet,
    /// Each winner's share before odd chips.
    pub share: Chips,
    /// The seats given one odd chip each (P3).
    pub odd_chips: SeatSet,
    /// The first seat given an odd chip (left of the button), if any.
    pub odd_chip_seat: Option<Seat>,
}

impl PotResult {
    /// What `seat` receives from this pot.
    #[must_use]
    pub fn share_of(&self, seat: Seat) -> Chips {
        if !self.winners.contains(seat) {
            return Chips::ZERO;
        }
        Chips(self.share.get() + u64::from(self.odd_chips.contains(seat)))
    }
}

/// The outcome of a complete hand: per-seat final stacks and net results, every pot
/// awarded, the rake, and the showdown ranks.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct HandResult {
    players: SeatSet,
    starting: [Chips; MAX_SEATS],
    finals: [Chips; MAX_SEATS],
    /// Raw `HandRank`s (`holdem_eval` has no serde feature yet).
    ranks: [Option<u16>; MAX_SEATS],
    pots: ArrayVec<PotResult, MAX_POT_AWARDS>,
    rake: Chips,
    showdown: bool,
}

impl HandResult {
    /// The seats that played the hand.
    #[must_use]
    pub const fn players(&self) -> SeatSet {
        self.players
    }

    /// A seat's stack after the hand (zero for a seat not in it).
    #[must_use]
    pub fn final_stack(&self, seat: Seat) -> Chips {
        self.finals
            .get(seat.as_usize())
            .copied()
            .unwrap_or(Chips::ZERO)
    }

    /// A seat's stack before the hand.
    #[must_use]
    pub fn starting_stack(&self, seat: Seat) -> Chips {
        self.starting
            .get(seat.as_usize())
            .copied()
            .unwrap_or(Chips::ZERO)
    }

    /// Final minus starting stack.
    #[must_use]
    pub fn net(&self, seat: Seat) -> i64 {
        let gain = |a: Chips| i64::try_from(a.get()).unwrap_or(i64::MAX);
        gain(self.final_stack(seat)) - gain(self.starting_stack(seat))
    }

    /// Every seat with its final stack, in seat order.
    pub fn final_stacks(&self) -> impl Iterator<Item = (Seat, Chips)> + '_ {
        self.players.iter().map(|s| (s, self.final_stack(s)))
    }

    /// The pots, main pot first; with the board run more than once (B26), each
    /// pot's parts in run order ([`PotResult::run`]).
    #[must_use]
    pub fn pots(&self) -> &[PotResult] {
        &self.pots
    }

    /// The total rake (B23).
    #[must_use]
    pub const fn rake(&self) -> Chips {
        self.rake
    }

    /// A seat's showdown rank, when it showed with a complete board (with the board
    /// run more than once, B26, on the last run's board).
    #[must_use]
    pub fn rank(&self, seat: Seat) -> Option<HandRank> {
        self.ranks
            .get(seat.as_usize())
            .copied()
            .flatten()
            .map(HandRank::from_raw)
    }

    /// `true` when hands were compared (not won by everyone else folding, B22).
    #[must_use]
    pub const fn went_to_showdown(&self) -> bool {
        self.showdown
    }
}

impl<E: HandEvaluator + Clone> Hand<E> {
    /// Settles a hand won by everyone else folding (B22). It cannot fail: with
    /// one seat left in, that seat's chips are the largest live contribution
    /// (no seat still able to bet is below the call, P1), it is the one strength
    /// given, no board is run twice (runs are agreed only once the betting is
    /// over, with two or more hands in), and the button is a table seat (checked
    /// on load). Its `Result` is dropped only here, where it is always `Ok`;
    /// debug builds (every test) check it.
    pub(crate) fn settle<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
        let settled = self.try_settle(at, sink);
        debug_assert!(settled.is_ok(), "a fold-won hand is refused: {settled:?}");
    }

    /// Ranks the shown hands (E1), settles the pots (P1-P6, B14, B23) and completes
    /// the hand. On error nothing has changed.
    pub(crate) fn try_settle<S: EventSink>(
        &mut self,
        at: Timestamp,
        sink: &mut S,
    ) -> Result<(), HandError> {
        let Some(single) = self.lean_single_pot() else {
            return self.try_settle_general(at, sink);
        };
        // The lean path must do exactly what the general one does: debug builds (every
        // test) settle a copy both ways and compare the hands and the events.
        #[cfg(debug_assertions)]
        {
            let (mut general, mut general_events) = (self.clone(), crate::Events::new());
            let settled = general.try_settle_general(at, &mut general_events);
            let (mut lean, mut lean_events) = (self.clone(), crate::Events::new());
            lean.complete_single(at, single, &mut lean_events);
            debug_assert!(settled.is_ok());
            debug_assert!(general == lean, "lean single-pot settlement differs");
            debug_assert_eq!(general_events, lean_events);
        }
        self.complete_single(at, single, sink);
        Ok(())
    }

    /// Each seat's ante to settle as dead money, or all zero. Antes of several
    /// sizes (B5) are no bets to match: each goes to the main pot as dead money,
    /// out of the layering, so the seats still able to bet hold equal live
    /// chips (P1). Antes of one size layer as they are (every seat's layer holds
    /// the same ante: the same pots either way), and so do antes of several
    /// sizes when a seat is all-in inside its ante: it may win from each
    /// opponent no more than it put in, which only the layering gives; the pots
    /// then refuse the settlement (P1), and the input that led to it changes
    /// nothing.
    fn antes_as_dead_money(&self) -> [u64; MAX_SEATS] {
        let mut antes = [0u64; MAX_SEATS];
        if self.antes_even {
            return antes;
        }
        for &(seat, kind) in self.posts.iter().take(usize::from(self.next_post)) {
            if !kind.is_dead() && !kind.is_live_bet() {
                if let Some(a) = antes.get_mut(seat.as_usize()) {
                    *a = a.saturating_add(self.post_size(seat, kind));
                }
            }
        }
        for seat in self.players.iter() {
            let st = &self.seats[seat.as_usize()];
            let ante = antes.get(seat.as_usize()).copied().unwrap_or(0);
            if ante > 0 && st.total - st.dead <= ante {
                return [0; MAX_SEATS];
            }
        }
        antes
    }

    /// The general settlement behind [`Hand::try_settle`].
    #[inline(never)]
    fn try_settle_general<S: EventSink>(
        &mut self,
        at: Timestamp,
        sink: &mut S,
    ) -> Result<(), HandError> {
        let mut contributions: ArrayVec<Contribution, MAX_SEATS> = ArrayVec::new();
        let mut strengths: ArrayVec<(Seat, HandRank), MAX_SEATS> = ArrayVec::new();
        let mut ranks = [None; MAX_SEATS];
        let mut dead = 0u64;
        let live_count = self
            .contenders()
            .iter()
            .filter(|s| self.claims(&self.seats[s.as_usize()]))
            .count();
        let antes = self.antes_as_dead_money();
        for seat in self.players.iter() {
            let st = &self.seats[seat.as_usize()];
            let ante = antes.get(seat.as_usize()).copied().unwrap_or(0);
            let live = st.total - st.dead;
            dead += st.dead + ante;
            let status = match st.status {
                SeatStatus::Folded | SeatStatus::Empty => Status::Folded,
                // A muck forfeits the claim to contested pots only: the seat stays
                // live for layering (no strength below), so a pot it alone is
                // eligible for still comes back to it (P4).
                SeatStatus::AllIn => Status::AllIn,
                SeatStatus::Active => Status::Active,
            };
            contributions.push(Contribution::new(seat, Chips(live - ante), status));
            let ranked_muck = st.mucked && self.claims(st);
            if live_count >= 2 && ((st.shown && !st.mucked) || ranked_muck) && st.in_hand() {
                // Ranked while validating the river or the show (E1).
                let rank = HandRank::from_raw(st.rank.ok_or(HandError::UnknownBoard)?);
                ranks[seat.as_usize()] = Some(rank.raw());
                strengths.push((seat, rank));
            } else if live_count == 1 && self.claims(st) && st.in_hand() {
                // B22: every other contender mucked; the last hand wins unshown,
                // so its strength only has to beat the mucked (absent) ones.
                strengths.push((seat, HandRank::from_raw(0)));
            }
        }
        let table = TableLayout::new(MAX_SEATS as u8, self.positions.button)?
            .with_odd_chips(self.config.odd_chips);
        if self.runs.count > 1 {
            // B26: the board was run more than once.
            let settled = self.settle_runs(table, &contributions, live_count, dead)?;
            if let Some((seat, amount)) = settled.uncalled {
                sink.push(at, Event::UncalledReturned { seat, amount });
            }
            self.complete(
                at,
                &settled.payouts,
                &settled.parts,
                settled.rake,
                ranks,
                live_count >= 2,
                sink,
            );
            return Ok(());
        }
        let settled = match self.single_pot(table, &contributions, &strengths, dead) {
            Some(fast) => {
                // The fast path must agree with the general settlement by `pots`;
                // debug builds (every test) check it on every hand.
                #[cfg(debug_assertions)]
                {
                    let general = self.general_pots(table, &contributions, &strengths);
                    debug_assert_eq!(general.as_ref().ok(), Some(&fast));
                }
                fast
            }
            None => self.general_pots(table, &contributions, &strengths)?,
        };
        let Settled {
            mut payouts,
            mut pots,
            mut rake,
            uncalled,
        } = settled;
        if let Some((seat, amount)) = uncalled {
            // Only dead money can leave a seat above every other after the rounds'
            // uncalled bets were returned (B14); pots pays it back to its owner.
            sink.push(at, Event::UncalledReturned { seat, amount });
        }
        if dead > 0 {
            // Dead money (big-blind ante, dead blinds) belongs to the main pot: it is
            // added there and shared among the main pot's winners, rake and odd chips
            // recomputed (pots' layering would otherwise count it as uncalled).
            let extra_rake = self.dead_money_rake(&pots, dead, rake);
            rake += extra_rake;
            match pots.first_mut() {
                Some(main) => {
                    for seat in main.winners.iter() {
                        payouts[seat.as_usize()] -= main.share_of(seat).get();
                    }
                    *main = split(
                        main.index,
                        main.amount.get() + dead,
                        main.rake.get() + extra_rake,
                        main.eligible,
                        main.winners,
                        table,
                    );
                    for seat in main.winners.iter() {
                        payouts[seat.as_usize()] += main.share_of(seat).get();
                    }
                }
                None => {
                    // No live chips at all: the dead money goes back to its posters.
                    for seat in self.players.iter() {
                        payouts[seat.as_usize()] += self.seats[seat.as_usize()].dead;
                    }
                }
            }
        }

        self.complete(at, &payouts, &pots, rake, ranks, live_count >= 2, sink);
        Ok(())
    }

    /// Pays `payouts`, records the result and completes the hand, with the pots'
    /// awards, every final stack and the end in `sink`.
    #[allow(clippy::too_many_arguments)]
    fn complete<S: EventSink>(
        &mut self,
        at: Timestamp,
        payouts: &[u64; MAX_SEATS],
        pots: &[PotResult],
        rake: u64,
        ranks: [Option<u16>; MAX_SEATS],
        showdown: bool,
        sink: &mut S,
    ) {
        for pot in pots {
            sink.push(
                at,
                Event::PotAwarded {
                    index: pot.index,
                    run: pot.run,
                    amount: pot.amount,
                    rake: pot.rake,
                    winners: pot.winners,
                    share: pot.share,
                    odd_chip_seat: pot.odd_chip_seat,
                },
            );
        }
        let mut starting = [Chips::ZERO; MAX_SEATS];
        let mut finals = [Chips::ZERO; MAX_SEATS];
        // Every seat (the loop unrolls): seats not dealt in hold zeros and are paid
        // nothing, so their entries stay zero.
        for (i, st) in self.seats.iter_mut().enumerate() {
            starting[i] = Chips(st.starting);
            st.stack += payouts[i];
            finals[i] = Chips(st.stack);
            st.total = 0;
            st.dead = 0;
        }
        self.pot = 0;
        let players = self.players;
        // Built in place with no pots, then only the pots there are copied in (a whole
        // `ArrayVec` of pots moved by value costs two large copies).
        let result = self.result.insert(HandResult {
            players,
            starting,
            finals,
            ranks,
            pots: ArrayVec::new(),
            rake: Chips(rake),
            showdown,
        });
        for pot in pots {
            // At most one pot per seat, as `pots` had.
            let _ = result.pots.try_push(*pot);
        }
        // (A loop over a seat set is not removed when its body is: skipped for a sink
        // that drops the events.)
        if S::KEEPS_EVENTS {
            for seat in players.iter() {
                sink.push(
                    at,
                    Event::FinalStack {
                        seat,
                        stack: result.final_stack(seat),
                        net: result.net(seat),
                    },
                );
            }
        }
        sink.push(at, Event::HandComplete);
        self.phase = Phase::Complete;
        self.to_act = None;
    }

    /// Completes a hand settled by [`Hand::lean_single_pot`].
    fn complete_single<S: EventSink>(&mut self, at: Timestamp, single: LeanSingle, sink: &mut S) {
        let mut payouts = [0u64; MAX_SEATS];
        let mut winners = single.pot.winners.bits();
        while winners != 0 {
            let i = winners.trailing_zeros() as usize;
            winners &= winners - 1;
            if let Some(seat) = Seat::new(i as u8) {
                payouts[i] = single.pot.share_of(seat).get();
            }
        }
        let rake = single.pot.rake.get();
        self.complete(
            at,
            &payouts,
            &[single.pot],
            rake,
            single.ranks,
            single.showdown,
            sink,
        );
    }

    /// The common settlement, found without building contributions: one pot that
    /// every contender matched, nobody all-in, no dead money, winners who must show
    /// (the default house rule), the shown hands ranked at the river. Exactly what
    /// [`Hand::try_settle_general`] would do in that case (checked in debug builds);
    /// `None` sends everything else, errors included, down the general path.
    fn lean_single_pot(&self) -> Option<LeanSingle> {
        if !self.config.showdown.winner_must_show_both_cards || self.runs.count > 1 {
            return None;
        }
        let contenders = self.contenders();
        let c = contenders.bits();
        if c == 0 || self.active & c != c {
            return None;
        }
        // The seats that put chips in (`contributed`, and `bettors` for a round not
        // gathered yet: none at a settlement), without branches inside.
        let (mut amount, mut top, mut second, mut dead) = (0u64, 0u64, 0u64, 0u64);
        let mut put_in = self.contributed | self.bettors;
        while put_in != 0 {
            let i = put_in.trailing_zeros() as usize;
            put_in &= put_in - 1;
            let Some(st) = self.seats.get(i) else {
                break;
            };
            dead |= st.dead;
            let a = st.total;
            amount += a;
            second = if a > top { top } else { second.max(a) };
            top = top.max(a);
        }
        // In the hand: the players' seats that did not fold (`contenders`).
        let in_hand = c;
        if dead != 0 || top > second || amount == 0 {
            return None;
        }
        // Hands that claim the pot: contenders that did not muck (winners must show).
        let live = c & !self.mucked;
        let showdown = live & live.wrapping_sub(1) != 0;
        let mut ranks = [None; MAX_SEATS];
        let winners = if showdown {
            let mut shown = self.players.bits() & self.shown & !self.mucked & in_hand;
            if shown == 0 {
                return None;
            }
            let (mut best, mut winners) = (0u16, 0u32);
            while shown != 0 {
                let i = shown.trailing_zeros() as usize;
                shown &= shown - 1;
                let rank = self.seats[i].rank?;
                ranks[i] = Some(rank);
                if rank > best || winners == 0 {
                    best = rank;
                    winners = 1 << i;
                } else if rank == best {
                    winners |= 1 << i;
                }
            }
            if c & c.wrapping_sub(1) == 0 {
                c
            } else {
                winners
            }
        } else if c & c.wrapping_sub(1) == 0 {
            c
        } else if live != 0 {
            // B22: one claim left among several contenders (the rest mucked).
            self.players.bits() & live & in_hand
        } else {
            return None;
        };
        let policy = &self.config.rake;
        // A zero rate takes nothing (`rake_on` would give 0: valid, capped at 0).
        let rake = if policy.basis_points == 0 || (policy.no_flop_no_drop && self.board_len < 3) {
            0
        } else {
            policy.rake_on(Chips(amount)).ok()?.get()
        };
        let table = TableLayout::new(MAX_SEATS as u8, self.positions.button)
            .ok()?
            .with_odd_chips(self.config.odd_chips);
        let winners = SeatSet::from_bits(winners)?;
        let pot = split(0, amount, rake, contenders, winners, table);
        Some(LeanSingle {
            pot,
            ranks,
            showdown,
        })
    }

    /// `true` when a contender's hand still claims the pot: not mucked, or mucked
    /// with known cards when a winner need not show both cards (B21 house rule).
    pub(crate) fn claims(&self, st: &crate::state::SeatState) -> bool {
        !st.mucked || (!self.config.showdown.winner_must_show_both_cards && st.rank.is_some())
    }

    /// Settles through `holdem_pots` (P1-P6, B14, B23): any number of side pots.
    pub(crate) fn general_pots(
        &self,
        table: TableLayout,
        contributions: &[Contribution],
        strengths: &[(Seat, HandRank)],
    ) -> Result<Settled, HandError> {
        let flop_dealt = self.board_len >= 3;
        let settlement = settle(
            table,
            contributions,
            strengths,
            SettleOptions {
                rake: self.config.rake,
                flop_dealt,
            },
        )?;
        let mut payouts = [0u64; MAX_SEATS];
        for (seat, amount) in settlement.payouts() {
            payouts[seat.as_usize()] = amount.get();
        }
        let mut pots: ArrayVec<PotResult, MAX_SEATS> = ArrayVec::new();
        for award in settlement.pots() {
            pots.push(PotResult {
                index: u8::try_from(award.index()).unwrap_or(u8::MAX),
                run: 0,
                amount: award.amount(),
                rake: award.rake(),
                eligible: award.eligible(),
                winners: award.winners(),
                share: award.share(),
                odd_chips: award.odd_chip_seats(),
                odd_chip_seat: award.first_odd_chip(),
            });
        }
        Ok(Settled {
            payouts,
            pots,
            rake: settlement.rake().get(),
            uncalled: settlement.uncalled().map(|u| (u.seat, u.amount)),
        })
    }

    /// The common case without layering: nobody all-in, no dead money and no single
    /// top contribution, so every contender put in the same and there is one pot,
    /// won by the best shown hand (or the last contender, B22), raked like a main
    /// pot (B23) with odd chips from the left of the button (P3). `None` when the
    /// hand needs [`Hand::general_pots`]. Gives exactly what `pots` would.
    fn single_pot(
        &self,
        table: TableLayout,
        contributions: &[Contribution],
        strengths: &[(Seat, HandRank)],
        dead: u64,
    ) -> Option<Settled> {
        let contenders = self.contenders();
        if dead > 0 || self.active & contenders.bits() != contenders.bits() {
            return None;
        }
        let (mut amount, mut top, mut second) = (0u64, 0u64, 0u64);
        for c in contributions {
            let a = c.amount.get();
            amount += a;
            if a > top {
                second = top;
                top = a;
            } else if a > second {
                second = a;
            }
        }
        // Nothing in the middle (a lone big blind whose bet came back): no pot at all,
        // as `pots` has it.
        if top > second || contenders.is_empty() || amount == 0 {
            return None;
        }
        let winners = if contenders.len() == 1 {
            contenders
        } else {
            let best = strengths.iter().map(|(_, r)| *r).max()?;
            strengths
                .iter()
                .filter(|(_, r)| *r == best)
                .map(|(seat, _)| *seat)
                .collect()
        };
        let policy = &self.config.rake;
        let rake = if policy.no_flop_no_drop && self.board_len < 3 {
            0
        } else {
            policy.rake_on(Chips(amount)).ok()?.get()
        };
        let pot = split(0, amount, rake, contenders, winners, table);
        let mut payouts = [0u64; MAX_SEATS];
        for seat in winners.iter() {
            payouts[seat.as_usize()] = pot.share_of(seat).get();
        }
        let mut pots = ArrayVec::new();
        pots.push(pot);
        Some(Settled {
            payouts,
            pots,
            rake,
            uncalled: None,
        })
    }

    /// The extra rake the dead money adds to the main pot, within the cap (B23).
    pub(crate) fn dead_money_rake(&self, pots: &[PotResult], dead: u64, rake_so_far: u64) -> u64 {
        let policy = &self.config.rake;
        if policy.no_flop_no_drop && self.board_len < 3 {
            return 0;
        }
        let Some(main) = pots.first() else {
            return 0;
        };
        let Ok(with_dead) = policy.rake_on(Chips(main.amount.get() + dead)) else {
            return 0;
        };
        let extra = with_dead.get().saturating_sub(main.rake.get());
        match policy.cap {
            Some(cap) => extra.min(cap.get().saturating_sub(rake_so_far)),
            None => extra,
        }
    }
}

/// The common single-pot settlement ([`Hand::lean_single_pot`]).
#[derive(Copy, Clone, Debug)]
struct LeanSingle {
    pot: PotResult,
    ranks: [Option<u16>; MAX_SEATS],
    showdown: bool,
}

/// A settlement before it is applied: what each seat receives, the pots, the rake,
/// and any uncalled chips paid back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Settled {
    pub(crate) payouts: [u64; MAX_SEATS],
    pub(crate) pots: ArrayVec<PotResult, MAX_SEATS>,
    pub(crate) rake: u64,
    pub(crate) uncalled: Option<(Seat, Chips)>,
}

/// One pot of `amount` less `rake`, split equally among `winners` with the odd chips
/// one each from the first winner left of the button (P3), or in the table's
/// house order.
pub(crate) fn split(
    index: u8,
    amount: u64,
    rake: u64,
    eligible: SeatSet,
    winners: SeatSet,
    table: TableLayout,
) -> PotResult {
    let net = amount - rake;
    let bits = winners.bits();
    if bits & bits.wrapping_sub(1) == 0 {
        // One winner (or none): the whole net, no odd chips, no division.
        return PotResult {
            index,
            run: 0,
            amount: Chips(amount),
            rake: Chips(rake),
            eligible,
            winners,
            share: Chips(net),
            odd_chips: SeatSet::EMPTY,
            odd_chip_seat: None,
        };
    }
    let count = winners.len() as u64;
    let mut odd = net % count;
    let mut pot = PotResult {
        index,
        run: 0,
        amount: Chips(amount),
        rake: Chips(rake),
        eligible,
        winners,
        share: Chips(net / count),
        odd_chips: SeatSet::EMPTY,
        odd_chip_seat: None,
    };
    if odd > 0 {
        for seat in table.odd_chip_order(winners) {
            if odd == 0 {
                break;
            }
            pot.odd_chip_seat.get_or_insert(seat);
            pot.odd_chips.insert(seat);
            odd -= 1;
        }
    }
    pot
}
