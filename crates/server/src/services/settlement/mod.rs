//! A month's settlement: the inputs read from campaigns, sites and fee rates ([`inputs`]), the
//! figures worked out from them by `townboard_domain::settlement` ([`compute`]), and the closed
//! month's stored rows ([`store`]). The settlement screens and the month-closing job share them.

pub mod compute;
pub mod inputs;
pub mod store;
