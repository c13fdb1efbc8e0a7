//! Permissions by role (`/system/authrole/auth`): the matrix of roles × programs × kinds. A change
//! applies to the role's users at their next request, since permissions are read per request.

use crate::api::resource::record;
use crate::auth::Caller;
use crate::db::entity::{program, role_permission};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::role::Role;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RoleBody {
    role_cd: i32,
}

fn role_of(code: i32) -> ApiResult<Role> {
    Role::from_code(code).ok_or_else(|| ApiError::invalid("roleCd", "알 수 없는 역할입니다."))
}

pub async fn role_codes(db: &impl ConnectionTrait, role: Role) -> ApiResult<Vec<String>> {
    Ok(role_permission::Entity::find()
        .select_only()
        .column(role_permission::Column::PermCode)
        .filter(role_permission::Column::RoleCd.eq(role.code()))
        .order_by_asc(role_permission::Column::PermCode)
        .into_tuple()
        .all(db)
        .await?)
}

/// `POST /api/system/authrole/jsonList.do {roleCd}`: the programs and the role's permission codes.
pub async fn list(State(state): State<AppState>, Input(body): Input<RoleBody>) -> ApiResult<Response> {
    let role = role_of(body.role_cd)?;
    let programs = program::Entity::find().order_by_asc(program::Column::SortOrder).all(&state.db).await?;
    Ok(ok(json!({ "roleCd": role.code(), "programs": programs, "permCodes": role_codes(&state.db, role).await? })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SaveBody {
    role_cd: i32,
    perm_codes: Vec<String>,
}

/// `POST /api/system/authrole/jsonSave.do {roleCd, permCodes}`: replaces the role's set.
pub async fn save(State(state): State<AppState>, caller: Caller, Input(body): Input<SaveBody>) -> ApiResult<Response> {
    let role = role_of(body.role_cd)?;
    if body.perm_codes.len() > 2000 {
        return Err(ApiError::invalid("permCodes", "너무 많습니다."));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let codes = crate::api::validation::valid_codes(&txn, &body.perm_codes).await?;
    let before = role_codes(&txn, role).await?;
    role_permission::Entity::delete_many().filter(role_permission::Column::RoleCd.eq(role.code())).exec(&txn).await?;
    for chunk in codes.chunks(300) {
        let rows = chunk.iter().map(|c| role_permission::ActiveModel { role_cd: Set(role.code()), perm_code: Set(c.clone()) });
        role_permission::Entity::insert_many(rows).exec_without_returning(&txn).await?;
    }
    record(&txn, &caller, now, "system.authrole", role.code(), "update", Some(&before), Some(&codes)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "count": codes.len() })))
}

/// The auth groups are listed in role order only.
pub fn group_sorts() -> Vec<(&'static str, role_permission::Column)> {
    vec![("roleCd", role_permission::Column::RoleCd)]
}

/// `POST /api/account/authgroup/jsonList.do`: the auth groups, one per role, with the size of
/// their permission set and how many users they hold.
pub async fn groups(State(state): State<AppState>, Input(body): Input<serde_json::Map<String, serde_json::Value>>) -> ApiResult<Response> {
    use crate::db::entity::user;
    use sea_orm::sea_query::{Expr, Func};
    // One row per role, in role order: the only sort there is.
    let query = crate::api::resource::list_query(&body, &[], &group_sorts(), (role_permission::Column::RoleCd, Order::Asc))?;
    let perms: Vec<(i32, i64)> = role_permission::Entity::find()
        .select_only()
        .column(role_permission::Column::RoleCd)
        .column_as(Expr::from(Func::count(Expr::col(role_permission::Column::PermCode))), "n")
        .group_by(role_permission::Column::RoleCd)
        .into_tuple()
        .all(&state.db)
        .await?;
    let users: Vec<(i32, i64)> = user::Entity::find()
        .select_only()
        .column(user::Column::RoleCd)
        .column_as(Expr::from(Func::count(Expr::col(user::Column::UIdx))), "n")
        .filter(user::Column::DeletedAt.is_null())
        .group_by(user::Column::RoleCd)
        .into_tuple()
        .all(&state.db)
        .await?;
    let count = |rows: &[(i32, i64)], role: i32| rows.iter().find(|r| r.0 == role).map_or(0, |r| r.1);
    let mut list: Vec<_> = Role::ALL
        .iter()
        .map(|r| json!({ "roleCd": r.code(), "roleCdNm": r.name_ko(), "permCnt": count(&perms, r.code()), "userCnt": count(&users, r.code()) }))
        .collect();
    if matches!(query.order.1, Order::Desc) {
        list.reverse();
    }
    Ok(ok(json!({ "list": list })))
}
