//! One page of rows with their related values and the total, in one statement, and the list
//! envelope.

use crate::error::{ApiError, ApiResult, ok};
use axum::response::Response;
use sea_orm::sea_query::{Expr, ExprTrait, NullOrdering};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, IdenStatic, QueryFilter, QueryOrder};
use serde::Serialize;
use serde_json::{Map, json};

use super::*;

/// A value of another table shown on each row, read in the row's own statement (a correlated
/// subquery, or a column of a table joined by its key): a label (a corp's name beside its id), a
/// count (a group's screens), or a column of a table beside the row's (what a screen's player last
/// said).
pub struct Related {
    pub(super) into: &'static str,
    pub(super) expr: sea_orm::sea_query::SimpleExpr,
    pub(super) shown: Shown,
    /// The table the value is read from, joined to the row, when it is a column of a joined row.
    join: Option<Joined>,
}

/// A table joined to each row by its key (at most one row), under an alias named after the table
/// and the row's column it is joined by: the values of one joined row share it, and two joins
/// cannot take each other's alias.
#[derive(Clone)]
struct Joined {
    alias: String,
    table: sea_orm::sea_query::TableRef,
    on: sea_orm::sea_query::SimpleExpr,
}

/// How a related value is answered.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// Text, or a number (an id of the related row); null when there is none.
    Label,
    /// A count; 0 when there is none.
    Count,
    /// A time as every time is answered (`time::format`); null when there is none.
    Time,
    /// Text; empty when there is none.
    Text,
}

impl Related {
    /// `into` = `label` of the `E` row whose `key` equals the row's `from`.
    pub fn label<E: EntityTrait>(from: impl ColumnTrait, key: E::Column, label: E::Column, into: &'static str) -> Related {
        Related::column::<E>(from, key, label, into, Shown::Label)
    }

    /// `into` = `column` of the `E` row whose `key` equals the row's `from`, answered as `shown`.
    pub fn column<E: EntityTrait>(from: impl ColumnTrait, key: E::Column, column: E::Column, into: &'static str, shown: Shown) -> Related {
        use sea_orm::sea_query::{Alias, Query};
        // The related table goes by an alias of its own: it may be the listed table itself.
        let inner = Alias::new(format!("r_{into}"));
        let stmt = Query::select()
            .expr(Expr::col((inner.clone(), column)))
            .from_as(E::default(), inner.clone())
            .and_where(Expr::col((inner, key)).equals((from.entity_name(), from)))
            .limit(1)
            .to_owned();
        Related::of(into, stmt, shown)
    }

    /// `into` = what `select` answers, a subquery the row's statement reads, answered as `shown`.
    pub fn of(into: &'static str, select: sea_orm::sea_query::SelectStatement, shown: Shown) -> Related {
        use sea_orm::sea_query::{SimpleExpr, SubQueryStatement};
        Related { into, expr: SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(select))), shown, join: None }
    }

    /// `into` = `column` of the `E` row whose `key` (unique) equals the row's `from`, read from that
    /// row joined to the row, answered as `shown`. Several values of one related row share its join:
    /// one lookup a row where a subquery each would make one a value (a screen's four of its last
    /// heartbeat, its site's name and address).
    pub fn joined<E: EntityTrait>(from: impl ColumnTrait, key: E::Column, column: E::Column, into: &'static str, shown: Shown) -> Related {
        use sea_orm::sea_query::{Alias, IntoTableRef};
        let alias = format!("j_{}_{}", E::default().table_name(), from.as_str());
        let on = Expr::col((Alias::new(&alias), key)).equals((from.entity_name(), from));
        let table = E::default().into_table_ref();
        Related { into, expr: Expr::col((Alias::new(&alias), column)), shown, join: Some(Joined { alias, table, on }) }
    }

    /// `select` with the `related` values as columns of its rows, each joined table joined once.
    pub fn add_to<E: EntityTrait>(mut select: sea_orm::Select<E>, related: &[Related]) -> sea_orm::Select<E> {
        use sea_orm::sea_query::Alias;
        use sea_orm::{JoinType, QuerySelect};
        let mut joined: Vec<&str> = Vec::new();
        for r in related {
            if let Some(j) = r.join.as_ref().filter(|j| !joined.contains(&j.alias.as_str())) {
                joined.push(&j.alias);
                QuerySelect::query(&mut select).join_as(JoinType::LeftJoin, j.table.clone(), Alias::new(&j.alias), Condition::all().add(j.on.clone()));
            }
            select = select.column_as(r.expr.clone(), r.into);
        }
        select
    }

    /// This related value of a row read, the row's column `at`.
    fn value(&self, res: &sea_orm::QueryResult, at: usize) -> Result<serde_json::Value, sea_orm::DbErr> {
        Ok(match self.shown {
            Shown::Count => json!(res.try_get_by_index::<Option<i64>>(at)?.unwrap_or(0)),
            Shown::Label => match res.try_get_by_index::<Option<String>>(at) {
                Ok(text) => json!(text),
                Err(_) => json!(res.try_get_by_index::<Option<i64>>(at)?),
            },
            Shown::Time => json!(res.try_get_by_index::<Option<chrono::DateTime<chrono::Utc>>>(at)?.map(|t| crate::time::format(&t))),
            Shown::Text => json!(res.try_get_by_index::<Option<String>>(at)?.unwrap_or_default()),
        })
    }

    /// `into` = `label` of the `E` row whose `key` equals what `through` answers for the row (a
    /// name two steps away: the site's name of a screen a row names).
    pub fn label_through<E: EntityTrait>(through: &Related, key: E::Column, label: E::Column, into: &'static str) -> Related {
        use sea_orm::sea_query::{Alias, Query};
        let inner = Alias::new(format!("r_{into}"));
        let stmt = Query::select()
            .expr(Expr::col((inner.clone(), label)))
            .from_as(E::default(), inner.clone())
            .and_where(Expr::col((inner, key)).eq(through.expr.clone()))
            .limit(1)
            .to_owned();
        // A value of a joined row needs its join.
        Related { join: through.join.clone(), ..Related::of(into, stmt, Shown::Label) }
    }

    /// `into` = the number of `E` rows whose `key` equals the row's `from` and that meet `only`.
    pub fn count<E: EntityTrait>(from: impl ColumnTrait, key: E::Column, only: Condition, into: &'static str) -> Related {
        use sea_orm::sea_query::Query;
        let stmt = Query::select()
            .expr(Expr::cust("COUNT(*)"))
            .from(E::default())
            .and_where(Expr::col((E::default(), key)).equals((from.entity_name(), from)))
            .cond_where(only)
            .to_owned();
        Related::of(into, stmt, Shown::Count)
    }
}

/// The total of a list comes back on each row of its page under this name.
pub(super) const TOTAL: &str = "total_count_";

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
    page_decoded(db, select, query, id, related, by_name::<M>).await
}

/// [`page_related`] with its rows read by `decode`.
pub async fn page_decoded<E, M>(
    db: &impl ConnectionTrait,
    select: sea_orm::Select<E>,
    query: &ListQuery<E::Column>,
    id: E::Column,
    related: &[Related],
    decode: Decode<M>,
) -> ApiResult<(Vec<(M, Map<String, serde_json::Value>)>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Serialize + Clone + Send + Sync + 'static,
{
    window_related(db, select, query, id, ((query.page - 1) * query.page_size, decode), related).await
}

/// How a page's rows are read from its statement's answer: by their columns' names, as sea-orm
/// derives it ([`by_name`]), or by their positions, for a model of many columns read often
/// (`campaign::Model::by_position`).
pub type Decode<M> = fn(&sea_orm::QueryResult) -> Result<M, sea_orm::DbErr>;

/// A row read by its columns' names.
pub fn by_name<M: sea_orm::FromQueryResult>(res: &sea_orm::QueryResult) -> Result<M, sea_orm::DbErr> {
    M::from_query_result(res, "")
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

/// `query.page_size` rows from `offset` on (any offset, not only a whole page), read by `decode`,
/// with related values and the total, in one statement.
pub async fn window_related<E, M>(
    db: &impl ConnectionTrait,
    select: sea_orm::Select<E>,
    query: &ListQuery<E::Column>,
    id: E::Column,
    (offset, decode): (u64, Decode<M>),
    related: &[Related],
) -> ApiResult<(Vec<(M, Map<String, serde_json::Value>)>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult + Serialize + Clone + Send + Sync + 'static,
{
    use sea_orm::{Iterable, PrimaryKeyToColumn, QuerySelect, QueryTrait};
    let live = (!query.with_deleted).then(|| E::Column::iter().find(|c| c.as_str() == "deleted_at")).flatten();
    // A page found by its ids reads its rows by those ids alone: the ids were found under the
    // list's condition, and the condition again around them would only be planned again
    // (PostgreSQL plans each page's statement: the list's condition twice doubled its planning).
    let by_ids = select;
    let not_deleted = |select: sea_orm::Select<E>| match live {
        Some(deleted_at) => select.filter(deleted_at.is_null()),
        None => select,
    };
    // The total counts by the condition; on SQLite the page is read by its walk, when it has one.
    let walk = query.walk.clone().filter(|_| db.get_database_backend() == sea_orm::DatabaseBackend::Sqlite);
    let walk = walk.unwrap_or_else(|| query.condition.clone());
    // What finds a page's ids, its marks and its total reads no column of the rows: built without
    // them, it is copied without them (a campaign has some forty, each copied with the statement).
    let lean = not_deleted(by_ids.clone().select_only());
    let walked = lean.clone().filter(walk.clone());
    // The rows read in the walk's order themselves (a first page, a table without an id of its own).
    let walked_rows = |by_ids: sea_orm::Select<E>| not_deleted(by_ids).filter(walk);
    let filtered = lean.filter(query.condition.clone());
    let mut counting = filtered.as_query().clone();
    counting.clear_selects().clear_order_by().expr(Expr::cust("COUNT(*)"));
    let (col, order) = (query.order.0, query.order.1.clone());
    let key: Vec<E::Column> = <E::PrimaryKey as Iterable>::iter().map(|k| k.into_column()).collect();
    let unique_id = query.id_unique || (key.len() == 1 && key[0].as_str() == id.as_str());
    let tiebreak = if unique_id || key.is_empty() { vec![id] } else { key };
    let beside = query.beside.clone();
    let ordered = |select: sea_orm::Select<E>| {
        if let Some(b) = &beside {
            // A page's rows, found by their ids (`Beside::page_ids`), sorted by the value beside.
            let select = if b.nullable {
                select.order_by_with_nulls(b.value_of(id), order.clone(), NullOrdering::Last)
            } else {
                select.order_by(b.value_of(id), order.clone())
            };
            return select.order_by(id, order.clone());
        }
        // The soft-delete column leads the order as it leads the list's index
        // (`crate::db::list_indexes`): the page is that index read from the condition on.
        let select = match live {
            Some(live) => select.order_by(live, order.clone()),
            None => select,
        };
        // Empty values sort last either way, the same on SQLite and PostgreSQL.
        let select = if col.def().is_null() { select.order_by_with_nulls(col, order.clone(), NullOrdering::Last) } else { select.order_by(col, order.clone()) };
        // A unique tiebreaker keeps pages stable when the sort column repeats: the id, or every
        // column of a key of several (a plan is a group's day).
        tiebreak.iter().filter(|k| k.as_str() != col.as_str()).fold(select, |select, k| select.order_by(*k, order.clone()))
    };
    // A deep page's ids are found first, from the filter's and the sort's index alone; its rows and
    // their related values are then read for those ids only. Read in one select, it would read
    // every row it skips with its related values, to sort them. An unfiltered first page reads its
    // rows directly: SQLite may answer its id list by scanning the table in the sort's order.
    // Pages and totals are kept per database of the request; none outside a request or in one
    // that has written (it may read what it has not committed).
    let database = crate::kept::statements::keeping();
    // The total is shared by every page of the condition, kept or fresh (`kept::statements::sharing`).
    let sharing = crate::kept::statements::sharing();
    let total = ListTotal::new(db, &counting, sharing.as_deref());
    let postgres = db.get_database_backend() == sea_orm::DatabaseBackend::Postgres;
    // Whether one plan of the page holds for all its values (`db::literal_limits`): a page read
    // from a mark, or by its offset in a table beside whose copies say the whole condition, which
    // has one index to read, in its order. (Checked against the listed rows, a plan made for an
    // unknown offset might read them all into a hash.)
    let mut one_plan = false;
    let mut page = if let Some(b) = &beside {
        one_plan = b.whole;
        let page_ids = b.page_ids(walked.clone(), id, &order, offset, query.page_size);
        ordered(by_ids.filter(id.in_subquery(page_ids)))
    } else if !unique_id && offset > 0 && postgres {
        // Rows without an id of their own, on PostgreSQL: a deep page's keys first, by their offset,
        // then its rows by those keys. Read whole, PostgreSQL computes the related values of every
        // row the offset skips (SQLite skips them before computing them).
        let keys = Expr::tuple(tiebreak.iter().map(|k| Expr::col((k.entity_name(), *k))));
        let page_keys = ordered(walked.clone()).select_only().columns(tiebreak.clone()).offset(offset).limit(query.page_size).into_query();
        ordered(by_ids.filter(keys.in_subquery(page_keys)))
    } else if !unique_id {
        ordered(walked_rows(by_ids)).offset(offset).limit(query.page_size)
    } else if offset > 0 || query.selective {
        // A list paged through deep and often starts from the mark before the page (`kept::marks`);
        // marks are shared as the total is, by fresh requests too, which make them sparingly.
        use crate::kept::marks::Make;
        let make = match (database.is_some(), query.selective) {
            (true, _) => Make::Always,
            (false, false) => Make::Sparingly,
            (false, true) => Make::Never,
        };
        // Marks are made for a list known to reach past the page (its total counted a moment ago):
        // a list of few rows or none, whose walk may check every entry of the order's index, is
        // read by its offset. A page past a known total is not read at all (`read_window`).
        let marked = match sharing.as_deref().filter(|_| query.marked) {
            Some(_) => match (total.known(), total.key.as_deref()) {
                (Some(total), _) if offset >= total => None,
                (known, Some(total_key)) => {
                    let make = if known.is_some() { make } else { Make::Never };
                    crate::kept::marks::start(db, (total_key, &total.sql), &walked, (live, col, id), &order, (offset, query.page_size), make)
                }
                (_, None) => None,
            },
            None => None,
        };
        one_plan = marked.is_some();
        let page_ids = match marked {
            Some(mark) => crate::kept::marks::page_ids(db.get_database_backend(), &walked, (live, col, id), &order, mark, query.page_size),
            None => ordered(walked.clone()).select_only().column(id).offset(offset).limit(query.page_size).into_query(),
        };
        ordered(by_ids.filter(id.in_subquery(page_ids)))
    } else {
        ordered(walked_rows(by_ids)).limit(query.page_size)
    };
    page = Related::add_to(page, related);
    // A substring filter often leaves few rows or none: its total is counted first, through the
    // filter's indexes, and a window past it is not read (read, it walks the order's index to
    // its end).
    let count_first = query.selective;
    // A fresh request reads its page (its total may still be shared).
    let Some(database) = database else {
        return read_window(db, page, &total, (offset, one_plan), (related, decode), count_first).await;
    };
    // A page read a moment ago by the same statement, with nothing it reads written since.
    let page_stmt = page.build(db.get_database_backend());
    let key = crate::kept::reads::key(&database, &page_stmt.sql, &format!("{:?}", page_stmt.values));
    crate::kept::reads::page(&key, &page_stmt.sql, || read_window(db, page, &total, (offset, one_plan), (related, decode), count_first)).await
}

/// A list's count statement, built once a request, and the key its total is kept under (none
/// outside a request, or in one that has written).
struct ListTotal<'a> {
    counting: &'a sea_orm::sea_query::SelectStatement,
    sql: String,
    key: Option<String>,
    /// The kept total as this request found it: asked once (the caller answered none renews it).
    known: std::sync::OnceLock<Option<u64>>,
}

impl<'a> ListTotal<'a> {
    fn new(db: &impl ConnectionTrait, counting: &'a sea_orm::sea_query::SelectStatement, database: Option<&str>) -> Self {
        let stmt = db.get_database_backend().build(counting);
        let key = database.map(|db| crate::kept::reads::key(db, &stmt.sql, &format!("{:?}", stmt.values)));
        ListTotal { counting, sql: stmt.sql, key, known: std::sync::OnceLock::new() }
    }

    /// The total counted a moment ago, if nothing it counts was written since, and this request is
    /// not the one to count it afresh (`kept::reads::total`).
    fn known(&self) -> Option<u64> {
        *self.known.get_or_init(|| self.key.as_deref().and_then(|key| crate::kept::reads::total(key, &self.sql)))
    }
}

/// Reads a page with its related values and, unless a total counted a moment ago in `database`
/// still holds, its total in the same statement (before it, on its own, when `count_first`). A
/// window that starts at or past a total known before it is read holds no rows: it is not read.
/// A page whose `one_plan` holds for all its values is planned once a connection on PostgreSQL
/// too (`db::literal_limits`).
async fn read_window<E, M>(
    db: &impl ConnectionTrait,
    mut page: sea_orm::Select<E>,
    total: &ListTotal<'_>,
    (offset, one_plan): (u64, bool),
    (related, decode): (&[Related], Decode<M>),
    count_first: bool,
) -> ApiResult<(Vec<(M, Map<String, serde_json::Value>)>, u64)>
where
    E: EntityTrait<Model = M>,
    M: sea_orm::FromQueryResult,
{
    use crate::kept::reads;
    use sea_orm::{QuerySelect, QueryTrait};
    let backend = db.get_database_backend();
    let counting = total.counting;
    let signature = reads::total_signature(&total.sql);
    let mut kept_total = total.known();
    if kept_total.is_none() && count_first {
        let counted = count_of(db, counting).await?;
        if let Some(key) = total.key.clone() {
            reads::keep_total(key, signature, counted);
        }
        kept_total = Some(counted);
    }
    if let Some(counted) = kept_total.filter(|counted| offset >= *counted) {
        return Ok((Vec::new(), counted));
    }
    if kept_total.is_none() {
        page = page.column_as(
            sea_orm::sea_query::SimpleExpr::SubQuery(None, Box::new(sea_orm::sea_query::SubQueryStatement::SelectStatement(counting.clone()))),
            TOTAL,
        );
    }
    let stmt = crate::db::literal_limits::literal_limits(page.build(backend), one_plan);
    // Such a page, its total known, runs on the connections that make its one plan once
    // (`db::Pools::planned`): PostgreSQL's own choice planned it again at every run, for values
    // its plan would not have changed (a page from a mark, for every mark and skip; a page by an
    // offset in a table beside, for every offset, as the page's count is in its text).
    let planned = crate::kept::statements::planned().filter(|_| one_plan && kept_total.is_some());
    let results = match planned {
        Some(planned) => planned.query_all_raw(stmt).await?,
        None => db.query_all_raw(stmt).await?,
    };
    let mut counted = kept_total;
    let mut rows = Vec::with_capacity(results.len());
    // The related values and the total are read by their columns' positions, found once a page.
    let names = results.first().map(|first| first.column_names()).unwrap_or_default();
    let position = |name: &str| names.iter().position(|n| n == name).ok_or_else(|| sea_orm::DbErr::Type(format!("no column {name}")));
    let related_at: Vec<usize> = if results.is_empty() { Vec::new() } else { related.iter().map(|r| position(r.into)).collect::<Result<_, _>>()? };
    let total_at = if kept_total.is_none() && !results.is_empty() { Some(position(TOTAL)?) } else { None };
    for res in &results {
        if let Some(at) = total_at {
            counted = Some(res.try_get_by_index::<i64>(at)? as u64);
        }
        let mut extra = Map::new();
        for (r, at) in related.iter().zip(&related_at) {
            extra.insert(r.into.to_string(), r.value(res, *at)?);
        }
        rows.push((decode(res)?, extra));
    }
    let counted = match counted {
        Some(t) => t,
        None if offset == 0 => 0,
        None => count_of(db, counting).await?,
    };
    if let (Some(key), None) = (total.key.clone(), kept_total) {
        reads::keep_total(key, signature, counted);
    }
    Ok((rows, counted))
}

/// The rows `counting` counts.
async fn count_of(db: &impl ConnectionTrait, counting: &sea_orm::sea_query::SelectStatement) -> ApiResult<u64> {
    Ok(db.query_one(counting).await?.map(|r| r.try_get_by_index::<i64>(0)).transpose()?.unwrap_or(0) as u64)
}

/// The list envelope.
pub fn page_answer<T: Serialize>(list: T, total: u64, query: &ListQuery<impl Sized>) -> Response {
    ok(Page::of(list, total, query))
}

/// The list envelope's data, written out as it is.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Page<T> {
    list: T,
    total_count: u64,
    page: u64,
    page_size: u64,
}

impl<T> Page<T> {
    pub fn of(list: T, total: u64, query: &ListQuery<impl Sized>) -> Self {
        Page { list, total_count: total, page: query.page, page_size: query.page_size }
    }
}

/// The list envelope's data. The rows are moved in, not copied (as `json!` would copy them).
pub fn page_value(list: impl Into<serde_json::Value>, total: u64, query: &ListQuery<impl Sized>) -> serde_json::Value {
    let fields = [("list", list.into()), ("totalCount", total.into()), ("page", query.page.into()), ("pageSize", query.page_size.into())];
    serde_json::Value::Object(fields.into_iter().map(|(name, value)| (name.to_string(), value)).collect())
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
