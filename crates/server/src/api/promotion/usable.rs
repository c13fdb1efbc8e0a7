//! `promotion/biz/jsonUsable.do {advertiserCId, date?}`: the coupons a campaign of that advertiser
//! may take on the day (today by default): on, in period, with uses left, and only for a
//! small-merchant advertiser. For whoever writes campaigns, within their advertisers.

use super::coupon_rules::{SMALL_MERCHANT, usable};
use crate::auth::Caller;
use crate::db::entity::coupon::{Column, Entity};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::validate::parse_date;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct UsableBody {
    #[serde(rename = "advertiserCId")]
    advertiser_c_id: i64,
    date: Option<String>,
}

pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<UsableBody>) -> ApiResult<Response> {
    let on = match body.date.as_deref().map(str::trim).filter(|d| !d.is_empty()) {
        Some(text) => parse_date(text).ok_or_else(|| ApiError::invalid("date", "날짜 형식이 올바르지 않습니다."))?,
        None => crate::time::today(state.clock.now()),
    };
    let advertiser = crate::api::visible::advertiser(&state.db, &caller, body.advertiser_c_id).await?;
    if advertiser.c_type != SMALL_MERCHANT {
        return Ok(ok(json!({ "list": [] })));
    }
    let found = Entity::find().filter(usable(on)).order_by_asc(Column::ToDate).order_by_asc(Column::CpIdx).all(&state.db).await?;
    let list: Vec<_> = found
        .iter()
        .map(|c| {
            json!({ "cpIdx": c.cp_idx, "cpNm": c.cp_nm, "discountType": c.discount_type, "discountValue": c.discount_value,
                "fromDate": c.from_date, "toDate": c.to_date, "left": c.max_uses - c.used })
        })
        .collect();
    Ok(ok(json!({ "list": list })))
}
