//! Rows of one resource that another needs by id (the corp of a user, the site of a group, the row a
//! file belongs to), found with the same scope rules the owning resource applies: live and in the
//! caller's scope, else 10404 exactly as a missing row.

use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::{corp, media, news_provider, player, poi, user, user_team};
use crate::error::{ApiError, ApiResult};
use sea_orm::sea_query::{Expr, SelectStatement};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect, QueryTrait, Select};

fn found<E: EntityTrait>(id: impl ColumnTrait, value: i64, live: impl ColumnTrait, scope: Option<Condition>) -> Select<E> {
    let q = E::find().filter(id.eq(value)).filter(live.is_null());
    match scope {
        Some(scope) => q.filter(scope),
        None => q,
    }
}

async fn one<E: EntityTrait>(
    db: &impl ConnectionTrait,
    id: impl ColumnTrait,
    value: i64,
    live: impl ColumnTrait,
    scope: Option<Condition>,
) -> ApiResult<E::Model> {
    found::<E>(id, value, live, scope).one(db).await?.ok_or(ApiError::NotFound)
}

pub async fn corp(db: &impl ConnectionTrait, caller: &Caller, c_id: i64) -> ApiResult<corp::Model> {
    one::<corp::Entity>(db, corp::Column::CId, c_id, corp::Column::DeletedAt, scope::corps(caller, corp::Column::CId, corp::Column::CreatedBy)).await
}

fn advertisers_in_reach(caller: &Caller) -> Condition {
    let reach = scope::corps(caller, corp::Column::CId, corp::Column::CreatedBy);
    reach.map_or_else(scope::advertiser_corps, |r| scope::advertiser_corps().add(r))
}

pub async fn advertiser(db: &impl ConnectionTrait, caller: &Caller, c_id: i64) -> ApiResult<corp::Model> {
    one::<corp::Entity>(db, corp::Column::CId, c_id, corp::Column::DeletedAt, Some(advertisers_in_reach(caller))).await
}

/// [`advertiser`] as a statement to ask inside another (a booking reads it with its product): a
/// row when the advertiser is there and in reach.
pub fn advertiser_query(caller: &Caller, c_id: i64) -> SelectStatement {
    found::<corp::Entity>(corp::Column::CId, c_id, corp::Column::DeletedAt, Some(advertisers_in_reach(caller))).select_only().expr(Expr::val(1)).into_query()
}

pub async fn user(db: &impl ConnectionTrait, caller: &Caller, u_idx: i64) -> ApiResult<user::Model> {
    one::<user::Entity>(db, user::Column::UIdx, u_idx, user::Column::DeletedAt, scope::users(caller)).await
}

pub async fn team(db: &impl ConnectionTrait, caller: &Caller, team_id: i64) -> ApiResult<user_team::Model> {
    one::<user_team::Entity>(db, user_team::Column::TeamId, team_id, user_team::Column::DeletedAt, scope::teams(caller)).await
}

pub async fn site(db: &impl ConnectionTrait, caller: &Caller, poi_id: i64) -> ApiResult<poi::Model> {
    one::<poi::Entity>(db, poi::Column::PoiId, poi_id, poi::Column::DeletedAt, scope::sites(caller, poi::Column::PoiId, Some(poi::Column::CId))).await
}

pub async fn screen(db: &impl ConnectionTrait, caller: &Caller, media_id: i64) -> ApiResult<media::Model> {
    one::<media::Entity>(db, media::Column::MediaId, media_id, media::Column::DeletedAt, scope::screens(caller)).await
}

/// Player builds and news providers are shared reference data: live is enough.
pub async fn player(db: &impl ConnectionTrait, ply_idx: i64) -> ApiResult<player::Model> {
    one::<player::Entity>(db, player::Column::PlyIdx, ply_idx, player::Column::DeletedAt, None).await
}

pub async fn news_provider(db: &impl ConnectionTrait, nss_id: i64) -> ApiResult<news_provider::Model> {
    one::<news_provider::Entity>(db, news_provider::Column::NssId, nss_id, news_provider::Column::DeletedAt, None).await
}
