//! Business entities (`/account/corp`): checksum-valid, unique business numbers, contacts, status,
//! and the business licence file. A corp's role is its users' role.

use super::corp_rules::{CorpInput, SHARED_BIZ_NO, corp_definition, corp_filters, corp_row, set_status};
use crate::api::resource::{BoxFut, Filter, Resource, SaveContext, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::corp::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp_person, login_failure, user};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::session;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::role::Role;
use townboard_domain::validate::{is_biz_no, normalize_biz_no};

pub struct Corps;

impl Resource for Corps {
    type Entity = Entity;
    type Input = CorpInput;
    /// Whether the corp's role changed (its users follow and their sessions end).
    type Extra = bool;
    const PATH: &'static str = "account/corp";
    const PROGRAM: &'static str = "account.corp";
    const SUMMARY: &'static str = "사업자";
    corp_definition!();

    fn filters() -> Vec<Filter<Column>> {
        corp_filters()
    }
    fn input_id(input: &CorpInput) -> Option<i64> {
        input.c_id
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: CorpInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, bool)>> {
        Box::pin(async move {
            let mut check = Check::new();
            let role = input.role_cd.unwrap_or(0);
            let row = corp_row(&mut check, input, role, existing, ctx);
            check.finish()?;
            Ok((row, existing.is_some_and(|e| e.role_cd != role)))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, saved: &'a Model, role_changed: bool) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if role_changed {
                user::Entity::update_many().col_expr(user::Column::RoleCd, saved.role_cd.into()).filter(user::Column::CId.eq(saved.c_id)).exec(db).await?;
                for u in user::Entity::find().filter(user::Column::CId.eq(saved.c_id)).all(db).await? {
                    session::end_all_of_user(db, u.u_idx, None).await?;
                }
            }
            Ok(())
        })
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DupBody {
    c_biz_no: String,
    #[serde(rename = "cId")]
    c_id: Option<i64>,
}

/// `jsonDupCheck.do {cBizNo, cId?}` -> `{dupYn}` among live corps (the placeholder never counts).
pub async fn dup_check(State(state): State<AppState>, Input(body): Input<DupBody>) -> ApiResult<Response> {
    let biz = normalize_biz_no(body.c_biz_no.trim());
    if !is_biz_no(&biz) {
        return Err(ApiError::invalid("cBizNo", "사업자등록번호가 올바르지 않습니다."));
    }
    let mut q = Entity::find().filter(Column::CBizNo.eq(biz.as_str())).filter(Column::DeletedAt.is_null());
    if let Some(id) = body.c_id {
        q = q.filter(Column::CId.ne(id));
    }
    let dup = biz != SHARED_BIZ_NO && q.one(&state.db).await?.is_some();
    Ok(ok(json!({ "dupYn": if dup { "Y" } else { "N" } })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BizBody {
    c_biz_no: String,
}

/// `jsonBiznoDetail.do {cBizNo}`: the corp in scope with that number.
pub async fn bizno_detail(State(state): State<AppState>, caller: Caller, Input(body): Input<BizBody>) -> ApiResult<Response> {
    let biz = normalize_biz_no(body.c_biz_no.trim());
    let mut q = Entity::find().filter(Column::CBizNo.eq(biz)).filter(Column::DeletedAt.is_null());
    if let Some(scope) = Corps::scope(&caller) {
        q = q.filter(scope);
    }
    Ok(ok(q.one(&state.db).await?.ok_or(ApiError::NotFound)?))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorpId {
    #[serde(rename = "cId")]
    c_id: i64,
}

/// `jsonPersonList.do {cId}`
pub async fn person_list(State(state): State<AppState>, caller: Caller, Input(body): Input<CorpId>) -> ApiResult<Response> {
    find_visible::<Corps>(&state.db, &caller, body.c_id).await?;
    let list = corp_person::Entity::find().filter(corp_person::Column::CId.eq(body.c_id)).order_by_asc(corp_person::Column::PersonIdx).all(&state.db).await?;
    Ok(ok(json!({ "list": list })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Person {
    #[serde(default)]
    person_idx: Option<i64>,
    person_nm: String,
    #[serde(default)]
    person_tel: String,
    #[serde(default)]
    person_email: String,
    #[serde(default)]
    person_dept: String,
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PersonsBody {
    #[serde(rename = "cId")]
    c_id: i64,
    persons: Vec<Person>,
}

/// `jsonPersonSave.do {cId, persons}`: replaces the contact list.
pub async fn person_save(State(state): State<AppState>, caller: Caller, Input(body): Input<PersonsBody>) -> ApiResult<Response> {
    let mut check = Check::new();
    if body.persons.len() > 50 {
        check.fail("persons", "담당자는 50명까지 등록할 수 있습니다.");
    }
    for (i, p) in body.persons.iter().enumerate() {
        check.required(&format!("persons[{i}].personNm"), &p.person_nm, 50);
        check.max_len(&format!("persons[{i}].personTel"), &p.person_tel, 20);
        check.max_len(&format!("persons[{i}].personEmail"), &p.person_email, 100);
        check.max_len(&format!("persons[{i}].personDept"), &p.person_dept, 50);
        let _ = p.person_idx;
    }
    check.finish()?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    find_visible::<Corps>(&txn, &caller, body.c_id).await?;
    let before = corp_person::Entity::find().filter(corp_person::Column::CId.eq(body.c_id)).all(&txn).await?;
    corp_person::Entity::delete_many().filter(corp_person::Column::CId.eq(body.c_id)).exec(&txn).await?;
    for p in body.persons {
        corp_person::ActiveModel {
            c_id: Set(body.c_id),
            person_nm: Set(clean(p.person_nm)),
            person_tel: Set(clean(p.person_tel)),
            person_email: Set(clean(p.person_email)),
            person_dept: Set(clean(p.person_dept)),
            ..Default::default()
        }
        .insert(&txn)
        .await?;
    }
    let after = corp_person::Entity::find().filter(corp_person::Column::CId.eq(body.c_id)).all(&txn).await?;
    record(&txn, &caller, now, "account.corp.person", body.c_id, "update", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "count": after.len() })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusBody {
    #[serde(rename = "cId")]
    c_id: i64,
    c_status: i32,
}

pub async fn status(State(state): State<AppState>, caller: Caller, Input(body): Input<StatusBody>) -> ApiResult<Response> {
    set_status::<Corps>(&state, &caller, body.c_id, body.c_status).await
}

/// `jsonLoginDetail.do {cId}`: the corp's users with their login state.
pub async fn login_detail(State(state): State<AppState>, caller: Caller, Input(body): Input<CorpId>) -> ApiResult<Response> {
    find_visible::<Corps>(&state.db, &caller, body.c_id).await?;
    let users = user::Entity::find()
        .filter(user::Column::CId.eq(body.c_id))
        .filter(user::Column::DeletedAt.is_null())
        .order_by_asc(user::Column::UIdx)
        .all(&state.db)
        .await?;
    let keys: Vec<String> = users.iter().map(|u| u.u_id_key.clone()).collect();
    let failures = login_failure::Entity::find().filter(login_failure::Column::UIdKey.is_in(keys)).all(&state.db).await?;
    let list: Vec<_> = users
        .iter()
        .map(|u| {
            let f = failures.iter().find(|f| f.u_id_key == u.u_id_key);
            json!({
                "uIdx": u.u_idx, "uId": u.u_id, "uName": u.u_name, "uStatus": u.u_status,
                "lastLoginAt": u.last_login_at.as_ref().map(crate::time::format),
                "failCnt": f.map_or(0, |f| f.fail_cnt),
                "locked": f.is_some_and(|f| townboard_domain::session::locked(f.fail_cnt)),
            })
        })
        .collect();
    Ok(ok(json!({ "list": list })))
}

/// `jsonRoleCdList.do {}`: every role with its name.
pub async fn role_cd_list() -> Response {
    let list: Vec<_> = Role::ALL.iter().map(|r| json!({ "roleCd": r.code(), "roleCdNm": r.name_ko() })).collect();
    ok(json!({ "list": list }))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RolesBody {
    role_cd_list: Vec<i32>,
}

async fn corp_keys(state: &AppState, caller: &Caller, roles: Vec<i32>, exclude: bool) -> ApiResult<Response> {
    let mut q = Entity::find().filter(Column::DeletedAt.is_null());
    q = if exclude { q.filter(Column::RoleCd.is_not_in(roles)) } else { q.filter(Column::RoleCd.is_in(roles)) };
    if let Some(scope) = Corps::scope(caller) {
        q = q.filter(scope);
    }
    let rows = q.order_by_asc(Column::CName).all(&state.db).await?;
    let list: Vec<_> = rows.iter().map(|c| json!({ "cId": c.c_id, "cName": c.c_name })).collect();
    Ok(ok(json!({ "list": list })))
}

/// `jsonCorpKeyList.do {roleCdList}`: corps of these roles.
pub async fn corp_key_list(State(state): State<AppState>, caller: Caller, Input(body): Input<RolesBody>) -> ApiResult<Response> {
    corp_keys(&state, &caller, body.role_cd_list, false).await
}

/// `jsonExcludeRoleList.do {roleCdList}`: corps of every other role.
pub async fn exclude_role_list(State(state): State<AppState>, caller: Caller, Input(body): Input<RolesBody>) -> ApiResult<Response> {
    corp_keys(&state, &caller, body.role_cd_list, true).await
}
