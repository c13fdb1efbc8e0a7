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
use crate::files::{FileSlot, Upload};
use crate::input::{Input, parse};
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::header;
use axum::response::Response;
use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr, NullOrdering};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait,
    IdenStatic, IntoActiveModel, ModelTrait, Order, PaginatorTrait, QueryFilter, QueryOrder,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, json};
use std::future::Future;
use std::pin::Pin;
use townboard_domain::permission::{Kind, Permission};

pub const DEFAULT_PAGE_SIZE: u64 = 10;
pub const MAX_PAGE_SIZE: u64 = 1000;

/// How a filter compares its value with its column.
#[derive(Clone, Copy)]
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
    /// A condition of its own (a match on a related table), given the trimmed text.
    Custom(fn(&str) -> Condition),
}

#[derive(Clone, Copy)]
pub struct Filter<C> {
    pub name: &'static str,
    pub column: C,
    pub matching: Match,
}

pub const fn filter<C>(name: &'static str, column: C, matching: Match) -> Filter<C> {
    Filter { name, column, matching }
}

/// LIKE pattern for "starts with", with the wildcards of the text escaped.
pub fn starts_with<C: ColumnTrait>(column: C, text: &str) -> sea_orm::sea_query::SimpleExpr {
    let pattern = escape_like(text);
    Expr::col(column).like(LikeExpr::new(&pattern[1..]).escape('\\'))
}

/// LIKE pattern for "contains", with the wildcards of the text escaped.
pub fn contains<C: ColumnTrait>(column: C, text: &str) -> sea_orm::sea_query::SimpleExpr {
    Expr::col(column).like(LikeExpr::new(escape_like(text)).escape('\\'))
}

pub type ColumnOf<R> = <<R as Resource>::Entity as EntityTrait>::Column;
pub type ModelOf<R> = <<R as Resource>::Entity as EntityTrait>::Model;
pub type ActiveOf<R> = <<R as Resource>::Entity as EntityTrait>::ActiveModel;

/// What a save needs besides the input.
pub struct SaveContext<'a> {
    pub caller: &'a Caller,
    pub now: DateTime<Utc>,
}

pub type BoxFut<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

pub trait Resource: Send + Sync + 'static {
    type Entity: EntityTrait<
            Model: Serialize + Sync + IntoActiveModel<ActiveOf<Self>>,
            ActiveModel: ActiveModelTrait<Entity = Self::Entity> + ActiveModelBehavior + Send + Sync,
        >;
    /// The save body.
    type Input: DeserializeOwned + Send;
    /// What `build` hands to `after_save` (related rows to write once the id is known).
    type Extra: Send;

    /// `{area}/{resource}` of the paths, e.g. `system/code`.
    const PATH: &'static str;
    /// The program whose permissions guard the resource.
    const PROGRAM: &'static str;
    /// The id's wire name, e.g. `cdIdx`.
    const ID_FIELD: &'static str;
    const SUMMARY: &'static str;
    /// The `{type}` of file download paths, for resources with file slots.
    const FILE_TYPE: &'static str = "";

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
    /// Rows a resource shows among the entity's rows (advertisers among corps).
    fn base() -> Option<Condition> {
        None
    }
    fn input_id(input: &Self::Input) -> Option<i64>;
    /// Validates the input and turns it into a row to insert (`existing` is `None`) or update.
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: Self::Input,
        existing: Option<&'a ModelOf<Self>>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveOf<Self>, Self::Extra)>>;
    /// Writes what belongs to the saved row besides its own columns.
    fn after_save<'a>(_db: &'a DatabaseTransaction, _ctx: &'a SaveContext<'a>, _saved: &'a ModelOf<Self>, _extra: Self::Extra) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
    /// A condition that must match no other live row, with the field to blame (uniqueness).
    fn unique(_row: &ActiveOf<Self>) -> Option<(Condition, &'static str)> {
        None
    }
    /// Marks a row deleted (soft delete); resources without `deleted_at` are removed instead.
    fn mark_deleted(_model: ModelOf<Self>, _now: DateTime<Utc>) -> Option<ActiveOf<Self>> {
        None
    }
    /// Refuses a delete the data does not allow (a menu with sub-items), before anything changes.
    fn before_delete<'a>(_db: &'a DatabaseTransaction, _model: &'a ModelOf<Self>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
    /// Adds related labels to rows of a list or a detail, in one query per relation.
    fn enrich<'a>(_db: &'a DatabaseConnection, _rows: &'a mut [serde_json::Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
    /// Multipart parts the save accepts; none means a JSON body.
    fn file_slots() -> &'static [FileSlot] {
        &[]
    }
}

/// The four standard endpoints of a resource, with their declared permissions.
pub fn endpoints<R: Resource>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(R::PROGRAM, kind));
    let upload_limit: usize = R::file_slots().iter().map(|s| s.max_bytes * s.max_count).sum();
    let mut all = read_endpoints::<R>();
    all.push(
        post(format!("/api/{}/jsonSave.do", R::PATH), perm(Kind::Write), format!("{} 저장 (등록/수정)", R::SUMMARY), save::<R>)
            .with_body_limit(upload_limit + JSON_LIMIT),
    );
    all.push(post(format!("/api/{}/jsonDelete.do", R::PATH), perm(Kind::Delete), format!("{} 삭제", R::SUMMARY), delete::<R>));
    all
}

/// List and detail only, for resources nobody edits through the API (history).
pub fn read_endpoints<R: Resource>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(R::PROGRAM, kind));
    vec![
        post(format!("/api/{}/jsonList.do", R::PATH), perm(Kind::List), format!("{} 목록", R::SUMMARY), list::<R>),
        post(format!("/api/{}/jsonDetail.do", R::PATH), perm(Kind::View), format!("{} 상세", R::SUMMARY), detail::<R>),
    ]
}

const JSON_LIMIT: usize = crate::app::JSON_BODY_LIMIT;

/// The rows a caller may see at all: live and inside scope.
pub fn visible<R: Resource>(caller: &Caller) -> sea_orm::Select<R::Entity> {
    let mut q = R::Entity::find();
    if let Some(base) = R::base() {
        q = q.filter(base);
    }
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
    let local = crate::time::offset()
        .from_local_datetime(&date.and_time(NaiveTime::MIN))
        .single()
        .ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다."))?;
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
                let one = |e: sea_orm::sea_query::SimpleExpr| Condition::all().add(e);
                let expr = match f.matching {
                    Match::Text => Ok(one(f.column.eq(text))),
                    Match::Int => int_value(value).map(|v| one(f.column.eq(v))).ok_or_else(|| ApiError::invalid(key, "숫자여야 합니다.")),
                    Match::Contains => Ok(one(Expr::col(f.column).like(LikeExpr::new(escape_like(&text)).escape('\\')))),
                    Match::FromDate => day_start(&text, key, false).map(|t| one(f.column.gte(t))),
                    Match::ToDate => day_start(&text, key, true).map(|t| one(f.column.lt(t))),
                    Match::Custom(make) => Ok(make(&text)),
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

/// One page of rows and the total count.
pub async fn page_of<E, M>(db: &impl ConnectionTrait, select: sea_orm::Select<E>, query: &ListQuery<E::Column>, id: E::Column) -> ApiResult<(Vec<M>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Serialize + Send + Sync,
{
    let (col, order) = (query.order.0, query.order.1.clone());
    // Empty values sort last either way, the same on SQLite and PostgreSQL.
    let mut select = if col.def().is_null() {
        select.filter(query.condition.clone()).order_by_with_nulls(col, order.clone(), NullOrdering::Last)
    } else {
        select.filter(query.condition.clone()).order_by(col, order.clone())
    };
    if col.as_str() != id.as_str() {
        // A unique tiebreaker keeps pages stable when the sort column repeats.
        select = select.order_by(id, order);
    }
    let paginator = select.paginate(db, query.page_size);
    let total = paginator.num_items().await?;
    let list = paginator.fetch_page(query.page - 1).await?;
    Ok((list, total))
}

/// The list envelope.
pub fn page_answer<T: Serialize>(list: T, total: u64, query: &ListQuery<impl Sized>) -> Response {
    ok(json!({ "list": list, "totalCount": total, "page": query.page, "pageSize": query.page_size }))
}

fn to_values<T: Serialize>(rows: &[T]) -> ApiResult<Vec<serde_json::Value>> {
    rows.iter().map(|r| serde_json::to_value(r).map_err(ApiError::internal)).collect()
}

async fn list<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, serde_json::Value>>) -> ApiResult<Response> {
    let query = list_query(&body, &R::filters(), &R::sorts(), R::default_sort())?;
    let (rows, total) = page_of(&state.db, visible::<R>(&caller), &query, R::id_column()).await?;
    let mut values = to_values(&rows)?;
    R::enrich(&state.db, &mut values).await?;
    Ok(page_answer(values, total, &query))
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
    let model = find_visible::<R>(&state.db, &caller, id).await?;
    let mut values = to_values(std::slice::from_ref(&model))?;
    R::enrich(&state.db, &mut values).await?;
    let mut value = values.pop().unwrap_or_default();
    if !R::file_slots().is_empty() {
        let files = crate::files::of_row(&state.db, R::FILE_TYPE, id).await?;
        for slot in R::file_slots() {
            let of_slot: Vec<_> = files.iter().filter(|f| f.slot == slot.part).collect();
            value[slot.part] = if slot.single() { json!(of_slot.first()) } else { json!(of_slot) };
        }
    }
    Ok(ok(value))
}

/// Writes one history row: who changed which row how, with before and after.
#[allow(clippy::too_many_arguments)] // each argument is one column of the row
pub async fn record<T: Serialize>(
    db: &impl ConnectionTrait,
    caller: &Caller,
    now: DateTime<Utc>,
    target: &str,
    target_id: impl ToString,
    action: &str,
    before: Option<&T>,
    after: Option<&T>,
) -> ApiResult<()> {
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

/// A save body: the JSON data and, for resources with file slots, the files and which to drop.
struct SaveBody<I> {
    input: I,
    uploads: Vec<Upload>,
    delete_file_idxs: Vec<i64>,
    /// Single slots the user emptied (`delete{Part}: true`, e.g. `deleteLogo`).
    cleared_slots: Vec<&'static str>,
}

fn delete_flag(part: &str) -> String {
    let mut name = String::from("delete");
    let mut chars = part.chars();
    if let Some(first) = chars.next() {
        name.extend(first.to_uppercase());
        name.extend(chars);
    }
    name
}

async fn read_save_body<R: Resource>(req: Request) -> ApiResult<SaveBody<R::Input>> {
    let is_multipart = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("multipart/form-data"));
    if !is_multipart {
        let bytes = Bytes::from_request(req, &()).await.map_err(|_| ApiError::TooLarge)?;
        return Ok(SaveBody { input: parse(&bytes)?, uploads: vec![], delete_file_idxs: vec![], cleared_slots: vec![] });
    }
    if R::file_slots().is_empty() {
        return Err(ApiError::UnsupportedType);
    }
    let mut multipart = Multipart::from_request(req, &()).await.map_err(|_| ApiError::invalid("body", "multipart 형식이 올바르지 않습니다."))?;
    let mut data: Option<Map<String, serde_json::Value>> = None;
    let mut uploads = Vec::new();
    while let Some(field) = multipart.next_field().await.map_err(|e| multipart_error(&e))? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "data" {
            let bytes = field.bytes().await.map_err(|e| multipart_error(&e))?;
            data = Some(parse(&bytes)?);
            continue;
        }
        let slot = R::file_slots().iter().find(|s| s.part == name).ok_or_else(|| ApiError::invalid(&name, "알 수 없는 항목입니다."))?;
        let file_name = field.file_name().unwrap_or("file").to_string();
        let bytes = field.bytes().await.map_err(|e| multipart_error(&e))?;
        if uploads.iter().filter(|u: &&Upload| u.part == slot.part).count() >= slot.max_count {
            return Err(ApiError::invalid(slot.part, format!("파일은 {}개까지 올릴 수 있습니다.", slot.max_count)));
        }
        uploads.push(crate::files::check(slot, &file_name, bytes.to_vec())?);
    }
    let mut data = data.ok_or_else(|| ApiError::invalid("data", "필수 항목입니다."))?;
    let delete_file_idxs = match data.remove("deleteFileIdxs") {
        None | Some(serde_json::Value::Null) => vec![],
        Some(v) => serde_json::from_value(v).map_err(|_| ApiError::invalid("deleteFileIdxs", "숫자 목록이어야 합니다."))?,
    };
    let mut cleared_slots = Vec::new();
    for slot in R::file_slots().iter().filter(|s| s.single()) {
        if data.remove(&delete_flag(slot.part)).is_some_and(|v| v == json!(true)) {
            cleared_slots.push(slot.part);
        }
    }
    let input = parse(&serde_json::to_vec(&data).map_err(ApiError::internal)?)?;
    Ok(SaveBody { input, uploads, delete_file_idxs, cleared_slots })
}

fn multipart_error(e: &axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge
    } else {
        ApiError::invalid("body", "multipart 형식이 올바르지 않습니다.")
    }
}

/// Saves one row in the caller's transaction: create or update, uniqueness, related rows, files
/// and the history row. Returns the saved row.
async fn save<R: Resource>(State(state): State<AppState>, caller: Caller, req: Request) -> ApiResult<Response> {
    let body = read_save_body::<R>(req).await?;
    let now = state.clock.now();
    let ctx = SaveContext { caller: &caller, now };
    let txn = crate::db::begin_write(&state.db).await?;
    let existing = match R::input_id(&body.input) {
        Some(id) => {
            caller.require(Permission::new(R::PROGRAM, Kind::Update))?;
            Some(find_visible::<R>(&txn, &caller, id).await?)
        }
        None => None,
    };
    let (row, extra) = R::build(&txn, body.input, existing.as_ref(), &ctx).await?;
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
            return Err(ApiError::Conflict {
                message: "이미 등록된 값입니다.".into(), data: json!({ "fieldErrors": { field: "이미 등록된 값입니다." } })
            });
        }
    }
    let saved = match &existing {
        Some(_) => row.update(&txn).await?,
        None => row.insert(&txn).await?,
    };
    let id = R::id_of(&saved);
    R::after_save(&txn, &ctx, &saved, extra).await?;
    let mut dropped = Vec::new();
    if existing.is_some() && !R::file_slots().is_empty() {
        dropped.extend(crate::files::detach(&txn, R::FILE_TYPE, id, &body.delete_file_idxs, None).await?);
        for slot in R::file_slots().iter().filter(|s| s.single()) {
            if body.cleared_slots.contains(&slot.part) || body.uploads.iter().any(|u| u.part == slot.part) {
                dropped.extend(crate::files::detach(&txn, R::FILE_TYPE, id, &[], Some(slot.part)).await?);
            }
        }
    }
    if !body.uploads.is_empty() {
        for slot in R::file_slots().iter().filter(|s| !s.single()) {
            let kept = crate::files::of_row(&txn, R::FILE_TYPE, id).await?.iter().filter(|f| f.slot == slot.part).count();
            let added = body.uploads.iter().filter(|u| u.part == slot.part).count();
            if kept + added > slot.max_count {
                return Err(ApiError::invalid(slot.part, format!("파일은 {}개까지 올릴 수 있습니다.", slot.max_count)));
            }
        }
        crate::files::attach(&state, &txn, R::FILE_TYPE, id, body.uploads, caller.u_idx()).await?;
    }
    let action = if existing.is_some() { "update" } else { "create" };
    record(&txn, &caller, now, R::PROGRAM, id, action, existing.as_ref(), Some(&saved)).await?;
    txn.commit().await?;
    for name in dropped {
        state.files.delete(&name).await;
    }
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
        R::before_delete(&txn, &model).await?;
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
