//! Disconnect extra time (rule T13): per-player banks of extra seconds used in
//! sequence while a player is disconnected, by event format and stage.

use serde::{Deserialize, Serialize};

use crate::config::Format;

/// Final table of a multi-table event: 240, 120, 60 s, then none (000 4).
pub const MULTI_TABLE_FINAL: &[u32] = &[240, 120, 60];
/// Sit-and-go under 45 players from the paid places + 1 (000 4).
pub const SIT_AND_GO: &[u32] = &[120, 60];
/// Heads-up events, all the time (000 4).
pub const HEADS_UP: &[u32] = &[120, 60];

/// Where the event stands, as DET needs it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DetStage {
    /// Players who entered.
    pub entrants: u32,
    /// Players still in.
    pub remaining: u32,
    /// Paid places.
    pub paid_places: u32,
    /// Tables still in play.
    pub tables: u32,
}

/// The sit-and-go field size from which the multi-table rule applies (000 4: 45).
pub const SIT_AND_GO_BELOW: u32 = 45;

/// The DET ladder in seconds that applies now (empty: no extra time), with
/// seed 000's ladders ([`DetLadders::default`]).
pub fn det_ladder(format: &Format, stage: DetStage) -> &'static [u32] {
    match which_ladder(format, stage, SIT_AND_GO_BELOW) {
        Which::None => &[],
        Which::FinalTable => MULTI_TABLE_FINAL,
        Which::SitAndGo => SIT_AND_GO,
        Which::HeadsUp => HEADS_UP,
    }
}

enum Which {
    None,
    FinalTable,
    SitAndGo,
    HeadsUp,
}

fn which_ladder(format: &Format, stage: DetStage, sit_and_go_below: u32) -> Which {
    match format {
        Format::HeadsUp => Which::HeadsUp,
        Format::SitAndGo { .. } if stage.entrants < sit_and_go_below => {
            if stage.remaining <= stage.paid_places + 1 {
                Which::SitAndGo
            } else {
                Which::None
            }
        }
        // Larger sit-and-gos follow the multi-table rule: the final table only.
        Format::MultiTable | Format::SitAndGo { .. } => {
            if stage.tables == 1 {
                Which::FinalTable
            } else {
                Which::None
            }
        }
        Format::Shootout => Which::None,
    }
}

/// Disconnect extra time ladders in seconds, used in sequence (rule T13): the
/// event's option (`[tournament.det]`, kebab-case keys). The defaults are
/// seed 000 section 4, the only seed with disconnect extra time.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct DetLadders {
    /// Final table of a multi-table event (`final-table`; 000 4: 240, 120, 60).
    pub final_table: Vec<u32>,
    /// Sit-and-go below [`DetLadders::sit_and_go_below`] entrants, from the paid
    /// places + 1 (`sit-and-go`; 000 4: 120, 60).
    pub sit_and_go: Vec<u32>,
    /// The sit-and-go field size from which the multi-table rule applies
    /// (`sit-and-go-below`; 000 4: 45).
    pub sit_and_go_below: u32,
    /// Heads-up events, all the time (`heads-up`; 000 4: 120, 60).
    pub heads_up: Vec<u32>,
}

impl Default for DetLadders {
    /// Seed 000 section 4.
    fn default() -> Self {
        Self {
            final_table: MULTI_TABLE_FINAL.to_vec(),
            sit_and_go: SIT_AND_GO.to_vec(),
            sit_and_go_below: SIT_AND_GO_BELOW,
            heads_up: HEADS_UP.to_vec(),
        }
    }
}

impl DetLadders {
    /// The ladder in seconds that applies now (empty: no extra time, T13).
    pub fn ladder(&self, format: &Format, stage: DetStage) -> &[u32] {
        match which_ladder(format, stage, self.sit_and_go_below) {
            Which::None => &[],
            Which::FinalTable => &self.final_table,
            Which::SitAndGo => &self.sit_and_go,
            Which::HeadsUp => &self.heads_up,
        }
    }
}

/// A player's DET bank: how many steps of the ladder they have used since they
/// last reconnected.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DetBank {
    used: u8,
}

impl DetBank {
    /// Takes the next step of `ladder` (seconds; 0 once it is used up).
    pub fn take(&mut self, ladder: &[u32]) -> u32 {
        let extra = ladder.get(self.used as usize).copied().unwrap_or(0);
        self.used = self.used.saturating_add(1);
        extra
    }

    /// Steps used so far.
    pub fn used(&self) -> u8 {
        self.used
    }

    /// Reconnecting resets the bank (T13).
    pub fn reset(&mut self) {
        self.used = 0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stage(entrants: u32, remaining: u32, paid: u32, tables: u32) -> DetStage {
        DetStage {
            entrants,
            remaining,
            paid_places: paid,
            tables,
        }
    }

    #[test]
    fn t13_final_table_ladder_240_120_60_then_none() {
        let f = Format::MultiTable;
        assert!(
            det_ladder(&f, stage(1000, 12, 150, 2)).is_empty(),
            "not before the final table"
        );
        let ladder = det_ladder(&f, stage(1000, 9, 150, 1));
        let mut bank = DetBank::default();
        let taken: Vec<u32> = (0..5).map(|_| bank.take(ladder)).collect();
        assert_eq!(taken, [240, 120, 60, 0, 0]);
        // Reconnecting resets: the next disconnect starts at 240 again.
        bank.reset();
        assert_eq!(bank.take(ladder), 240);
    }

    #[test]
    fn t13_sit_and_go_ladder_from_paid_places_plus_one() {
        let f = Format::SitAndGo { seats: 18 };
        assert!(det_ladder(&f, stage(18, 5, 3, 1)).is_empty());
        let ladder = det_ladder(&f, stage(18, 4, 3, 1));
        let mut bank = DetBank::default();
        assert_eq!(
            [bank.take(ladder), bank.take(ladder), bank.take(ladder)],
            [120, 60, 0]
        );
        // 45 or more players: the multi-table rule.
        assert_eq!(
            det_ladder(&Format::SitAndGo { seats: 45 }, stage(45, 9, 7, 1)),
            MULTI_TABLE_FINAL
        );
    }

    #[test]
    fn t13_heads_up_ladder_all_the_time() {
        let ladder = det_ladder(&Format::HeadsUp, stage(64, 64, 8, 32));
        let mut bank = DetBank::default();
        assert_eq!(
            [bank.take(ladder), bank.take(ladder), bank.take(ladder)],
            [120, 60, 0]
        );
        assert!(det_ladder(&Format::Shootout, stage(64, 64, 8, 8)).is_empty());
    }

    #[test]
    fn t13_det_ladders_option_defaults_to_seed_000_and_changes_the_ladder() {
        let d = DetLadders::default();
        for (f, st) in [
            (Format::MultiTable, stage(1000, 9, 150, 1)),
            (Format::MultiTable, stage(1000, 12, 150, 2)),
            (Format::SitAndGo { seats: 18 }, stage(18, 4, 3, 1)),
            (Format::SitAndGo { seats: 45 }, stage(45, 9, 7, 1)),
            (Format::HeadsUp, stage(64, 64, 8, 32)),
        ] {
            assert_eq!(d.ladder(&f, st), det_ladder(&f, st));
        }
        let custom = DetLadders {
            final_table: vec![300, 30],
            sit_and_go: vec![90],
            sit_and_go_below: 10,
            heads_up: vec![],
        };
        assert_eq!(
            custom.ladder(&Format::MultiTable, stage(100, 9, 15, 1)),
            [300, 30]
        );
        // 18 seats is no longer "below" 10: the multi-table rule applies (final
        // table only).
        assert_eq!(
            custom.ladder(&Format::SitAndGo { seats: 18 }, stage(18, 4, 3, 1)),
            [300, 30]
        );
        assert_eq!(
            custom.ladder(&Format::SitAndGo { seats: 6 }, stage(6, 3, 2, 1)),
            [90]
        );
        assert!(
            custom
                .ladder(&Format::HeadsUp, stage(64, 64, 8, 32))
                .is_empty()
        );
    }
}
