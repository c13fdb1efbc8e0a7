//! The filters and sorts of lists of plans, shared by the plan list and the slot report.

use super::resource::{Filter, Match, filter};
use crate::db::entity::plan::Column;

/// The filters of lists of plans.
pub fn filters() -> Vec<Filter<Column>> {
    vec![filter("mgId", Column::MgId, Match::Int)]
}

/// The sorts of lists of plans.
pub fn sorts() -> Vec<(&'static str, Column)> {
    vec![("date", Column::PlayDate), ("mgId", Column::MgId)]
}
