//! Equity.
