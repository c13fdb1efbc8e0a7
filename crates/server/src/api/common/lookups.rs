//! Lookups behind the search popups (`/api/common/{corp,user,usergroup,userteam}/{byCId,byName,roleByCid}.do`):
//! at most 50 rows, within the caller's data scope.

use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::{corp, user, user_group, user_team};
use crate::db::like::contains;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::{Value, json};
use townboard_domain::role::Role;

const LIMIT: u64 = 50;

#[derive(schemars::JsonSchema, Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Query {
    #[serde(rename = "cId")]
    c_id: Option<i64>,
    u_idx: Option<i64>,
    c_name: Option<String>,
    u_name: Option<String>,
    group_nm: Option<String>,
    team_nm: Option<String>,
}

fn required<T>(value: Option<T>, field: &str) -> ApiResult<T> {
    value.ok_or_else(|| ApiError::invalid(field, "필수 항목입니다."))
}

fn corp_row(c: &corp::Model) -> Value {
    json!({ "cId": c.c_id, "cName": c.c_name, "cBizNo": c.c_biz_no, "roleCd": c.role_cd })
}

fn user_row(u: &user::Model) -> Value {
    json!({ "uIdx": u.u_idx, "uId": u.u_id, "uName": u.u_name, "cId": u.c_id, "roleCd": u.role_cd })
}

fn corps_in_scope(caller: &Caller) -> sea_orm::Select<corp::Entity> {
    let q = corp::Entity::find().filter(corp::Column::DeletedAt.is_null());
    match scope::corps(caller, corp::Column::CId, corp::Column::CreatedBy) {
        Some(scope) => q.filter(scope),
        None => q,
    }
}

fn users_in_scope(caller: &Caller) -> sea_orm::Select<user::Entity> {
    let q = user::Entity::find().filter(user::Column::DeletedAt.is_null());
    match scope::users(caller) {
        Some(scope) => q.filter(scope),
        None => q,
    }
}

pub async fn corp_by_cid(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let rows = corps_in_scope(&caller).filter(corp::Column::CId.eq(required(q.c_id, "cId")?)).all(&state.db).await?;
    Ok(ok(json!({ "list": rows.iter().map(corp_row).collect::<Vec<_>>() })))
}

pub async fn corp_by_name(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let name = required(q.c_name, "cName")?;
    let rows = corps_in_scope(&caller).filter(contains(corp::Column::CName, name.trim())).order_by_asc(corp::Column::CName).limit(LIMIT).all(&state.db).await?;
    Ok(ok(json!({ "list": rows.iter().map(corp_row).collect::<Vec<_>>() })))
}

/// The role of a corp in scope (a corp has one role).
pub async fn corp_role_by_cid(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let rows = corps_in_scope(&caller).filter(corp::Column::CId.eq(required(q.c_id, "cId")?)).all(&state.db).await?;
    let list: Vec<_> = rows.iter().filter_map(|c| Role::from_code(c.role_cd)).map(|r| json!({ "roleCd": r.code(), "roleCdNm": r.name_ko() })).collect();
    Ok(ok(json!({ "list": list })))
}

pub async fn user_by_cid(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let rows =
        users_in_scope(&caller).filter(user::Column::CId.eq(required(q.c_id, "cId")?)).order_by_asc(user::Column::UName).limit(LIMIT).all(&state.db).await?;
    Ok(ok(json!({ "list": rows.iter().map(user_row).collect::<Vec<_>>() })))
}

pub async fn user_by_uidx(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let rows = users_in_scope(&caller).filter(user::Column::UIdx.eq(required(q.u_idx, "uIdx")?)).all(&state.db).await?;
    Ok(ok(json!({ "list": rows.iter().map(user_row).collect::<Vec<_>>() })))
}

pub async fn user_by_name(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let name = required(q.u_name, "uName")?;
    let rows = users_in_scope(&caller).filter(contains(user::Column::UName, name.trim())).order_by_asc(user::Column::UName).limit(LIMIT).all(&state.db).await?;
    Ok(ok(json!({ "list": rows.iter().map(user_row).collect::<Vec<_>>() })))
}

/// The roles found among a corp's users in scope.
pub async fn user_role_by_cid(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let roles: Vec<i32> = users_in_scope(&caller)
        .select_only()
        .column(user::Column::RoleCd)
        .distinct()
        .filter(user::Column::CId.eq(required(q.c_id, "cId")?))
        .into_tuple()
        .all(&state.db)
        .await?;
    let list: Vec<_> = roles.into_iter().filter_map(Role::from_code).map(|r| json!({ "roleCd": r.code(), "roleCdNm": r.name_ko() })).collect();
    Ok(ok(json!({ "list": list })))
}

pub async fn usergroup_by_name(State(state): State<AppState>, Input(q): Input<Query>) -> ApiResult<Response> {
    let name = required(q.group_nm, "groupNm")?;
    let rows = user_group::Entity::find()
        .filter(user_group::Column::DeletedAt.is_null())
        .filter(contains(user_group::Column::GroupNm, name.trim()))
        .order_by_asc(user_group::Column::GroupNm)
        .limit(LIMIT)
        .all(&state.db)
        .await?;
    let list: Vec<_> = rows.iter().map(|g| json!({ "groupId": g.group_id, "groupNm": g.group_nm })).collect();
    Ok(ok(json!({ "list": list })))
}

fn teams_in_scope(caller: &Caller) -> sea_orm::Select<user_team::Entity> {
    let q = user_team::Entity::find().filter(user_team::Column::DeletedAt.is_null());
    match scope::teams(caller) {
        Some(scope) => q.filter(scope),
        None => q,
    }
}

pub async fn userteam_by_cid(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let rows = teams_in_scope(&caller)
        .filter(user_team::Column::CId.eq(required(q.c_id, "cId")?))
        .order_by_asc(user_team::Column::TeamNm)
        .limit(LIMIT)
        .all(&state.db)
        .await?;
    Ok(ok(json!({ "list": rows.iter().map(|t| json!({ "teamId": t.team_id, "teamNm": t.team_nm, "cId": t.c_id })).collect::<Vec<_>>() })))
}

pub async fn userteam_by_name(State(state): State<AppState>, caller: Caller, Input(q): Input<Query>) -> ApiResult<Response> {
    let name = required(q.team_nm, "teamNm")?;
    let rows = teams_in_scope(&caller)
        .filter(contains(user_team::Column::TeamNm, name.trim()))
        .order_by_asc(user_team::Column::TeamNm)
        .limit(LIMIT)
        .all(&state.db)
        .await?;
    Ok(ok(json!({ "list": rows.iter().map(|t| json!({ "teamId": t.team_id, "teamNm": t.team_nm, "cId": t.c_id })).collect::<Vec<_>>() })))
}
