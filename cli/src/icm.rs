//! `holdem icm`: each player's ICM equity, or a deal (rule T15).
//!
//! `holdem icm --stacks 5000,3000,2000 --payouts 50,30,20` prints each player's
//! Malmuth-Harville equity in the units of the payouts; `--deal icm|chip|even|fgs`
//! prints the deal in cents-exact amounts (the payouts read as money with up to
//! two decimals), `--left` leaving part of the pool to play for; `--json` prints
//! one JSON document instead.

use holdem_tourney::money::icm::equities;
use holdem_tourney::money::{
    Chips, DealMethod, DealOptions, DealTable, FgsOptions, PlayerId, PlayerStack, deal, fgs_deal,
};
use holdem_tourney::payouts::check_descending;

/// Arguments of `holdem icm`.
#[derive(clap::Args, Debug)]
pub struct IcmArgs {
    /// Chip stacks, one per player (`5000,3000,2000`).
    #[arg(long, value_delimiter = ',', required = true, num_args = 1..)]
    pub stacks: Vec<u64>,
    /// Prizes by place, first place first (`50,30,20`; up to two decimals).
    #[arg(long, value_delimiter = ',', required = true, num_args = 1..)]
    pub payouts: Vec<String>,
    /// Print a deal instead of the equities: icm, chip, even or fgs.
    #[arg(long)]
    pub deal: Option<String>,
    /// Money left in play for the winner of the rest (with `--deal`).
    #[arg(long, default_value = "0")]
    pub left: String,
    /// For `--deal fgs`: the big blind (small blind half of it, ante the big
    /// blind at every level; blinds double every `--fgs-hands-per-level` hands).
    #[arg(long, default_value_t = 0)]
    pub big_blind: u64,
    /// For `--deal fgs`: hands per level.
    #[arg(long, default_value_t = 12)]
    pub fgs_hands_per_level: u32,
    /// For `--deal fgs`: the random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// One JSON document instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Reads money with up to two decimals as cents.
fn cents(text: &str) -> Result<u64, String> {
    let bad = || format!("{text:?} is not an amount of money (up to two decimals)");
    let (whole, frac) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
    if whole.is_empty() && frac.is_empty() || frac.len() > 2 {
        return Err(bad());
    }
    let whole: u64 = if whole.is_empty() {
        0
    } else {
        whole.parse().map_err(|_| bad())?
    };
    let mut f: u64 = if frac.is_empty() {
        0
    } else {
        frac.parse().map_err(|_| bad())?
    };
    if frac.len() == 1 {
        f *= 10;
    }
    whole
        .checked_mul(100)
        .and_then(|c| c.checked_add(f))
        .ok_or_else(bad)
}

fn money(c: u64) -> String {
    format!("{}.{:02}", c / 100, c % 100)
}

/// Runs `holdem icm`; the text to print, or the error.
pub fn run(args: &IcmArgs) -> Result<String, String> {
    let prizes: Vec<u64> = args
        .payouts
        .iter()
        .map(|p| cents(p))
        .collect::<Result<_, _>>()?;
    // The payout code's own rule (T5): no place pays more than the one before.
    check_descending(&prizes).map_err(|e| format!("--payouts: {e}"))?;
    let Some(method) = args.deal.as_deref() else {
        let as_money: Vec<f64> = prizes.iter().map(|&c| c as f64 / 100.0).collect();
        let eq = equities(&args.stacks, &as_money).map_err(|e| e.to_string())?;
        if args.json {
            let players: Vec<_> = args
                .stacks
                .iter()
                .zip(&eq)
                .enumerate()
                .map(|(i, (s, e))| serde_json::json!({"player": i + 1, "chips": s, "equity": e}))
                .collect();
            return Ok(serde_json::json!({ "equities": players }).to_string());
        }
        let mut out = String::from("player        chips       equity\n");
        for (i, (s, e)) in args.stacks.iter().zip(&eq).enumerate() {
            out.push_str(&format!("{:>6} {:>12} {:>12.4}\n", i + 1, s, e));
        }
        out.pop();
        return Ok(out);
    };
    let stacks: Vec<PlayerStack> = args
        .stacks
        .iter()
        .enumerate()
        .map(|(i, &chips)| PlayerStack {
            player: PlayerId(i as u32 + 1),
            chips: Chips(chips),
        })
        .collect();
    let pool: u64 = prizes.iter().sum();
    let table = DealTable {
        final_table: true,
        players_remaining: stacks.len(),
        total_prize_pool: pool,
    };
    let left = cents(&args.left)?;
    // The command line states the deal the players want: no house limit on
    // what they leave in play.
    let opts = DealOptions {
        min_left_in_play_bp: 0,
        max_left_in_play_bp: None,
    };
    let d = match method {
        "icm" => deal(DealMethod::Icm, &table, &stacks, &prizes, left, &opts),
        "chip" => deal(DealMethod::ChipCount, &table, &stacks, &prizes, left, &opts),
        "even" => deal(DealMethod::EvenSplit, &table, &stacks, &prizes, left, &opts),
        "fgs" => {
            let fgs = FgsOptions::doubling(args.big_blind, args.fgs_hands_per_level, args.seed);
            fgs_deal(&table, &stacks, &prizes, left, &opts, &fgs)
        }
        other => return Err(format!("unknown deal {other:?}: icm, chip, even or fgs")),
    }
    .map_err(|e| e.to_string())?;
    if args.json {
        let shares: Vec<_> = d
            .shares
            .iter()
            .map(|s| serde_json::json!({"player": s.player.0, "chips": s.chips, "cents": s.cents}))
            .collect();
        return Ok(serde_json::json!({
            "deal": method,
            "shares": shares,
            "left_in_play_cents": d.left_in_play,
        })
        .to_string());
    }
    let mut out = format!("{method} deal\nplayer        chips         paid\n");
    for s in &d.shares {
        out.push_str(&format!(
            "{:>6} {:>12} {:>12}\n",
            s.player.0,
            s.chips,
            money(s.cents)
        ));
    }
    out.push_str(&format!("left in play: {}", money(d.left_in_play)));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(stacks: &[u64], payouts: &[&str], deal: Option<&str>) -> IcmArgs {
        IcmArgs {
            stacks: stacks.to_vec(),
            payouts: payouts.iter().map(|s| (*s).to_owned()).collect(),
            deal: deal.map(str::to_owned),
            left: "0".into(),
            big_blind: 0,
            fgs_hands_per_level: 12,
            seed: 1,
            json: false,
        }
    }

    #[test]
    fn t15_icm_command_prints_equities_and_deals() {
        let out = run(&args(&[5000, 3000, 2000], &["50", "30", "20"], None)).unwrap();
        assert!(out.contains("38.3929"), "{out}");
        let out = run(&args(&[5000, 3000, 2000], &["50", "30", "20"], Some("icm"))).unwrap();
        assert!(out.contains("38.39") && out.contains("28.86"), "{out}");
        let mut a = args(&[5000, 3000, 2000], &["50", "30", "20"], Some("chip"));
        a.json = true;
        let doc: serde_json::Value = serde_json::from_str(&run(&a).unwrap()).unwrap();
        assert_eq!(doc["shares"][0]["cents"], 5000);
        assert!(run(&args(&[5, 0], &["1"], None)).is_err());
        assert!(run(&args(&[5, 3], &["1.234"], None)).is_err());
        assert!(run(&args(&[5, 3], &["1"], Some("coin"))).is_err());
    }

    // rule T5: `--payouts` follows the payout code's rule: no place pays more
    // than the place before it, for equities and deals alike.
    #[test]
    fn t5_icm_payouts_that_rise_with_place_are_refused() {
        for deal in [None, Some("icm"), Some("chip")] {
            let err = run(&args(&[5000, 3000], &["20", "50"], deal)).unwrap_err();
            assert!(
                err.contains("prize for place 2 is above the prize for the place before it"),
                "{err}"
            );
        }
        assert!(run(&args(&[5000, 3000], &["50", "50"], None)).is_ok());
    }

    // rule T15: a stack past 2^53 beside single chips: the equities stay
    // within the first prize and the deal pays out the pool.
    #[test]
    fn t15_icm_command_at_extreme_stacks_keeps_the_pool() {
        let out = run(&args(
            &[9_007_199_254_740_992, 1, 1],
            &["100", "50"],
            Some("icm"),
        ))
        .unwrap();
        assert!(out.contains("100.00") && out.contains("25.00"), "{out}");
        let out = run(&args(&[9_007_199_254_740_992, 1, 1], &["100", "50"], None)).unwrap();
        assert!(!out.contains("inf") && !out.contains("NaN"), "{out}");
    }

    #[test]
    fn cents_reads_money_with_up_to_two_decimals() {
        assert_eq!(cents("12"), Ok(1200));
        assert_eq!(cents("12.5"), Ok(1250));
        assert_eq!(cents("0.07"), Ok(7));
        assert!(cents("1.005").is_err());
        assert!(cents("x").is_err());
        assert!(cents(".").is_err());
    }
}
