//! What the resources whose rows carry a status derived from the clock share (content notices'
//! time status, urgent messages' and board posts' status): the status filter, which no column answers,
//! turned into a condition of the caller's clock; lists and details whose rows get the status; and
//! the wire forms of dates and times.

use crate::api::resource::{self, ListQuery, ModelOf, Resource, list_query, page_answer, page_related, visible};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::response::Response;
use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeZone, Utc};
use sea_orm::Condition;
use serde_json::{Map, Value, json};

/// Takes an integer status filter out of a list body: one of `allowed`, or none when absent.
pub fn take_status(body: &mut Map<String, Value>, field: &str, allowed: &[i32]) -> ApiResult<Option<i32>> {
    let value = match body.remove(field) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(v) => v,
    };
    let code = match &value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) if s.len() <= 10 => s.trim().parse().ok(),
        _ => None,
    };
    match code.and_then(|c| i32::try_from(c).ok()).filter(|c| allowed.contains(c)) {
        Some(c) => Ok(Some(c)),
        None => Err(ApiError::invalid(field, "허용되지 않는 값입니다.")),
    }
}

/// The request of such a list as the API description shows it: the resource's filters and sorts
/// and the status filter (an integer).
pub fn list_schema<R: Resource>(status_field: &'static str) -> schemars::Schema {
    let mut schema = serde_json::to_value(resource::list_schema(&R::filters(), &R::sorts())).unwrap_or_default();
    schema["properties"][status_field] = json!({ "type": "integer" });
    schemars::Schema::try_from(schema).expect("an object schema")
}

/// A row as JSON with its related values, then finished by `finish` (the derived status).
fn row_value<M: serde::Serialize>(model: &M, extra: Map<String, Value>, finish: &impl Fn(&M, &mut Value)) -> ApiResult<Value> {
    let mut value = serde_json::to_value(model).map_err(ApiError::internal)?;
    if let Some(obj) = value.as_object_mut() {
        obj.extend(extra);
    }
    finish(model, &mut value);
    Ok(value)
}

/// A page of the resource's visible rows that also meet `only`, each row finished by `finish`.
pub async fn page<R: Resource>(
    state: &AppState,
    caller: &Caller,
    body: &Map<String, Value>,
    only: Option<Condition>,
    finish: impl Fn(&ModelOf<R>, &mut Value),
) -> ApiResult<Response> {
    let query = list_query(body, &R::filters(), &R::sorts(), R::default_sort())?;
    let mut rows = visible::<R>(caller);
    if let Some(only) = only {
        use sea_orm::QueryFilter;
        rows = rows.filter(only);
    }
    let (rows, total) = page_related(&state.db, rows, &query, R::id_column(), &crate::api::resource::related_of::<R>()).await?;
    let mut values = rows.into_iter().map(|(m, extra)| row_value(&m, extra, &finish)).collect::<ApiResult<Vec<_>>>()?;
    R::enrich(&state.db, &mut values).await?;
    Ok(page_answer(values, total, &query))
}

/// One visible row with its related values, finished by `finish`; 10404 when missing or outside
/// the caller's scope.
pub async fn one<R: Resource>(state: &AppState, caller: &Caller, id: i64, finish: impl Fn(&ModelOf<R>, &mut Value)) -> ApiResult<(ModelOf<R>, Value)> {
    let query = ListQuery::row(R::id_column(), id);
    let (mut found, _) = page_related(&state.db, visible::<R>(caller), &query, R::id_column(), &crate::api::resource::related_of::<R>()).await?;
    let (model, extra) = found.pop().ok_or(ApiError::NotFound)?;
    let mut values = vec![row_value(&model, extra, &finish)?];
    R::enrich(&state.db, &mut values).await?;
    Ok((model, values.pop().unwrap_or(json!({}))))
}

/// A date of the wire as stored (`YYYY-MM-DD`); `YYYY.MM.DD` is read too.
pub fn date(value: &str) -> Option<NaiveDate> {
    townboard_domain::validate::parse_date(value.trim())
}

/// Reads the two dates of a period into `check` (each must be a date); both, or `None`.
pub fn period(check: &mut crate::api::validation::Check, from: &str, to: &str) -> Option<(NaiveDate, NaiveDate)> {
    let (from, to) = (date(from), date(to));
    if from.is_none() {
        check.fail("fromDate", "날짜 형식이 올바르지 않습니다.");
    }
    if to.is_none() {
        check.fail("toDate", "날짜 형식이 올바르지 않습니다.");
    }
    from.zip(to)
}

pub fn date_text(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

/// A time of the wire, `YYYY-MM-DD HH:MM:SS` (or without seconds) in the configured time zone.
pub fn time(value: &str) -> Option<DateTime<Utc>> {
    let value = value.trim();
    let local = NaiveDateTime::parse_from_str(value, "%Y-%m-%d %H:%M:%S").or_else(|_| NaiveDateTime::parse_from_str(value, "%Y-%m-%d %H:%M")).ok()?;
    crate::time::offset().from_local_datetime(&local).single().map(|t| t.with_timezone(&Utc))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wire_times_are_local() {
        let t = time("2026-03-01 09:00:00").unwrap();
        assert_eq!(crate::time::format(&t), "2026-03-01 09:00:00");
        assert_eq!(time("2026-03-01 09:00"), Some(t));
        for bad in ["2026-03-01", "2026-02-30 09:00:00", "09:00:00", "", "2026-03-01T09:00:00"] {
            assert_eq!(time(bad), None, "{bad}");
        }
    }

    #[test]
    fn status_filters_take_allowed_codes() {
        let mut body = Map::new();
        assert_eq!(take_status(&mut body, "s", &[0, 1]).unwrap(), None);
        for (value, expected) in [(json!(1), Some(1)), (json!("0"), Some(0)), (json!(""), None), (Value::Null, None)] {
            body.insert("s".into(), value.clone());
            assert_eq!(take_status(&mut body, "s", &[0, 1]).unwrap(), expected, "{value}");
            assert!(!body.contains_key("s"));
        }
        for bad in [json!(5), json!("x"), json!([1]), json!(1.5)] {
            body.insert("s".into(), bad.clone());
            assert!(take_status(&mut body, "s", &[0, 1]).is_err(), "{bad}");
        }
    }
}
