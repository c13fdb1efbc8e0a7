//! Data scope (domain.md §1): managers and operators see every row; everyone else sees rows by
//! their team authority type: 1 their own, 2 their team's, 3 their corp's. A row outside scope is
//! answered exactly like a missing one.

use super::guard::Caller;
use crate::db::entity::user;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition};

/// Where a resource keeps the owner of a row.
#[derive(Debug, Clone, Copy)]
pub struct Ownership<C> {
    /// The user who created the row or is assigned to it.
    pub owner: C,
    /// The corp the row belongs to.
    pub corp: C,
}

pub fn condition<C: ColumnTrait>(caller: &Caller, own: Ownership<C>) -> Option<Condition> {
    if caller.role.sees_all_rows() {
        return None;
    }
    Some(match caller.user.auth_type {
        3 => Condition::all().add(own.corp.eq(caller.user.c_id)),
        2 if caller.user.team_id.is_some() => Condition::all().add(
            own.owner.in_subquery(
                Query::select()
                    .column(user::Column::UIdx)
                    .from(user::Entity)
                    .and_where(user::Column::TeamId.eq(caller.user.team_id))
                    .to_owned(),
            ),
        ),
        _ => Condition::all().add(own.owner.eq(caller.user.u_idx)),
    })
}
