//! Work in progress: see the issue tracker. This crate builds and exports nothing yet.
//!
//! # Example
//! ```
//! assert_eq!(1 + 1, 2);
//! ```
