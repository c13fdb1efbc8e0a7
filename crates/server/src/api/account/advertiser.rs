//! Advertisers (`/account/advertiser`): corps of role 10006 with their main login user, created
//! together. Sales agents see the advertisers created within their reach.

use super::corp_rules::{CorpInput, corp_definition, corp_filters, corp_row, set_status};
use super::credentials::{apply_password, apply_unlock, check_identity, initial_password};
use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter, find_visible};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::corp::{ActiveModel, Column, Entity, Model};
use crate::db::entity::user;
use crate::db::like::contains;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::Query;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter, QueryOrder,
};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use townboard_domain::role::Role;

pub struct Advertisers;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AdvertiserInput {
    #[serde(rename = "cId")]
    c_id: Option<i64>,
    c_name: String,
    c_rep: String,
    c_biz_no: String,
    c_type: i32,
    c_pay_type: i32,
    c_status: i32,
    #[serde(rename = "uId")]
    u_id: String,
    u_name: String,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    email: String,
    u_pw: Option<String>,
}

/// The advertiser's main user as the save wants it.
pub struct MainUser {
    u_id: String,
    u_name: String,
    phone: String,
    email: String,
    password_hash: Option<String>,
}

/// The first user of each corp: the advertiser's main login.
async fn main_users(db: &impl ConnectionTrait, c_ids: Vec<i64>) -> ApiResult<HashMap<i64, user::Model>> {
    let users =
        user::Entity::find().filter(user::Column::CId.is_in(c_ids)).filter(user::Column::DeletedAt.is_null()).order_by_asc(user::Column::UIdx).all(db).await?;
    let mut first = HashMap::new();
    for u in users {
        first.entry(u.c_id).or_insert(u);
    }
    Ok(first)
}

fn by_user_name(text: &str) -> Condition {
    let users = Query::select().column(user::Column::CId).from(user::Entity).and_where(contains(user::Column::UName, text)).to_owned();
    Condition::all().add(Column::CId.in_subquery(users))
}

impl Resource for Advertisers {
    type Entity = Entity;
    type Input = AdvertiserInput;
    type Extra = MainUser;
    const PATH: &'static str = "account/advertiser";
    const PROGRAM: &'static str = "account.advertiser";
    const SUMMARY: &'static str = "광고주";
    corp_definition!();

    fn filters() -> Vec<Filter<Column>> {
        let mut f: Vec<_> = corp_filters().into_iter().filter(|f| f.name != "roleCd").collect();
        f.push(filter("uName", Column::CId, Match::Custom(by_user_name)));
        f
    }
    fn base() -> Option<Condition> {
        Some(crate::auth::scope::advertiser_corps())
    }
    fn input_id(input: &AdvertiserInput) -> Option<i64> {
        input.c_id
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: AdvertiserInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, MainUser)>> {
        Box::pin(async move {
            let mut check = Check::new();
            check_identity(&mut check, &input.u_id, &input.u_name, &input.phone, &input.email);
            let current = match existing {
                Some(e) => main_users(db, vec![e.c_id]).await?.remove(&e.c_id),
                None => None,
            };
            if current.as_ref().is_some_and(|u| u.u_id != input.u_id) {
                check.fail("uId", "등록 후에는 바꿀 수 없습니다.");
            }
            let password_hash = match current {
                None => initial_password(&mut check, input.u_pw.as_deref(), &input.u_id),
                Some(_) => None,
            };
            if current.is_none() && user::Entity::find().filter(user::Column::UIdKey.eq(input.u_id.to_lowercase())).one(db).await?.is_some() {
                check.fail("uId", "이미 사용 중인 아이디입니다.");
            }
            let corp = CorpInput {
                c_id: input.c_id,
                c_name: input.c_name,
                c_rep: input.c_rep,
                c_biz_no: input.c_biz_no,
                c_type: input.c_type,
                c_pay_type: input.c_pay_type,
                role_cd: Some(Role::Advertiser.code()),
                c_status: input.c_status,
            };
            let row = corp_row(&mut check, corp, Role::Advertiser.code(), existing, ctx);
            check.finish()?;
            Ok((row, MainUser { u_id: input.u_id, u_name: clean(input.u_name), phone: clean(input.phone), email: clean(input.email), password_hash }))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, ctx: &'a SaveContext<'a>, saved: &'a Model, main: MainUser) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            match main_users(db, vec![saved.c_id]).await?.remove(&saved.c_id) {
                Some(u) => {
                    user::ActiveModel {
                        u_idx: Set(u.u_idx),
                        u_name: Set(main.u_name),
                        phone: Set(main.phone),
                        email: Set(main.email),
                        updated_at: Set(ctx.now),
                        ..Default::default()
                    }
                    .update(db)
                    .await?;
                }
                None => {
                    let hash = main.password_hash.ok_or_else(|| ApiError::invalid("uPw", "초기 비밀번호를 입력하세요."))?;
                    user::ActiveModel {
                        u_id_key: Set(main.u_id.to_lowercase()),
                        u_id: Set(main.u_id),
                        u_name: Set(main.u_name),
                        u_pw: Set(hash),
                        c_id: Set(saved.c_id),
                        role_cd: Set(Role::Advertiser.code()),
                        u_status: Set(1),
                        init_pwd_yn: Set("Y".into()),
                        auth_type: Set(3),
                        phone: Set(main.phone),
                        email: Set(main.email),
                        show_content_menu: Set("N".into()),
                        show_board_menu: Set("N".into()),
                        show_img_board: Set("N".into()),
                        show_mov_board: Set("N".into()),
                        platform: Set(saved.platform),
                        created_by: Set(Some(ctx.caller.u_idx())),
                        created_at: Set(ctx.now),
                        updated_at: Set(ctx.now),
                        ..Default::default()
                    }
                    .insert(db)
                    .await?;
                }
            }
            Ok(())
        })
    }
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let ids: Vec<i64> = rows.iter().filter_map(|r| r["cId"].as_i64()).collect();
            let users = main_users(db, ids).await?;
            for row in rows.iter_mut() {
                let u = row["cId"].as_i64().and_then(|id| users.get(&id));
                row["uIdx"] = json!(u.map(|u| u.u_idx));
                row["uId"] = json!(u.map(|u| &u.u_id));
                row["uName"] = json!(u.map(|u| &u.u_name));
                row["phone"] = json!(u.map(|u| &u.phone));
                row["email"] = json!(u.map(|u| &u.email));
            }
            Ok(())
        })
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StatusBody {
    #[serde(rename = "cId")]
    c_id: i64,
    c_status: i32,
}

/// `jsonStatus.do {cId, cStatus}`
pub async fn status(State(state): State<AppState>, caller: Caller, Input(body): Input<StatusBody>) -> ApiResult<Response> {
    set_status::<Advertisers>(&state, &caller, body.c_id, body.c_status).await
}

async fn main_user_in_scope(db: &impl ConnectionTrait, caller: &Caller, c_id: i64) -> ApiResult<user::Model> {
    find_visible::<Advertisers>(db, caller, c_id).await?;
    main_users(db, vec![c_id]).await?.remove(&c_id).ok_or(ApiError::NotFound)
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PasswordBody {
    #[serde(rename = "cId")]
    c_id: i64,
    u_pw: String,
}

/// `jsonChangePassword.do {cId, uPw}`: a new initial password for the advertiser's main user.
pub async fn change_password(State(state): State<AppState>, caller: Caller, Input(body): Input<PasswordBody>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let u = main_user_in_scope(&txn, &caller, body.c_id).await?;
    apply_password(&txn, &caller, now, &u, &body.u_pw, Advertisers::PROGRAM).await?;
    txn.commit().await?;
    Ok(ok(json!({ "cId": body.c_id })))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CorpId {
    #[serde(rename = "cId")]
    c_id: i64,
}

/// `jsonUnlock.do {cId}`
pub async fn unlock(State(state): State<AppState>, caller: Caller, Input(body): Input<CorpId>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let u = main_user_in_scope(&txn, &caller, body.c_id).await?;
    apply_unlock(&txn, &caller, now, &u, Advertisers::PROGRAM).await?;
    txn.commit().await?;
    Ok(ok(json!({ "cId": body.c_id })))
}
