//! The device-facing API (`/api/player/v1/`): players register by device serial, then call with
//! `Authorization: Bearer <deviceToken>` for their schedule, heartbeats, proof of play, capture
//! uploads and updates. Tokens are random and stored only as digests; an ssaid reset revokes them.

pub mod beat_writer;
pub mod footer;
pub mod handlers;
pub mod push;
pub mod schedule;
pub mod urgent;

use crate::db::entity::media;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::{FromRef, FromRequestParts};
use axum::http::header;
use axum::http::request::Parts;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};

/// The screen whose player makes the request.
pub struct Device(pub std::sync::Arc<media::Model>);

impl<S: Send + Sync> FromRequestParts<S> for Device
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let token = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(str::trim)
            .filter(|t| !t.is_empty() && t.len() <= 100)
            .ok_or(ApiError::Unauthenticated)?;
        device_of(&state, token).await.map(Device)
    }
}

/// Who calls a route open to players and to the back office: a screen by its bearer token, or
/// else a logged-in user by their session (who has changed the initial password).
pub enum DeviceOrCaller {
    Device(std::sync::Arc<media::Model>),
    Caller(Box<crate::auth::Caller>),
}

impl<S: Send + Sync> FromRequestParts<S> for DeviceOrCaller
where
    AppState: FromRef<S>,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        if parts.headers.contains_key(header::AUTHORIZATION) {
            return Device::from_request_parts(parts, state).await.map(|Device(screen)| DeviceOrCaller::Device(screen));
        }
        let state = AppState::from_ref(state);
        let caller = crate::session::guard::resolve_caller(&state, &parts.headers).await?;
        if caller.user.init_pwd_yn == "Y" {
            return Err(ApiError::InitialPassword);
        }
        Ok(DeviceOrCaller::Caller(Box::new(caller)))
    }
}

/// A command as players receive it, in a heartbeat's answer or over the push channel:
/// `{id, type, payload}`.
pub fn command_value(c: &crate::db::entity::media_command::Model) -> serde_json::Value {
    serde_json::json!({ "id": c.cmd_idx, "type": c.cmd_type, "payload": serde_json::from_str::<serde_json::Value>(&c.payload).unwrap_or(serde_json::Value::Null) })
}

/// The screen of a token: from the device cache, else from the database.
pub(crate) async fn device_of(state: &AppState, token: &str) -> ApiResult<std::sync::Arc<media::Model>> {
    let digest = crate::crypto::sha256_hex(token.as_bytes());
    if let Some(screen) = state.devices.screen(&digest) {
        return Ok(screen);
    }
    let epoch = state.devices.epoch();
    let screen = media::Entity::find()
        .filter(media::Column::TokenDigest.eq(digest.as_str()))
        .filter(media::Column::DeletedAt.is_null())
        .one(&state.db)
        .await?
        .ok_or(ApiError::Unauthenticated)?;
    Ok(state.devices.remember(digest, epoch, screen))
}
