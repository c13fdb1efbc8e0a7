//! Settlement (domain.md §7): closing months as a job, the statements of media owners, sales
//! owners and campaigns (stored when the month is closed, computed live with the same code
//! before), their Excel exports, and what a closed month keeps as it was ([`closed`]). The parts
//! below the calls: the bulk reads ([`inputs`]), the computation ([`compute`]), the stored rows
//! ([`store`]) and how a statement is read ([`statement`]).

pub mod campaign_rows;
pub mod campaigns;
pub mod closed;
pub mod closing;
pub mod excel;
pub mod media;
pub mod months;
pub mod names;
pub mod sales;
pub mod sales_rows;
pub mod site_rows;
pub mod statement;
