//! The play: one method per kind of event, each amount checked against the rules.

use super::*;

impl<'h> Builder<'h> {
    /// One event of the play.
    pub(super) fn event(&mut self, l: &Line) -> Result<(), ImportError> {
        self.line = l.line;
        match &l.event {
            &Event::Post {
                seat,
                kind,
                amount,
                all_in,
            } => self.post(seat, kind, amount, all_in),
            Event::HoleCards => {
                self.hole_cards();
                Ok(())
            }
            Event::Dealt { seat, cards } => self.dealt(*seat, *cards),
            Event::Board {
                cards, before, run, ..
            } => self.street(*run, cards, before),
            Event::ShowDown(_) | Event::DoesNotShow { .. } | Event::Note { .. } => Ok(()),
            Event::Fold { seat, shown } => self.fold(*seat, shown),
            Event::Check { seat } => self.check(*seat),
            &Event::Call {
                seat,
                amount,
                all_in,
            } => self.call(seat, amount, all_in),
            &Event::Bet {
                seat,
                amount,
                all_in,
            } => self.bet(seat, amount, all_in),
            &Event::Raise {
                seat,
                by,
                to,
                all_in,
            } => self.raise(seat, by, to, all_in),
            &Event::Uncalled { seat, amount } => self.uncalled(seat, amount),
            Event::Shows { seat, cards } => self.shows(*seat, cards),
            Event::Mucks { seat, cards } => self.mucks(*seat, cards),
            &Event::Collected { seat, amount, .. } => self.collect(seat, amount),
        }
    }

    /// A forced bet: an ante, a blind in or out of position, a straddle.
    fn post(
        &mut self,
        seat: SeatIndex,
        kind: PostKind,
        amount: Amount,
        all_in: bool,
    ) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let left = self.stack(p);
        if a > left {
            return Err(self.disagree(
                "post",
                "B15",
                format!("posts {a} with only {left} in front"),
            ));
        }
        if all_in && a != left {
            return Err(self.disagree(
                "post",
                "B15",
                format!("is all-in with {} behind", left - a),
            ));
        }
        let slot = self.slot(p);
        let blind_free = self.blinds.get(slot).is_some_and(|&b| b == 0);
        let heads_up = self.heads_up;
        match kind {
            PostKind::Ante => {
                let ante = if all_in { a.max(self.nominal_ante) } else { a };
                if let Some(x) = self.antes.get_mut(slot) {
                    *x += ante;
                }
            }
            PostKind::SmallBlind if p == self.sb_player => {
                let nominal = self.nominal_sb;
                if !all_in && a != nominal && self.hand.header.limit != Limit::FixedLimit {
                    self.contradiction(
                        self.line,
                        "post",
                        "B2",
                        format!(
                            "posts a small blind of {} but the stakes say {}",
                            self.unit.format(a),
                            self.unit.format(nominal)
                        ),
                        "the posted small blind",
                    )?;
                    self.nominal_sb = a;
                }
                let blind = if all_in { a.max(self.nominal_sb) } else { a };
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x += blind;
                }
                add_round(&mut self.book, p, a);
            }
            PostKind::BigBlind if p == self.bb_player => {
                let nominal = self.nominal_bb;
                if !all_in && a != nominal {
                    self.contradiction(
                        self.line,
                        "post",
                        "B2",
                        format!(
                            "posts a big blind of {} but the stakes say {}",
                            self.unit.format(a),
                            self.unit.format(nominal)
                        ),
                        "the posted big blind",
                    )?;
                    self.nominal_bb = a;
                }
                let blind = if all_in { a.max(self.nominal_bb) } else { a };
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x += blind;
                }
                self.bb_at = Some(p);
                add_round(&mut self.book, p, a);
            }
            // No small blind (its seat left): the big blind is the first player
            // after the button, p1's place (H4's form).
            PostKind::BigBlind if p == self.sb_player && !heads_up && blind_free => {
                if self.hand.header.limit == Limit::FixedLimit {
                    return Err(self.unsupported("a fixed-limit hand with no small blind"));
                }
                if a != self.nominal_bb {
                    return Err(self
                        .unsupported("a big blind for less than the stakes with no small blind"));
                }
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x = a;
                }
                self.bb_at = Some(p);
                add_round(&mut self.book, p, a);
            }
            PostKind::Straddle if !heads_up && p == 2 => {
                if let Some(x) = self.blinds.get_mut(slot) {
                    *x += a;
                }
                add_round(&mut self.book, p, a);
            }
            // A player coming in out of position (B19, H4's forms): a big blind is
            // live and the player acts in turn; a small blind is dead money; both
            // together are a live big blind and a dead small blind, the dead part
            // held where antes are (dead money too).
            PostKind::BigBlind | PostKind::SmallBlind | PostKind::SmallAndBig
                if !heads_up && p >= 1 && !self.on_button(p) && blind_free =>
            {
                self.post_out_of_position(p, kind, a, all_in)?;
            }
            PostKind::Straddle => {
                return Err(self
                    .unsupported("a straddle from another seat than the one after the big blind"));
            }
            _ => {
                return Err(self.unsupported(
                    "a blind posted out of position on the button, in the small \
                     blind's place or heads-up",
                ));
            }
        }
        if let Some(x) = self.book.stack.get_mut(p) {
            *x -= a;
        }
        Ok(())
    }

    /// A blind posted by a player coming in (B19): a live big blind, a dead small
    /// blind, or both.
    fn post_out_of_position(
        &mut self,
        p: usize,
        kind: PostKind,
        a: u64,
        all_in: bool,
    ) -> Result<(), ImportError> {
        if all_in {
            return Err(self.unsupported("a blind posted out of position all-in"));
        }
        let (nominal_sb, nominal_bb) = (self.nominal_sb, self.nominal_bb);
        let (dead, live) = match kind {
            PostKind::SmallBlind => (a, 0),
            PostKind::BigBlind => (0, a),
            _ => (nominal_sb, a.saturating_sub(nominal_sb)),
        };
        if p == self.bb_player && live == 0 {
            return Err(self.unsupported("a small blind posted in the big blind's place"));
        }
        if live != 0 && live != nominal_bb || kind == PostKind::SmallAndBig && a <= nominal_sb {
            return Err(self.disagree(
                "post",
                "B19",
                format!(
                    "a blind posted out of position must be the big blind \
                     {nominal_bb}, or the small blind {nominal_sb} dead with \
                     it; this one is {a}"
                ),
            ));
        }
        let slot = self.slot(p);
        if live > 0 {
            if let Some(x) = self.blinds.get_mut(slot) {
                *x = live;
            }
            if p == self.bb_player {
                self.bb_at = Some(p);
            }
            add_round(&mut self.book, p, live);
            if let Some(x) = self.antes.get_mut(slot) {
                *x += dead;
            }
        } else if let Some(x) = self.blinds.get_mut(slot) {
            *x = DEAD_BLIND | dead;
        }
        Ok(())
    }

    /// `*** HOLE CARDS ***`: the forced bets are in; the level to call is the
    /// largest of them, and at least the big blind (B13).
    fn hole_cards(&mut self) {
        self.deal_at = self.actions.len();
        self.hole_line = self.line;
        self.book.level = self.book.round.iter().copied().max().unwrap_or(0);
        // The player due the big blind went all-in on the ante and posted no
        // blind: the blind counts in full all the same (B13), as for a blind
        // posted all-in for less.
        let bb = self.bb_player;
        let bb_slot = self.slot(bb);
        if self.bb_at.is_none()
            && self.stack(bb) == 0
            && self.antes.get(bb_slot).is_some_and(|&a| a > 0)
            && self.blinds.get(bb_slot) == Some(&0)
        {
            if let Some(x) = self.blinds.get_mut(bb_slot) {
                *x = self.nominal_bb;
            }
            self.bb_at = Some(bb);
        }
        if let Some(b) = self.bb_at {
            let blind = self.blinds.get(self.slot(b)).copied().unwrap_or(0);
            self.book.level = self.book.level.max(blind);
        }
    }

    /// The hero's hole cards.
    fn dealt(&mut self, seat: SeatIndex, cards: [Card; 2]) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        if let Some(k) = self.known.get_mut(p) {
            *k = [Some(cards[0]), Some(cards[1])];
        }
        Ok(())
    }

    /// A street of the board (of one run, when the board is run twice).
    fn street(&mut self, run: Run, cards: &CardList, before: &CardList) -> Result<(), ImportError> {
        match run {
            Run::Only if self.shared.is_some() => {
                return Err(self.disagree(
                    "board",
                    "H5",
                    "a street of one board after the runs of the board began".into(),
                ));
            }
            Run::Only => {}
            Run::First | Run::Second if self.shared.is_none() => {
                if run == Run::Second {
                    return Err(self.disagree(
                        "board",
                        "H5",
                        "the second run's street before the first run's".into(),
                    ));
                }
                self.agree_to_run_twice()?;
            }
            Run::First => {
                if self.first_board.is_some() {
                    return Err(self.disagree(
                        "board",
                        "H5",
                        "a street of the first run after the second run began".into(),
                    ));
                }
            }
            Run::Second => {
                if self.first_board.is_none() {
                    // The second run starts from the board the runs share.
                    self.first_board = Some(self.board.clone());
                    self.board.truncate(self.shared.unwrap_or(0));
                }
            }
        }
        if before.as_slice() != self.board.as_slice() {
            return Err(self.disagree(
                "board",
                "H5",
                format!(
                    "the line repeats the board as {} but it is {}",
                    card_text(before),
                    card_text(&self.board)
                ),
            ));
        }
        self.board.extend(cards.iter().copied());
        self.close_round();
        self.book.round.iter_mut().for_each(|r| *r = 0);
        self.book.level = 0;
        self.push(ActionKind::DealBoard {
            cards: Cards(cards.iter().map(|&c| Some(c)).collect()),
        });
        Ok(())
    }

    /// The players still in agreed to run it twice (B26): the text does not say
    /// who offered, so the first of them in player order offers and the others
    /// accept.
    fn agree_to_run_twice(&mut self) -> Result<(), ImportError> {
        self.shared = Some(self.board.len());
        let folded = self.folded;
        let still_in: ArrayVec<usize, 16> = self
            .order
            .iter()
            .enumerate()
            .filter(|&(_, &s)| !folded.get(usize::from(s)).copied().unwrap_or(true))
            .map(|(p, _)| p)
            .collect();
        let Some((&offerer, others)) = still_in.split_first() else {
            return Err(self.disagree(
                "board",
                "B26",
                "the board runs twice with no player still in".into(),
            ));
        };
        self.push(ActionKind::OfferRuns {
            player: player(offerer),
            runs: 2,
        });
        for &p in others {
            self.push(ActionKind::AnswerRuns {
                player: player(p),
                accept: true,
            });
        }
        Ok(())
    }

    /// A fold. A player already all-in (a sitting-out player all-in on the ante,
    /// whom the client shows folding) has no turn to fold in: as PokerStars plays
    /// it, the player gives up the claim on the pot, a muck at the showdown.
    fn fold(&mut self, seat: SeatIndex, shown: &CardList) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        if let Some(f) = self.folded.get_mut(usize::from(seat)) {
            *f = true;
        }
        learn(&mut self.known, p, shown);
        if self.stack(p) == 0 {
            if let Some(g) = self.gave_up.get_mut(p) {
                *g = true;
            }
            return Ok(());
        }
        self.push(ActionKind::Fold { player: player(p) });
        Ok(())
    }

    /// Players all-in who folded give up their claim: each mucks at the first
    /// show or muck of the showdown, or at the end of the hand.
    pub(super) fn give_up_claims(&mut self) {
        for p in 0..self.gave_up.len() {
            if self.gave_up.get(p).copied().unwrap_or(false) {
                if let Some(g) = self.gave_up.get_mut(p) {
                    *g = false;
                }
                self.push(ActionKind::ShowMuck {
                    player: player(p),
                    shown: Shown::Muck,
                });
            }
        }
    }

    fn check(&mut self, seat: SeatIndex) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let own = self.own(p);
        if own < self.book.level {
            return Err(self.disagree(
                "check",
                "B7",
                format!("checks facing a bet of {}", self.book.level - own),
            ));
        }
        self.push(ActionKind::CheckCall { player: player(p) });
        Ok(())
    }

    fn call(&mut self, seat: SeatIndex, amount: Amount, all_in: bool) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let own = self.own(p);
        let left = self.stack(p);
        let due = self.book.level.saturating_sub(own).min(left);
        if a != due {
            return Err(self.disagree(
                "call",
                "B7",
                format!("calls {a} but the amount to call is {due}"),
            ));
        }
        spend(&mut self.book, p, a);
        if all_in != (a == left) {
            return Err(self.all_in_flag("call", a, left));
        }
        self.push(ActionKind::CheckCall { player: player(p) });
        Ok(())
    }

    fn bet(&mut self, seat: SeatIndex, amount: Amount, all_in: bool) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let own = self.own(p);
        let left = self.stack(p);
        if self.book.level > own {
            return Err(self.disagree(
                "bet",
                "B7",
                format!("bets facing a bet of {}: a raise", self.book.level - own),
            ));
        }
        if a > left {
            return Err(self.disagree("bet", "B15", format!("bets {a} with only {left} behind")));
        }
        if all_in != (a == left) {
            return Err(self.all_in_flag("bet", a, left));
        }
        spend(&mut self.book, p, a);
        let to = own + a;
        self.book.level = self.book.level.max(to);
        self.push(ActionKind::BetRaiseTo {
            player: player(p),
            amount: to,
        });
        Ok(())
    }

    fn raise(
        &mut self,
        seat: SeatIndex,
        by: Amount,
        to: Amount,
        all_in: bool,
    ) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let (by, to) = (self.v(by), self.v(to));
        let own = self.own(p);
        let left = self.stack(p);
        let level = self.book.level;
        // "raises X to Y" is written from the bet to call, or, where the big
        // blind was all-in for less (B13), from the largest amount actually put
        // in, or (Winamax) from that blind's own post while no one has raised.
        let actual = self.book.round.iter().copied().max().unwrap_or(0);
        let short_blind = self
            .bb_at
            .filter(|_| self.board.is_empty() && level <= self.nominal_bb)
            .and_then(|b| self.book.round.get(b).copied())
            .filter(|&posted| posted < level);
        if to != level + by && to != actual + by && short_blind.is_none_or(|s| to != s + by) {
            return Err(self.disagree(
                "raise",
                "B7",
                format!(
                    "raises {by} to {to}, but {to} is {} over the bet of {level}",
                    to.saturating_sub(level),
                ),
            ));
        }
        let add = to.saturating_sub(own);
        if add > left {
            return Err(self.disagree(
                "raise",
                "B15",
                format!("raises to {to} with only {left} behind"),
            ));
        }
        if all_in != (add == left) {
            return Err(self.all_in_flag("raise", add, left));
        }
        if self.site.raises_over_all_in && self.nobody_can_answer(p) {
            // No one can answer a raise (B15): the call, and the rest kept aside.
            let due = level.saturating_sub(own).min(add);
            spend(&mut self.book, p, due);
            if let Some(k) = self.kept.get_mut(p) {
                *k += add - due;
            }
            self.push(ActionKind::CheckCall { player: player(p) });
            return Ok(());
        }
        spend(&mut self.book, p, add);
        self.book.level = self.book.level.max(to);
        self.push(ActionKind::BetRaiseTo {
            player: player(p),
            amount: to,
        });
        Ok(())
    }

    /// Whether every player but `p` still in the hand is all-in.
    fn nobody_can_answer(&self, p: usize) -> bool {
        self.order.iter().enumerate().all(|(q, &s)| {
            q == p
                || self.folded.get(usize::from(s)).copied().unwrap_or(false)
                || self.stack(q) == 0
        })
    }

    /// An uncalled bet returned (B14): exactly the part nobody matched.
    fn uncalled(&mut self, seat: SeatIndex, amount: Amount) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        let own = self.own(p);
        let next = self
            .book
            .round
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != p)
            .map(|(_, &r)| r)
            .max()
            .unwrap_or(0);
        let unmatched = own.saturating_sub(next);
        if a != unmatched {
            return Err(self.disagree(
                "uncalled bet",
                "B14",
                format!("returns {a} but {unmatched} of the bet was not called"),
            ));
        }
        if let Some(x) = self.book.stack.get_mut(p) {
            *x += a;
        }
        if let Some(x) = self.book.round.get_mut(p) {
            *x -= a;
        }
        self.book.level = self.book.round.iter().copied().max().unwrap_or(0);
        Ok(())
    }

    fn shows(&mut self, seat: SeatIndex, cards: &CardList) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        // A player who folded and shows (some clients allow it) shows a dead hand:
        // the cards are known, nothing is played.
        if self.folded.get(usize::from(seat)).copied().unwrap_or(false) {
            learn(&mut self.known, p, cards);
            return Ok(());
        }
        self.give_up_claims();
        learn(&mut self.known, p, cards);
        let mut shown: ArrayVec<Option<Card>, 5> = cards.iter().map(|&c| Some(c)).collect();
        while shown.len() < 2 {
            shown.push(None);
        }
        self.push(ActionKind::ShowMuck {
            player: player(p),
            shown: Shown::Cards(Cards(shown)),
        });
        Ok(())
    }

    fn mucks(&mut self, seat: SeatIndex, cards: &CardList) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        self.give_up_claims();
        learn(&mut self.known, p, cards);
        self.push(ActionKind::ShowMuck {
            player: player(p),
            shown: Shown::Muck,
        });
        Ok(())
    }

    fn collect(&mut self, seat: SeatIndex, amount: Amount) -> Result<(), ImportError> {
        let p = self.who(seat)?;
        let a = self.v(amount);
        if let Some(x) = self.collected.get_mut(p) {
            *x += a;
        }
        Ok(())
    }

    /// The end of a betting round: a bet no one matched that the text did not
    /// return (no `Uncalled bet` line) is noted, to be returned if the summary's
    /// total pot leaves it out ([`Builder::return_implicit_bets`]).
    pub(super) fn close_round(&mut self) {
        let (mut top, mut first, mut second) = (0, 0, 0);
        for (p, &r) in self.book.round.iter().enumerate() {
            if r > first {
                (second, first, top) = (first, r, p);
            } else if r > second {
                second = r;
            }
        }
        if first > second {
            if let Some(x) = self.book.unreturned.get_mut(top) {
                *x += first - second;
            }
        }
    }
}
