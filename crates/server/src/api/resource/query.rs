//! A list request read against a resource's whitelists: paging, a whitelisted sort and the
//! definition's filters (anything else answers 10400).

use crate::error::{ApiError, ApiResult, FieldErrors};
use chrono::{DateTime, NaiveTime, TimeZone, Utc};
use sea_orm::sea_query::{Expr, Func, SimpleExpr};
use sea_orm::{ColumnTrait, Condition, Order};
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
    /// Whether a deep page may start from the list's marks (`crate::kept::marks`): not in an order
    /// every heartbeat writes (`Resource::written_constantly`), whose marks the next beat would
    /// retire.
    pub marked: bool,
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
    Ok(ListQuery { page, page_size, order, condition, walk: None, selective, with_deleted: false, marked: true })
}
