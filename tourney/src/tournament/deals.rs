//! Deals (T15): pricing an open deal, accepting it, deal money in finishes.

use super::*;

impl Tournament {
    /// Prices the open deal now that no hand is in progress, or drops it if its
    /// terms no longer apply.
    pub(super) fn price_open_deal(&mut self, ev: &mut Vec<TourneyEvent>) {
        let Some(d) = self.deal.as_ref() else {
            return;
        };
        match self.price_deal(d.method, d.left_in_play) {
            Ok(shares) => {
                let (method, left_in_play) = (d.method, d.left_in_play);
                ev.push(TourneyEvent::DealProposed {
                    method,
                    shares: shares.clone(),
                    left_in_play,
                });
                if let Some(d) = self.deal.as_mut() {
                    d.shares = Some(shares);
                }
            }
            Err(e) => {
                self.deal = None;
                ev.push(TourneyEvent::DealDropped {
                    reason: DealDropReason::NoLongerValid(e.to_string()),
                });
            }
        }
    }

    pub(super) fn accept_deal(
        &mut self,
        player: PlayerId,
        rng: &mut dyn RngCore,
        ev: &mut Vec<TourneyEvent>,
    ) {
        let Some(d) = self.deal.as_mut() else {
            return;
        };
        if let Err(i) = d.accepted.binary_search(&player) {
            d.accepted.insert(i, player);
        }
        ev.push(TourneyEvent::DealAccepted { player });
        if d.accepted.len() < self.stacks.len() {
            return;
        }
        let Some(d) = self.deal.take() else {
            return;
        };
        let shares = d.shares.unwrap_or_default();
        for s in &shares {
            *self.deal_paid.entry(s.player).or_insert(0) += s.cents;
        }
        // The rest of the event is played for what was left in play alone.
        self.play_on = Some(PrizeTable::explicit(vec![d.left_in_play]).unwrap_or_default());
        ev.push(TourneyEvent::DealMade {
            method: d.method,
            shares,
            left_in_play: d.left_in_play,
        });
        self.settle(rng, ev);
    }

    /// A finish with what deals paid the player added.
    pub(super) fn with_deal_money(&self, mut f: Finish) -> Finish {
        if let Some(c) = self.deal_paid.get(&f.player) {
            f.prize += c;
        }
        f
    }
}
