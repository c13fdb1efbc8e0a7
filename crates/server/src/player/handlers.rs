//! Player API handlers.

use super::Device;
use crate::db::entity::{device, media, media_command, media_group, player, stored_file};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::jobs::status;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RegisterBody {
    dvc_sn_num: String,
    ssaid: String,
    os_type: String,
    #[serde(default)]
    player_version: String,
}

/// `POST register`: binds the player (its ssaid) to the screen that uses the device with this
/// serial, and hands out a new token. A screen bound to another ssaid answers 10409 until an
/// ssaid reset.
pub async fn register(State(state): State<AppState>, Input(body): Input<RegisterBody>) -> ApiResult<Response> {
    let ssaid = body.ssaid.trim();
    if ssaid.is_empty() || ssaid.len() > 100 {
        return Err(ApiError::invalid("ssaid", "1~100자여야 합니다."));
    }
    let dvc = device::Entity::find()
        .filter(device::Column::DvcSnNum.eq(body.dvc_sn_num.trim()))
        .filter(device::Column::DeletedAt.is_null())
        .one(&state.db)
        .await?
        .ok_or(ApiError::NotFound)?;
    let txn = crate::db::begin_write(&state.db).await?;
    let screen = media::Entity::find()
        .filter(media::Column::DvcIdx.eq(dvc.dvc_idx))
        .filter(media::Column::DeletedAt.is_null())
        .one(&txn)
        .await?
        .ok_or(ApiError::NotFound)?;
    if screen.ssaid.as_deref().is_some_and(|s| s != ssaid) {
        return Err(ApiError::conflict("다른 기기가 등록된 매체입니다. SSAID 초기화 후 등록하세요."));
    }
    let token = crate::crypto::random_token();
    media::Entity::update(media::ActiveModel {
        media_id: Set(screen.media_id),
        ssaid: Set(Some(ssaid.to_string())),
        token_digest: Set(Some(crate::crypto::sha256_hex(token.as_bytes()))),
        os_type: Set(if body.os_type.trim().is_empty() { screen.os_type.clone() } else { body.os_type.trim().chars().take(10).collect() }),
        player_version: Set(body.player_version.chars().take(50).collect()),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    txn.commit().await?;
    Ok(ok(json!({ "mediaId": screen.media_id, "deviceToken": token })))
}

#[derive(Deserialize)]
pub struct ScheduleQuery {
    date: Option<String>,
}

/// `GET schedule?date=`: the plan of the screen's group for a day, with a content-hash version.
/// Answers 304 when the player already holds that version (`If-None-Match`).
pub async fn schedule(State(state): State<AppState>, Device(screen): Device, headers: HeaderMap, Query(q): Query<ScheduleQuery>) -> ApiResult<Response> {
    let date = match q.date.as_deref() {
        Some(d) => townboard_domain::validate::parse_date(d).ok_or_else(|| ApiError::invalid("date", "날짜 형식이 올바르지 않습니다."))?,
        None => crate::time::today(state.clock.now()),
    };
    let group = match screen.mg_id {
        Some(mg) => media_group::Entity::find_by_id(mg).filter(media_group::Column::DeletedAt.is_null()).one(&state.db).await?,
        None => None,
    };
    // The loop itself comes from the day's plan; a group without one plays nothing yet.
    let plan = json!({
        "date": date.format("%Y-%m-%d").to_string(),
        "mediaId": screen.media_id,
        "mgId": group.as_ref().map(|g| g.mg_id),
        "templateType": group.as_ref().map(|g| g.template_type),
        "layout": group.as_ref().map(|g| g.layout),
        "slotSec": group.as_ref().map(|g| g.slot_sec),
        "playing": group.as_ref().is_some_and(|g| g.media_group_status == 0),
        "loop": Value::Array(vec![]),
    });
    let version = crate::crypto::sha256_hex(plan.to_string().as_bytes())[..16].to_string();
    let etag = format!("\"{version}\"");
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return Ok(StatusCode::NOT_MODIFIED.into_response());
    }
    let mut body = plan;
    body["version"] = json!(version);
    let mut res = ok(body);
    res.headers_mut().insert(header::ETAG, HeaderValue::from_str(&etag).map_err(ApiError::internal)?);
    Ok(res)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HeartbeatBody {
    status: String,
    #[serde(default)]
    errors: Vec<String>,
    #[serde(default)]
    player_version: String,
    #[serde(default)]
    schedule_version: String,
}

/// `POST heartbeat`: the player's state in; pending commands (and an update when another version
/// is deployed) out.
pub async fn heartbeat(State(state): State<AppState>, Device(screen): Device, Input(body): Input<HeartbeatBody>) -> ApiResult<Response> {
    let error = match body.status.as_str() {
        "ok" => false,
        "error" => true,
        _ => return Err(ApiError::invalid("status", "ok 또는 error여야 합니다.")),
    };
    let now = state.clock.now();
    let last_error: String = if error { body.errors.join("; ").chars().take(500).collect() } else { String::new() };
    let txn = crate::db::begin_write(&state.db).await?;
    media::Entity::update(media::ActiveModel {
        media_id: Set(screen.media_id),
        last_heartbeat_at: Set(Some(now)),
        player_version: Set(body.player_version.chars().take(50).collect()),
        schedule_version: Set(body.schedule_version.chars().take(64).collect()),
        last_error: Set(last_error.clone()),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    let to = if error { status::FAULT } else { status::ON };
    status::set_status(&txn, &screen, to, if error { &last_error } else { "하트비트" }, now).await?;
    let pending = media_command::Entity::find()
        .filter(media_command::Column::MediaId.eq(screen.media_id))
        .filter(media_command::Column::Status.eq("pending"))
        .order_by_asc(media_command::Column::CmdIdx)
        .all(&txn)
        .await?;
    if !pending.is_empty() {
        media_command::Entity::update_many()
            .col_expr(media_command::Column::Status, "delivered".into())
            .col_expr(media_command::Column::DeliveredAt, Some(now).into())
            .filter(media_command::Column::CmdIdx.is_in(pending.iter().map(|c| c.cmd_idx)))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    let mut commands: Vec<Value> = pending
        .iter()
        .map(|c| json!({ "id": c.cmd_idx, "type": c.cmd_type, "payload": serde_json::from_str::<Value>(&c.payload).unwrap_or(Value::Null) }))
        .collect();
    if let Some(deployed) = deployed_player(&state, &screen.os_type).await?
        && deployed.ply_version != body.player_version
    {
        commands.push(json!({ "id": 0, "type": "update", "payload": { "version": deployed.ply_version, "url": "/api/player/v1/update" } }));
    }
    Ok(ok(json!({ "commands": commands, "urgent": [] })))
}

async fn deployed_player(state: &AppState, os_type: &str) -> ApiResult<Option<player::Model>> {
    Ok(player::Entity::find()
        .filter(player::Column::OsType.eq(os_type))
        .filter(player::Column::PlyType.eq("MAIN"))
        .filter(player::Column::PlyDeployYn.eq("Y"))
        .filter(player::Column::DeletedAt.is_null())
        .one(&state.db)
        .await?)
}

/// `POST pop`: hourly proof-of-play counts; a repeated `batchId` is acknowledged, not counted.
pub async fn pop(State(state): State<AppState>, Device(screen): Device, Input(batch): Input<townboard_domain::pop::PopBatch>) -> ApiResult<Response> {
    let counted = super::pop::ingest(&state, screen.media_id, batch).await?;
    Ok(ok(json!({ "counted": counted })))
}

/// `POST capture/{uuid}`: the screenshot a capture command asked for (PNG or JPEG body).
pub async fn capture(State(state): State<AppState>, Device(screen): Device, Path(uuid): Path<String>, body: Bytes) -> ApiResult<Response> {
    let cmd = media_command::Entity::find()
        .filter(media_command::Column::MediaId.eq(screen.media_id))
        .filter(media_command::Column::Uuid.eq(uuid.as_str()))
        .filter(media_command::Column::CmdType.eq("capture"))
        .one(&state.db)
        .await?
        .ok_or(ApiError::NotFound)?;
    if cmd.status == "done" {
        return Err(ApiError::conflict("이미 올린 캡처입니다."));
    }
    const SLOT: crate::files::FileSlot = crate::files::FileSlot { part: "capture", max_bytes: 10 * 1024 * 1024, max_count: 1, kinds: crate::files::IMAGES };
    let upload = crate::files::check(&SLOT, "capture.png", body.to_vec())?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.db).await?;
    crate::files::attach(&state, &txn, "capture", cmd.cmd_idx, vec![upload], 0).await?;
    let file = stored_file::Entity::find()
        .filter(stored_file::Column::TargetType.eq("capture"))
        .filter(stored_file::Column::TargetId.eq(cmd.cmd_idx))
        .one(&txn)
        .await?;
    media_command::Entity::update(media_command::ActiveModel {
        cmd_idx: Set(cmd.cmd_idx),
        status: Set("done".into()),
        file_idx: Set(file.map(|f| f.file_idx)),
        done_at: Set(Some(now)),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    txn.commit().await?;
    Ok(ok(json!({ "uuid": uuid })))
}

/// `GET update`: the deployed player file for the screen's OS.
pub async fn update(State(state): State<AppState>, Device(screen): Device) -> ApiResult<Response> {
    let deployed = deployed_player(&state, &screen.os_type).await?.ok_or(ApiError::NotFound)?;
    let file = crate::files::of_row(&state.db, "player", deployed.ply_idx).await?.into_iter().next().ok_or(ApiError::NotFound)?;
    let bytes = state.files.get(&file.stored_name).await.map_err(ApiError::internal)?;
    let version = HeaderValue::from_str(&deployed.ply_version).unwrap_or(HeaderValue::from_static(""));
    Ok(([(header::CONTENT_TYPE, HeaderValue::from_static("application/octet-stream")), (header::HeaderName::from_static("x-player-version"), version)], bytes)
        .into_response())
}
