//! Heads-up brackets (rule T18): random byes and a play-in round when the field
//! is not a power of two.

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::ids::{PlayerId, shuffle};

/// The first round of a heads-up event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstRound {
    /// Matches to play now (the play-in round when there are byes).
    pub matches: Vec<(PlayerId, PlayerId)>,
    /// Players who go straight to round two.
    pub byes: Vec<PlayerId>,
}

/// Draws the first round (T18): with `n` players and `p` the largest power of two
/// at most `n`, `n - p` play-in matches bring the field to `p`; the other
/// `2p - n` players, drawn at random, get byes. A power of two plays in full.
/// Fewer than two players is `None`.
pub fn first_round(players: &[PlayerId], rng: &mut dyn RngCore) -> Option<FirstRound> {
    let n = players.len();
    if n < 2 {
        return None;
    }
    let p = 1usize << (usize::BITS - 1 - n.leading_zeros());
    let mut order = players.to_vec();
    shuffle(rng, &mut order);
    let byes = if p == n { 0 } else { 2 * p - n };
    let (bye, play) = order.split_at(byes);
    let matches = play.chunks(2).map(|c| (c[0], c[1])).collect();
    Some(FirstRound {
        matches,
        byes: bye.to_vec(),
    })
}

/// Pairs a round's survivors at random for the next round (T18: from round two
/// the field is a power of two, so everyone plays).
pub fn next_round(players: &[PlayerId], rng: &mut dyn RngCore) -> Vec<(PlayerId, PlayerId)> {
    let mut order = players.to_vec();
    shuffle(rng, &mut order);
    order.chunks_exact(2).map(|c| (c[0], c[1])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn play_in_round_brings_field_to_power_of_two_seed_000_11() {
        // Rule T18: 12 players: 4 play-in matches (8 players), 4 byes → 8 in round two.
        let players: Vec<PlayerId> = (1..=12).map(PlayerId).collect();
        let r = first_round(&players, &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
        assert_eq!(r.matches.len(), 4);
        assert_eq!(r.byes.len(), 4);
        assert_eq!(r.matches.len() + r.byes.len(), 8);
        let mut all: Vec<PlayerId> = r.byes.clone();
        all.extend(r.matches.iter().flat_map(|&(a, b)| [a, b]));
        all.sort_unstable();
        assert_eq!(all, players);
        // Byes are random: another seed gives other byes.
        let other = first_round(&players, &mut ChaCha8Rng::seed_from_u64(4)).unwrap();
        assert_ne!(r.byes, other.byes);
    }

    #[test]
    fn t18_power_of_two_field_has_no_byes() {
        for n in [2u32, 4, 8, 16, 32, 64, 128] {
            let players: Vec<PlayerId> = (0..n).map(PlayerId).collect();
            let r = first_round(&players, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
            assert!(r.byes.is_empty());
            assert_eq!(r.matches.len() as u32, n / 2);
        }
        for n in 3u32..200 {
            let players: Vec<PlayerId> = (0..n).map(PlayerId).collect();
            let r = first_round(&players, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
            assert!(
                (r.matches.len() + r.byes.len()).is_power_of_two(),
                "n = {n}"
            );
        }
        assert!(first_round(&[PlayerId(1)], &mut ChaCha8Rng::seed_from_u64(1)).is_none());
    }
}
