//! Users (`/account/user`): accounts with an initial password, status, lock, team, group, the four
//! menu flags and the team authority type. A user's role is their corp's.

use super::credentials::{apply_password, apply_status, apply_unlock, check_identity, initial_password, valid_user_id};
use crate::api::lookup;
use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter, find_visible};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::user::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, login_failure, user_group, user_team};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::session;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::{Value, json};
use townboard_domain::role::Role;

pub struct Users;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserInput {
    u_idx: Option<i64>,
    #[serde(rename = "uId")]
    u_id: String,
    u_name: String,
    #[serde(rename = "cId")]
    c_id: i64,
    /// The corp's role; a user cannot hold another.
    role_cd: Option<i32>,
    #[serde(default = "approved")]
    u_status: i32,
    u_pw: Option<String>,
    #[serde(default = "own")]
    auth_type: i32,
    team_id: Option<i64>,
    group_id: Option<i64>,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    email: String,
    #[serde(default = "no")]
    show_content_menu: String,
    #[serde(default = "no")]
    show_board_menu: String,
    #[serde(default = "no")]
    show_img_board: String,
    #[serde(default = "no")]
    show_mov_board: String,
}

fn approved() -> i32 {
    1
}
fn own() -> i32 {
    1
}
fn no() -> String {
    "N".into()
}

impl Resource for Users {
    type Entity = Entity;
    type Input = UserInput;
    /// Whether the user's sessions must end (stopped, role or password changed).
    type Extra = bool;
    const PATH: &'static str = "account/user";
    const PROGRAM: &'static str = "account.user";
    const ID_FIELD: &'static str = "uIdx";
    const SUMMARY: &'static str = "사용자";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("uId", Column::UId, Match::Contains),
            filter("uName", Column::UName, Match::Contains),
            filter("cId", Column::CId, Match::Int),
            filter("roleCd", Column::RoleCd, Match::Int),
            filter("uStatus", Column::UStatus, Match::Int),
            filter("teamId", Column::TeamId, Match::Int),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("uId", Column::UId), ("uName", Column::UName), ("createdAt", Column::CreatedAt), ("lastLoginAt", Column::LastLoginAt), ("uIdx", Column::UIdx)]
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        crate::auth::scope::users(caller)
    }
    fn input_id(input: &UserInput) -> Option<i64> {
        input.u_idx
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: UserInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, bool)>> {
        Box::pin(async move {
            let mut check = Check::new();
            check_identity(&mut check, &input.u_id, &input.u_name, &input.phone, &input.email);
            if existing.is_some_and(|e| e.u_id != input.u_id) {
                check.fail("uId", "등록 후에는 바꿀 수 없습니다.");
            }
            check.code("uStatus", "USER_STATUS", &input.u_status.to_string());
            check.code("authType", "AUTH_TYPE", &input.auth_type.to_string());
            for (field, value) in [
                ("showContentMenu", &input.show_content_menu),
                ("showBoardMenu", &input.show_board_menu),
                ("showImgBoard", &input.show_img_board),
                ("showMovBoard", &input.show_mov_board),
            ] {
                check.yn(field, value);
            }
            let corp = crate::api::visible::corp(db, ctx.caller, input.c_id).await.ok();
            if corp.is_none() {
                check.fail("cId", "사업자를 선택하세요.");
            }
            if let Some(team) = input.team_id {
                let same_corp =
                    user_team::Entity::find_by_id(team).filter(user_team::Column::DeletedAt.is_null()).one(db).await?.is_some_and(|t| t.c_id == input.c_id);
                if !same_corp {
                    check.fail("teamId", "같은 사업자의 팀을 선택하세요.");
                }
            }
            if let Some(group) = input.group_id
                && user_group::Entity::find_by_id(group).filter(user_group::Column::DeletedAt.is_null()).one(db).await?.is_none()
            {
                check.fail("groupId", "계정 그룹을 찾을 수 없습니다.");
            }
            let hashed = match existing {
                None => initial_password(&mut check, input.u_pw.as_deref(), &input.u_id),
                Some(_) if input.u_pw.as_deref().is_some_and(|p| !p.is_empty()) => {
                    check.fail("uPw", "비밀번호는 비밀번호 변경으로 바꾸세요.");
                    None
                }
                Some(_) => None,
            };
            if let (Some(given), Some(c)) = (input.role_cd, &corp)
                && given != c.role_cd
            {
                check.fail("roleCd", "사용자의 역할은 사업자의 역할과 같아야 합니다.");
            }
            check.finish()?;
            let role = corp.map_or(0, |c| c.role_cd);
            let end_sessions = existing.is_some_and(|e| (e.u_status == 1 && input.u_status != 1) || e.role_cd != role || e.group_id != input.group_id);
            Ok((
                ActiveModel {
                    u_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.u_idx)),
                    u_id_key: Set(input.u_id.to_lowercase()),
                    u_id: Set(input.u_id),
                    u_name: Set(clean(input.u_name)),
                    u_pw: match hashed {
                        Some(h) => Set(h),
                        None => existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.u_pw.clone())),
                    },
                    c_id: Set(input.c_id),
                    role_cd: Set(role),
                    u_status: Set(input.u_status),
                    init_pwd_yn: Set(existing.map_or("Y".into(), |e| e.init_pwd_yn.clone())),
                    auth_type: Set(input.auth_type),
                    team_id: Set(input.team_id),
                    group_id: Set(input.group_id),
                    phone: Set(clean(input.phone)),
                    email: Set(clean(input.email)),
                    show_content_menu: Set(input.show_content_menu),
                    show_board_menu: Set(input.show_board_menu),
                    show_img_board: Set(input.show_img_board),
                    show_mov_board: Set(input.show_mov_board),
                    platform: Set(existing.map_or(1, |e| e.platform)),
                    last_login_at: Set(existing.and_then(|e| e.last_login_at)),
                    last_access_at: Set(existing.and_then(|e| e.last_access_at)),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                end_sessions,
            ))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, saved: &'a Model, end_sessions: bool) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if end_sessions {
                session::end_all_of_user(db, saved.u_idx, None).await?;
            }
            Ok(())
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        Some((Condition::all().add(Column::UIdKey.eq(row.u_id_key.clone().unwrap())), "uId"))
    }
    fn mark_deleted(m: Model, now: chrono::DateTime<chrono::Utc>) -> Option<ActiveModel> {
        Some(ActiveModel { u_idx: Set(m.u_idx), deleted_at: Set(Some(now)), u_status: Set(2), updated_at: Set(now), ..Default::default() })
    }
    fn related() -> Vec<Related> {
        vec![
            Related::label::<corp::Entity>(Column::CId, corp::Column::CId, corp::Column::CName, "cName"),
            Related::label::<user_team::Entity>(Column::TeamId, user_team::Column::TeamId, user_team::Column::TeamNm, "teamNm"),
            Related::label::<user_group::Entity>(Column::GroupId, user_group::Column::GroupId, user_group::Column::GroupNm, "groupNm"),
        ]
    }
    fn enrich<'a>(_db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            for row in rows.iter_mut() {
                let name = row["roleCd"].as_i64().and_then(|c| Role::from_code(c as i32)).map(Role::name_ko);
                row["roleCdNm"] = json!(name);
            }
            Ok(())
        })
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UserId {
    u_idx: i64,
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusBody {
    u_idx: i64,
    u_status: i32,
}

/// `jsonStatus.do {uIdx, uStatus}`
pub async fn status(State(state): State<AppState>, caller: Caller, Input(body): Input<StatusBody>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = find_visible::<Users>(&txn, &caller, body.u_idx).await?;
    apply_status(&txn, &caller, now, &before, body.u_status, Users::PROGRAM).await?;
    txn.commit().await?;
    Ok(ok(json!({ "uIdx": body.u_idx, "uStatus": body.u_status })))
}

/// `jsonUnlock.do {uIdx}`
pub async fn unlock(State(state): State<AppState>, caller: Caller, Input(body): Input<UserId>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let u = find_visible::<Users>(&txn, &caller, body.u_idx).await?;
    apply_unlock(&txn, &caller, now, &u, Users::PROGRAM).await?;
    txn.commit().await?;
    Ok(ok(json!({ "uIdx": body.u_idx })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordBody {
    u_idx: i64,
    u_pw: String,
}

/// `jsonChangePassword.do {uIdx, uPw}`
pub async fn change_password(State(state): State<AppState>, caller: Caller, Input(body): Input<PasswordBody>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let u = find_visible::<Users>(&txn, &caller, body.u_idx).await?;
    apply_password(&txn, &caller, now, &u, &body.u_pw, Users::PROGRAM).await?;
    txn.commit().await?;
    Ok(ok(json!({ "uIdx": body.u_idx })))
}

/// `jsonLoginDetail.do {uIdx}`
pub async fn login_detail(State(state): State<AppState>, caller: Caller, Input(body): Input<UserId>) -> ApiResult<Response> {
    let u = find_visible::<Users>(&state.db, &caller, body.u_idx).await?;
    let f = login_failure::Entity::find_by_id(u.u_id_key.clone()).one(&state.db).await?;
    Ok(ok(json!({
        "lastLoginAt": u.last_login_at.as_ref().map(crate::time::format),
        "lastAccessAt": u.last_access_at.as_ref().map(crate::time::format),
        "failCnt": f.as_ref().map_or(0, |f| f.fail_cnt),
        "locked": f.is_some_and(|f| townboard_domain::session::locked(f.fail_cnt)),
    })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NameBody {
    #[serde(default)]
    u_name: String,
}

/// `jsonSalesList.do {uName?}`: approved users of the sales roles in scope.
pub async fn sales_list(State(state): State<AppState>, caller: Caller, Input(body): Input<NameBody>) -> ApiResult<Response> {
    let sales: Vec<i32> = Role::ALL.iter().filter(|r| r.is_sales()).map(|r| r.code()).collect();
    let mut q = Entity::find().filter(Column::DeletedAt.is_null()).filter(Column::UStatus.eq(1)).filter(Column::RoleCd.is_in(sales));
    if !body.u_name.trim().is_empty() {
        q = q.filter(crate::db::like::contains(Column::UName, body.u_name.trim()));
    }
    if let Some(scope) = Users::scope(&caller) {
        q = q.filter(scope);
    }
    let rows = q.order_by_asc(Column::UName).limit(200).all(&state.db).await?;
    let mut list: Vec<Value> = rows.iter().map(|u| json!({ "uIdx": u.u_idx, "uId": u.u_id, "uName": u.u_name, "cId": u.c_id })).collect();
    lookup::labels::<corp::Entity>(&state.db, &mut list, "cId", "cName", corp::Column::CId, corp::Column::CName).await?;
    Ok(ok(json!({ "list": list })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorpBody {
    #[serde(rename = "cId")]
    c_id: i64,
}

/// `jsonUserteamList.do {cId}`: the teams of a corp in scope.
pub async fn team_list(State(state): State<AppState>, caller: Caller, Input(body): Input<CorpBody>) -> ApiResult<Response> {
    crate::api::visible::corp(&state.db, &caller, body.c_id).await?;
    let teams: Vec<(i64, String)> = user_team::Entity::find()
        .select_only()
        .columns([user_team::Column::TeamId, user_team::Column::TeamNm])
        .filter(user_team::Column::CId.eq(body.c_id))
        .filter(user_team::Column::DeletedAt.is_null())
        .order_by_asc(user_team::Column::TeamNm)
        .into_tuple()
        .all(&state.db)
        .await?;
    let list: Vec<_> = teams.into_iter().map(|(id, nm)| json!({ "teamId": id, "teamNm": nm })).collect();
    Ok(ok(json!({ "list": list })))
}

/// `jsonUsergroupList.do {}`: every permission group.
pub async fn group_list(State(state): State<AppState>) -> ApiResult<Response> {
    let groups: Vec<(i64, String)> = user_group::Entity::find()
        .select_only()
        .columns([user_group::Column::GroupId, user_group::Column::GroupNm])
        .filter(user_group::Column::DeletedAt.is_null())
        .order_by_asc(user_group::Column::GroupNm)
        .into_tuple()
        .all(&state.db)
        .await?;
    let list: Vec<_> = groups.into_iter().map(|(id, nm)| json!({ "groupId": id, "groupNm": nm })).collect();
    Ok(ok(json!({ "list": list })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IdBody {
    #[serde(rename = "uId")]
    u_id: String,
}

/// `jsonIdCheck.do {uId}` -> `{dupYn}`: ids are unique without regard to case, deleted ones included.
pub async fn id_check(State(state): State<AppState>, Input(body): Input<IdBody>) -> ApiResult<Response> {
    if !valid_user_id(body.u_id.trim()) {
        return Err(ApiError::invalid("uId", "4~50자의 영문, 숫자, . _ -만 사용할 수 있습니다."));
    }
    let taken = Entity::find().filter(Column::UIdKey.eq(body.u_id.trim().to_lowercase())).one(&state.db).await?.is_some();
    Ok(ok(json!({ "dupYn": if taken { "Y" } else { "N" } })))
}
