//! The Point area: balances and ledgers of advertiser corps, sales corps and sales users, with
//! distribute and collect for managers.

pub mod balances;
pub mod owner;
