//! The feeds of news providers (`/system/newsmng`): the items last read (`jsonItems.do`) and a
//! reading on demand (`jsonFetch.do`, a `news_fetch` job put on the queue at once).

use crate::db::entity::{news_feed, news_item};
use crate::error::{ApiResult, ok};
use crate::input::Input;
use crate::jobs::news_fetch;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Deserialize;
use serde_json::json;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ByProvider {
    nss_id: i64,
}

/// `POST /api/system/newsmng/jsonItems.do`: `{nssId}` -> the latest items `{title, link,
/// publishedAt}`, newest first, with the last reading (`fetchedAt`, `fetchError`).
pub async fn items(State(state): State<AppState>, Input(body): Input<ByProvider>) -> ApiResult<Response> {
    let provider = crate::api::visible::news_provider(&state.db, body.nss_id).await?;
    let rows = news_item::Entity::find()
        .filter(news_item::Column::NssId.eq(provider.nss_id))
        .order_by_asc(news_item::Column::Seq)
        .limit(news_fetch::KEEP as u64)
        .all(&state.db)
        .await?;
    let feed = news_feed::Entity::find_by_id(provider.nss_id).one(&state.db).await?;
    let list: Vec<_> =
        rows.iter().map(|i| json!({ "title": i.title, "link": i.link, "publishedAt": i.published_at.as_ref().map(crate::time::format) })).collect();
    Ok(ok(json!({
        "list": list,
        "totalCount": list.len(),
        "page": 1,
        "pageSize": news_fetch::KEEP,
        "fetchedAt": feed.as_ref().and_then(|f| f.fetched_at.as_ref()).map(crate::time::format),
        "fetchError": feed.and_then(|f| f.last_error),
    })))
}

/// `POST /api/system/newsmng/jsonFetch.do`: `{nssId}` -> `{nssId, jobId}`; the feed is read by
/// the job queue at once, and `jsonItems.do` shows the outcome.
pub async fn fetch(State(state): State<AppState>, Input(body): Input<ByProvider>) -> ApiResult<Response> {
    let provider = crate::api::visible::news_provider(&state.db, body.nss_id).await?;
    let job_id = crate::jobs::enqueue(&state, news_fetch::KIND, json!({ "nssId": provider.nss_id }), None, None).await?;
    Ok(ok(json!({ "nssId": provider.nss_id, "jobId": job_id })))
}
