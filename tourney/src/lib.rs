//! Work in progress: see the issue tracker.
//!
//! # Example
//! ```
//! assert_eq!(1 + 1, 2);
//! ```

pub mod money;
