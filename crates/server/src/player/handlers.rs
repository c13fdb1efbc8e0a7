//! Player API handlers.

use super::Device;
use crate::db::entity::{device, material, media, media_beat, media_command, player, stored_file};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::input::Params;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::{Value, json};

/// The history target of screens, as the back office's screen changes write it.
const SCREENS: &str = "media.media";

#[derive(schemars::JsonSchema, Deserialize)]
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
    let txn = crate::db::begin_write(&state.writer).await?;
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
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    media_beat::Entity::update_many()
        .col_expr(media_beat::Column::PlayerVersion, Expr::value(body.player_version.chars().take(50).collect::<String>()))
        .filter(media_beat::Column::MediaId.eq(screen.media_id))
        .exec(&txn)
        .await?;
    // The previous token is void: the history row tells every process's cached screens.
    let change = crate::changes::Change { target: SCREENS, target_id: screen.media_id.to_string(), action: "register", by: "player", at: state.clock.now() };
    crate::changes::record(&txn, change, None, None).await?;
    txn.commit().await?;
    // Told again after the commit: a call between the first telling and the commit cached the old row.
    crate::changes::announce(SCREENS);
    Ok(ok(json!({ "mediaId": screen.media_id, "deviceToken": token })))
}

#[derive(schemars::JsonSchema, Deserialize)]
pub struct ScheduleQuery {
    date: Option<String>,
}

/// `GET schedule?date=`: the plan of the screen's group for a day, with a content-hash version.
/// Answers 304 when the player already holds that version (`If-None-Match`).
pub async fn schedule(State(state): State<AppState>, Device(screen): Device, headers: HeaderMap, Params(q): Params<ScheduleQuery>) -> ApiResult<Response> {
    let date = match q.date.as_deref() {
        Some(d) => townboard_domain::validate::parse_date(d).ok_or_else(super::schedule::bad_date)?,
        None => crate::time::today(state.clock.now()),
    };
    let day = super::schedule::of_screen(&state, screen.mg_id, date).await?;
    let etag = format!("\"{}\"", day.version);
    if headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok()) == Some(etag.as_str()) {
        return Ok(StatusCode::NOT_MODIFIED.into_response());
    }
    let mut res = ok(day.for_screen(screen.media_id));
    res.headers_mut().insert(header::ETAG, HeaderValue::from_str(&etag).map_err(ApiError::internal)?);
    Ok(res)
}

/// `GET file/{matId}/{rendition}`: a material's file for players. Any approved, encoded material
/// may be fetched by a registered screen: loops reference nothing else, and the files carry no
/// more than the screens show in public.
pub async fn file(State(state): State<AppState>, Device(_screen): Device, Path((mat_id, name)): Path<(i64, String)>, req: Request) -> ApiResult<Response> {
    if !crate::renditions::NAMES.contains(&name.as_str()) {
        return Err(ApiError::invalid("rendition", "sd, hd, fhd, thumb, poster 중 하나여야 합니다."));
    }
    let playable = material::Entity::find_by_id(mat_id)
        .filter(material::Column::DeletedAt.is_null())
        .filter(material::Column::MatStatus.eq(townboard_domain::material::approval::APPROVED))
        .one(&state.db)
        .await?
        .is_some();
    if !playable {
        return Err(ApiError::NotFound);
    }
    let file = crate::renditions::find(&state, mat_id, &name).await?;
    crate::renditions::send(&state, &file, req).await
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HeartbeatBody {
    status: String,
    #[serde(default)]
    errors: Vec<String>,
    #[serde(default)]
    player_version: String,
    #[serde(default)]
    schedule_version: String,
    /// Urgent messages the player showed since its last heartbeat (those it received in a
    /// heartbeat's answer rather than over the push channel), acknowledged.
    #[serde(default)]
    urgent_ack: Vec<i64>,
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
    let beat = crate::intake::beats::Beat {
        at: now,
        player_version: body.player_version.chars().take(50).collect(),
        schedule_version: body.schedule_version.chars().take(64).collect(),
        error: error.then(|| body.errors.join("; ").chars().take(500).collect()),
    };
    let batch = state.beats.take(screen.media_id, beat);
    if !state.config.heartbeat_group_commit {
        super::beat_writer::flush(&state).await?;
    }
    // Answered once the beat is written: an acknowledged heartbeat is never lost.
    if !batch.written().await {
        return Err(ApiError::internal("the heartbeat's flush failed"));
    }
    // Commands wait in the table for the screen's next heartbeat; most heartbeats find none.
    let pending = if !state.devices.commands_may_wait(&state.db, screen.media_id).await? {
        vec![]
    } else {
        media_command::Entity::find()
            .filter(media_command::Column::MediaId.eq(screen.media_id))
            .filter(media_command::Column::Status.eq("pending"))
            .order_by_asc(media_command::Column::CmdIdx)
            .all(&state.db)
            .await?
    };
    if !pending.is_empty() {
        media_command::Entity::update_many()
            .col_expr(media_command::Column::Status, "delivered".into())
            .col_expr(media_command::Column::DeliveredAt, Some(now).into())
            .filter(media_command::Column::CmdIdx.is_in(pending.iter().map(|c| c.cmd_idx)))
            .filter(media_command::Column::Status.eq("pending"))
            .exec(&state.writer)
            .await?;
    }
    let mut commands: Vec<Value> = pending.iter().map(super::command_value).collect();
    if let Some(deployed) = deployed_player(&state, &screen.os_type).await?
        && deployed.ply_version != body.player_version
    {
        commands.push(json!({ "id": 0, "type": "update", "payload": { "version": deployed.ply_version, "url": "/api/player/v1/update" } }));
    }
    let urgent = super::urgent::in_force(&state, screen.poi_id, now).await?;
    // What the screen received this way, and what it says it showed, count in each message's reach.
    state.push.reach.delivered(&super::urgent::ids(&urgent), screen.media_id, now);
    if !body.urgent_ack.is_empty() {
        state.push.reach.acknowledged(&body.urgent_ack, screen.media_id, now);
    }
    Ok(ok(json!({ "commands": commands, "urgent": urgent })))
}

/// The deployed main player of an OS type, read at most every few seconds per process.
async fn deployed_player(state: &AppState, os_type: &str) -> ApiResult<Option<std::sync::Arc<player::Model>>> {
    if let Some(known) = state.devices.deployed(os_type) {
        return Ok(known);
    }
    let build = player::Entity::find()
        .filter(player::Column::OsType.eq(os_type))
        .filter(player::Column::PlyType.eq("MAIN"))
        .filter(player::Column::PlyDeployYn.eq("Y"))
        .filter(player::Column::DeletedAt.is_null())
        .one(&state.db)
        .await?;
    state.devices.remember_deployed(os_type, build);
    Ok(state.devices.deployed(os_type).flatten())
}

/// `POST pop`: hourly proof-of-play counts; a repeated `batchId` is acknowledged, not counted.
pub async fn pop(State(state): State<AppState>, Device(screen): Device, Input(batch): Input<townboard_domain::pop::PopBatch>) -> ApiResult<Response> {
    let counted = state.ingestion.ingest(state.clock.now(), screen.media_id, batch).await?;
    Ok(ok(json!({ "counted": counted })))
}

/// The screenshot of a capture upload: the part `file` of a multipart form (api.md's rule for
/// uploads), or the whole body for players that send the image bare.
async fn screenshot(req: Request) -> ApiResult<Vec<u8>> {
    let multipart = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("multipart/form-data"));
    if !multipart {
        return Ok(Bytes::from_request(req, &()).await.map_err(|_| ApiError::TooLarge)?.to_vec());
    }
    let mut form = crate::input::Form(Multipart::from_request(req, &()).await.map_err(|_| ApiError::invalid("file", "multipart 형식이 올바르지 않습니다."))?);
    while let Some(field) = form.next_field().await? {
        if field.name() == Some("file") {
            return Ok(field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?.to_vec());
        }
    }
    Err(ApiError::invalid("file", "필수 항목입니다."))
}

/// `POST capture/{uuid}`: the screenshot a capture command asked for (PNG or JPEG).
pub async fn capture(State(state): State<AppState>, Device(screen): Device, Path(uuid): Path<String>, req: Request) -> ApiResult<Response> {
    let body = screenshot(req).await?;
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
    let upload = crate::files::check(&SLOT, "capture.png", body)?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
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
pub async fn update(State(state): State<AppState>, Device(screen): Device, request: HeaderMap) -> ApiResult<Response> {
    let deployed = deployed_player(&state, &screen.os_type).await?.ok_or(ApiError::NotFound)?;
    let file = crate::files::of_row(&state.db, "player", deployed.ply_idx).await?.into_iter().next().ok_or(ApiError::NotFound)?;
    // Streamed from the store, in ranges when asked: a build is large and a device may resume.
    let mut res = state.files.download(&file.stored_name, &request).await?;
    if res.status().is_success() {
        let version = HeaderValue::from_str(&deployed.ply_version).unwrap_or(HeaderValue::from_static(""));
        let headers = res.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/octet-stream"));
        headers.insert(header::HeaderName::from_static("x-player-version"), version);
    }
    Ok(res)
}
