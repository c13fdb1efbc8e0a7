//! A list request read against a resource's whitelists: paging, a whitelisted sort and the
//! definition's filters (anything else answers 10400).

use crate::error::{ApiError, ApiResult, FieldErrors};
use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, NullOrdering, Query, SelectStatement, SimpleExpr, SubQueryStatement};
use sea_orm::{ColumnTrait, Condition, EntityTrait, IdenStatic, Order};
use serde_json::Map;

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

pub(super) fn day_start(value: &str, field: &str, next_day: bool) -> ApiResult<DateTime<Utc>> {
    let date = townboard_domain::validate::parse_date(value).ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다."))?;
    let date = if next_day { date.succ_opt().unwrap_or(date) } else { date };
    let local = crate::time::offset()
        .from_local_datetime(&date.and_time(NaiveTime::MIN))
        .single()
        .ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다."))?;
    Ok(local.with_timezone(&Utc))
}

pub(super) fn int_value(v: &serde_json::Value) -> Option<i64> {
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
    /// The same condition written for reading a page along the index of its order, its columns
    /// only checked there (see [`checked`]), when SQLite would otherwise search it through other
    /// indexes and sort what it finds. The total counts by `condition`; PostgreSQL weighs the
    /// page's limit itself and reads `condition` throughout.
    pub walk: Option<Condition>,
    /// A substring filter narrows the list: even its first page is found by ids first.
    pub selective: bool,
    /// Whether soft-deleted rows are read too (a campaign's detail shows groups taken down since).
    /// By default a list of a table with a `deleted_at` column reads its live rows only, and names
    /// that column first in its order (every row read holds NULL there, so the order is the same):
    /// PostgreSQL does not take `IS NULL` as pinning a column, and would otherwise sort the whole
    /// list instead of reading it in the order of an index that leads with the column, as every
    /// index of such a table does. The mechanism finds the column itself, so no list forgets it.
    pub with_deleted: bool,
    /// Whether a deep page may start from the list's marks (`crate::kept::marks`): not in the
    /// order of a table beside the list's (`beside`), whose marks are not made.
    pub marked: bool,
    /// The order, when it is a column of a table beside the list's (`order.1` its direction).
    pub beside: Option<Beside>,
    /// Whether the id is unique among the listed rows though the table's key has more columns:
    /// the list fixes the others (a month's rollup holds one row a screen). Its order's tiebreaker
    /// is the id alone, and its deep pages start from its marks as any list's do.
    pub id_unique: bool,
}

/// A sort by a column of a table beside the listed one that holds a row for each of its rows (a
/// screen's last heartbeat, in `media_beat`), with copies of the listed rows' soft delete and of
/// the columns lists filter by (a screen's status). A page's ids are a range of that table's index
/// (`crate::db::list_indexes`) when its own copies say the whole condition; otherwise each id the
/// walk finds is checked against the list's condition too. The page's rows are then read by those
/// ids.
#[derive(Clone)]
pub struct Beside {
    pub name: &'static str,
    pub table: &'static str,
    pub column: &'static str,
    /// The table's key, which holds the listed row's id; the tiebreaker of the order.
    pub key: &'static str,
    pub nullable: bool,
    /// The table's copy of the listed rows' soft-delete column, under its name.
    pub live: Option<&'static str>,
    /// Columns of the listed table it keeps copies of, under the same names.
    pub copies: Vec<&'static str>,
    /// For one request: the list's filters on copied columns, said of the copies.
    pub own: Condition,
    /// For one request: whether `own` and the soft delete are the list's whole condition (no
    /// other filter, no scope), so the listed rows are not read to find the page.
    pub whole: bool,
}

impl Beside {
    /// The sort `name` by `column` of `E`, whose key is the listed rows' id and which keeps copies
    /// of their soft delete (`live`) and of `copies`.
    pub fn of<E: EntityTrait>(name: &'static str, column: E::Column, live: Option<E::Column>, copies: &[E::Column]) -> Beside {
        use sea_orm::{Iterable, PrimaryKeyToColumn};
        let key = <E::PrimaryKey as Iterable>::iter().next().expect("a table beside has a key").into_column();
        Beside {
            name,
            table: E::default().table_name(),
            column: column.as_str(),
            key: key.as_str(),
            nullable: column.def().is_null(),
            live: live.map(|c| c.as_str()),
            copies: copies.iter().map(|c| c.as_str()).collect(),
            own: Condition::all(),
            whole: true,
        }
    }

    /// The index a list in this order reads: the soft delete, the column and the key, the copies
    /// after them (checked in the index).
    pub fn index(&self) -> crate::db::list_indexes::ListIndex {
        let leading: Vec<&str> = self.live.into_iter().collect();
        crate::db::list_indexes::ListIndex::new(self.table, &leading, self.column, self.nullable, self.key).covering(&self.copies)
    }

    /// A column of the table beside.
    pub fn at(&self, column: &str) -> SimpleExpr {
        Expr::col((Alias::new(self.table), Alias::new(column)))
    }

    /// The column's value for the listed row `id` names (a correlated subquery): the order of a
    /// page's rows, read by their ids.
    pub(super) fn value_of(&self, id: impl ColumnTrait) -> SimpleExpr {
        let value =
            Query::select().expr(self.at(self.column)).from(Alias::new(self.table)).and_where(self.at(self.key).equals((id.entity_name(), id))).to_owned();
        SimpleExpr::SubQuery(None, Box::new(SubQueryStatement::SelectStatement(value)))
    }

    /// The ids of `limit` rows from `offset` on, in this order, of those `rows` finds: a range of
    /// the table's index, each entry checked against the listed row only when the copies do not
    /// say the whole condition. The table beside is read first: named second in a join, SQLite
    /// would search the listed table by the condition and sort all it finds.
    pub(super) fn page_ids<E: EntityTrait>(&self, rows: sea_orm::Select<E>, id: E::Column, order: &Order, offset: u64, limit: u64) -> SelectStatement {
        use sea_orm::{QueryFilter, QuerySelect, QueryTrait};
        let mut ids = Query::select();
        ids.expr(self.at(self.key)).from(Alias::new(self.table)).cond_where(self.own.clone());
        if let Some(live) = self.live {
            // Named first in the order too, as the index leads with it (PostgreSQL does not take
            // `IS NULL` as fixing a column; see `ListQuery::with_deleted`).
            ids.and_where(self.at(live).is_null()).order_by_expr(self.at(live), order.clone());
        }
        if !self.whole {
            let listed = rows.select_only().expr(Expr::cust("1")).filter(self.at(self.key).equals((id.entity_name(), id))).into_query();
            ids.and_where(Expr::exists(listed));
        }
        if self.nullable {
            ids.order_by_expr_with_nulls(self.at(self.column), order.clone(), NullOrdering::Last);
        } else {
            ids.order_by_expr(self.at(self.column), order.clone());
        }
        ids.order_by_expr(self.at(self.key), order.clone()).limit(limit).offset(offset);
        ids
    }
}

impl<C: ColumnTrait> ListQuery<C> {
    /// The one row whose `id` column holds `value`, read as a page of one.
    pub fn row(id: C, value: impl Into<sea_orm::Value>) -> Self {
        ListQuery {
            page: 1,
            page_size: 1,
            order: (id, Order::Asc),
            condition: Condition::all().add(id.eq(value)),
            walk: None,
            selective: false,
            with_deleted: true,
            marked: true,
            beside: None,
            id_unique: false,
        }
    }
}

/// A substring test, told to the planner as one that few rows pass (SQLite's `likelihood`; on
/// PostgreSQL a function of that name returns its condition and is inlined). Without it SQLite
/// walks the sort's index through most of a table, reading each row, to fill a page of matches.
pub(super) fn rarely(test: SimpleExpr) -> SimpleExpr {
    // SQLite takes the probability as a literal only, never as a bound value.
    Func::cust("likelihood").arg(test).arg(Expr::cust("0.05")).into()
}

/// A column as a condition of a page's walk names it on SQLite: `+"table"."column"`, a value
/// the planner checks on the rows it reads and never searches an index for.
pub fn checked<C: ColumnTrait>(col: C) -> SimpleExpr {
    Expr::cust(format!(r#"+"{}"."{}""#, col.entity_name(), col.as_str()))
}

/// Reads a list request against a resource's whitelists.
pub fn list_query<C: ColumnTrait>(
    body: &Map<String, serde_json::Value>,
    filters: &[Filter<C>],
    sorts: &[(&'static str, C)],
    default_sort: (C, Order),
) -> ApiResult<ListQuery<C>> {
    list_query_beside(body, filters, sorts, &[], default_sort)
}

/// [`list_query`] whose whitelist also takes sorts by a column of a table beside the list's.
pub fn list_query_beside<C: ColumnTrait>(
    body: &Map<String, serde_json::Value>,
    filters: &[Filter<C>],
    sorts: &[(&'static str, C)],
    beside: &[Beside],
    default_sort: (C, Order),
) -> ApiResult<ListQuery<C>> {
    let mut errors = FieldErrors::new();
    let mut condition = Condition::all();
    let mut selective = false;
    let mut page = 1;
    let mut page_size = DEFAULT_PAGE_SIZE;
    let mut sort_field: Option<C> = None;
    let mut sort_beside: Option<Beside> = None;
    let mut copied: Vec<(SimpleExpr, sea_orm::Value)> = Vec::new();
    let mut order = None;
    // The sort is read first: the filters say themselves of a sort beside as they are read.
    if let Some(name) = body.get("sortField").and_then(|v| v.as_str()) {
        sort_beside = beside.iter().find(|b| b.name == name && !sorts.iter().any(|(own, _)| *own == name)).cloned();
    }
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
                None if sort_beside.is_some() => {}
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
                // The same filter said of the copies beside, for a sort beside that keeps one.
                if let Some(b) = sort_beside.as_mut().filter(|b| b.copies.contains(&f.column.as_str())) {
                    match f.matching {
                        Match::Int => copied.push((b.at(f.column.as_str()), int_value(value).map_or(sea_orm::Value::from(None::<i64>), Into::into))),
                        Match::Text => copied.push((b.at(f.column.as_str()), text.clone().into())),
                        _ => b.whole = false,
                    }
                } else if let Some(b) = sort_beside.as_mut() {
                    b.whole = false;
                }
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
    let order = match (sort_field, &sort_beside) {
        (Some(col), _) => (col, order.unwrap_or(Order::Asc)),
        (None, Some(_)) => (default_sort.0, order.unwrap_or(Order::Asc)),
        (None, None) => default_sort,
    };
    if let Some(b) = sort_beside.as_mut() {
        b.own = copied.into_iter().fold(Condition::all(), |own, (column, value)| own.add(column.eq(value)));
    }
    let marked = sort_beside.is_none();
    Ok(ListQuery { page, page_size, order, condition, walk: None, selective, with_deleted: false, marked, beside: sort_beside, id_unique: false })
}
