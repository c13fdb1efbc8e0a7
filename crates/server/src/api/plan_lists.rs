//! The filters and sorts of lists of plans, shared by the plan list and the slot report.

use super::resource::{Filter, ListQuery, Match, checked, filter};
use crate::db::entity::plan::{Column, Entity};
use sea_orm::sea_query::{Expr, ExprTrait, SimpleExpr};
use sea_orm::{Condition, IdenStatic};

/// The filters of lists of plans.
pub fn filters() -> Vec<Filter<Column>> {
    vec![filter("mgId", Column::MgId, Match::Int)]
}

/// The sorts of lists of plans.
pub fn sorts() -> Vec<(&'static str, Column)> {
    vec![("date", Column::PlayDate), ("mgId", Column::MgId)]
}

/// Narrows a list of plans to the days `from` to `to`. Sorted by the day, the list reads that
/// range of the day's index; sorted by group, it walks the key (group, day) and checks the day
/// there (`resource::checked`): searched, SQLite would read every plan of the period and sort
/// them for a page.
pub fn period(query: &mut ListQuery<Column>, from: &str, to: &str) {
    let within = |day: SimpleExpr| Condition::all().add(day.clone().gte(from)).add(day.lte(to));
    let own = query.condition.clone();
    query.condition = own.clone().add(within(Expr::col((Entity, Column::PlayDate))));
    if query.order.0.as_str() != Column::PlayDate.as_str() {
        query.walk = Some(own.add(within(checked(Column::PlayDate))));
    }
}
