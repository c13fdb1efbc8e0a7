//! Marks in a long list. A list read deep several times a second (someone paging through it, many
//! at once) gets the id of every [`STRIDE`]th row in its order, read in one pass; a deep page then
//! starts at the mark before it and skips at most `STRIDE` rows, where an offset alone skips every
//! row before the page. Marks are kept as a page is (`super::reads`): while nothing the list reads
//! is written, for a second at most.

use super::reads;
use crate::error::ApiResult;
use moka::sync::Cache;
use sea_orm::sea_query::{Alias, ColumnType, Expr, ExprTrait, Query, SimpleExpr, SubQueryStatement};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, IdenStatic, Order, QuerySelect, QueryTrait, Select};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

/// Rows from one mark to the next.
pub const STRIDE: u64 = 250;
/// Deep reads of one list within a second before its marks are made: making them reads the whole
/// list once, as much as a few deep pages by offset.
const READS_BEFORE_MARKS: u32 = 4;

static DEEP_READS: LazyLock<Cache<String, Arc<AtomicU32>>> =
    LazyLock::new(|| Cache::builder().max_capacity(10_000).time_to_live(Duration::from_secs(1)).build());

/// Where the page at `offset` of `filtered`, ordered by `col` then `id` in `order`, starts: a
/// condition that leaves out the rows before the nearest mark, and how many rows remain to skip
/// after it. None when the list has no marks (yet): the page is read by its offset.
/// Marks need a sort column without empty values and an integer id.
pub async fn start<E: EntityTrait>(
    db: &impl ConnectionTrait,
    database: &str,
    filtered: &Select<E>,
    col: E::Column,
    id: E::Column,
    order: &Order,
    offset: u64,
) -> ApiResult<Option<(Condition, u64)>> {
    let integer = |c: E::Column| matches!(c.def().get_column_type(), ColumnType::Integer | ColumnType::BigInteger);
    let asc = match order {
        Order::Asc => true,
        Order::Desc => false,
        _ => return Ok(None),
    };
    if offset < STRIDE || col.def().is_null() || !integer(id) {
        return Ok(None);
    }
    let stmt = db.get_database_backend().build(&marks_query(filtered, col, id, asc));
    let key = reads::key(database, &stmt.sql, &format!("{:?}", stmt.values));
    if reads::kept_page::<Arc<Vec<i64>>>(&key, &stmt.sql).is_none() {
        let reads = DEEP_READS.get_with(key.clone(), Default::default).fetch_add(1, Ordering::Relaxed) + 1;
        if reads < READS_BEFORE_MARKS {
            return Ok(None);
        }
    }
    // Marks are read once for the callers asking at the same moment (the others wait), and renewed
    // by one caller while a list is read deep often.
    let marks = reads::page(&key, &stmt.sql, || async {
        let rows = db.query_all_raw(stmt.clone()).await?;
        Ok(Arc::new(rows.iter().map(|r| r.try_get_by_index::<i64>(0)).collect::<Result<Vec<_>, _>>()?))
    })
    .await?;
    let nearest = ((offset / STRIDE) as usize).min(marks.len().saturating_sub(1));
    if nearest == 0 {
        return Ok(None);
    }
    Ok(Some((from_mark::<E>(col, id, marks[nearest], asc), offset - nearest as u64 * STRIDE)))
}

/// The ids at offsets 0, `STRIDE`, 2 × `STRIDE`… of the list, in one statement.
fn marks_query<E: EntityTrait>(filtered: &Select<E>, col: E::Column, id: E::Column, asc: bool) -> sea_orm::sea_query::SelectStatement {
    let dir = if asc { "ASC" } else { "DESC" };
    let table = E::default().table_name().to_string();
    let by = if col.as_str() == id.as_str() {
        format!(r#""{table}"."{}" {dir}"#, id.as_str())
    } else {
        format!(r#""{table}"."{}" {dir}, "{table}"."{}" {dir}"#, col.as_str(), id.as_str())
    };
    let mut numbered = filtered.clone().select_only().column_as(id, "mark_id_").into_query();
    numbered.clear_order_by().expr_as(Expr::cust(format!("ROW_NUMBER() OVER (ORDER BY {by})")), Alias::new("mark_n_"));
    Query::select()
        .column(Alias::new("mark_id_"))
        .from_subquery(numbered, Alias::new("marks_"))
        .and_where(Expr::cust(format!(r#""mark_n_" % {STRIDE} = 1"#)))
        .order_by(Alias::new("mark_n_"), Order::Asc)
        .to_owned()
}

/// The rows from the row `mark` on, in the list's order: those past its sort value, and those
/// with the same value from its id on.
fn from_mark<E: EntityTrait>(col: E::Column, id: E::Column, mark: i64, asc: bool) -> Condition {
    let ids = Expr::col((id.entity_name(), id));
    if col.as_str() == id.as_str() {
        return Condition::all().add(if asc { ids.gte(mark) } else { ids.lte(mark) });
    }
    let marked = Alias::new("mark_");
    let value = || {
        let stmt = Query::select()
            .expr(Expr::col((marked.clone(), col)))
            .from_as(E::default(), marked.clone())
            .and_where(Expr::col((marked.clone(), id)).eq(mark))
            .to_owned();
        SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(stmt)))
    };
    let sorted = Expr::col((col.entity_name(), col));
    // The first test alone is a range of the sort's index; the second drops the ties before the mark.
    let (on_or_past, past, id_on) =
        if asc { (sorted.clone().gte(value()), sorted.gt(value()), ids.gte(mark)) } else { (sorted.clone().lte(value()), sorted.lt(value()), ids.lte(mark)) };
    Condition::all().add(on_or_past).add(Condition::any().add(past).add(id_on))
}
