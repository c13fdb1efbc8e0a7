//! Marks in a long list. A list read deep several times a second (someone paging through it, many
//! at once) gets the id and sort value of every [`stride`]th row in its order, read in one walk; a
//! deep page then starts at the mark before it and skips fewer rows than the stride, where an offset
//! alone skips every row before the page. Marks are a fact of the list's order and condition, as
//! its total is, and shared as it is (`super::reads::marks`): by every page and every caller, a
//! fresh one too, while nothing that may move a row of the list is written (here or, told, in
//! another process), for half a minute at most. One caller reads them; the others do not wait for
//! it. They are a way to the page, not the page: every page is read from the database.

use super::reads;
use moka::sync::Cache;
use sea_orm::sea_query::{Alias, ColumnType, Expr, ExprTrait, NullOrdering, Query, SimpleExpr, UnionType};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, EntityTrait, IdenStatic, Order, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    Select, Statement, TransactionTrait, Value,
};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

/// Rows from one mark to the next. On SQLite each mark is read by a statement of its own
/// ([`hopped`]), so marks are far apart; on PostgreSQL one statement numbers the whole list
/// whatever the stride ([`numbered`]), so they are close: a page from a mark walks 25 rows on
/// average to its first, not 125 (0.13 ms of PostgreSQL's time against 0.21 ms, a campaign list's
/// page; measured in the README, "Cold reads").
pub fn stride(backend: DatabaseBackend) -> u64 {
    match backend {
        DatabaseBackend::Postgres => 50,
        _ => 250,
    }
}
/// The name a list's statement of its marks (on SQLite, of the first) reads its rows under.
pub const MADE: &str = "marks_made_";
/// The name each further statement of a list's marks reads its row under, on SQLite.
pub const HOPPED: &str = "marks_hop_";
/// Deep reads of one list within a second before its marks are made: making them reads the whole
/// list once, as much as a few deep pages by offset.
const READS_BEFORE_MARKS: u32 = 4;

static DEEP_READS: LazyLock<Cache<String, Arc<AtomicU32>>> =
    LazyLock::new(|| Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(1)).build());

/// The lists whose marks were made in the last second: a list's marks are made at most once a
/// second, so that a list whose order is written all the time costs at most one whole read a
/// second, however often it is paged deep.
static MADE_LATELY: LazyLock<Cache<String, ()>> = LazyLock::new(|| Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(1)).build());

/// How often fresh callers may make a list's marks at most.
const FRESH_MAKES_EVERY: Duration = Duration::from_secs(5);
/// The lists whose marks fresh callers made in the last [`FRESH_MAKES_EVERY`].
static MADE_FRESH: LazyLock<Cache<String, ()>> = LazyLock::new(|| Cache::builder().max_capacity(10_000).time_to_live(FRESH_MAKES_EVERY).build());

/// Who may read a list whole to make its marks.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Make {
    /// A caller that may keep what it reads: whenever the list's marks are missing (at most once a
    /// second).
    Always,
    /// A fresh caller (`Cache-Control: no-cache`) of a list without a substring filter: at most
    /// once a [`FRESH_MAKES_EVERY`] a list. A list whose rows keep moving (its order written by
    /// every heartbeat, say) loses its marks to each write; made again at once, they would cost a
    /// walk of the whole list for a few pages each time.
    Sparingly,
    /// A fresh caller of a list with a substring filter (the filter's value changes with every
    /// question, and each value's walk reads the whole table), and any caller of a list whose
    /// length is not known.
    Never,
}

/// A list's order: the soft-delete column when the list holds live rows only (it leads the order,
/// as it leads the index: PostgreSQL takes `IS NULL` as no order), the sort column and the id.
pub type Ordered<E> = (Option<<E as EntityTrait>::Column>, <E as EntityTrait>::Column, <E as EntityTrait>::Column);

/// Where a page read from a mark starts: the mark's id and sort value (none for a mark among the
/// rows whose sort value is empty, last in either order), how many rows remain to skip from it, and
/// whether the page may reach the rows whose sort value is empty.
pub struct Start {
    pub id: i64,
    pub value: Option<Value>,
    pub skip: u64,
    pub reaches_empty: bool,
}

/// Where the page of `size` rows at `offset` of `filtered`, ordered by `col` then `id` in `order`,
/// starts: the nearest mark before it. None when the list has no marks (yet): the page is read by
/// its offset. Marks need an integer id; a sort column that may be empty has its empty values last
/// either way, by id, as the list has. Any caller reads them while they are kept; who may `make`
/// them is [`Make`]'s to say. They are kept under the list's total (`counted`: its key and its
/// count's statement, which say the database, the condition and its values) and the order: the
/// marks' own statement, built for each page to be looked up by, cost a cold page a twentieth of
/// its server time, and is built only to read them.
pub fn start<E: EntityTrait>(
    db: &impl ConnectionTrait,
    counted: (&str, &str),
    filtered: &Select<E>,
    (live, col, id): Ordered<E>,
    order: &Order,
    (offset, size): (u64, u64),
    make: Make,
) -> Option<Start> {
    let integer = |c: E::Column| matches!(c.def().get_column_type(), ColumnType::Integer | ColumnType::BigInteger);
    let asc = ascending(order)?;
    let stride = stride(db.get_database_backend());
    if offset < stride || !integer(id) {
        return None;
    }
    // The order, its columns quoted: a write to them retires the marks (`reads::total_signature`).
    let (total_key, count_sql) = counted;
    let live_name = live.map(|l| l.as_str()).unwrap_or_default();
    let order_text = format!("\nmarks ordered by \"{live_name}\" \"{}\" \"{}\" {asc} {stride}", col.as_str(), id.as_str());
    let (key, sql) = (format!("{total_key}{order_text}"), format!("{count_sql}{order_text}"));
    if reads::kept_marks(&key, &sql).is_none() {
        if make == Make::Never || MADE_LATELY.contains_key(&key) || (make == Make::Sparingly && MADE_FRESH.contains_key(&key)) {
            return None;
        }
        let reads = DEEP_READS.get_with(key.clone(), Default::default).fetch_add(1, Ordering::Relaxed) + 1;
        if reads < READS_BEFORE_MARKS {
            return None;
        }
    }
    // Marks are read in a task of their own, on a pool of the request's database, while the
    // callers read their pages by offset; renewed the same way while a list is read deep often.
    let pool = super::statements::pool()?;
    let made = key.clone();
    let (filtered, order) = (filtered.clone(), order.clone());
    let marks = reads::marks(&key, &sql, move || async move {
        MADE_LATELY.insert(made.clone(), ());
        if make != Make::Always {
            MADE_FRESH.insert(made, ());
        }
        let marks = match pool.get_database_backend() {
            DatabaseBackend::Sqlite => hopped(&pool, &filtered, (live, col, id), &order).await?,
            backend => numbered(&pool, backend.build(&marks_query(&filtered, (live, col, id), asc, stride))).await?,
        };
        Ok(Arc::new(marks))
    })?;
    let nearest = ((offset / stride) as usize).min(marks.len().saturating_sub(1));
    if nearest == 0 {
        return None;
    }
    let (id, value) = marks[nearest].clone();
    Some(Start { id, value, skip: offset - nearest as u64 * stride, reaches_empty: reaches_empty(&marks, offset + size, stride) })
}

/// Whether the rows before `end` may hold empty sort values: not when a mark at or past the page's
/// last row has a value, as empty values come last. The page then leaves them unread: walked for
/// nothing, the empty values of rows outside the list cost more than the page (SQLite's merge reads
/// each of its parts' first row before it knows the order).
fn reaches_empty(marks: &[(i64, Option<Value>)], end: u64, stride: u64) -> bool {
    let at_or_past_end = end.saturating_sub(1).div_ceil(stride) as usize;
    marks.get(at_or_past_end).is_none_or(|(_, value)| value.is_none())
}

/// The marks of a list as the window function numbers it, read in one statement
/// ([`marks_query`]): on PostgreSQL, which numbers the rows as it walks the order's index.
async fn numbered(db: &DatabaseConnection, stmt: Statement) -> Result<Vec<(i64, Option<Value>)>, DbErr> {
    let rows = db.query_all_raw(stmt).await?;
    let mut numbered = Vec::with_capacity(rows.len());
    // The type the last value decoded as is tried first: the values of a column mostly share one.
    let mut last = 0;
    for row in &rows {
        let (n, id) = (row.try_get_by_index::<i64>(1)?, row.try_get_by_index::<i64>(0)?);
        if row.try_get_by_index::<i32>(3)? == 1 {
            numbered.push((n, id, None));
            continue;
        }
        // A sort value of a type not listed: no marks, pages by offset.
        let Some(value) = sort_value(row, 2, &mut last) else { return Ok(Vec::new()) };
        numbered.push((n, id, Some(value)));
    }
    numbered.sort_unstable_by_key(|(n, _, _)| *n);
    Ok(numbered.into_iter().map(|(_, id, value)| (id, value)).collect())
}

/// The marks of a list read one from the other, on SQLite: its first row, then the row
/// [`stride`] rows past each mark, read as a page from a mark is ([`sqlite_from_mark`]), in one
/// read transaction, so that they are the list of one moment. Together the statements walk the
/// order's index once, as the window function does; SQLite's window keeps every row it numbers in
/// a table of its own first: twice the time of the walk from mark to mark (measured in the
/// README, "Cold reads").
async fn hopped<E: EntityTrait>(db: &DatabaseConnection, filtered: &Select<E>, ordered: Ordered<E>, order: &Order) -> Result<Vec<(i64, Option<Value>)>, DbErr> {
    let asc = ascending(order).unwrap_or(true);
    let txn = db.begin().await?;
    let dir = if asc { Order::Asc } else { Order::Desc };
    let first = in_order(filtered.clone(), ordered, &dir).column_as(ordered.1, "mark_col_").limit(1).into_query();
    let mut next = txn.query_one(&with_values(first, MADE)).await?;
    let (mut marks, mut last) = (Vec::new(), 0);
    while let Some(row) = next {
        let id = row.try_get_by_index::<i64>(0)?;
        let value = match row.try_get_by_index::<Option<i64>>(1) {
            Ok(None) => None,
            _ => match sort_value(&row, 1, &mut last) {
                Some(value) => Some(value),
                // A sort value of a type not listed: no marks, pages by offset.
                None => return Ok(Vec::new()),
            },
        };
        marks.push((id, value.clone()));
        let hop = Start { id, value, skip: stride(db.get_database_backend()), reaches_empty: true };
        next = txn.query_one(&with_values(sqlite_from_mark(filtered, ordered, asc, hop, 1), HOPPED)).await?;
    }
    txn.commit().await?;
    Ok(marks)
}

/// A mark's sort value as its database holds it (column `at` of a marks' row), to be compared with
/// the column as the column's own values are, by each type it may decode as, the type `last`
/// decoded as first (the values of a column mostly share one). Kept with the mark's id, the page
/// from a mark stays where it was when another process deletes the mark's row or moves it. SQLite
/// answers each value by how it is stored (an integer, a real or a text, whatever the column's
/// type); PostgreSQL by the column's type, which only its own Rust type decodes.
fn sort_value(row: &sea_orm::QueryResult, at: usize, last: &mut usize) -> Option<Value> {
    let (found, value) = std::iter::once(*last).chain(0..SORT_VALUES.len()).find_map(|n| SORT_VALUES[n](row, at).map(|value| (n, value)))?;
    *last = found;
    Some(value)
}

const SORT_VALUES: [fn(&sea_orm::QueryResult, usize) -> Option<Value>; 10] = [
    decoded::<i64>,
    decoded::<i32>,
    decoded::<i16>,
    decoded::<f64>,
    decoded::<f32>,
    decoded::<String>,
    decoded::<bool>,
    decoded::<chrono::DateTime<chrono::Utc>>,
    decoded::<chrono::NaiveDateTime>,
    decoded::<chrono::NaiveDate>,
];

fn decoded<T: sea_orm::TryGetable + Into<Value>>(row: &sea_orm::QueryResult, at: usize) -> Option<Value> {
    row.try_get_by_index::<T>(at).ok().map(Into::into)
}

fn ascending(order: &Order) -> Option<bool> {
    match order {
        Order::Asc => Some(true),
        Order::Desc => Some(false),
        _ => None,
    }
}

/// The ids at offsets 0, `stride`, 2 × `stride`… of the list with their row numbers, sort values
/// and whether those are empty (1), in one statement: how PostgreSQL reads the marks
/// ([`numbered`]).
fn marks_query<E: EntityTrait>(filtered: &Select<E>, ordered: Ordered<E>, asc: bool, stride: u64) -> sea_orm::sea_query::SelectStatement {
    let (_, col, id) = ordered;
    let table = E::default().table_name().to_string();
    let empty = Expr::cust(format!(r#"CASE WHEN "{table}"."{}" IS NULL THEN 1 ELSE 0 END"#, col.as_str()));
    let mut numbered = filtered.clone().select_only().column_as(id, "mark_id_").column_as(col, "mark_value_").expr_as(empty, "mark_empty_").into_query();
    numbered.clear_order_by().expr_as(row_number::<E>(ordered, asc), Alias::new("mark_n_"));
    // The few marks are put in order by their numbers once read: asked to order them, SQLite
    // builds a temporary tree for it.
    Query::select()
        .column(Alias::new("mark_id_"))
        .column(Alias::new("mark_n_"))
        .column(Alias::new("mark_value_"))
        .column(Alias::new("mark_empty_"))
        .from_subquery(numbered, Alias::new(MADE))
        .and_where(Expr::cust(format!(r#""mark_n_" % {stride} = 1"#)))
        .to_owned()
}

/// Each row's number in the list's order (the soft-delete column, the sort column with its empty
/// values last either way, as the list orders them and both databases' indexes hold them, the id).
fn row_number<E: EntityTrait>((live, col, id): Ordered<E>, asc: bool) -> Expr {
    let dir = if asc { "ASC" } else { "DESC" };
    let table = E::default().table_name().to_string();
    let mut by: Vec<&str> = live.iter().map(|l| l.as_str()).collect();
    by.extend([col.as_str(), id.as_str()]);
    by.dedup();
    let nulls = |c: &str| if c == col.as_str() && col.def().is_null() { " NULLS LAST" } else { "" };
    let by = by.iter().map(|c| format!(r#""{table}"."{c}" {dir}{}"#, nulls(c))).collect::<Vec<_>>().join(", ");
    Expr::cust(format!("ROW_NUMBER() OVER (ORDER BY {by})"))
}

/// The ids of `size` rows of `filtered`, ordered by `col` then `id` in `order`, from the mark's
/// `(col, id)` on, `skip` rows past it: a range of the order's index. On PostgreSQL that is the
/// row value `(col, id) >= (v, mark)`; on SQLite ranges merged in order ([`sqlite_from_mark`]). A
/// sort column that may be empty adds the empty values after them (last either way, by id) when
/// the page may reach them ([`Start::reaches_empty`]): on PostgreSQL, which sorts a union instead
/// of merging it, each part is read up to what the page may take of it and those few rows are put
/// in order. A mark among the empty values starts a range of them alone.
pub fn page_ids<E: EntityTrait>(
    backend: DatabaseBackend,
    filtered: &Select<E>,
    ordered: Ordered<E>,
    order: &Order,
    start: Start,
    size: u64,
) -> sea_orm::sea_query::SelectStatement {
    let asc = ascending(order).unwrap_or(true);
    if backend != DatabaseBackend::Postgres {
        let from_mark = sqlite_from_mark(filtered, ordered, asc, start, size);
        return Query::select().column(Alias::new("mark_id_")).from_subquery(from_mark, Alias::new("from_mark_")).to_owned();
    }
    let (_, col, id) = ordered;
    let Start { id: mark, value, skip, reaches_empty } = start;
    let dir = if asc { Order::Asc } else { Order::Desc };
    let ids = Expr::col((id.entity_name(), id));
    let empty = || filtered.clone().filter(col.is_null());
    let Some(value) = value else {
        return in_order(empty().filter(if asc { ids.gte(mark) } else { ids.lte(mark) }), ordered, &dir).offset(skip).limit(size).into_query();
    };
    let (at, from) = (Expr::tuple([Expr::col((col.entity_name(), col)), ids]), Expr::tuple([Expr::val(value), Expr::val(mark)]));
    let from_mark = in_order(filtered.clone().filter(if asc { at.gte(from) } else { at.lte(from) }), ordered, &dir);
    if !(col.def().is_null() && reaches_empty) {
        // The rows past the mark numbered, the page those numbered past `skip` (its `LIMIT` only
        // stops the read there), rather than an `OFFSET`: read with its counts written
        // (`db::literal_limits`), a plan then holds for every mark and skip and is made once a
        // connection (PostgreSQL takes an unknown offset for a tenth of the list, and planned
        // each page's statement anew).
        let numbered = from_mark.expr_as(row_number::<E>(ordered, asc), "mark_n_").limit(Ord::max(stride(backend), skip) + size).into_query();
        let n = Expr::col(Alias::new("mark_n_"));
        return Query::select()
            .column(Alias::new("mark_id_"))
            .from_subquery(numbered, Alias::new("from_mark_"))
            .and_where(n.clone().gt(skip))
            .and_where(n.lte(skip + size))
            .limit(size)
            .to_owned();
    }
    let part = |select: Select<E>, n: i32, take: u64| {
        let taken = select.expr_as(Expr::val(n), "mark_part_").column_as(col, "mark_col_").limit(take).into_query();
        Query::select()
            .columns([Alias::new("mark_id_"), Alias::new("mark_part_"), Alias::new("mark_col_")])
            .from_subquery(taken, Alias::new(format!("mark_part_{n}_")))
            .to_owned()
    };
    let mut parts = part(from_mark, 0, skip + size);
    parts.union(UnionType::All, part(in_order(empty(), ordered, &dir), 1, skip + size));
    parts
        .order_by(Alias::new("mark_part_"), Order::Asc)
        .order_by(Alias::new("mark_col_"), dir.clone())
        .order_by(Alias::new("mark_id_"), dir)
        .offset(skip)
        .limit(size);
    Query::select().column(Alias::new("mark_id_")).from_subquery(parts, Alias::new("from_mark_")).to_owned()
}

/// `select` (of `filtered`) in the list's order: the soft-delete column, the sort column (empty
/// values last), the id, named `mark_id_`.
fn in_order<E: EntityTrait>(select: Select<E>, (live, col, id): Ordered<E>, dir: &Order) -> Select<E> {
    let select = live.into_iter().fold(select.select_only().column_as(id, "mark_id_"), |select, live| select.order_by(live, dir.clone()));
    let select = if col.def().is_null() { select.order_by_with_nulls(col, dir.clone(), NullOrdering::Last) } else { select.order_by(col, dir.clone()) };
    select.order_by(id, dir.clone())
}

/// The rows of a marks' statement: its id and sort value (`mark_id_`, `mark_col_`), under `name`.
fn with_values(rows: sea_orm::sea_query::SelectStatement, name: &str) -> sea_orm::sea_query::SelectStatement {
    Query::select().columns([Alias::new("mark_id_"), Alias::new("mark_col_")]).from_subquery(rows, Alias::new(name)).to_owned()
}

/// On SQLite, `size` rows of `filtered` from the mark on, `skip` rows past it, with their ids and
/// sort values (`mark_id_`, `mark_col_`). SQLite seeks a row value, or the same test spelled out
/// (`col > v OR (col = v AND id >= mark)`), by the sort value alone and walks every row of the same
/// value before the mark (on a sort where most rows share one value, the whole list): here the rows
/// are ranges of the order's index merged in order, those of the mark's value from its id on, then
/// those past its value, then the empty values when the rows may reach them (SQLite's merge reads
/// each part's first row).
fn sqlite_from_mark<E: EntityTrait>(filtered: &Select<E>, ordered: Ordered<E>, asc: bool, start: Start, size: u64) -> sea_orm::sea_query::SelectStatement {
    let (live, col, id) = ordered;
    let Start { id: mark, value, skip, reaches_empty } = start;
    let dir = if asc { Order::Asc } else { Order::Desc };
    let (sorted, ids) = (Expr::col((col.entity_name(), col)), Expr::col((id.entity_name(), id)));
    let from_id = |ids: Expr| if asc { ids.gte(mark) } else { ids.lte(mark) };
    let Some(value) = value else {
        let empty = filtered.clone().filter(col.is_null()).filter(from_id(ids));
        return in_order(empty, ordered, &dir).column_as(col, "mark_col_").offset(skip).limit(size).into_query();
    };
    let same_value_on = sorted.clone().eq(value.clone()).and(from_id(ids));
    let past_value = if asc { sorted.gt(value) } else { sorted.lt(value) };
    let range = |test: SimpleExpr| {
        let mut select = filtered.clone().filter(test).select_only();
        if let Some(live) = live {
            select = select.column_as(live, "mark_live_");
        }
        let mut range = select.column_as(id, "mark_id_").column_as(col, "mark_col_").into_query();
        range.clear_order_by();
        range
    };
    let mut from_mark = range(same_value_on);
    from_mark.union(UnionType::All, range(past_value));
    let nullable = col.def().is_null();
    if nullable && reaches_empty {
        from_mark.union(UnionType::All, range(col.is_null()));
    }
    if live.is_some() {
        from_mark.order_by(Alias::new("mark_live_"), dir.clone());
    }
    if nullable {
        from_mark.order_by_with_nulls(Alias::new("mark_col_"), dir.clone(), NullOrdering::Last);
    } else {
        from_mark.order_by(Alias::new("mark_col_"), dir.clone());
    }
    from_mark.order_by(Alias::new("mark_id_"), dir).offset(skip).limit(size);
    from_mark
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_reaches_the_empty_values_unless_a_mark_at_or_past_its_end_has_a_value() {
        // Marks at rows 0, 250, 500, 750: the first three with a value, the last empty.
        let marks: Vec<(i64, Option<Value>)> = [Some(1), Some(2), Some(3), None].into_iter().enumerate().map(|(n, v)| (n as i64, v.map(Value::from))).collect();
        let reaches = |offset: u64| reaches_empty(&marks, offset + 20, 250);
        assert!(!reaches(250), "rows 250-269: the mark at 500 has a value");
        assert!(!reaches(480), "rows 480-499: the mark at 500 has a value");
        assert!(!reaches(481), "rows 481-500: the page's last row is the mark at 500, with a value");
        assert!(reaches(482), "rows 482-501: the next mark past its end, at 750, is empty");
        assert!(reaches(740), "rows 740-759: the mark at 750 is empty");
        assert!(reaches(1000), "past the last mark nothing is known");
        assert!(reaches_empty(&[], 20, 250), "no marks");
    }
}
