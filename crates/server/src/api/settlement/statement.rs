//! How the three settlement lists (sites, sales owners, campaigns) are read: a closed month's stored
//! rows paged by the database; an open month's rows computed live by the same code a close uses,
//! then filtered, sorted and paged in memory with the same whitelists. Each answer carries the
//! sums of every row of the filter (`data.sum`) and whether the month is closed (`data.closed`).
//! Excel exports read the same rows a chunk at a time.

use crate::api::resource::{BoxFut, Filter, ListQuery, list_query};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ok};
use crate::excel::Cell;
use crate::services::settlement::compute::{self, MonthRows};
use crate::services::settlement::store;
use crate::state::AppState;
use axum::response::Response;
use sea_orm::sea_query::{Alias, CaseStatement, Expr, Func, SimpleExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, FromQueryResult, IdenStatic, Order, PaginatorTrait, QueryFilter, QueryOrder,
    QuerySelect, QueryTrait,
};
use serde::Serialize;
use serde_json::{Map, Value, json};
use townboard_domain::settlement::Month;

pub type Col<S> = <<S as Statement>::Entity as EntityTrait>::Column;
type ModelOf<S> = <<S as Statement>::Entity as EntityTrait>::Model;

/// The filters a list body may carry besides the month (each list accepts its own).
#[derive(Debug, Default)]
pub struct Filters {
    pub c_id: Option<i64>,
    pub poi_id: Option<i64>,
    pub u_idx: Option<i64>,
    pub cmpg_id: Option<i64>,
    pub cmpg_title: Option<String>,
}

impl Filters {
    fn read(body: &Map<String, Value>) -> Filters {
        let int = |k: &str| body.get(k).and_then(|v| v.as_i64().or_else(|| v.as_str()?.trim().parse().ok()));
        let text = |k: &str| body.get(k).and_then(Value::as_str).map(str::trim).filter(|t| !t.is_empty()).map(str::to_string);
        Filters { c_id: int("cId"), poi_id: int("poiId"), u_idx: int("uIdx"), cmpg_id: int("cmpgId"), cmpg_title: text("cmpgTitle") }
    }
}

pub trait Statement: Send + Sync + 'static {
    type Entity: EntityTrait<Model: FromQueryResult + Serialize + Send + Sync>;
    type Row: Clone + Send + Sync;
    /// The sheet's and the file's name.
    const TITLE: &'static str;
    const HEADERS: &'static [&'static str];

    fn month_column() -> Col<Self>;
    /// Filters besides `month` (which every list requires).
    fn filters() -> Vec<Filter<Col<Self>>>;
    fn sorts() -> Vec<(&'static str, Col<Self>)>;
    fn default_sort() -> (Col<Self>, Order);
    /// The columns that order the stored rows after the sorted one, as [`Statement::natural`]
    /// orders the live rows: together they are unique within a month, so pages are stable and an
    /// open month's order is a closed month's.
    fn tiebreak() -> Vec<Col<Self>>;
    /// The figures of `data.sum`, by wire name.
    fn sums() -> Vec<Sum<Col<Self>>>;
    /// Stored rows the caller may read; `None` for all.
    fn stored_scope(caller: &Caller) -> Option<Condition>;
    /// The campaigns the caller's live rows are computed from; `None` for every campaign.
    fn campaign_scope(_caller: &Caller) -> Option<Condition> {
        None
    }
    fn stored(model: ModelOf<Self>) -> Self::Row;
    fn live(rows: MonthRows) -> Vec<Self::Row>;
    /// Whether a live row is inside the caller's scope and the filters.
    fn keep(row: &Self::Row, caller: &Caller, filters: &Filters) -> bool;
    /// A row's value of a sorted or summed column, by its column name.
    fn number(row: &Self::Row, column: &str) -> i64;
    /// The rows' natural order: the tiebreak of the live rows' order.
    fn natural(row: &Self::Row) -> (i64, i64);
    /// Rows as the wire shows them, with their names (one statement per kind of name).
    fn named<'a>(db: &'a DatabaseConnection, month: Month, rows: &'a [Self::Row]) -> BoxFut<'a, ApiResult<Vec<Value>>>;
    fn cells(row: &Value) -> Vec<Cell>;
    /// The last rows of the sheet: the sums under their columns.
    fn sum_cells(sum: &Value) -> Vec<Vec<Cell>>;
}

/// One figure of `data.sum`: a column summed over the rows of the list, or over the part of them
/// whose `part` id column is unset (0) or set. A list whose rows nest
/// (a corp's row and its users' rows) sums each amount once, over the part that holds it whole.
pub struct Sum<C> {
    pub name: &'static str,
    pub column: C,
    pub part: Part<C>,
}

pub enum Part<C> {
    All,
    Unset(C),
    Set(C),
}

impl<C> Sum<C> {
    pub fn all(name: &'static str, column: C) -> Self {
        Sum { name, column, part: Part::All }
    }
    pub fn where_unset(name: &'static str, column: C, part: C) -> Self {
        Sum { name, column, part: Part::Unset(part) }
    }
    pub fn where_set(name: &'static str, column: C, part: C) -> Self {
        Sum { name, column, part: Part::Set(part) }
    }
}

/// A list request read against the statement's whitelists.
pub struct Asked<S: Statement> {
    pub month: Month,
    pub query: ListQuery<Col<S>>,
    pub filters: Filters,
}

pub fn read<S: Statement>(body: &Map<String, Value>) -> ApiResult<Asked<S>> {
    let mut filters = S::filters();
    filters.insert(0, crate::api::resource::filter("month", S::month_column(), crate::api::resource::Match::Text));
    let query = list_query(body, &filters, &S::sorts(), S::default_sort())?;
    let month = body
        .get("month")
        .and_then(Value::as_str)
        .and_then(|m| Month::parse(m.trim()))
        .ok_or_else(|| ApiError::invalid("month", "YYYY-MM 형식의 월이 필요합니다."))?;
    Ok(Asked { month, query, filters: Filters::read(body) })
}

/// The list schema of the API description: the month, the filters and the paging.
pub fn schema<S: Statement>() -> schemars::Schema {
    let mut filters = S::filters();
    filters.insert(0, crate::api::resource::filter("month", S::month_column(), crate::api::resource::Match::Text));
    crate::api::resource::list_schema(&filters, &S::sorts())
}

fn stored_select<S: Statement>(caller: &Caller, asked: &Asked<S>) -> sea_orm::Select<S::Entity> {
    let mut q = S::Entity::find().filter(S::month_column().eq(asked.month.to_string()));
    if let Some(scope) = S::stored_scope(caller) {
        q = q.filter(scope);
    }
    q
}

/// A page of the stored rows in the asked order, then the tiebreak columns; and their total.
async fn stored_page<S: Statement>(db: &DatabaseConnection, caller: &Caller, asked: &Asked<S>) -> ApiResult<(Vec<ModelOf<S>>, u64)> {
    let q = &asked.query;
    let filtered = stored_select::<S>(caller, asked).filter(q.condition.clone());
    let total = filtered.clone().count(db).await?;
    let (col, order) = (q.order.0, q.order.1.clone());
    let mut page = filtered.order_by(col, order.clone());
    for tie in S::tiebreak().into_iter().filter(|t| t.as_str() != col.as_str()) {
        page = page.order_by(tie, order.clone());
    }
    let rows = page.offset((q.page - 1) * q.page_size).limit(q.page_size).all(db).await?;
    Ok((rows, total))
}

async fn stored_sums<S: Statement>(db: &impl ConnectionTrait, caller: &Caller, asked: &Asked<S>) -> ApiResult<Value> {
    let mut q = stored_select::<S>(caller, asked).filter(asked.query.condition.clone()).select_only();
    for sum in S::sums() {
        let counted: SimpleExpr = match sum.part {
            Part::All => Expr::col(sum.column),
            Part::Unset(part) => CaseStatement::new().case(part.eq(0), Expr::col(sum.column)).finally(0).into(),
            Part::Set(part) => CaseStatement::new().case(part.ne(0), Expr::col(sum.column)).finally(0).into(),
        };
        q = q.column_as(Expr::expr(Func::cast_as(Func::sum(counted), Alias::new("bigint"))), sum.name);
    }
    let stmt = q.build(db.get_database_backend());
    let row = db.query_one_raw(stmt).await?;
    let mut out = Map::new();
    for Sum { name, .. } in S::sums() {
        let value = match &row {
            Some(r) => r.try_get::<Option<i64>>("", name)?.unwrap_or(0),
            None => 0,
        };
        out.insert(name.into(), json!(value));
    }
    Ok(Value::Object(out))
}

/// An open month's rows in the caller's scope and the filters, in the asked order.
async fn live_rows<S: Statement>(state: &AppState, caller: &Caller, asked: &Asked<S>) -> ApiResult<Vec<S::Row>> {
    let all = compute::live(&state.db, asked.month, S::campaign_scope(caller)).await?;
    let mut rows: Vec<S::Row> = S::live(all).into_iter().filter(|r| S::keep(r, caller, &asked.filters)).collect();
    let (col, order) = (asked.query.order.0.as_str(), asked.query.order.1.clone());
    rows.sort_by(|a, b| {
        let ordering = (S::number(a, col), S::natural(a)).cmp(&(S::number(b, col), S::natural(b)));
        if order == Order::Desc { ordering.reverse() } else { ordering }
    });
    Ok(rows)
}

fn live_sums<S: Statement>(rows: &[S::Row]) -> Value {
    let mut out = Map::new();
    for sum in S::sums() {
        let counts = |r: &S::Row| match &sum.part {
            Part::All => true,
            Part::Unset(part) => S::number(r, part.as_str()) == 0,
            Part::Set(part) => S::number(r, part.as_str()) != 0,
        };
        out.insert(sum.name.into(), json!(rows.iter().filter(|r| counts(r)).map(|r| S::number(r, sum.column.as_str())).sum::<i64>()));
    }
    Value::Object(out)
}

/// A page of the list: `{list, totalCount, page, pageSize, sum, closed}`.
pub async fn page<S: Statement>(state: &AppState, caller: &Caller, body: &Map<String, Value>) -> ApiResult<Response> {
    let asked = read::<S>(body)?;
    let closed = store::is_closed(&state.db, asked.month).await?;
    let q = &asked.query;
    let (rows, total, sum) = if closed {
        let (models, total) = stored_page::<S>(&state.db, caller, &asked).await?;
        let rows: Vec<S::Row> = models.into_iter().map(S::stored).collect();
        (rows, total, stored_sums::<S>(&state.db, caller, &asked).await?)
    } else {
        let all = live_rows::<S>(state, caller, &asked).await?;
        let sum = live_sums::<S>(&all);
        let total = all.len() as u64;
        let rows = all.into_iter().skip(((q.page - 1) * q.page_size) as usize).take(q.page_size as usize).collect();
        (rows, total, sum)
    };
    let list = S::named(&state.db, asked.month, &rows).await?;
    Ok(ok(json!({ "list": list, "totalCount": total, "page": q.page, "pageSize": q.page_size, "sum": sum, "closed": closed })))
}

/// The sums of a month's whole list in the caller's scope (stored once closed, else computed
/// live), with whether the month is closed: `{month, revenue, fee, closed}` for the dashboards.
pub async fn month_sums<S: Statement>(state: &AppState, caller: &Caller, month: Month) -> ApiResult<Value> {
    let mut body = Map::new();
    body.insert("month".into(), json!(month.to_string()));
    let asked = read::<S>(&body)?;
    let closed = store::is_closed(&state.db, month).await?;
    let mut sum = if closed { stored_sums::<S>(&state.db, caller, &asked).await? } else { live_sums::<S>(&live_rows::<S>(state, caller, &asked).await?) };
    sum["month"] = json!(month.to_string());
    sum["closed"] = json!(closed);
    Ok(sum)
}

/// Rows per chunk of an export.
const EXPORT_CHUNK: u64 = 1_000;

/// Every row of the list in its order, handed over a chunk at a time; answers the sums.
pub async fn each_chunk<S: Statement>(
    state: &AppState,
    caller: &Caller,
    body: &Map<String, Value>,
    mut take: impl FnMut(Vec<Value>) -> ApiResult<()>,
) -> ApiResult<(Month, Value)> {
    let mut asked = read::<S>(body)?;
    asked.query.page_size = EXPORT_CHUNK;
    if store::is_closed(&state.db, asked.month).await? {
        asked.query.page = 1;
        loop {
            let (models, _) = stored_page::<S>(&state.db, caller, &asked).await?;
            let count = models.len() as u64;
            let rows: Vec<S::Row> = models.into_iter().map(S::stored).collect();
            take(S::named(&state.db, asked.month, &rows).await?)?;
            if count < EXPORT_CHUNK {
                break;
            }
            asked.query.page += 1;
        }
        Ok((asked.month, stored_sums::<S>(&state.db, caller, &asked).await?))
    } else {
        let all = live_rows::<S>(state, caller, &asked).await?;
        for chunk in all.chunks(EXPORT_CHUNK as usize) {
            take(S::named(&state.db, asked.month, chunk).await?)?;
        }
        Ok((asked.month, live_sums::<S>(&all)))
    }
}

/// A rate in hundredths of a percent as a wire number (`12.5`).
pub fn rate(hundredths: i32) -> Value {
    json!(townboard_domain::settlement::Rate::from_hundredths(hundredths.into()))
}

pub fn text(row: &Value, field: &str) -> Cell {
    Cell::Text(match &row[field] {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    })
}

pub fn number(row: &Value, field: &str) -> Cell {
    match row[field].as_f64() {
        Some(n) => Cell::Number(n),
        None => Cell::Text(String::new()),
    }
}
