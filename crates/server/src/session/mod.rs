//! Signing in and the request guard: the login steps ([`login`]), the guard that resolves each
//! request's session to its caller ([`guard`]), and browser sessions stored in the `session`
//! table. The cookie carries a random token; the table keeps only its digest. A new token is
//! issued at every login step.

pub mod guard;
pub mod login;

use crate::db::entity::session;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::http::{HeaderMap, HeaderValue, header};
use chrono::{DateTime, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde::{Deserialize, Serialize};

/// State kept in a session before login completes.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct PreLogin {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captcha: Option<CaptchaChallenge>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sms: Option<PendingSms>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CaptchaChallenge {
    pub answer: String,
    pub issued_at: DateTime<Utc>,
}

/// A login whose password step passed and which waits for the SMS code.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PendingSms {
    pub u_idx: i64,
    pub phone: String,
    pub code_digest: String,
    pub expires_at: DateTime<Utc>,
    pub tries: i32,
    /// When codes were sent, for the resend limits.
    pub sent_at: Vec<DateTime<Utc>>,
}

pub struct Session {
    pub row: session::Model,
    pub data: PreLogin,
}

pub fn cookie_name(state: &AppState) -> &'static str {
    if state.config.secure_cookies { "__Host-tb_session" } else { "tb_session" }
}

/// The session token from the request's cookies.
pub fn token_from(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty() && v.len() <= 100)
}

pub fn set_cookie(state: &AppState, token: &str) -> HeaderValue {
    let secure = if state.config.secure_cookies { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{}={token}; Path=/; HttpOnly; SameSite=Lax{secure}", cookie_name(state))).expect("token is url-safe")
}

pub fn clear_cookie(state: &AppState) -> HeaderValue {
    let secure = if state.config.secure_cookies { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{secure}", cookie_name(state))).expect("static cookie")
}

fn digest(token: &str) -> String {
    crate::crypto::sha256_hex(token.as_bytes())
}

/// The session id (the token's digest) the request's cookie names.
pub fn id_from(state: &AppState, headers: &HeaderMap) -> Option<String> {
    token_from(headers, cookie_name(state)).map(|t| digest(&t))
}

/// The live session named by the request's cookie; expired ones are deleted and ignored.
pub async fn load(state: &AppState, headers: &HeaderMap) -> ApiResult<Option<Session>> {
    let Some(token) = token_from(headers, cookie_name(state)) else {
        return Ok(None);
    };
    let Some(row) = session::Entity::find_by_id(digest(&token)).one(&state.db).await? else {
        return Ok(None);
    };
    if state.session_limits().is_expired(row.created_at, row.last_access_at, state.clock.now()) {
        session::Entity::delete_by_id(row.id).exec(&state.db).await?;
        return Ok(None);
    }
    let data = serde_json::from_str(&row.data).unwrap_or_default();
    Ok(Some(Session { row, data }))
}

/// Issues a new session (and so a new token), replacing `previous` if given.
pub async fn issue(state: &AppState, db: &impl ConnectionTrait, previous: Option<&session::Model>, u_idx: Option<i64>, data: &PreLogin) -> ApiResult<String> {
    if let Some(prev) = previous {
        session::Entity::delete_by_id(prev.id.clone()).exec(db).await?;
    }
    let token = crate::crypto::random_token();
    let now = state.clock.now();
    session::ActiveModel {
        id: Set(digest(&token)),
        u_idx: Set(u_idx),
        data: Set(serde_json::to_string(data).map_err(ApiError::internal)?),
        created_at: Set(now),
        last_access_at: Set(now),
    }
    .insert(db)
    .await?;
    Ok(token)
}

pub async fn save_data(db: &impl ConnectionTrait, row: &session::Model, data: &PreLogin) -> ApiResult<()> {
    session::ActiveModel { id: Set(row.id.clone()), data: Set(serde_json::to_string(data).map_err(ApiError::internal)?), ..Default::default() }
        .update(db)
        .await?;
    Ok(())
}

/// Ends every session of a user (password change, stop, lock, role change), but `keep`.
pub async fn end_all_of_user(db: &impl ConnectionTrait, u_idx: i64, keep: Option<&str>) -> ApiResult<()> {
    crate::kept::epochs::rights_changed();
    let mut q = session::Entity::delete_many().filter(session::Column::UIdx.eq(u_idx));
    if let Some(keep) = keep {
        q = q.filter(session::Column::Id.ne(keep));
    }
    q.exec(db).await?;
    Ok(())
}

pub async fn delete(db: &impl ConnectionTrait, row: &session::Model) -> ApiResult<()> {
    crate::kept::epochs::rights_changed();
    session::Entity::delete_by_id(row.id.clone()).exec(db).await?;
    Ok(())
}

pub async fn load_by_token(state: &AppState, token: &str) -> ApiResult<Option<Session>> {
    let row = session::Entity::find_by_id(digest(token)).one(&state.db).await?;
    Ok(row.map(|row| {
        let data = serde_json::from_str(&row.data).unwrap_or_default();
        Session { row, data }
    }))
}
