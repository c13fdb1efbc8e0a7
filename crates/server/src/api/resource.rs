//! The one list/detail/save/delete mechanism every resource shares. A resource is a definition:
//! its entity, wire id, program, filters, sorts, scope and how an input becomes a row.
//!
//! Lists take `{page, pageSize, sortField, sortOrder, ...filters}`; filter and sort names come from
//! the definition's whitelist, anything else answers 10400. Every change writes a history row in
//! the same transaction.

use crate::api::route::{Endpoint, post};
use crate::auth::guard::{Access, Caller};
use crate::db::entity::history;
use crate::error::{ApiError, ApiResult, FieldErrors, ok};
use crate::input::{Input, parse};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::Response;
use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    IdenStatic, IntoActiveModel, ModelTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, json};
use townboard_domain::permission::{Kind, Permission};

pub const DEFAULT_PAGE_SIZE: u64 = 10;
pub const MAX_PAGE_SIZE: u64 = 1000;

/// How a filter compares its value with its column.
#[derive(Debug, Clone, Copy)]
pub enum Match {
    /// Equal to a string.
    Text,
    /// Equal to an integer.
    Int,
    /// Contains the text (LIKE with wildcards escaped).
    Contains,
    /// A timestamp on or after the day (`YYYY-MM-DD`).
    FromDate,
    /// A timestamp on or before the day.
    ToDate,
}

#[derive(Debug, Clone, Copy)]
pub struct Filter<C> {
    pub name: &'static str,
    pub column: C,
    pub matching: Match,
}

pub const fn filter<C>(name: &'static str, column: C, matching: Match) -> Filter<C> {
    Filter { name, column, matching }
}

pub type ColumnOf<R> = <<R as Resource>::Entity as EntityTrait>::Column;
pub type ModelOf<R> = <<R as Resource>::Entity as EntityTrait>::Model;
pub type ActiveOf<R> = <<R as Resource>::Entity as EntityTrait>::ActiveModel;

/// What a save needs besides the input.
pub struct SaveContext<'a> {
    pub caller: &'a Caller,
    pub now: DateTime<Utc>,
}

pub trait Resource: Send + Sync + 'static {
    type Entity: EntityTrait<Model: Serialize + Sync + IntoActiveModel<ActiveOf<Self>>, ActiveModel: ActiveModelTrait<Entity = Self::Entity> + ActiveModelBehavior + Send + Sync>;
    /// The save body.
    type Input: DeserializeOwned + Send;

    /// `{area}/{resource}` of the paths, e.g. `system/code`.
    const PATH: &'static str;
    /// The program whose permissions guard the resource.
    const PROGRAM: &'static str;
    /// The id's wire name, e.g. `cdIdx`.
    const ID_FIELD: &'static str;
    const SUMMARY: &'static str;

    fn id_column() -> ColumnOf<Self>;
    fn id_of(model: &ModelOf<Self>) -> i64;
    fn filters() -> Vec<Filter<ColumnOf<Self>>>;
    /// Whitelisted sort fields: wire name and column.
    fn sorts() -> Vec<(&'static str, ColumnOf<Self>)>;
    fn default_sort() -> (ColumnOf<Self>, Order);
    /// The soft-delete column; rows with a value there are gone.
    fn deleted_at() -> Option<ColumnOf<Self>>;
    /// The caller's data scope; `None` shows every row.
    fn scope(_caller: &Caller) -> Option<Condition> {
        None
    }
    fn input_id(input: &Self::Input) -> Option<i64>;
    /// Validates the input and turns it into a row to insert (`existing` is `None`) or update.
    fn build(input: Self::Input, existing: Option<&ModelOf<Self>>, ctx: &SaveContext) -> ApiResult<ActiveOf<Self>>;
    /// A condition that must match no other live row, with the field to blame (uniqueness).
    fn unique(_row: &ActiveOf<Self>) -> Option<(Condition, &'static str)> {
        None
    }
    /// Marks a row deleted (soft delete); resources without `deleted_at` are removed instead.
    fn mark_deleted(_model: ModelOf<Self>, _now: DateTime<Utc>) -> Option<ActiveOf<Self>> {
        None
    }
}

/// The four standard endpoints of a resource, with their declared permissions.
pub fn endpoints<R: Resource>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(R::PROGRAM, kind));
    vec![
        post(format!("/api/{}/jsonList.do", R::PATH), perm(Kind::List), format!("{} 목록", R::SUMMARY), list::<R>),
        post(format!("/api/{}/jsonDetail.do", R::PATH), perm(Kind::View), format!("{} 상세", R::SUMMARY), detail::<R>),
        post(format!("/api/{}/jsonSave.do", R::PATH), perm(Kind::Write), format!("{} 저장 (등록/수정)", R::SUMMARY), save::<R>),
        post(format!("/api/{}/jsonDelete.do", R::PATH), perm(Kind::Delete), format!("{} 삭제", R::SUMMARY), delete::<R>),
    ]
}

/// The rows a caller may see at all: live and inside scope.
pub fn visible<R: Resource>(caller: &Caller) -> sea_orm::Select<R::Entity> {
    let mut q = R::Entity::find();
    if let Some(col) = R::deleted_at() {
        q = q.filter(col.is_null());
    }
    if let Some(scope) = R::scope(caller) {
        q = q.filter(scope);
    }
    q
}

fn day_start(value: &str, field: &str, next_day: bool) -> ApiResult<DateTime<Utc>> {
    let date = townboard_domain::validate::parse_date(value).ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다."))?;
    let date = if next_day { date.succ_opt().unwrap_or(date) } else { date };
    let local = crate::time::offset().from_local_datetime(&date.and_time(NaiveTime::MIN)).single().ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다."))?;
    Ok(local.with_timezone(&Utc))
}

fn escape_like(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('%');
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}

fn int_value(v: &serde_json::Value) -> Option<i64> {
    match v {
        serde_json::Value::Number(n) => n.as_i64(),
        serde_json::Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The paging, sort and filter part of a list request.
pub struct ListQuery<C> {
    pub page: u64,
    pub page_size: u64,
    pub order: (C, Order),
    pub condition: Condition,
}

/// Reads a list request against a resource's whitelists.
pub fn list_query<C: ColumnTrait>(
    body: &Map<String, serde_json::Value>,
    filters: &[Filter<C>],
    sorts: &[(&'static str, C)],
    default_sort: (C, Order),
) -> ApiResult<ListQuery<C>> {
    let mut errors = FieldErrors::new();
    let mut condition = Condition::all();
    let mut page = 1;
    let mut page_size = DEFAULT_PAGE_SIZE;
    let mut sort_field: Option<C> = None;
    let mut order = None;
    for (key, value) in body {
        if value.is_null() || value.as_str().is_some_and(|s| s.trim().is_empty()) {
            continue;
        }
        match key.as_str() {
            "page" => match int_value(value).filter(|p| (1..=1_000_000).contains(p)) {
                Some(p) => page = p as u64,
                None => {
                    errors.insert(key.clone(), "1 이상의 숫자여야 합니다.".into());
                }
            },
            "pageSize" => match int_value(value).filter(|p| (1..=MAX_PAGE_SIZE as i64).contains(p)) {
                Some(p) => page_size = p as u64,
                None => {
                    errors.insert(key.clone(), format!("1~{MAX_PAGE_SIZE} 사이여야 합니다."));
                }
            },
            "sortField" => match value.as_str().and_then(|s| sorts.iter().find(|(name, _)| *name == s)) {
                Some((_, col)) => sort_field = Some(*col),
                None => {
                    errors.insert(key.clone(), "정렬할 수 없는 항목입니다.".into());
                }
            },
            "sortOrder" => match value.as_str().map(str::to_ascii_lowercase).as_deref() {
                Some("asc" | "ascend") => order = Some(Order::Asc),
                Some("desc" | "descend") => order = Some(Order::Desc),
                _ => {
                    errors.insert(key.clone(), "asc 또는 desc여야 합니다.".into());
                }
            },
            _ => {
                let Some(f) = filters.iter().find(|f| f.name == key) else {
                    errors.insert(key.clone(), "알 수 없는 검색 조건입니다.".into());
                    continue;
                };
                let text = match value {
                    serde_json::Value::String(s) => Some(s.trim().to_string()),
                    serde_json::Value::Number(n) => Some(n.to_string()),
                    _ => None,
                };
                let Some(text) = text.filter(|t| t.chars().count() <= 200) else {
                    errors.insert(key.clone(), "값의 형식이 올바르지 않습니다.".into());
                    continue;
                };
                let expr = match f.matching {
                    Match::Text => Ok(f.column.eq(text)),
                    Match::Int => int_value(value).map(|v| f.column.eq(v)).ok_or_else(|| ApiError::invalid(key, "숫자여야 합니다.")),
                    Match::Contains => Ok(Expr::col(f.column).like(LikeExpr::new(escape_like(&text)).escape('\\'))),
                    Match::FromDate => day_start(&text, key, false).map(|t| f.column.gte(t)),
                    Match::ToDate => day_start(&text, key, true).map(|t| f.column.lt(t)),
                };
                match expr {
                    Ok(e) => condition = condition.add(e),
                    Err(ApiError::Invalid { field_errors, .. }) => errors.extend(field_errors),
                    Err(other) => return Err(other),
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(ApiError::invalid_fields(errors));
    }
    let order = match sort_field {
        Some(col) => (col, order.unwrap_or(Order::Asc)),
        None => default_sort,
    };
    Ok(ListQuery { page, page_size, order, condition })
}

/// Answers one page in the list envelope.
pub async fn page_of<E, M>(db: &impl ConnectionTrait, select: sea_orm::Select<E>, query: &ListQuery<E::Column>, id: E::Column) -> ApiResult<Response>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Serialize + Send + Sync,
{
    let (col, order) = (query.order.0, query.order.1.clone());
    let mut select = select.filter(query.condition.clone()).order_by(col, order.clone());
    if col.as_str() != id.as_str() {
        // A unique tiebreaker keeps pages stable when the sort column repeats.
        select = select.order_by(id, order);
    }
    let paginator = select.paginate(db, query.page_size);
    let total = paginator.num_items().await?;
    let list = paginator.fetch_page(query.page - 1).await?;
    Ok(ok(json!({ "list": list, "totalCount": total, "page": query.page, "pageSize": query.page_size })))
}

async fn list<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, serde_json::Value>>) -> ApiResult<Response> {
    let query = list_query(&body, &R::filters(), &R::sorts(), R::default_sort())?;
    page_of(&state.db, visible::<R>(&caller), &query, R::id_column()).await
}

/// Reads the id field of a body.
pub fn id_from(body: &Map<String, serde_json::Value>, field: &str) -> ApiResult<i64> {
    body.get(field).and_then(int_value).ok_or_else(|| ApiError::invalid(field, "필수 항목입니다."))
}

/// The row with this id if it is live and inside the caller's scope, else 10404.
pub async fn find_visible<R: Resource>(db: &impl ConnectionTrait, caller: &Caller, id: i64) -> ApiResult<ModelOf<R>> {
    visible::<R>(caller).filter(R::id_column().eq(id)).one(db).await?.ok_or(ApiError::NotFound)
}

async fn detail<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, serde_json::Value>>) -> ApiResult<Response> {
    let id = id_from(&body, R::ID_FIELD)?;
    Ok(ok(find_visible::<R>(&state.db, &caller, id).await?))
}

/// Writes one history row: who changed which row how, with before and after.
pub async fn record<T: Serialize>(db: &impl ConnectionTrait, caller: &Caller, now: DateTime<Utc>, target: &str, target_id: impl ToString, action: &str, before: Option<&T>, after: Option<&T>) -> ApiResult<()> {
    let to_json = |v: Option<&T>| v.map(|v| serde_json::to_string(v)).transpose().map_err(ApiError::internal);
    let row = history::ActiveModel {
        target: Set(target.to_string()),
        target_id: Set(target_id.to_string()),
        action: Set(action.to_string()),
        u_id: Set(caller.user.u_id.clone()),
        created_at: Set(now),
        before: Set(to_json(before)?),
        after: Set(to_json(after)?),
        ..Default::default()
    };
    history::Entity::insert(row).exec_without_returning(db).await?;
    Ok(())
}

async fn save<R: Resource>(State(state): State<AppState>, caller: Caller, body: Bytes) -> ApiResult<Response> {
    let input: R::Input = parse(&body)?;
    let now = state.clock.now();
    let ctx = SaveContext { caller: &caller, now };
    let txn = crate::db::begin_write(&state.db).await?;
    let existing = match R::input_id(&input) {
        Some(id) => {
            caller.require(Permission::new(R::PROGRAM, Kind::Update))?;
            Some(find_visible::<R>(&txn, &caller, id).await?)
        }
        None => None,
    };
    let row = R::build(input, existing.as_ref(), &ctx)?;
    if let Some((cond, field)) = R::unique(&row) {
        // Uniqueness is over every live row, not just the caller's scope.
        let mut q = R::Entity::find().filter(cond);
        if let Some(col) = R::deleted_at() {
            q = q.filter(col.is_null());
        }
        if let Some(e) = &existing {
            q = q.filter(R::id_column().ne(R::id_of(e)));
        }
        if q.one(&txn).await?.is_some() {
            return Err(ApiError::Conflict { message: "이미 등록된 값입니다.".into(), data: json!({ "fieldErrors": { field: "이미 등록된 값입니다." } }) });
        }
    }
    let saved = match &existing {
        Some(_) => row.update(&txn).await?,
        None => row.insert(&txn).await?,
    };
    let id = R::id_of(&saved);
    let action = if existing.is_some() { "update" } else { "create" };
    record(&txn, &caller, now, R::PROGRAM, id, action, existing.as_ref(), Some(&saved)).await?;
    txn.commit().await?;
    Ok(ok(json!({ R::ID_FIELD: id })))
}

#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DeleteBody {
    ids: Vec<i64>,
}

async fn delete<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<DeleteBody>) -> ApiResult<Response> {
    if body.ids.is_empty() || body.ids.len() > 1000 {
        return Err(ApiError::invalid("ids", "1~1000개를 선택하세요."));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    for id in &body.ids {
        // All or nothing: one id outside scope or missing answers 10404 and nothing changes.
        let model = find_visible::<R>(&txn, &caller, *id).await?;
        let before = serde_json::to_value(&model).map_err(ApiError::internal)?;
        match R::mark_deleted(model.clone(), now) {
            Some(active) => {
                active.update(&txn).await?;
            }
            None => {
                model.delete(&txn).await?;
            }
        }
        record(&txn, &caller, now, R::PROGRAM, id, "delete", Some(&before), None).await?;
    }
    txn.commit().await?;
    Ok(ok(json!({ "deleted": body.ids.len() })))
}
