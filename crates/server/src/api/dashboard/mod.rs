//! The home dashboards: the network's figures for managers and operators, a media corp's for its
//! media agents, a sales corp's campaigns, sales and points for sales people.

pub mod answers;
pub mod figures;
