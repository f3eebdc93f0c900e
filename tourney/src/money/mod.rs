//! Money outside a hand: late registration, rebuys, bounties, deals, cancellation,
//! early payouts, chip race. Work in progress.
