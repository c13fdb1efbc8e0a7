//! Point balances (`/point/advertiser`, `/point/sales`, `/point/salesuser`): the owners in the
//! caller's scope with their balance, each owner's ledger, and distribute and collect by hand
//! (managers, the program's `update`). A collect above the balance answers 10409 with
//! `{balance, required}`.

use super::owner::{Advertisers, PointOwner, SALES_ROLES, SalesCorps, SalesUsers};
use crate::api::resource::{self, BoxFut, Filter, Match, Resource, SaveContext, filter, find_visible, list_query, page_answer, page_of};
use crate::api::route::{Endpoint, post};
use crate::auth::scope::{self, Role};
use crate::db::entity::{corp, point_balance, point_ledger, user};
use crate::db::like::contains;
use crate::error::{ApiError, ApiResult, ok, together};
use crate::input::Input;
use crate::points::{self, Entry};
use crate::state::AppState;
use crate::{auth::Caller, session::guard::Access};
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, DatabaseTransaction, EntityTrait, Order, QueryFilter};
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::marker::PhantomData;
use townboard_domain::permission::{Kind, Permission};
use townboard_domain::points::EntryType;

/// The most points one entry moves.
const MAX_AMOUNT: i64 = 10_000_000_000;
const MAX_MEMO: usize = 200;

/// Owners that are corps: which corps, and which of them a caller sees.
pub trait CorpOwner: PointOwner {
    fn base() -> Condition;
    fn scope(caller: &Caller) -> Option<Condition>;
}

impl CorpOwner for Advertisers {
    fn base() -> Condition {
        scope::advertiser_corps()
    }
    /// Advertisers their own corp; sales agents the advertisers they brought in.
    fn scope(caller: &Caller) -> Option<Condition> {
        scope::corps(caller, corp::Column::CId, corp::Column::CreatedBy)
    }
}

impl CorpOwner for SalesCorps {
    fn base() -> Condition {
        Condition::all().add(corp::Column::RoleCd.is_in(SALES_ROLES))
    }
    /// A sales agent sees their own agency.
    fn scope(caller: &Caller) -> Option<Condition> {
        (!caller.role.sees_all_rows()).then(|| Condition::all().add(corp::Column::CId.eq(caller.user.c_id)))
    }
}

/// Balances of corps.
pub struct CorpPoints<O>(PhantomData<O>);

/// Balances of sales users.
pub struct UserPoints;

/// Puts each owner's balance and its last change on the rows (0 and none before any entry).
async fn with_balances(db: &DatabaseConnection, rows: &mut [Value], kind: &str, id_field: &str) -> ApiResult<()> {
    let ids: Vec<i64> = rows.iter().filter_map(|r| r[id_field].as_i64()).collect();
    let found: HashMap<i64, point_balance::Model> = if ids.is_empty() {
        HashMap::new()
    } else {
        point_balance::Entity::find()
            .filter(point_balance::Column::OwnerType.eq(kind))
            .filter(point_balance::Column::OwnerId.is_in(ids))
            .all(db)
            .await?
            .into_iter()
            .map(|b| (b.owner_id, b))
            .collect()
    };
    for row in rows.iter_mut() {
        let held = row[id_field].as_i64().and_then(|id| found.get(&id));
        row["balance"] = json!(held.map_or(0, |b| b.balance));
        row["updatedAt"] = json!(held.map(|b| crate::time::format(&b.updated_at)));
    }
    Ok(())
}

impl<O: CorpOwner> Resource for CorpPoints<O> {
    type Entity = corp::Entity;
    type Input = Map<String, Value>;
    type Extra = ();
    const PATH: &'static str = O::PATH;
    const PROGRAM: &'static str = O::PROGRAM;
    const ID_FIELD: &'static str = "cId";
    const SUMMARY: &'static str = O::SUMMARY;

    fn filters() -> Vec<Filter<corp::Column>> {
        vec![filter("cName", corp::Column::CName, Match::Contains)]
    }
    fn sorts() -> Vec<(&'static str, corp::Column)> {
        vec![("cId", corp::Column::CId), ("cName", corp::Column::CName)]
    }
    fn default_sort() -> (corp::Column, Order) {
        (corp::Column::CName, Order::Asc)
    }
    fn base() -> Option<Condition> {
        Some(O::base())
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        O::scope(caller)
    }
    fn input_id(_input: &Map<String, Value>) -> Option<i64> {
        None
    }
    /// Balances change through entries only.
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        _input: Map<String, Value>,
        _e: Option<&'a corp::Model>,
        _ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(corp::ActiveModel, ())>> {
        Box::pin(async { Err(ApiError::Forbidden) })
    }
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move { with_balances(db, rows, O::owner(0).kind(), "cId").await })
    }
}

/// Sales users whose corp's name contains the text.
fn of_corp_named(text: &str) -> Condition {
    let corps = Query::select().column(corp::Column::CId).from(corp::Entity).and_where(contains(corp::Column::CName, text)).to_owned();
    Condition::all().add(user::Column::CId.in_subquery(corps))
}

impl Resource for UserPoints {
    type Entity = user::Entity;
    type Input = Map<String, Value>;
    type Extra = ();
    const PATH: &'static str = SalesUsers::PATH;
    const PROGRAM: &'static str = SalesUsers::PROGRAM;
    const ID_FIELD: &'static str = "uIdx";
    const SUMMARY: &'static str = SalesUsers::SUMMARY;

    fn filters() -> Vec<Filter<user::Column>> {
        vec![filter("cName", user::Column::CId, Match::Custom(of_corp_named)), filter("uName", user::Column::UName, Match::Contains)]
    }
    fn sorts() -> Vec<(&'static str, user::Column)> {
        vec![("uIdx", user::Column::UIdx), ("uId", user::Column::UId), ("uName", user::Column::UName)]
    }
    fn default_sort() -> (user::Column, Order) {
        (user::Column::UName, Order::Asc)
    }
    fn base() -> Option<Condition> {
        Some(Condition::all().add(user::Column::RoleCd.is_in(SALES_ROLES)))
    }
    /// Sales agents see themselves, their team or their corp by their authority type.
    fn scope(caller: &Caller) -> Option<Condition> {
        if caller.role == Role::Advertiser {
            return Some(Condition::all().add(user::Column::UIdx.eq(-1)));
        }
        scope::users(caller)
    }
    fn input_id(_input: &Map<String, Value>) -> Option<i64> {
        None
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        _input: Map<String, Value>,
        _e: Option<&'a user::Model>,
        _ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(user::ActiveModel, ())>> {
        Box::pin(async { Err(ApiError::Forbidden) })
    }
    fn enrich<'a>(db: &'a DatabaseConnection, rows: &'a mut [Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            crate::api::lookup::labels::<corp::Entity>(db, rows, "cId", "cName", corp::Column::CId, corp::Column::CName).await?;
            // A balance row tells who, not how to reach them.
            for row in rows.iter_mut() {
                if let Some(fields) = row.as_object_mut() {
                    fields.retain(|k, _| ["uIdx", "uId", "uName", "cId", "cName", "uStatus"].contains(&k.as_str()));
                }
            }
            with_balances(db, rows, SalesUsers::owner(0).kind(), "uIdx").await
        })
    }
}

/// A point resource: its owners' rows and what an owner id means.
pub trait Ledger: Resource {
    type Owner: PointOwner;
}

impl<O: CorpOwner> Ledger for CorpPoints<O> {
    type Owner = O;
}

impl Ledger for UserPoints {
    type Owner = SalesUsers;
}

fn owner_id<L: Ledger>(body: &mut Map<String, Value>) -> ApiResult<i64> {
    let id = resource::id_from(body, L::ID_FIELD);
    body.remove(L::ID_FIELD);
    id
}

/// `jsonHistory.do {cId|uIdx, page?, pageSize?}`: the owner's ledger, newest first.
async fn history<L: Ledger>(State(state): State<AppState>, caller: Caller, Input(mut body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let id = owner_id::<L>(&mut body);
    let query = list_query(&body, &[], &[("ptIdx", point_ledger::Column::PtIdx)], (point_ledger::Column::PtIdx, Order::Desc));
    let (id, query) = together(id, query)?;
    find_visible::<L>(&state.db, &caller, id).await?;
    let owner = L::Owner::owner(id);
    let select = point_ledger::Entity::find().filter(point_ledger::Column::OwnerType.eq(owner.kind())).filter(point_ledger::Column::OwnerId.eq(owner.id()));
    let (rows, total) = page_of(&state.db, select, &query, point_ledger::Column::PtIdx).await?;
    Ok(page_answer(rows, total, &query))
}

async fn entry<L: Ledger>(state: &AppState, caller: &Caller, mut body: Map<String, Value>, pt_type: EntryType) -> ApiResult<Response> {
    // Every field is checked, and every fault named at once.
    let id = owner_id::<L>(&mut body);
    let amount = body
        .get("amount")
        .and_then(Value::as_i64)
        .filter(|a| (1..=MAX_AMOUNT).contains(a))
        .ok_or_else(|| ApiError::invalid("amount", format!("1~{MAX_AMOUNT} 사이의 포인트를 입력하세요.")));
    let memo = match body.get("memo") {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(s)) if s.trim().chars().count() <= MAX_MEMO => Ok(s.trim().to_string()),
        Some(_) => Err(ApiError::invalid("memo", format!("{MAX_MEMO}자 이하의 글로 입력하세요."))),
    };
    let known = match body.keys().find(|k| !["amount", "memo"].contains(&k.as_str())) {
        Some(unknown) => Err(ApiError::invalid(unknown, "알 수 없는 항목입니다.")),
        None => Ok(()),
    };
    let (id, (amount, (memo, ()))) = together(id, together(amount, together(memo, known)))?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    find_visible::<L>(&txn, caller, id).await?;
    let balance =
        points::apply(&txn, Entry { owner: L::Owner::owner(id), pt_type, amount, reference: None, memo: memo.clone(), u_id: &caller.user.u_id }, now).await?;
    resource::record(&txn, caller, now, L::PROGRAM, id, pt_type.as_str(), None, Some(&json!({ "amount": amount, "memo": memo, "balance": balance }))).await?;
    txn.commit().await?;
    Ok(ok(json!({ "balance": balance })))
}

/// `jsonDistribute.do {cId|uIdx, amount, memo}` -> `{balance}`.
async fn distribute<L: Ledger>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    entry::<L>(&state, &caller, body, EntryType::Distribute).await
}

/// `jsonCollect.do {cId|uIdx, amount, memo}` -> `{balance}`; never below zero (10409).
async fn collect<L: Ledger>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    entry::<L>(&state, &caller, body, EntryType::Collect).await
}

fn schema(fields: Value, required: &[&str]) -> schemars::Schema {
    schemars::Schema::try_from(json!({ "type": "object", "properties": fields, "required": required, "additionalProperties": false }))
        .expect("an object schema")
}

/// List, detail, ledger, distribute and collect of one point program.
pub fn endpoints<L: Ledger>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(L::PROGRAM, kind));
    let id = L::ID_FIELD;
    let mut all = resource::read_endpoints::<L>();
    let history_doc = schema(
        json!({ id: { "type": "integer" }, "page": { "type": "integer", "minimum": 1 }, "pageSize": { "type": "integer", "minimum": 1, "maximum": resource::MAX_PAGE_SIZE } }),
        &[id],
    );
    let entry_doc = schema(
        json!({ id: { "type": "integer" }, "amount": { "type": "integer", "minimum": 1, "maximum": MAX_AMOUNT }, "memo": { "type": "string" } }),
        &[id, "amount"],
    );
    all.push(
        post(format!("/api/{}/jsonHistory.do", L::PATH), perm(Kind::View), format!("{} 내역", L::SUMMARY), history::<L>)
            .with_doc(|d| d.body = Some(history_doc)),
    );
    let distribute_doc = entry_doc.clone();
    all.push(
        post(format!("/api/{}/jsonDistribute.do", L::PATH), perm(Kind::Update), format!("{} 배분", L::SUMMARY), distribute::<L>)
            .with_doc(|d| d.body = Some(distribute_doc)),
    );
    all.push(
        post(format!("/api/{}/jsonCollect.do", L::PATH), perm(Kind::Update), format!("{} 회수", L::SUMMARY), collect::<L>)
            .with_doc(|d| d.body = Some(entry_doc)),
    );
    all
}
