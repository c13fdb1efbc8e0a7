//! Data scope (domain.md §1): managers and operators see every row; everyone else sees rows by
//! their team authority type (`authType`): 1 their own, 2 their team's, 3 their corp's. A row
//! outside scope is answered exactly like a missing one.

use super::caller::Caller;
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

/// Screens (`media` rows) in reach: installers the screens on the devices registered within their
/// reach (they put them up, wherever the site); everyone else by the sites' rule (a media owner
/// its corp's screens, a site manager the screens of the sites it manages).
pub fn screens(caller: &Caller) -> Option<Condition> {
    use crate::db::entity::{device, media};
    if caller.role == Role::Installer {
        let installed =
            Query::select().column(device::Column::DvcIdx).from(device::Entity).cond_where(owned_by_reach(caller, device::Column::CreatedBy)).to_owned();
        return Some(Condition::all().add(media::Column::DvcIdx.in_subquery(installed)));
    }
    sites(caller, media::Column::PoiId, Some(media::Column::CId))
}

/// Media groups in reach: the sites' rule, except for the owner side (sales agents, advertisers),
/// who read every group: they are the inventory a campaign is sold on.
pub fn media_groups<C: ColumnTrait>(caller: &Caller, poi_id: C) -> Option<Condition> {
    if caller.role.is_sales() || caller.role == Role::Advertiser {
        return None;
    }
    sites(caller, poi_id, None)
}

/// Teams in reach: managers and operators all; everyone else their corp's teams.
pub fn teams(caller: &Caller) -> Option<Condition> {
    use crate::db::entity::user_team;
    (!caller.role.sees_all_rows()).then(|| Condition::all().add(user_team::Column::CId.eq(caller.user.c_id)))
}

/// Advertisers: corps of the advertiser role.
pub fn advertiser_corps() -> Condition {
    use crate::db::entity::corp;
    Condition::all().add(corp::Column::RoleCd.eq(Role::Advertiser.code()))
}

pub use townboard_domain::role::Role;

/// Campaigns in reach (domain.md §1): managers and operators all; advertisers their corp's;
/// sales agents those written by or assigned to someone in their reach (by authority type), and
/// with company authority also those of their agency; verification vendors every campaign that
/// has been approved (they check what plays); anyone else what they wrote within their reach.
pub fn campaigns(caller: &Caller) -> Option<Condition> {
    use crate::db::entity::campaign::Column;
    if caller.role.sees_all_rows() {
        return None;
    }
    Some(match caller.role {
        Role::Advertiser => Condition::all().add(Column::AdvertiserCId.eq(caller.user.c_id)),
        Role::VerificationVendor => Condition::all().add(Column::CmpgStatus.is_in([30, 40, 50, 60, 99])),
        role => {
            let mut any = Condition::any().add(owned_by_reach(caller, Column::CreatedBy));
            if role.is_sales() {
                any = any.add(owned_by_reach(caller, Column::SalesUIdx));
                if caller.user.auth_type == 3 {
                    any = any.add(Column::AgentCId.eq(caller.user.c_id));
                }
            }
            any
        }
    })
}
