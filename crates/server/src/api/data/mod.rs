//! Reference data: regions (legal-dong codes) and the apartment registry sample; the households
//! the network reaches by region ([`population`]).

pub mod population;

use crate::api::resource::{list_query, page_answer, page_of};
use crate::db::entity::{kapt, region};
use crate::db::like::contains;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::input::Params;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::HashMap;

#[derive(schemars::JsonSchema, Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegionQuery {
    parent_cd: Option<String>,
    /// Part of a name, at any level.
    q: Option<String>,
}

const SEARCH_LIMIT: u64 = 50;

/// `POST /api/data/rgn/jsonList.do {parentCd?, q?}`: the sido, the regions one level below a
/// region, or up to 50 regions of any level whose name holds `q`; each with its full name.
pub async fn regions(State(state): State<AppState>, Input(q): Input<RegionQuery>) -> ApiResult<Response> {
    let mut select = region::Entity::find().order_by_asc(region::Column::RgnCd);
    let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|p| !p.is_empty()).map(str::to_string);
    select = match (text(&q.q), text(&q.parent_cd)) {
        (Some(name), _) => select.filter(contains(region::Column::RgnNm, &name)).limit(SEARCH_LIMIT),
        (None, Some(parent)) => select.filter(region::Column::ParentCd.eq(parent)),
        (None, None) => select.filter(region::Column::Level.eq(1)),
    };
    let rows = select.all(&state.db).await?;
    let names = full_names(&state.db, rows.iter().map(|r| r.rgn_cd.clone()).collect()).await?;
    let list: Vec<Value> = rows
        .iter()
        .map(|r| json!({ "rgnCd": r.rgn_cd, "rgnNm": r.rgn_nm, "parentCd": r.parent_cd, "level": r.level, "fullNm": names.get(&r.rgn_cd) }))
        .collect();
    Ok(ok(json!({ "list": list })))
}

/// The full names ("서울특별시 강남구 역삼동") of these codes, their ancestors read in one query.
async fn full_names(db: &impl ConnectionTrait, codes: Vec<String>) -> ApiResult<HashMap<String, String>> {
    let ancestors = |code: &str| -> Vec<String> { [2, 5, 8].iter().map(|keep| format!("{}{}", &code[..*keep], "0".repeat(10 - keep))).collect() };
    let mut wanted: Vec<String> = codes.iter().filter(|c| c.len() == 10).flat_map(|c| ancestors(c).into_iter().chain([c.clone()])).collect();
    wanted.sort();
    wanted.dedup();
    let mut names = HashMap::new();
    for chunk in wanted.chunks(900) {
        for r in region::Entity::find().filter(region::Column::RgnCd.is_in(chunk.to_vec())).all(db).await? {
            names.insert(r.rgn_cd, r.rgn_nm);
        }
    }
    Ok(codes
        .into_iter()
        .filter(|c| c.len() == 10 && names.contains_key(c))
        .map(|c| {
            let mut parts: Vec<&str> = ancestors(&c).iter().filter(|a| **a != c).filter_map(|a| names.get(a).map(String::as_str)).collect();
            parts.push(&names[&c]);
            parts.dedup();
            (c.clone(), parts.join(" "))
        })
        .collect())
}

#[derive(schemars::JsonSchema, Deserialize, Default)]
pub struct BcodeQuery {
    /// Comma-separated codes; without it, every code.
    codes: Option<String>,
}

/// `GET /api/data/bcode/map?codes=`: legal-dong codes with their full names.
pub async fn bcode_map(State(state): State<AppState>, Params(q): Params<BcodeQuery>) -> ApiResult<Response> {
    let codes: Vec<String> = match q.codes.as_deref() {
        Some(list) => {
            let codes: Vec<String> = list.split(',').map(|c| c.trim().to_string()).filter(|c| !c.is_empty()).collect();
            if codes.len() > 1000 || codes.iter().any(|c| c.len() != 10 || !c.bytes().all(|b| b.is_ascii_digit())) {
                return Err(ApiError::invalid("codes", "10자리 법정동 코드를 1000개까지 쉼표로 구분해 보내세요."));
            }
            codes
        }
        None => region::Entity::find().select_only().column(region::Column::RgnCd).into_tuple().all(&state.db).await?,
    };
    let names = full_names(&state.db, codes).await?;
    Ok(ok(names.into_iter().map(|(k, v)| (k, Value::String(v))).collect::<Map<String, Value>>()))
}

pub fn kapt_filters() -> Vec<crate::api::resource::Filter<kapt::Column>> {
    use crate::api::resource::{Match, filter};
    vec![
        filter("kaptName", kapt::Column::KaptName, Match::Contains),
        filter("kaptCode", kapt::Column::KaptCode, Match::Text),
        filter("as1", kapt::Column::As1, Match::Text),
        filter("as2", kapt::Column::As2, Match::Text),
        filter("as3", kapt::Column::As3, Match::Contains),
    ]
}

pub fn kapt_sorts() -> Vec<(&'static str, kapt::Column)> {
    vec![("kaptName", kapt::Column::KaptName), ("kaptCode", kapt::Column::KaptCode)]
}

/// The registry's indexes in each of its orders (its code is text: the name's index ends with it).
pub fn kapt_indexes() -> Vec<crate::db::list_indexes::ListIndex> {
    crate::api::resource::whitelist_indexes::<kapt::Entity>(kapt_sorts(), &[], kapt::Column::KaptCode)
}

/// `POST /api/data/kapt/jsonList.do`: the apartment registry, searchable by name and region.
pub async fn kapt_list(State(state): State<AppState>, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let query = list_query(&body, &kapt_filters(), &kapt_sorts(), (kapt::Column::KaptName, Order::Asc))?;
    let (rows, total) = page_of(&state.db, kapt::Entity::find(), &query, kapt::Column::KaptCode).await?;
    Ok(page_answer(rows, total, &query))
}
