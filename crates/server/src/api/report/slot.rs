//! The slot report (`/report/slot/list`): per group and day, the ad slots the plan sells whole, by
//! halves, fills with house ads or leaves free, and the occupancy; with the totals per day for the
//! chart. It reads the figures the generation stored with each plan.

use crate::api::resource::{Related, date_field, list_query, list_schema_with, page_related};
use crate::auth::Caller;
use crate::db::entity::{media_group, plan};
use crate::error::{ApiError, ApiResult, ok, together};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::{Expr, Func};
use sea_orm::{ColumnTrait, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde_json::{Map, Value, json};
use townboard_domain::validate::parse_date;

/// House, free and occupancy (percent, one decimal) of a group-day or of a day's totals, as api.md
/// defines them: `free = capacity - soldFull - soldHalf / 2` (unsold slot-equivalents, whether or
/// not house ads fill them; `soldHalf` counts a slot of two halves once), `occupancy = 100 ×
/// (capacity - free) / capacity`, `house` the slots (halves counted as one half) playing a house ad.
fn figures(capacity: i64, full: i64, half: i64, house_halves: i64) -> (f64, f64, f64) {
    let house = house_halves as f64 / 2.0;
    let free = (capacity as f64 - full as f64 - half as f64 / 2.0).max(0.0);
    let occupancy = if capacity > 0 { ((capacity as f64 - free) * 1000.0 / capacity as f64).round() / 10.0 } else { 0.0 };
    (house, free, occupancy)
}

/// The request of the slot report, for the API description.
pub fn schema() -> schemars::Schema {
    list_schema_with(&[date_field("fromDate", true), date_field("toDate", true)], &crate::api::plan_lists::filters(), &crate::api::plan_lists::sorts())
}

/// `report/slot/jsonList.do {fromDate, toDate, mgId?}`.
pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let mut rest = body.clone();
    let date = |field: &str, v: Option<Value>| -> ApiResult<String> {
        v.as_ref()
            .and_then(Value::as_str)
            .and_then(parse_date)
            .map(|d| d.format("%Y-%m-%d").to_string())
            .ok_or_else(|| ApiError::invalid(field, "날짜 형식이 올바르지 않습니다."))
    };
    let dates = together(date("fromDate", rest.remove("fromDate")), date("toDate", rest.remove("toDate")));
    let (mut query, (from, to)) =
        together(list_query(&rest, &crate::api::plan_lists::filters(), &crate::api::plan_lists::sorts(), (plan::Column::PlayDate, Order::Asc)), dates)?;
    let by_group_day = query.condition.clone();
    crate::api::plan_lists::period(&mut query, &from, &to);
    let mut select = plan::Entity::find();
    if let Some(scope) = crate::auth::scope::media_groups(&caller, media_group::Column::PoiId) {
        let visible = sea_orm::sea_query::Query::select().column(media_group::Column::MgId).from(media_group::Entity).cond_where(scope).to_owned();
        select = select.filter(plan::Column::MgId.in_subquery(visible));
    }
    let by_date: Vec<(String, i64, i64, i64, i64)> = select
        .clone()
        .filter(plan::Column::PlayDate.gte(from.as_str()))
        .filter(plan::Column::PlayDate.lte(to.as_str()))
        .filter(by_group_day)
        .select_only()
        .column(plan::Column::PlayDate)
        .column_as(Expr::expr(Func::sum(Expr::col(plan::Column::AdSlotCnt))), "capacity")
        .column_as(Expr::expr(Func::sum(Expr::col(plan::Column::SoldFull))), "full")
        .column_as(Expr::expr(Func::sum(Expr::col(plan::Column::SoldHalf))), "half")
        .column_as(Expr::expr(Func::sum(Expr::col(plan::Column::HouseHalves))), "house")
        .group_by(plan::Column::PlayDate)
        .order_by_asc(plan::Column::PlayDate)
        .into_tuple()
        .all(&state.db)
        .await?;
    let related = [Related::label::<media_group::Entity>(plan::Column::MgId, media_group::Column::MgId, media_group::Column::MgNm, "mgNm")];
    let (rows, total) = page_related(&state.db, select, &query, plan::Column::MgId, &related).await?;
    let list: Vec<Value> = rows
        .iter()
        .map(|(p, x)| {
            let (house, free, occupancy) = figures(i64::from(p.ad_slot_cnt), i64::from(p.sold_full), i64::from(p.sold_half), i64::from(p.house_halves));
            json!({ "mgId": p.mg_id, "mgNm": x["mgNm"], "date": p.play_date, "capacity": p.ad_slot_cnt, "soldFull": p.sold_full, "soldHalf": p.sold_half,
                "house": house, "free": free, "occupancy": occupancy })
        })
        .collect();
    let days: Vec<Value> = by_date
        .iter()
        .map(|(date, capacity, full, half, house_halves)| {
            let (house, free, occupancy) = figures(*capacity, *full, *half, *house_halves);
            json!({ "date": date, "capacity": capacity, "soldFull": full, "soldHalf": half, "house": house, "free": free, "occupancy": occupancy })
        })
        .collect();
    Ok(ok(json!({ "list": list, "totalCount": total, "page": query.page, "pageSize": query.page_size, "byDate": days })))
}

#[cfg(test)]
mod tests {
    #[test]
    fn figures_of_a_group_day() {
        assert_eq!(super::figures(10, 6, 2, 3), (1.5, 3.0, 70.0), "house ads fill unsold slots, which stay free");
        assert_eq!(super::figures(10, 0, 0, 20), (10.0, 10.0, 0.0));
        assert_eq!(super::figures(10, 0, 0, 0), (0.0, 10.0, 0.0));
        assert_eq!(super::figures(0, 0, 0, 0), (0.0, 0.0, 0.0));
        assert_eq!(super::figures(3, 1, 1, 0), (0.0, 1.5, 50.0));
    }
}
