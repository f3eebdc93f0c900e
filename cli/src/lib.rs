//! The library behind the `holdem` command: hand-history formats (PHH and native),
//! replay through the betting engine, and the command implementations.
//!
//! # Invariants
//! - Text becomes typed values at the edge ([`history`]); malformed input is a typed
//!   error naming the file, the hand, the line and the reason, never a panic.
//! - Money is whole units (B24): PHH decimals are scaled to an integer unit per hand.
//!
//! # Example
//! ```
//! use holdem_cli::history::phh::{parse_phh, write_phh};
//!
//! let text = r#"
//! variant = "NT"
//! antes = [0, 0, 0]
//! blinds_or_straddles = [0.50, 1, 0]
//! min_bet = 1
//! starting_stacks = [200.30, 81.60, 197]
//! actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 cbr 3.00", "p2 f"]
//! "#;
//! let hand = parse_phh(text)?;
//! assert_eq!(hand.unit.decimals, 2); // amounts are cents
//! assert_eq!(hand.starting_stacks, [20030, 8160, 19700]);
//! assert_eq!(parse_phh(&write_phh(&hand))?, hand); // H1: lossless round trip
//! # Ok::<(), holdem_cli::history::PhhError>(())
//! ```

pub mod corpus;
pub mod generate;
pub mod history;
pub mod replay;
