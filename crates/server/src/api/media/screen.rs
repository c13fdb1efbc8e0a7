//! Screens (`/media/media`): a screen at a site, bound to a device and to its player's ssaid; and
//! the commands the back office sends it (ssaid reset, status reset, message, capture).

use crate::api::resource::{Beside, BoxFut, Filter, Match, Related, Resource, SaveContext, Shown, filter, find_visible, record};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::media::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{corp, device, media_command, media_group, poi};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::input::Params;
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::Response;
use chrono::Duration;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, DatabaseTransaction, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::{Value, json};

pub struct Screens;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MediaInput {
    media_id: Option<i64>,
    media_nm: String,
    #[serde(rename = "cId")]
    c_id: Option<i64>,
    poi_id: i64,
    mg_id: Option<i64>,
    dvc_idx: Option<i64>,
    os_type: String,
    /// Given when a screen is registered (off until its player is heard from); afterwards the
    /// player's heartbeats decide it, and "status reset" is the manual action.
    media_status: Option<i32>,
}

impl Resource for Screens {
    type Entity = Entity;
    type Input = MediaInput;
    /// The device the screen leaves, if it changed device.
    type Extra = Option<i64>;
    const PATH: &'static str = "media/media";
    const PROGRAM: &'static str = "media.media";
    const ID_FIELD: &'static str = "mediaId";
    const SUMMARY: &'static str = "매체";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("mediaNm", Column::MediaNm, Match::Contains),
            filter("mediaStatus", Column::MediaStatus, Match::Int),
            filter("poiId", Column::PoiId, Match::Int),
            filter("mgId", Column::MgId, Match::Int),
            filter("cId", Column::CId, Match::Int),
            filter("osType", Column::OsType, Match::Text),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("mediaNm", Column::MediaNm), ("mediaStatus", Column::MediaStatus), ("createdAt", Column::CreatedAt), ("mediaId", Column::MediaId)]
    }
    fn sorts_beside() -> Vec<Beside> {
        vec![crate::api::lookup::by_last_heartbeat()]
    }
    fn covered() -> Vec<Column> {
        // The monitoring view lists screens by status in every order.
        vec![Column::MediaStatus]
    }
    fn scope(caller: &Caller) -> Option<Condition> {
        crate::auth::scope::screens(caller)
    }
    fn input_id(input: &MediaInput) -> Option<i64> {
        input.media_id
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: MediaInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, Option<i64>)>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("mediaNm", &input.media_nm, 100);
            check.code("osType", "OS_TYPE", &input.os_type);
            let status = match (existing, input.media_status) {
                (None, given) => given.unwrap_or(crate::jobs::status::OFF),
                (Some(e), Some(given)) if given != e.media_status => {
                    check.fail("mediaStatus", "상태는 플레이어 응답으로 정해집니다. 상태 초기화를 사용하세요.");
                    e.media_status
                }
                (Some(e), _) => e.media_status,
            };
            check.code("mediaStatus", "MEDIA_STATUS", &status.to_string());
            let site = crate::api::visible::site(db, ctx.caller, input.poi_id).await.ok();
            if site.is_none() {
                check.fail("poiId", "사이트를 선택하세요.");
            }
            if let Some(mg) = input.mg_id {
                let same_site = media_group::Entity::find_by_id(mg)
                    .filter(media_group::Column::DeletedAt.is_null())
                    .one(db)
                    .await?
                    .is_some_and(|g| g.poi_id == input.poi_id);
                if !same_site {
                    check.fail("mgId", "같은 사이트의 그룹을 선택하세요.");
                }
            }
            if let Some(dvc) = input.dvc_idx {
                let free = device::Entity::find_by_id(dvc).filter(device::Column::DeletedAt.is_null()).one(db).await?.is_some();
                let mut taken = Entity::find().filter(Column::DvcIdx.eq(dvc)).filter(Column::DeletedAt.is_null());
                if let Some(e) = existing {
                    taken = taken.filter(Column::MediaId.ne(e.media_id));
                }
                if !free || taken.one(db).await?.is_some() {
                    check.fail("dvcIdx", "사용 가능한 디바이스를 선택하세요.");
                }
            }
            // Managers choose the owner; everyone else's screens belong to the site's owner.
            let site_owner = site.as_ref().map(|s| s.c_id);
            let owner = if ctx.caller.role.sees_all_rows() { input.c_id.or(site_owner) } else { site_owner };
            if !ctx.caller.role.sees_all_rows() && input.c_id.is_some() && input.c_id != site_owner {
                check.fail("cId", "사이트의 매체사와 같아야 합니다.");
            }
            if owner.is_none_or(|c| c <= 0) {
                check.fail("cId", "매체사를 선택하세요.");
            } else if let Some(c) = owner
                && corp::Entity::find_by_id(c).one(db).await?.is_none()
            {
                check.fail("cId", "매체사를 선택하세요.");
            }
            check.finish()?;
            let left_device = existing.and_then(|e| e.dvc_idx).filter(|d| Some(*d) != input.dvc_idx);
            if let Some(dvc) = input.dvc_idx {
                device::ActiveModel { dvc_idx: Set(dvc), device_status: Set(1), updated_at: Set(ctx.now), ..Default::default() }.update(db).await?;
            }
            Ok((
                ActiveModel {
                    media_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.media_id)),
                    media_nm: Set(clean(input.media_nm)),
                    c_id: Set(owner.unwrap_or_default()),
                    poi_id: Set(input.poi_id),
                    mg_id: Set(input.mg_id),
                    dvc_idx: Set(input.dvc_idx),
                    os_type: Set(input.os_type),
                    media_status: Set(status),
                    ssaid: Set(existing.and_then(|e| e.ssaid.clone())),
                    token_digest: Set(existing.and_then(|e| e.token_digest.clone())),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                left_device,
            ))
        })
    }
    fn after_save<'a>(db: &'a DatabaseTransaction, ctx: &'a SaveContext<'a>, _saved: &'a Model, left_device: Option<i64>) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if let Some(dvc) = left_device {
                device::ActiveModel { dvc_idx: Set(dvc), device_status: Set(0), updated_at: Set(ctx.now), ..Default::default() }.update(db).await?;
            }
            Ok(())
        })
    }
    fn mark_deleted(m: Model, now: chrono::DateTime<chrono::Utc>) -> Option<ActiveModel> {
        Some(ActiveModel {
            media_id: Set(m.media_id),
            deleted_at: Set(Some(now)),
            dvc_idx: Set(None),
            ssaid: Set(None),
            token_digest: Set(None),
            updated_at: Set(now),
            ..Default::default()
        })
    }
    fn related() -> Vec<Related> {
        let mut related = vec![
            Related::label::<corp::Entity>(Column::CId, corp::Column::CId, corp::Column::CName, "cName"),
            // The site's name and address from one join of its row.
            Related::joined::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::PoiNm, "poiNm", Shown::Label),
            Related::joined::<poi::Entity>(Column::PoiId, poi::Column::PoiId, poi::Column::RoadAddr, "addrPrev", Shown::Label),
            Related::label::<media_group::Entity>(Column::MgId, media_group::Column::MgId, media_group::Column::MgNm, "mgNm"),
            Related::label::<device::Entity>(Column::DvcIdx, device::Column::DvcIdx, device::Column::DvcNm, "dvcNm"),
        ];
        // What the player last said, in the page's statement (not a second one).
        related.extend(crate::api::lookup::beat_columns());
        related
    }
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MediaId {
    media_id: i64,
}

/// `jsonSsaidReset.do {mediaId}`: unbinds the player so another device can register; its token stops working.
pub async fn ssaid_reset(State(state): State<AppState>, caller: Caller, Input(body): Input<MediaId>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let before = find_visible::<Screens>(&txn, &caller, body.media_id).await?;
    let after = ActiveModel { media_id: Set(body.media_id), ssaid: Set(None), token_digest: Set(None), updated_at: Set(now), ..Default::default() }
        .update(&txn)
        .await?;
    record(&txn, &caller, now, Screens::PROGRAM, body.media_id, "ssaidReset", Some(&before), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "mediaId": body.media_id })))
}

/// `jsonStatusReset.do {mediaId}`: clears anomaly, abnormal and fault to what heartbeats say now.
pub async fn status_reset(State(state): State<AppState>, caller: Caller, Input(body): Input<MediaId>) -> ApiResult<Response> {
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let m = find_visible::<Screens>(&txn, &caller, body.media_id).await?;
    let site = poi::Entity::find_by_id(m.poi_id).one(&txn).await?.ok_or(ApiError::NotFound)?;
    let heard = crate::jobs::status::last_heard_of(&txn, m.media_id).await?;
    let derived = crate::jobs::status::derive(heard, &site, now, false, state.config.screen_silent_after);
    crate::jobs::status::set_status(&txn, &m, derived, "상태 초기화", now).await?;
    record(&txn, &caller, now, Screens::PROGRAM, body.media_id, "statusReset", Some(&m.media_status), Some(&derived)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "mediaId": body.media_id, "mediaStatus": derived })))
}

/// Queues a command for a player: pushed over its channel once the caller publishes it, else on
/// its next heartbeat.
pub async fn queue(
    db: &impl ConnectionTrait,
    media_id: i64,
    cmd_type: &str,
    payload: Value,
    uuid: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> ApiResult<media_command::Model> {
    crate::auth::devices::command_queued();
    Ok(media_command::ActiveModel {
        media_id: Set(media_id),
        cmd_type: Set(cmd_type.to_string()),
        payload: Set(payload.to_string()),
        uuid: Set(uuid.to_string()),
        status: Set("pending".into()),
        file_idx: Set(None),
        created_at: Set(now),
        delivered_at: Set(None),
        done_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await?)
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MessageBody {
    media_ids: Vec<i64>,
    text: String,
    seconds: i32,
}

/// `jsonSendMsg.do {mediaIds, text, seconds}`: a message shown for N seconds on each screen.
pub async fn send_message(State(state): State<AppState>, caller: Caller, Input(body): Input<MessageBody>) -> ApiResult<Response> {
    let mut check = Check::new();
    check.required("text", &body.text, 200);
    check.range("seconds", body.seconds.into(), 5, 3600);
    if body.media_ids.is_empty() || body.media_ids.len() > 1000 {
        check.fail("mediaIds", "1~1000개를 선택하세요.");
    }
    check.finish()?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let mut queued = Vec::with_capacity(body.media_ids.len());
    for id in &body.media_ids {
        find_visible::<Screens>(&txn, &caller, *id).await?;
        queued.push(queue(&txn, *id, "message", json!({ "text": crate::sanitize::strip(body.text.trim()), "seconds": body.seconds }), "", now).await?);
    }
    record(&txn, &caller, now, Screens::PROGRAM, body.media_ids.len(), "sendMsg", None, Some(&body.text)).await?;
    txn.commit().await?;
    for cmd in queued {
        crate::push::publish(&state.db, &state.push, crate::push::Event::Command { media_id: cmd.media_id, cmd_idx: cmd.cmd_idx }).await;
    }
    Ok(ok(json!({ "queued": body.media_ids.len() })))
}

/// How long a capture may take before it is answered as timed out.
pub const CAPTURE_TIMEOUT: Duration = Duration::minutes(2);

/// `POST /api/media/{mediaId}/capture.do`: asks the player for a screenshot.
pub async fn capture(State(state): State<AppState>, caller: Caller, Path(media_id): Path<i64>) -> ApiResult<Response> {
    find_visible::<Screens>(&state.db, &caller, media_id).await?;
    let uuid = crate::crypto::random_token()[..32].to_string();
    let cmd = queue(&state.db, media_id, "capture", json!({ "uuid": uuid }), &uuid, state.clock.now()).await?;
    crate::push::publish(&state.db, &state.push, crate::push::Event::Command { media_id, cmd_idx: cmd.cmd_idx }).await;
    Ok(ok(json!({ "uuid": uuid })))
}

#[derive(schemars::JsonSchema, Deserialize)]
pub struct CaptureQuery {
    uuid: String,
}

/// `GET /api/media/{mediaId}/capture/result.do?uuid=`: pending, done with the image address, or timeout.
pub async fn capture_result(State(state): State<AppState>, caller: Caller, Path(media_id): Path<i64>, Params(q): Params<CaptureQuery>) -> ApiResult<Response> {
    find_visible::<Screens>(&state.db, &caller, media_id).await?;
    let cmd = media_command::Entity::find()
        .filter(media_command::Column::MediaId.eq(media_id))
        .filter(media_command::Column::Uuid.eq(q.uuid.as_str()))
        .filter(media_command::Column::CmdType.eq("capture"))
        .one(&state.db)
        .await?
        .ok_or(ApiError::NotFound)?;
    let answer = match (cmd.status.as_str(), cmd.file_idx) {
        ("done", Some(file_idx)) => {
            json!({ "status": "done", "imageUrl": format!("/api/common/file/download/capture/{file_idx}/capture.png"), "doneAt": cmd.done_at.as_ref().map(crate::time::format) })
        }
        _ if state.clock.now() - cmd.created_at > CAPTURE_TIMEOUT => json!({ "status": "timeout" }),
        _ => json!({ "status": "pending" }),
    };
    Ok(ok(answer))
}
