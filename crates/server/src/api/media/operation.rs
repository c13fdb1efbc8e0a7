//! Operation status (`/media/operation/list`) and the monitoring list: how many screens are in each
//! status, the screens needing attention, and the latest status changes.

use crate::api::lookup;
use crate::api::resource::{Beside, Filter, Match, Related, filter, list_query_beside, page_related, with_related};
use crate::auth::Caller;
use crate::db::entity::{media, media_beat, media_status_log, poi};
use crate::error::{ApiResult, ok};
use crate::input::Input;
use crate::jobs::status::{ABNORMAL, ANOMALY, FAULT};
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::{Expr, ExprTrait, Func, NullOrdering, Query};
use sea_orm::{ColumnTrait, Condition, EntityTrait, IdenStatic, Order, QueryFilter, QueryOrder, QuerySelect};
use serde_json::{Map, Value, json};

fn screens(caller: &Caller) -> sea_orm::Select<media::Entity> {
    let q = media::Entity::find().filter(media::Column::DeletedAt.is_null());
    match crate::auth::scope::screens(caller) {
        Some(scope) => q.filter(scope),
        None => q,
    }
}

/// Screens per status (0..4), within reach.
async fn counts(state: &AppState, caller: &Caller) -> ApiResult<Value> {
    let rows: Vec<(i32, i64)> = screens(caller)
        .select_only()
        .column(media::Column::MediaStatus)
        .column_as(Expr::from(Func::count(Expr::col(media::Column::MediaId))), "n")
        .group_by(media::Column::MediaStatus)
        .into_tuple()
        .all(&state.db)
        .await?;
    let mut out = Map::new();
    for status in 0..=4 {
        out.insert(status.to_string(), json!(rows.iter().find(|r| r.0 == status).map_or(0, |r| r.1)));
    }
    Ok(Value::Object(out))
}

fn attention() -> Condition {
    Condition::all().add(media::Column::MediaStatus.is_in([ANOMALY, ABNORMAL, FAULT]))
}

async fn describe(state: &AppState, rows: &mut [Value]) -> ApiResult<()> {
    lookup::labels::<poi::Entity>(&state.db, rows, "poiId", "poiNm", poi::Column::PoiId, poi::Column::PoiNm).await?;
    lookup::beats(&state.db, rows).await
}

pub fn filters() -> Vec<Filter<media::Column>> {
    vec![
        filter("mediaStatus", media::Column::MediaStatus, Match::Int),
        filter("mediaNm", media::Column::MediaNm, Match::Contains),
        filter("poiId", media::Column::PoiId, Match::Int),
    ]
}

pub fn sorts() -> Vec<(&'static str, media::Column)> {
    vec![("mediaNm", media::Column::MediaNm), ("mediaStatus", media::Column::MediaStatus)]
}

pub fn sorts_beside() -> Vec<Beside> {
    vec![lookup::by_last_heartbeat()]
}

/// `POST /api/media/operation/jsonList.do`: counts and a page of the screens needing attention
/// (or of every screen with `mediaStatus`).
pub async fn list(State(state): State<AppState>, caller: Caller, Input(mut body): Input<Map<String, Value>>) -> ApiResult<Response> {
    // By last heartbeat (the longest silent first, unless told otherwise) when the request names
    // no sort.
    if body.get("sortField").is_none_or(|v| v.is_null() || v == "") {
        body.insert("sortField".into(), json!(lookup::by_last_heartbeat().name));
    }
    let mut query = list_query_beside(&body, &filters(), &sorts(), &sorts_beside(), (media::Column::MediaId, Order::Asc))?;
    let all_statuses = body.get("mediaStatus").is_some_and(|v| !v.is_null() && v != "");
    if let Some(b) = query.beside.as_mut() {
        if !all_statuses {
            b.own = b.own.clone().add(b.at(media_beat::Column::MediaStatus.as_str()).is_in([ANOMALY, ABNORMAL, FAULT]));
        }
        b.whole &= crate::auth::scope::screens(&caller).is_none();
    }
    let base = if all_statuses { screens(&caller) } else { screens(&caller).filter(attention()) };
    // The site's name and what the player last said, in the page's statement.
    let mut related = vec![Related::label::<poi::Entity>(media::Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm")];
    related.extend(lookup::beat_columns());
    let (rows, total) = page_related(&state.db, base, &query, media::Column::MediaId, &related).await?;
    let values = with_related(rows)?;
    let counts = counts(&state, &caller).await?;
    Ok(ok(json!({ "counts": counts, "list": values, "totalCount": total, "page": query.page, "pageSize": query.page_size })))
}

/// `GET /api/media/monitoring/jsonMonitoringList.do`: counts, up to 200 screens needing attention,
/// and the 50 latest status changes, within reach.
pub async fn monitoring(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    let counts = counts(&state, &caller).await?;
    let rows = screens(&caller)
        .filter(attention())
        .inner_join(media_beat::Entity)
        .order_by_with_nulls(media_beat::Column::LastHeartbeatAt, Order::Asc, NullOrdering::First)
        .order_by_asc(media::Column::MediaId)
        .limit(200)
        .all(&state.db)
        .await?;
    let mut attention_rows: Vec<Value> = rows.iter().map(|m| serde_json::to_value(m).unwrap_or_default()).collect();
    describe(&state, &mut attention_rows).await?;
    let mut log = media_status_log::Entity::find().order_by_desc(media_status_log::Column::LogIdx).limit(50);
    if let Some(scope) = crate::auth::scope::screens(&caller) {
        let ids = Query::select().column(media::Column::MediaId).from(media::Entity).cond_where(scope).to_owned();
        log = log.filter(media_status_log::Column::MediaId.in_subquery(ids));
    }
    let mut changes: Vec<Value> = log.all(&state.db).await?.iter().map(|l| serde_json::to_value(l).unwrap_or_default()).collect();
    lookup::labels::<media::Entity>(&state.db, &mut changes, "mediaId", "mediaNm", media::Column::MediaId, media::Column::MediaNm).await?;
    Ok(ok(json!({ "counts": counts, "attention": attention_rows, "changes": changes })))
}
