//! Lower content settings (`/content/manager`): per media group, which news provider's titles,
//! whether weather and whether content notices fill the bottom band of its screens. A group never
//! set has the defaults: no news, no weather, notices on.

use crate::api::resource::{Filter, Match, Related, filter, list_query, page_answer, page_related, record};
use crate::api::validation::Check;
use crate::auth::Caller;
use crate::auth::scope;
use crate::db::entity::content_setting::{self, ActiveModel};
use crate::db::entity::{media_group, news_provider, poi};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, Order, QueryFilter};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::HashMap;

pub const PROGRAM: &str = "content.manager";

/// The settings of a group that has none.
pub fn defaults(mg_id: i64) -> content_setting::Model {
    content_setting::Model {
        mg_id,
        nss_id: None,
        news_yn: "N".into(),
        weather_yn: "N".into(),
        notice_yn: "Y".into(),
        updated_by: None,
        updated_at: chrono::DateTime::<chrono::Utc>::MIN_UTC,
    }
}

pub fn filters() -> Vec<Filter<media_group::Column>> {
    vec![filter("mgNm", media_group::Column::MgNm, Match::Contains), filter("poiId", media_group::Column::PoiId, Match::Int)]
}

pub fn sorts() -> Vec<(&'static str, media_group::Column)> {
    vec![("mgId", media_group::Column::MgId), ("mgNm", media_group::Column::MgNm)]
}

/// Live media groups in the caller's reach.
fn groups(caller: &Caller) -> sea_orm::Select<media_group::Entity> {
    let mut q = media_group::Entity::find().filter(media_group::Column::DeletedAt.is_null());
    if let Some(reach) = scope::media_groups(caller, media_group::Column::PoiId) {
        q = q.filter(reach);
    }
    q
}

/// Rows `{mgId, mgNm, poiId, poiNm}` completed with their settings and provider names, one
/// query each for all rows.
async fn with_settings(db: &impl ConnectionTrait, rows: &mut [Value]) -> ApiResult<()> {
    let ids: Vec<i64> = rows.iter().filter_map(|r| r["mgId"].as_i64()).collect();
    let settings: HashMap<i64, content_setting::Model> =
        content_setting::Entity::find().filter(content_setting::Column::MgId.is_in(ids)).all(db).await?.into_iter().map(|s| (s.mg_id, s)).collect();
    let nss_ids: Vec<i64> = settings.values().filter_map(|s| s.nss_id).collect();
    let names: HashMap<i64, String> = if nss_ids.is_empty() {
        HashMap::new()
    } else {
        news_provider::Entity::find().filter(news_provider::Column::NssId.is_in(nss_ids)).all(db).await?.into_iter().map(|p| (p.nss_id, p.nss_nm)).collect()
    };
    for row in rows.iter_mut() {
        let Some(mg_id) = row["mgId"].as_i64() else { continue };
        let s = settings.get(&mg_id).cloned().unwrap_or_else(|| defaults(mg_id));
        row["nssId"] = json!(s.nss_id);
        row["nssNm"] = json!(s.nss_id.and_then(|id| names.get(&id)));
        row["newsYn"] = json!(s.news_yn);
        row["weatherYn"] = json!(s.weather_yn);
        row["noticeYn"] = json!(s.notice_yn);
    }
    Ok(())
}

fn group_row(g: &media_group::Model, extra: Map<String, Value>) -> Value {
    let mut row = json!({ "mgId": g.mg_id, "mgNm": g.mg_nm, "poiId": g.poi_id });
    if let Some(obj) = row.as_object_mut() {
        obj.extend(extra);
    }
    row
}

fn site_name() -> Vec<Related> {
    vec![Related::label::<poi::Entity>(media_group::Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm")]
}

/// `POST /api/content/manager/jsonList.do`: the groups in reach with their settings; filters
/// `mgNm`, `poiId`.
pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let query = list_query(&body, &filters(), &sorts(), (media_group::Column::MgNm, Order::Asc))?;
    let (found, total) = page_related(&state.db, groups(&caller), &query, media_group::Column::MgId, &site_name()).await?;
    let mut rows: Vec<Value> = found.into_iter().map(|(g, extra)| group_row(&g, extra)).collect();
    with_settings(&state.db, &mut rows).await?;
    Ok(page_answer(rows, total, &query))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ByGroup {
    mg_id: i64,
}

/// The group's row with its settings, when it is live and in reach.
async fn group_settings(state: &AppState, caller: &Caller, mg_id: i64) -> ApiResult<Value> {
    let query = crate::api::resource::ListQuery::row(media_group::Column::MgId, mg_id);
    let (mut found, _) = page_related(&state.db, groups(caller), &query, media_group::Column::MgId, &site_name()).await?;
    let (g, extra) = found.pop().ok_or(ApiError::NotFound)?;
    let mut rows = vec![group_row(&g, extra)];
    with_settings(&state.db, &mut rows).await?;
    Ok(rows.pop().unwrap_or_default())
}

/// `POST /api/content/manager/jsonDetail.do`: `{mgId}`.
pub async fn detail(State(state): State<AppState>, caller: Caller, Input(body): Input<ByGroup>) -> ApiResult<Response> {
    Ok(ok(group_settings(&state, &caller, body.mg_id).await?))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettingInput {
    mg_id: i64,
    /// The news provider whose titles run when `newsYn` is Y.
    nss_id: Option<i64>,
    news_yn: String,
    weather_yn: String,
    notice_yn: String,
}

/// `POST /api/content/manager/jsonSave.do`: sets a group's settings; news needs a live provider.
pub async fn save(State(state): State<AppState>, caller: Caller, Input(input): Input<SettingInput>) -> ApiResult<Response> {
    let mut check = Check::new();
    check.yn("newsYn", &input.news_yn);
    check.yn("weatherYn", &input.weather_yn);
    check.yn("noticeYn", &input.notice_yn);
    if let Some(nss_id) = input.nss_id {
        if crate::api::visible::news_provider(&state.db, nss_id).await.is_err() {
            check.fail("nssId", "뉴스 제공사를 찾을 수 없습니다.");
        }
    } else if input.news_yn == "Y" {
        check.fail("nssId", "뉴스를 켜려면 뉴스 제공사를 선택하세요.");
    }
    check.finish()?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    groups(&caller).filter(media_group::Column::MgId.eq(input.mg_id)).one(&txn).await?.ok_or(ApiError::NotFound)?;
    let before = content_setting::Entity::find_by_id(input.mg_id).one(&txn).await?;
    let row = ActiveModel {
        mg_id: Set(input.mg_id),
        nss_id: Set(input.nss_id),
        news_yn: Set(input.news_yn),
        weather_yn: Set(input.weather_yn),
        notice_yn: Set(input.notice_yn),
        updated_by: Set(Some(caller.u_idx())),
        updated_at: Set(now),
    };
    let after = match &before {
        Some(_) => content_setting::Entity::update(row).exec(&txn).await?,
        None => content_setting::Entity::insert(row).exec_with_returning(&txn).await?,
    };
    let action = if before.is_some() { "update" } else { "create" };
    record(&txn, &caller, now, PROGRAM, input.mg_id, action, before.as_ref(), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "mgId": input.mg_id })))
}
