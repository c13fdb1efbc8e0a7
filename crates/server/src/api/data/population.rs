//! `wpopl/jsonList.do {rgnCd?}`: the households the network reaches by region, one level below a
//! region (the sido when none is named), with the estimated audience: households × the sido's
//! persons per household (env `REGION_MULTIPLIERS`, 1 for a sido it does not name).

use crate::api::campaign::form;
use crate::db::entity::{poi, region};
use crate::db::like::starts_with;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Func, Order, Query};
use sea_orm::{ColumnTrait, ConnectionTrait};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::price::RegionMultipliers;

#[derive(schemars::JsonSchema, Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PopulationQuery {
    /// A region: its code's prefix (2 digits a sido, 5 a sigungu, 8 an eup/myeon/dong) or its
    /// 10-digit code.
    rgn_cd: Option<String>,
    /// A page of the regions (from 1; every region when absent); the sum is over all of them.
    #[schemars(range(min = 1, max = 1_000_000))]
    page: Option<u64>,
    #[schemars(range(min = 1, max = 1000))]
    page_size: Option<u64>,
}

/// The prefix a region names (`""` for the whole country), `None` for no region or a ri (the
/// lowest level, with nothing below it).
pub fn prefix_of(code: &str) -> Option<&str> {
    let code = code.trim();
    if !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    match code.len() {
        0 | 2 | 5 | 8 => Some(code),
        10 => [2, 5, 8].into_iter().find(|keep| code[*keep..].bytes().all(|b| b == b'0')).map(|keep| &code[..keep]),
        _ => None,
    }
}

/// The length of the codes one level below a prefix.
pub fn next_width(prefix: &str) -> usize {
    match prefix.len() {
        0 => 2,
        2 => 5,
        5 => 8,
        _ => 10,
    }
}

/// Households × the multiplier in thousandths, rounded to a person.
pub fn audience(households: i64, thousandths: i64) -> i64 {
    (households as i128 * thousandths as i128 + 500).div_euclid(1000) as i64
}

/// `POST /api/wpopl/jsonList.do`: rows `{rgnCd, rgnNm, sites, households, multiplier, audience}` in
/// code order, and `sum: {sites, households, audience}`.
pub async fn list(State(state): State<AppState>, Input(q): Input<PopulationQuery>) -> ApiResult<Response> {
    let prefix = prefix_of(q.rgn_cd.as_deref().unwrap_or_default()).ok_or_else(|| ApiError::invalid("rgnCd", "지역 코드가 올바르지 않습니다."))?;
    let width = next_width(prefix);
    let multipliers = form::multipliers(&state).await?;
    let rows = households(&state.db, prefix, width).await?;
    let mut answer = answer(rows, width, &multipliers);
    if q.page.is_some() || q.page_size.is_some() {
        let (page, size) = (q.page.unwrap_or(1), q.page_size.unwrap_or(crate::api::resource::DEFAULT_PAGE_SIZE));
        if page == 0 || !(1..=crate::api::resource::MAX_PAGE_SIZE).contains(&size) {
            return Err(ApiError::invalid(if page == 0 { "page" } else { "pageSize" }, "페이지 범위를 벗어났습니다."));
        }
        let all = answer["list"].as_array().cloned().unwrap_or_default();
        answer["list"] = json!(all.into_iter().skip(((page - 1) * size) as usize).take(size as usize).collect::<Vec<_>>());
        answer["page"] = json!(page);
        answer["pageSize"] = json!(size);
    }
    Ok(ok(answer))
}

/// Sites and households per region code of `width` digits under `prefix`, with the region's name:
/// one grouped statement.
async fn households(db: &impl ConnectionTrait, prefix: &str, width: usize) -> ApiResult<Vec<(String, Option<String>, i64, i64)>> {
    let code = Expr::cust(format!(r#"SUBSTR("poi"."rgn_cd", 1, {width})"#));
    let mut grouped = Query::select()
        .expr_as(code.clone(), Alias::new("code"))
        .expr_as(Func::count(Expr::col((poi::Entity, poi::Column::PoiId))), Alias::new("sites"))
        .expr_as(Func::cast_as(Func::sum(Expr::col((poi::Entity, poi::Column::DaCnt))), Alias::new("BIGINT")), Alias::new("households"))
        .from(poi::Entity)
        .and_where(poi::Column::DeletedAt.is_null())
        .add_group_by([code])
        .to_owned();
    if !prefix.is_empty() {
        grouped.and_where(starts_with(poi::Column::RgnCd, prefix));
    }
    let g = Alias::new("g");
    let full_code = Expr::cust(format!(r#""g"."code" || '{}'"#, "0".repeat(10 - width)));
    let stmt = Query::select()
        .column((g.clone(), Alias::new("code")))
        .expr_as(Expr::col((region::Entity, region::Column::RgnNm)), Alias::new("rgn_nm"))
        .column((g.clone(), Alias::new("sites")))
        .column((g.clone(), Alias::new("households")))
        .from_subquery(grouped, g.clone())
        .left_join(region::Entity, ExprTrait::eq(Expr::col((region::Entity, region::Column::RgnCd)), full_code))
        .order_by((g, Alias::new("code")), Order::Asc)
        .to_owned();
    db.query_all(&stmt)
        .await?
        .iter()
        .map(|row| {
            Ok((
                row.try_get::<String>("", "code")?,
                row.try_get::<Option<String>>("", "rgn_nm")?,
                row.try_get::<i64>("", "sites")?,
                row.try_get::<Option<i64>>("", "households")?.unwrap_or(0),
            ))
        })
        .collect()
}

fn answer(rows: Vec<(String, Option<String>, i64, i64)>, width: usize, multipliers: &RegionMultipliers) -> serde_json::Value {
    let (mut sites, mut households, mut people) = (0i64, 0i64, 0i64);
    let list: Vec<_> = rows
        .into_iter()
        .map(|(code, name, n, h)| {
            let thousandths = multipliers.multiplier(&code);
            let reach = audience(h, thousandths);
            (sites, households, people) = (sites + n, households + h, people + reach);
            let rgn_cd = format!("{code}{}", "0".repeat(10 - width));
            json!({ "rgnCd": rgn_cd, "rgnNm": name, "sites": n, "households": h, "multiplier": thousandths as f64 / 1000.0, "audience": reach })
        })
        .collect();
    let total = list.len();
    json!({ "list": list, "totalCount": total, "sum": { "sites": sites, "households": households, "audience": people } })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regions_name_their_prefix() {
        let table = [
            ("", Some("")),
            ("11", Some("11")),
            ("11680", Some("11680")),
            ("1100000000", Some("11")),
            ("1168000000", Some("11680")),
            ("1168010100", Some("11680101")),
            ("1168010121", None),
            ("116", None),
            ("11a", None),
        ];
        for (code, prefix) in table {
            assert_eq!(prefix_of(code), prefix, "{code}");
        }
        assert_eq!([next_width(""), next_width("11"), next_width("11680"), next_width("11680101")], [2, 5, 8, 10]);
    }

    #[test]
    fn audience_is_rounded_to_a_person() {
        assert_eq!(audience(1000, 2319), 2319);
        assert_eq!(audience(3, 2319), 7, "6.957");
        assert_eq!(audience(1, 2500), 3, "2.5 rounds up");
        assert_eq!(audience(0, 2319), 0);
        assert_eq!(audience(10, 1000), 10);
    }
}
