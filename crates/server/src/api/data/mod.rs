//! Reference data: regions (legal-dong codes) and the apartment registry sample.

use crate::api::resource::{list_query, page_answer, page_of};
use crate::db::entity::{kapt, region};
use crate::error::{ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ColumnTrait, EntityTrait, Order, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::{Map, Value, json};

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegionQuery {
    parent_cd: Option<String>,
}

/// `POST /api/data/rgn/jsonList.do {parentCd?}`: the sido, or the sigungu of one sido.
pub async fn regions(State(state): State<AppState>, Input(q): Input<RegionQuery>) -> ApiResult<Response> {
    let mut select = region::Entity::find().order_by_asc(region::Column::RgnCd);
    select = match q.parent_cd.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        Some(parent) => select.filter(region::Column::ParentCd.eq(parent)),
        None => select.filter(region::Column::Level.eq(1)),
    };
    Ok(ok(json!({ "list": select.all(&state.db).await? })))
}

/// `GET /api/data/bcode/map`: every legal-dong code with its full name.
pub async fn bcode_map(State(state): State<AppState>) -> ApiResult<Response> {
    let rows = region::Entity::find().all(&state.db).await?;
    let mut map = Map::new();
    for r in &rows {
        let parent = r.parent_cd.as_ref().and_then(|p| rows.iter().find(|x| &x.rgn_cd == p));
        let name = match parent {
            Some(p) => format!("{} {}", p.rgn_nm, r.rgn_nm),
            None => r.rgn_nm.clone(),
        };
        map.insert(r.rgn_cd.clone(), Value::String(name));
    }
    Ok(ok(map))
}

/// `POST /api/data/kapt/jsonList.do`: the apartment registry, searchable by name and region.
pub async fn kapt_list(State(state): State<AppState>, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    use crate::api::resource::{Match, filter};
    let filters = [
        filter("kaptName", kapt::Column::KaptName, Match::Contains),
        filter("kaptCode", kapt::Column::KaptCode, Match::Text),
        filter("as1", kapt::Column::As1, Match::Text),
        filter("as2", kapt::Column::As2, Match::Text),
        filter("as3", kapt::Column::As3, Match::Contains),
    ];
    let sorts = [("kaptName", kapt::Column::KaptName), ("kaptCode", kapt::Column::KaptCode)];
    let query = list_query(&body, &filters, &sorts, (kapt::Column::KaptName, Order::Asc))?;
    let (rows, total) = page_of(&state.db, kapt::Entity::find(), &query, kapt::Column::KaptCode).await?;
    Ok(page_answer(rows, total, &query))
}
