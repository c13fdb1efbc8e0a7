//! Data scope (domain.md §1): managers and operators see every row; everyone else sees rows by
//! their team authority type (`authType`): 1 their own, 2 their team's, 3 their corp's. A row
//! outside scope is answered exactly like a missing one.

use super::guard::Caller;
use crate::db::entity::user;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition};

/// Rows whose `owner` column names a user in the caller's reach: themselves (1), their team (2)
/// or their corp (3).
pub fn owned_by_reach<C: ColumnTrait>(caller: &Caller, owner: C) -> Condition {
    let members = |filter: sea_orm::sea_query::SimpleExpr| {
        Condition::all().add(owner.in_subquery(Query::select().column(user::Column::UIdx).from(user::Entity).and_where(filter).to_owned()))
    };
    match (caller.user.auth_type, caller.user.team_id) {
        (3, _) => members(user::Column::CId.eq(caller.user.c_id)),
        (2, Some(team)) => members(user::Column::TeamId.eq(team)),
        _ => Condition::all().add(owner.eq(caller.user.u_idx)),
    }
}

/// Corps in reach: the caller's own corp and the corps created within their reach (a sales agent's
/// advertisers).
pub fn corps<C: ColumnTrait>(caller: &Caller, c_id: C, created_by: C) -> Option<Condition> {
    if caller.role.sees_all_rows() {
        return None;
    }
    Some(Condition::any().add(c_id.eq(caller.user.c_id)).add(owned_by_reach(caller, created_by)))
}

/// Users in reach: the caller, the users created within their reach, and by authority type their
/// team or their corp.
pub fn users(caller: &Caller) -> Option<Condition> {
    if caller.role.sees_all_rows() {
        return None;
    }
    let u = &caller.user;
    let mut any = Condition::any().add(user::Column::UIdx.eq(u.u_idx)).add(owned_by_reach(caller, user::Column::CreatedBy));
    match (u.auth_type, u.team_id) {
        (3, _) => any = any.add(user::Column::CId.eq(u.c_id)),
        (2, Some(team)) => any = any.add(user::Column::TeamId.eq(team)),
        _ => {}
    }
    Some(any)
}

/// Sites in reach: managers and operators all; site managers the sites they manage; everyone
/// else the sites of their corp (a media owner's sites).
pub fn sites<C: ColumnTrait>(caller: &Caller, poi_id: C, c_id: Option<C>) -> Option<Condition> {
    use crate::db::entity::{node_manager, poi};
    if caller.role.sees_all_rows() {
        return None;
    }
    let managed =
        Query::select().column(node_manager::Column::PoiId).from(node_manager::Entity).and_where(node_manager::Column::UIdx.eq(caller.user.u_idx)).to_owned();
    if caller.role == crate::auth::scope::Role::SiteManager {
        return Some(Condition::all().add(poi_id.in_subquery(managed)));
    }
    Some(match c_id {
        Some(c_id) => Condition::all().add(c_id.eq(caller.user.c_id)),
        None => {
            let own = Query::select().column(poi::Column::PoiId).from(poi::Entity).and_where(poi::Column::CId.eq(caller.user.c_id)).to_owned();
            Condition::all().add(poi_id.in_subquery(own))
        }
    })
}

pub use townboard_domain::role::Role;
