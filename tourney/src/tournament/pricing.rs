//! Pricing a deal (T15): the final table's future simulated for FGS, and the
//! amounts a deal method gives each player on the stacks and prizes as they stand.

use super::*;

impl Tournament {
    /// The final table's players in seat order and the FGS simulation of its
    /// future (T15): the button moves on from the last hand's; the levels from
    /// the current one on, at one hand a minute of each level's length; the
    /// seed from the hand counter and the time, so a replay prices the same.
    pub(super) fn fgs_options(&self) -> (Vec<PlayerId>, money::FgsOptions) {
        let (seated, last_button) = self
            .seating
            .tables()
            .next()
            .map(|t| {
                let seats: Vec<(u8, PlayerId)> = t.players().collect();
                (seats, t.button())
            })
            .unwrap_or_default();
        let button = last_button
            .and_then(|b| seated.iter().position(|(seat, _)| *seat > b))
            .unwrap_or(0);
        let levels = &self.cfg.event.structure.levels;
        let from = self.level_index().unwrap_or(0) as usize;
        let ahead: Vec<money::FgsLevel> = levels
            .iter()
            .skip(from.min(levels.len().saturating_sub(1)))
            .map(|l| money::FgsLevel {
                small_blind: l.small_blind.get(),
                big_blind: l.big_blind.get().max(1),
                ante: l.ante.get(),
            })
            .collect();
        let hands_per_level = levels.get(from).map_or(1, |l| l.minutes.max(1));
        let fgs = money::FgsOptions {
            levels: ahead,
            hands_per_level,
            button,
            depth: money::FgsOptions::DEPTH,
            trials: money::FgsOptions::TRIALS,
            seed: self.next_hand ^ self.now.rotate_left(32),
        };
        (seated.into_iter().map(|(_, p)| p).collect(), fgs)
    }

    /// Prices a deal on the stacks and prizes as they stand (T15).
    pub(super) fn price_deal(
        &self,
        method: DealMethod,
        left_in_play: Cents,
    ) -> Result<Vec<DealPart>, MoneyError> {
        let mut stacks: Vec<money::PlayerStack> = self
            .stacks
            .iter()
            .map(|(p, c)| money::PlayerStack {
                player: *p,
                chips: *c,
            })
            .collect();
        stacks.sort_unstable_by_key(|s| s.player);
        let table = money::DealTable {
            final_table: self.seating.table_count() == 1,
            players_remaining: stacks.len(),
            total_prize_pool: self.prizes.total(),
        };
        let in_play = self.prizes_in_play();
        let mut remaining: Vec<Cents> = (1..=stacks.len() as u32)
            .map(|p| in_play.prize(p))
            .collect();
        while remaining.last() == Some(&0) {
            remaining.pop();
        }
        let deal = if method == DealMethod::Fgs {
            let (seated, fgs) = self.fgs_options();
            let mut by_seat = Vec::with_capacity(seated.len());
            for p in seated {
                if let Some(s) = stacks.iter().find(|s| s.player == p) {
                    by_seat.push(*s);
                }
            }
            if by_seat.len() != stacks.len() {
                return Err(MoneyError::DealBeforeFinalTable);
            }
            money::fgs_deal(
                &table,
                &by_seat,
                &remaining,
                left_in_play,
                &self.cfg.deal,
                &fgs,
            )?
        } else {
            money::deal(
                method,
                &table,
                &stacks,
                &remaining,
                left_in_play,
                &self.cfg.deal,
            )?
        };
        Ok(deal
            .shares
            .iter()
            .map(|s| DealPart {
                player: s.player,
                chips: s.chips,
                cents: s.cents,
            })
            .collect())
    }
}
