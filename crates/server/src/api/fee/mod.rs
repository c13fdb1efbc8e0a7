//! Fee rates (domain.md §7): media fees per media owner corp with per-site overrides, sales fees
//! per sales corp and per sales user, each applying from its `fromDate` until the next one. A rate
//! in force in a closed month cannot change ([`crate::api::settlement::closed`]).

pub mod fee_rules;
pub mod media;
pub mod rates;
pub mod sales;
