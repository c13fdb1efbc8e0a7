//! The one list/detail/save/delete mechanism every resource shares. A resource is a definition:
//! its entity, wire id, program, filters, sorts, scope and how an input becomes a row.
//!
//! Lists take `{page, pageSize, sortField, sortOrder, ...filters}`; filter and sort names come from
//! the definition's whitelist, anything else answers 10400. Every change writes a history row in
//! the same transaction.

use crate::api::route::{Endpoint, post};
use crate::error::{ApiError, ApiResult, FieldErrors, ok};
use crate::files::{FileSlot, Upload};
use crate::input::{Input, parse};
use crate::state::AppState;
use crate::{auth::Caller, session::guard::Access};
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::header;
use axum::response::Response;
use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, NullOrdering, SimpleExpr};
use sea_orm::{
    ActiveModelBehavior, ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, IdenStatic,
    IntoActiveModel, ModelTrait, Order, QueryFilter, QueryOrder,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Map, json};
use std::collections::HashMap;
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
    type Input: DeserializeOwned + schemars::JsonSchema + Send;
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
    /// A saved row must keep at least one file in each of its multi-file slots.
    const FILES_REQUIRED: bool = false;

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
    /// What follows a committed save or delete of these rows outside their transaction (work
    /// queued for other parts, such as loops made again).
    fn committed<'a>(_state: &'a AppState, _ids: &'a [i64]) -> BoxFut<'a, ()> {
        Box::pin(async {})
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
    /// Values of other tables shown on each row (labels, counts), read in the list's own statement.
    fn related() -> Vec<Related> {
        vec![]
    }
    /// Adds what [`Resource::related`] cannot say to rows of a list or a detail, in one query per
    /// relation, never one per row. The tables it reads are seen as it runs: a kept list answer is
    /// retired by a write to them as by a write to the list's own tables.
    fn enrich<'a>(_db: &'a DatabaseConnection, _rows: &'a mut [serde_json::Value]) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
    /// Multipart parts the save accepts; none means a JSON body.
    fn file_slots() -> &'static [FileSlot] {
        &[]
    }
    /// The id as the wire shows it: a number, or a text such as `P000000003`.
    fn wire_id(id: i64) -> serde_json::Value {
        json!(id)
    }
    /// The id a wire value names; `None` when it names none.
    fn parse_id(value: &serde_json::Value) -> Option<i64> {
        int_value(value)
    }
    /// Adds to a detail what depends on the caller (the actions they may take on the row).
    fn finish_detail<'a>(
        _db: &'a DatabaseConnection,
        _caller: &'a Caller,
        _model: &'a ModelOf<Self>,
        _value: &'a mut serde_json::Value,
    ) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async { Ok(()) })
    }
}

/// The four standard endpoints of a resource, with their declared permissions.
pub fn endpoints<R: Resource>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(R::PROGRAM, kind));
    let upload_limit: usize = R::file_slots().iter().map(|s| s.max_bytes * s.max_count).sum();
    let mut all = read_endpoints::<R>();
    all.push(
        post(format!("/api/{}/jsonSave.do", R::PATH), perm(Kind::Write), format!("{} 저장 (등록/수정)", R::SUMMARY), save::<R>)
            .with_body_limit(upload_limit + JSON_LIMIT)
            .with_doc(|d| {
                d.body = Some(crate::api::route::schema_of::<R::Input>());
                d.files = R::file_slots().iter().map(|s| (s.part, !s.single())).collect();
            }),
    );
    all.push(delete_endpoint::<R>());
    all
}

/// The soft delete of a resource whose save is its own (an upload).
pub fn delete_endpoint<R: Resource>() -> Endpoint {
    post(format!("/api/{}/jsonDelete.do", R::PATH), Access::Permission(Permission::new(R::PROGRAM, Kind::Delete)), format!("{} 삭제", R::SUMMARY), delete::<R>)
}

/// List and detail only, for resources nobody edits through the API (history).
pub fn read_endpoints<R: Resource>() -> Vec<Endpoint> {
    let perm = |kind| Access::Permission(Permission::new(R::PROGRAM, kind));
    let filters = R::filters();
    let sorts = R::sorts();
    vec![
        post(format!("/api/{}/jsonList.do", R::PATH), perm(Kind::List), format!("{} 목록", R::SUMMARY), list::<R>)
            .with_doc(|d| d.body = Some(list_schema(&filters, &sorts))),
        post(format!("/api/{}/jsonDetail.do", R::PATH), perm(Kind::View), format!("{} 상세", R::SUMMARY), detail::<R>)
            .with_doc(|d| d.body = Some(id_schema(R::ID_FIELD, R::wire_id(1).is_string()))),
    ]
}

/// The request of a list: paging, a whitelisted sort and the resource's filters.
pub fn list_schema<C>(filters: &[Filter<C>], sorts: &[(&'static str, C)]) -> schemars::Schema {
    list_schema_with(&[], filters, sorts)
}

/// A list field its handler reads itself besides the filters (a month, a period), for the API
/// description: its name, JSON schema and whether it is required.
pub type ListField = (&'static str, serde_json::Value, bool);

/// A date field of a list (`YYYY-MM-DD`).
pub fn date_field(name: &'static str, required: bool) -> ListField {
    (name, json!({ "type": "string", "format": "date" }), required)
}

/// [`list_schema`] with the fields the handler reads itself.
pub fn list_schema_with<C>(fields: &[ListField], filters: &[Filter<C>], sorts: &[(&'static str, C)]) -> schemars::Schema {
    let mut props = Map::new();
    let required: Vec<&str> = fields.iter().filter(|(_, _, required)| *required).map(|(name, _, _)| *name).collect();
    for (name, schema, _) in fields {
        props.insert((*name).into(), schema.clone());
    }
    props.insert("page".into(), json!({ "type": "integer", "minimum": 1, "maximum": 1_000_000 }));
    props.insert("pageSize".into(), json!({ "type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE }));
    props.insert("sortField".into(), json!({ "type": "string", "enum": sorts.iter().map(|(name, _)| *name).collect::<Vec<_>>() }));
    props.insert("sortOrder".into(), json!({ "type": "string", "enum": ["asc", "desc"] }));
    for f in filters {
        let schema = match f.matching {
            Match::Int => json!({ "type": "integer" }),
            Match::FromDate | Match::ToDate => json!({ "type": "string", "format": "date" }),
            _ => json!({ "type": "string", "maxLength": MAX_FILTER_CHARS }),
        };
        props.insert(f.name.into(), schema);
    }
    schemars::Schema::try_from(json!({ "type": "object", "properties": props, "required": required, "additionalProperties": false })).expect("an object schema")
}

fn id_schema(field: &str, text: bool) -> schemars::Schema {
    let kind = if text { "string" } else { "integer" };
    schemars::Schema::try_from(json!({ "type": "object", "properties": { field: { "type": kind } }, "required": [field] })).expect("an object schema")
}

/// The longest text a list filter takes.
pub const MAX_FILTER_CHARS: usize = 200;

/// A filter's value as text: `None` when absent (null or blank); 10400 naming the filter when it is
/// neither a string nor a number (an object or a list is never read as "no condition") or longer
/// than a filter may be.
pub fn filter_text(key: &str, value: &serde_json::Value) -> ApiResult<Option<String>> {
    let text = match value {
        serde_json::Value::Null => return Ok(None),
        serde_json::Value::String(s) if s.trim().is_empty() => return Ok(None),
        serde_json::Value::String(s) => s.trim().to_string(),
        serde_json::Value::Number(n) => n.to_string(),
        _ => return Err(ApiError::invalid(key, "값의 형식이 올바르지 않습니다.")),
    };
    if text.chars().count() > MAX_FILTER_CHARS {
        return Err(ApiError::invalid(key, format!("{MAX_FILTER_CHARS}자 이내로 입력하세요.")));
    }
    Ok(Some(text))
}

const JSON_LIMIT: usize = crate::input::JSON_BODY_LIMIT;

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
    /// A substring filter narrows the list: even its first page is found by ids first.
    pub selective: bool,
    /// Whether soft-deleted rows are read too (a campaign's detail shows groups taken down since).
    /// By default a list of a table with a `deleted_at` column reads its live rows only, and names
    /// that column first in its order (every row read holds NULL there, so the order is the same):
    /// PostgreSQL does not take `IS NULL` as pinning a column, and would otherwise sort the whole
    /// list instead of reading it in the order of an index that leads with the column, as every
    /// index of such a table does. The mechanism finds the column itself, so no list forgets it.
    pub with_deleted: bool,
}

impl<C: ColumnTrait> ListQuery<C> {
    /// The one row whose `id` column holds `value`, read as a page of one.
    pub fn row(id: C, value: impl Into<sea_orm::Value>) -> Self {
        ListQuery { page: 1, page_size: 1, order: (id, Order::Asc), condition: Condition::all().add(id.eq(value)), selective: false, with_deleted: true }
    }
}

/// A substring test, told to the planner as one that few rows pass (SQLite's `likelihood`; on
/// PostgreSQL a function of that name returns its condition and is inlined). Without it SQLite
/// walks the sort's index through most of a table, reading each row, to fill a page of matches.
fn rarely(test: SimpleExpr) -> SimpleExpr {
    // SQLite takes the probability as a literal only, never as a bound value.
    Func::cust("likelihood").arg(test).arg(Expr::cust("0.05")).into()
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
    let mut selective = false;
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
                let text = match filter_text(key, value) {
                    Ok(Some(text)) => text,
                    Ok(None) => continue,
                    Err(ApiError::Invalid { field_errors, .. }) => {
                        errors.extend(field_errors);
                        continue;
                    }
                    Err(other) => return Err(other),
                };
                let one = |e: sea_orm::sea_query::SimpleExpr| Condition::all().add(e);
                let expr = match f.matching {
                    Match::Text => Ok(one(f.column.eq(text))),
                    Match::Int => int_value(value).map(|v| one(f.column.eq(v))).ok_or_else(|| ApiError::invalid(key, "숫자여야 합니다.")),
                    Match::Contains => {
                        selective = true;
                        Ok(one(rarely(crate::db::like::contains(f.column, &text))))
                    }
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
    Ok(ListQuery { page, page_size, order, condition, selective, with_deleted: false })
}

/// A value of another table shown on each row, read in the row's own statement (a correlated
/// subquery): a label (a corp's name beside its id) or a count (a group's screens).
pub struct Related {
    into: &'static str,
    expr: sea_orm::sea_query::SimpleExpr,
    count: bool,
}

impl Related {
    /// `into` = `label` of the `E` row whose `key` equals the row's `from`.
    pub fn label<E: EntityTrait>(from: impl ColumnTrait, key: E::Column, label: E::Column, into: &'static str) -> Related {
        use sea_orm::sea_query::{Alias, Query, SubQueryStatement};
        // The related table goes by an alias of its own: it may be the listed table itself.
        let inner = Alias::new(format!("r_{into}"));
        let stmt = Query::select()
            .expr(Expr::col((inner.clone(), label)))
            .from_as(E::default(), inner.clone())
            .and_where(Expr::col((inner, key)).equals((from.entity_name(), from)))
            .limit(1)
            .to_owned();
        Related { into, expr: sea_orm::sea_query::SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(stmt))), count: false }
    }

    /// `into` = `label` of the `E` row whose `key` equals what `through` answers for the row (a
    /// name two steps away: the site's name of a screen a row names).
    pub fn label_through<E: EntityTrait>(through: &Related, key: E::Column, label: E::Column, into: &'static str) -> Related {
        use sea_orm::sea_query::{Alias, Query, SubQueryStatement};
        let inner = Alias::new(format!("r_{into}"));
        let stmt = Query::select()
            .expr(Expr::col((inner.clone(), label)))
            .from_as(E::default(), inner.clone())
            .and_where(Expr::col((inner, key)).eq(through.expr.clone()))
            .limit(1)
            .to_owned();
        Related { into, expr: sea_orm::sea_query::SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(stmt))), count: false }
    }

    /// `into` = the number of `E` rows whose `key` equals the row's `from` and that meet `only`.
    pub fn count<E: EntityTrait>(from: impl ColumnTrait, key: E::Column, only: Condition, into: &'static str) -> Related {
        use sea_orm::sea_query::{Query, SubQueryStatement};
        let stmt = Query::select()
            .expr(Expr::cust("COUNT(*)"))
            .from(E::default())
            .and_where(Expr::col((E::default(), key)).equals((from.entity_name(), from)))
            .cond_where(only)
            .to_owned();
        Related { into, expr: sea_orm::sea_query::SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(stmt))), count: true }
    }
}

/// The total of a list comes back on each row of its page under this name.
const TOTAL: &str = "total_count_";

/// One page of rows and the total count in one statement: the page's select carries the total as
/// an uncorrelated subquery (evaluated once) and the related values as correlated ones. Only a
/// page past the end asks for the total apart.
pub async fn page_of<E, M>(db: &impl ConnectionTrait, select: sea_orm::Select<E>, query: &ListQuery<E::Column>, id: E::Column) -> ApiResult<(Vec<M>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Serialize + Clone + Send + Sync + 'static,
{
    let (rows, total) = page_related(db, select, query, id, &[]).await?;
    Ok((rows.into_iter().map(|(m, _)| m).collect(), total))
}

/// [`page_of`] with related values, answered as a JSON map beside each row.
pub async fn page_related<E, M>(
    db: &impl ConnectionTrait,
    select: sea_orm::Select<E>,
    query: &ListQuery<E::Column>,
    id: E::Column,
    related: &[Related],
) -> ApiResult<(Vec<(M, Map<String, serde_json::Value>)>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Serialize + Clone + Send + Sync + 'static,
{
    window_related(db, select, query, id, (query.page - 1) * query.page_size, related).await
}

/// All rows `select` finds, kept a moment for the next request while nothing they are read from
/// is written (for small reads many lists repeat, such as the pending change requests).
pub async fn all_kept<E, M>(db: &impl ConnectionTrait, select: sea_orm::Select<E>) -> ApiResult<Vec<M>>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Clone + Send + Sync + 'static,
{
    use crate::kept::reads;
    use sea_orm::QueryTrait;
    let Some(database) = crate::kept::statements::keeping() else {
        return Ok(select.all(db).await?);
    };
    let stmt = select.build(db.get_database_backend());
    let key = reads::key(&database, &stmt.sql, &format!("{:?}", stmt.values));
    reads::page(&key, &stmt.sql, || async { Ok(select.all(db).await?) }).await
}

/// `query.page_size` rows from `offset` on (any offset, not only a whole page), with related
/// values and the total, in one statement.
pub async fn window_related<E, M>(
    db: &impl ConnectionTrait,
    select: sea_orm::Select<E>,
    query: &ListQuery<E::Column>,
    id: E::Column,
    offset: u64,
    related: &[Related],
) -> ApiResult<(Vec<(M, Map<String, serde_json::Value>)>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Serialize + Clone + Send + Sync + 'static,
{
    use sea_orm::Iterable;
    use sea_orm::{QuerySelect, QueryTrait};
    let live = (!query.with_deleted).then(|| E::Column::iter().find(|c| c.as_str() == "deleted_at")).flatten();
    let select = match live {
        Some(deleted_at) => select.filter(deleted_at.is_null()),
        None => select,
    };
    let filtered = select.filter(query.condition.clone());
    let mut counting = filtered.as_query().clone();
    counting.clear_selects().clear_order_by().expr(Expr::cust("COUNT(*)"));
    let (col, order) = (query.order.0, query.order.1.clone());
    let ordered = |select: sea_orm::Select<E>| {
        // By the id alone, the primary key holds the order (no index leads with the soft-delete
        // column and ends with the id).
        let select = match live {
            Some(live) if col.as_str() != id.as_str() => select.order_by(live, order.clone()),
            _ => select,
        };
        // Empty values sort last either way, the same on SQLite and PostgreSQL.
        let select = if col.def().is_null() { select.order_by_with_nulls(col, order.clone(), NullOrdering::Last) } else { select.order_by(col, order.clone()) };
        // A unique tiebreaker keeps pages stable when the sort column repeats.
        if col.as_str() != id.as_str() { select.order_by(id, order.clone()) } else { select }
    };
    // A deep page's ids are found first, from the filter's and the sort's index alone; its rows and
    // their related values are then read for those ids only. Read in one select, it would read
    // every row it skips with its related values, to sort them. An unfiltered first page reads its
    // rows directly: SQLite may answer its id list by scanning the table in the sort's order.
    // Pages and totals are kept per database of the request; none outside a request or in one
    // that has written (it may read what it has not committed).
    let database = crate::kept::statements::keeping();
    let mut page = if offset > 0 || query.selective {
        // A list paged through deep and often starts from the mark before the page (`kept::marks`).
        let marked = match database.as_deref() {
            Some(database) => crate::kept::marks::start(db, database, &filtered, col, id, &order, offset).await?,
            None => None,
        };
        let (from, skip) = match marked {
            Some((after, skip)) => (filtered.clone().filter(after), skip),
            None => (filtered.clone(), offset),
        };
        let page_ids = ordered(from).select_only().column(id).offset(skip).limit(query.page_size).into_query();
        ordered(filtered.filter(id.in_subquery(page_ids)))
    } else {
        ordered(filtered).limit(query.page_size)
    };
    for r in related {
        page = page.column_as(r.expr.clone(), r.into);
    }
    let Some(database) = database else {
        return read_window(db, page, &counting, offset, related, None).await;
    };
    // A page read a moment ago by the same statement, with nothing it reads written since.
    let page_stmt = page.build(db.get_database_backend());
    let key = crate::kept::reads::key(&database, &page_stmt.sql, &format!("{:?}", page_stmt.values));
    crate::kept::reads::page(&key, &page_stmt.sql, || read_window(db, page, &counting, offset, related, Some(&database))).await
}

/// Reads a page with its related values and, unless a total counted a moment ago in `database`
/// still holds, its total in the same statement.
async fn read_window<E, M>(
    db: &impl ConnectionTrait,
    mut page: sea_orm::Select<E>,
    counting: &sea_orm::sea_query::SelectStatement,
    offset: u64,
    related: &[Related],
    database: Option<&str>,
) -> ApiResult<(Vec<(M, Map<String, serde_json::Value>)>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult,
{
    use crate::kept::reads;
    use sea_orm::{QuerySelect, QueryTrait};
    let backend = db.get_database_backend();
    let count_stmt = backend.build(counting);
    let count_key = database.map(|db| reads::key(db, &count_stmt.sql, &format!("{:?}", count_stmt.values)));
    let kept_total = count_key.as_deref().and_then(|k| reads::total(k, &count_stmt.sql));
    let signature = reads::signature(&count_stmt.sql);
    if kept_total.is_none() {
        page = page.column_as(
            sea_orm::sea_query::SimpleExpr::SubQuery(None, Box::new(sea_orm::sea_query::SubQueryStatement::SelectStatement(counting.clone()))),
            TOTAL,
        );
    }
    let results = db.query_all_raw(page.build(backend)).await?;
    let mut total = kept_total;
    let mut rows = Vec::with_capacity(results.len());
    for res in &results {
        if kept_total.is_none() {
            total = Some(res.try_get::<i64>("", TOTAL)? as u64);
        }
        let mut extra = Map::new();
        for r in related {
            let value = if r.count {
                json!(res.try_get::<Option<i64>>("", r.into)?.unwrap_or(0))
            } else {
                // A label is text, or a number (an id of the related row).
                match res.try_get::<Option<String>>("", r.into) {
                    Ok(text) => json!(text),
                    Err(_) => json!(res.try_get::<Option<i64>>("", r.into)?),
                }
            };
            extra.insert(r.into.to_string(), value);
        }
        rows.push((M::from_query_result(res, "")?, extra));
    }
    let total = match total {
        Some(t) => t,
        None if offset == 0 => 0,
        None => db.query_one(counting).await?.map(|r| r.try_get_by_index::<i64>(0)).transpose()?.unwrap_or(0) as u64,
    };
    if let (Some(key), None) = (count_key, kept_total) {
        reads::keep_total(key, signature, total);
    }
    Ok((rows, total))
}

/// The list envelope.
pub fn page_answer<T: Serialize>(list: T, total: u64, query: &ListQuery<impl Sized>) -> Response {
    ok(page_value(list, total, query))
}

/// The list envelope's data.
pub fn page_value<T: Serialize>(list: T, total: u64, query: &ListQuery<impl Sized>) -> serde_json::Value {
    json!({ "list": list, "totalCount": total, "page": query.page, "pageSize": query.page_size })
}

/// Rows as JSON with their related values beside their own fields.
pub fn with_related<T: Serialize>(rows: Vec<(T, Map<String, serde_json::Value>)>) -> ApiResult<Vec<serde_json::Value>> {
    rows.into_iter()
        .map(|(row, extra)| {
            let mut value = serde_json::to_value(&row).map_err(ApiError::internal)?;
            if let Some(obj) = value.as_object_mut() {
                obj.extend(extra);
            }
            Ok(value)
        })
        .collect()
}

async fn list<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, serde_json::Value>>) -> ApiResult<Response> {
    list_where::<R>(&state, &caller, &body, None).await
}

/// A page of the resource's visible rows that also meet `only` (a narrower list of the same rows).
/// The same page asked again a moment later, with nothing it reads written since, is answered as
/// it was: the rows' statement (the caller's scope is in its values) and the question are its key.
pub async fn list_where<R: Resource>(state: &AppState, caller: &Caller, body: &Map<String, serde_json::Value>, only: Option<Condition>) -> ApiResult<Response> {
    use sea_orm::{QuerySelect, QueryTrait};
    let query = list_query(body, &R::filters(), &R::sorts(), R::default_sort())?;
    let mut rows = visible::<R>(caller);
    if let Some(only) = only {
        rows = rows.filter(only);
    }
    let related = R::related();
    let read = || async {
        let (found, total) = page_related(&state.db, rows.clone(), &query, R::id_column(), &related).await?;
        let mut values = with_related(found)?;
        let (enriched, tables) = crate::kept::statements::reading(R::enrich(&state.db, &mut values)).await;
        enriched?;
        learn_enrich_tables::<R>(&tables);
        Ok(page_value(values, total, &query))
    };
    let database = crate::kept::statements::keeping();
    if database.is_none() {
        return Ok(ok(read().await?));
    }
    let mut reads = rows.clone();
    for r in &related {
        reads = reads.column_as(r.expr.clone(), r.into);
    }
    let stmt = reads.build(state.db.get_database_backend());
    let key = format!("list\n{}\n{}\n{:?}\n{}", std::any::type_name::<R>(), stmt.sql, stmt.values, serde_json::Value::Object(body.clone()));
    let signature = crate::kept::reads::signature(&stmt.sql) + crate::kept::reads::signature(&enrich_tables::<R>());
    let value = crate::kept::reads::answer(database.as_deref(), key, signature, ANSWER_KEEP, read).await?;
    Ok(ok(value.as_ref()))
}

/// The tables each resource's `enrich` has been seen reading, as quoted names. Learned as it runs:
/// an answer kept before a table was learned was signed without it, and is not found again once
/// a write to that table moves the signature.
static ENRICH_TABLES: std::sync::LazyLock<std::sync::RwLock<HashMap<&'static str, String>>> = std::sync::LazyLock::new(Default::default);

fn enrich_tables<R: Resource>() -> String {
    ENRICH_TABLES.read().expect("enrich tables lock").get(std::any::type_name::<R>()).cloned().unwrap_or_default()
}

fn learn_enrich_tables<R: Resource>(read: &str) {
    let known = enrich_tables::<R>();
    if read.split(' ').filter(|t| !t.is_empty()).all(|t| known.split(' ').any(|k| k == t)) {
        return;
    }
    let mut tables = known;
    for table in read.split(' ').filter(|t| !t.is_empty()) {
        crate::kept::reads::add_tables_read(&format!("FROM {table}"), &mut tables);
    }
    ENRICH_TABLES.write().expect("enrich tables lock").insert(std::any::type_name::<R>(), tables);
}

/// How long a list's answer is kept at most (another process's change shows after it).
const ANSWER_KEEP: std::time::Duration = std::time::Duration::from_secs(1);

/// Reads the id field of a body.
pub fn id_from(body: &Map<String, serde_json::Value>, field: &str) -> ApiResult<i64> {
    body.get(field).and_then(int_value).ok_or_else(|| ApiError::invalid(field, "필수 항목입니다."))
}

/// The row with this id if it is live and inside the caller's scope, else 10404.
pub async fn find_visible<R: Resource>(db: &impl ConnectionTrait, caller: &Caller, id: i64) -> ApiResult<ModelOf<R>> {
    visible::<R>(caller).filter(R::id_column().eq(id)).one(db).await?.ok_or(ApiError::NotFound)
}

async fn detail<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, serde_json::Value>>) -> ApiResult<Response> {
    let id = body.get(R::ID_FIELD).and_then(R::parse_id).ok_or_else(|| ApiError::invalid(R::ID_FIELD, "필수 항목입니다."))?;
    // The row and its related values in one statement, as a page of one.
    let one = ListQuery::row(R::id_column(), id);
    let (mut found, _) = page_related(&state.db, visible::<R>(&caller), &one, R::id_column(), &R::related()).await?;
    let (model, extra) = found.pop().ok_or(ApiError::NotFound)?;
    let mut values = with_related(vec![(&model, extra)])?;
    R::enrich(&state.db, &mut values).await?;
    let mut value = values.pop().unwrap_or_default();
    if !R::file_slots().is_empty() {
        let files = crate::files::of_row(&state.db, R::FILE_TYPE, id).await?;
        for slot in R::file_slots() {
            let of_slot: Vec<_> = files.iter().filter(|f| f.slot == slot.part).collect();
            value[slot.part] = if slot.single() { json!(of_slot.first()) } else { json!(of_slot) };
        }
    }
    R::finish_detail(&state.db, &caller, &model, &mut value).await?;
    Ok(ok(value))
}

/// The general history row of a change made by a caller.
pub use crate::changes::by_caller as record;

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
    let mut multipart =
        crate::input::Form(Multipart::from_request(req, &()).await.map_err(|_| ApiError::invalid("body", "multipart 형식이 올바르지 않습니다."))?);
    let mut data: Option<Map<String, serde_json::Value>> = None;
    let mut uploads = Vec::new();
    while let Some(field) = multipart.next_field().await? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "data" {
            let bytes = field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?;
            data = Some(parse(&bytes)?);
            continue;
        }
        let slot = R::file_slots().iter().find(|s| s.part == name).ok_or_else(|| ApiError::invalid(&name, "알 수 없는 항목입니다."))?;
        let file_name = field.file_name().unwrap_or("file").to_string();
        let bytes = field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?;
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

/// Saves one row in the caller's transaction: create or update, uniqueness, related rows, files
/// and the history row. Returns the saved row.
async fn save<R: Resource>(State(state): State<AppState>, caller: Caller, req: Request) -> ApiResult<Response> {
    let body = read_save_body::<R>(req).await?;
    let now = state.clock.now();
    let ctx = SaveContext { caller: &caller, now };
    let txn = crate::db::begin_write(&state.writer).await?;
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
    if R::FILES_REQUIRED {
        let files = crate::files::of_row(&txn, R::FILE_TYPE, id).await?;
        if let Some(empty) = R::file_slots().iter().find(|slot| !files.iter().any(|f| f.slot == slot.part)) {
            return Err(ApiError::invalid(empty.part, "파일을 하나 이상 올리세요."));
        }
    }
    let action = if existing.is_some() { "update" } else { "create" };
    record(&txn, &caller, now, R::PROGRAM, id_text::<R>(id), action, existing.as_ref(), Some(&saved)).await?;
    txn.commit().await?;
    R::committed(&state, &[id]).await;
    for name in dropped {
        state.files.delete(&name).await;
    }
    Ok(ok(json!({ R::ID_FIELD: R::wire_id(id) })))
}

#[derive(schemars::JsonSchema, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct DeleteBody {
    ids: Vec<WireId>,
}

/// An id as a body names it: a number, or a text for resources with text ids.
#[derive(schemars::JsonSchema, serde::Deserialize)]
#[serde(untagged)]
enum WireId {
    Number(i64),
    Text(String),
}

/// The id as history rows name it: as the wire shows it.
fn id_text<R: Resource>(id: i64) -> String {
    match R::wire_id(id) {
        serde_json::Value::String(text) => text,
        other => other.to_string(),
    }
}

async fn delete<R: Resource>(State(state): State<AppState>, caller: Caller, Input(body): Input<DeleteBody>) -> ApiResult<Response> {
    if body.ids.is_empty() || body.ids.len() > 1000 {
        return Err(ApiError::invalid("ids", "1~1000개를 선택하세요."));
    }
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let mut deleted = Vec::with_capacity(body.ids.len());
    for wire in &body.ids {
        let named = match wire {
            WireId::Number(n) => json!(n),
            WireId::Text(t) => json!(t),
        };
        // All or nothing: one id outside scope or missing answers 10404 and nothing changes.
        let id = R::parse_id(&named).ok_or(ApiError::NotFound)?;
        let model = find_visible::<R>(&txn, &caller, id).await?;
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
        record(&txn, &caller, now, R::PROGRAM, id_text::<R>(id), "delete", Some(&before), None).await?;
        deleted.push(id);
    }
    txn.commit().await?;
    R::committed(&state, &deleted).await;
    Ok(ok(json!({ "deleted": body.ids.len() })))
}
