//! Login, captcha, SMS second factor, logout and the access log (api.md "Session and login").

use crate::auth::{Caller, captcha, user_info};
use crate::crypto::password;
use crate::db::entity::{access_log, corp, login_failure, login_nonce, user};
use crate::error::{ApiError, ApiResult, ok, with_code};
use crate::input::Input;
use crate::session::{self, CaptchaChallenge, PendingSms, PreLogin, Session};
use crate::settings;
use crate::state::AppState;
use axum::extract::{ConnectInfo, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::session as rules;

const SMS_VALID_FOR: Duration = Duration::minutes(3);
const SMS_MAX_TRIES: i32 = 5;
const SMS_RESEND_GAP: Duration = Duration::seconds(30);
const SMS_MAX_SENDS: usize = 5;
const SMS_SEND_WINDOW: Duration = Duration::minutes(10);

fn with_cookie(mut res: Response, cookie: HeaderValue) -> Response {
    res.headers_mut().append(header::SET_COOKIE, cookie);
    res
}

/// The client's address when the server knows it (absent under in-process tests).
pub struct ClientIp(pub Option<std::net::IpAddr>);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        Ok(ClientIp(parts.extensions.get::<ConnectInfo<crate::connection::Peer>>().map(|c| c.0.0.ip())))
    }
}

/// `POST /api/jsonAppInfo.do`: what the browser needs before login (the environment's header colour).
pub async fn app_info(State(state): State<AppState>) -> Response {
    ok(json!({ "env": state.config.env.as_str(), "version": env!("CARGO_PKG_VERSION") }))
}

/// `POST /api/jsonPublicKey.do`
pub async fn public_key(State(state): State<AppState>) -> Response {
    ok(json!({ "keyId": state.login_key.key_id, "publicKey": state.login_key.public_pem }))
}

/// The caller's session, or a new anonymous one (with the cookie to set).
async fn pre_login_session(state: &AppState, headers: &HeaderMap) -> ApiResult<(Session, Option<HeaderValue>)> {
    if let Some(s) = session::load(state, headers).await? {
        return Ok((s, None));
    }
    let data = PreLogin::default();
    let token = session::issue(state, &state.db, None, None, &data).await?;
    let s = session::load_by_token(state, &token).await?.ok_or_else(|| ApiError::internal("new session vanished"))?;
    Ok((s, Some(session::set_cookie(state, &token))))
}

fn binary(content_type: &'static str, body: Vec<u8>) -> Response {
    ([(header::CONTENT_TYPE, content_type), (header::CACHE_CONTROL, "no-store")], body).into_response()
}

/// `GET /api/captcha/image.do`: a new challenge for this session.
pub async fn captcha_image(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let (mut sess, cookie) = pre_login_session(&state, &headers).await?;
    let answer = state.config.test_captcha.clone().unwrap_or_else(captcha::new_answer);
    let png = captcha::png(&answer).ok_or_else(|| ApiError::internal("captcha image failed"))?;
    sess.data.captcha = Some(CaptchaChallenge { answer, issued_at: state.clock.now() });
    session::save_data(&state.db, &sess.row, &sess.data).await?;
    let res = binary("image/png", png);
    Ok(match cookie {
        Some(c) => with_cookie(res, c),
        None => res,
    })
}

/// `GET /api/captcha/audio.do`: the current challenge read aloud (a new one if there is none).
pub async fn captcha_audio(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let (mut sess, cookie) = pre_login_session(&state, &headers).await?;
    let now = state.clock.now();
    let answer = match &sess.data.captcha {
        Some(c) if captcha::is_fresh(c.issued_at, now) => c.answer.clone(),
        _ => {
            let answer = state.config.test_captcha.clone().unwrap_or_else(captcha::new_answer);
            sess.data.captcha = Some(CaptchaChallenge { answer: answer.clone(), issued_at: now });
            session::save_data(&state.db, &sess.row, &sess.data).await?;
            answer
        }
    };
    let wav = captcha::wav(&answer).ok_or_else(|| ApiError::internal("captcha audio failed"))?;
    let res = binary("audio/wav", wav);
    Ok(match cookie {
        Some(c) => with_cookie(res, c),
        None => res,
    })
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LoginBody {
    key_id: Option<String>,
    credential: Option<String>,
    captcha: Option<String>,
    sms_code: Option<String>,
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Credential {
    u_id: String,
    u_pw: String,
    ts: i64,
}

/// `POST /api/jsonLoginPrc.do`
pub async fn login(State(state): State<AppState>, ClientIp(client): ClientIp, headers: HeaderMap, Input(body): Input<LoginBody>) -> ApiResult<Response> {
    if !crate::auth::limiter::allow(&state.writer, client, state.config.login_limit_per_minute, state.clock.now()).await? {
        return Err(ApiError::TooManyRequests);
    }
    let sess = session::load(&state, &headers).await?;
    if let Some(code) = body.sms_code.as_deref().filter(|_| body.credential.is_none()) {
        return sms_step(&state, sess, code).await;
    }
    let now = state.clock.now();
    let (Some(key_id), Some(credential)) = (body.key_id.as_deref(), body.credential.as_deref()) else {
        return Err(ApiError::invalid("credential", "필수 항목입니다."));
    };
    let decrypted = (key_id == state.login_key.key_id)
        .then(|| state.login_key.decrypt(credential))
        .flatten()
        .and_then(|plain| serde_json::from_slice::<Credential>(&plain).ok());
    let Some(cred) = decrypted.filter(|c| rules::credential_fresh(c.ts, now) && !c.u_id.is_empty()) else {
        return Err(ApiError::LoginFailed { captcha_required: false });
    };
    if !first_use_of(&state, credential, now).await? {
        return Err(ApiError::LoginFailed { captcha_required: false });
    }
    let id_key = cred.u_id.trim().to_lowercase();
    let failures = login_failure::Entity::find_by_id(id_key.clone()).one(&state.db).await?;
    let fail_cnt = failures.as_ref().map_or(0, |f| f.fail_cnt);
    if rules::captcha_required(fail_cnt) {
        check_captcha(&state, sess.as_ref(), body.captcha.as_deref(), now).await?;
    }
    let found = user::Entity::find()
        .filter(user::Column::UIdKey.eq(&id_key))
        .filter(user::Column::DeletedAt.is_null())
        .find_also_related(corp::Entity)
        .one(&state.db)
        .await?;
    let password_ok = password::verify(&cred.u_pw, found.as_ref().map(|(u, _)| u.u_pw.as_str()));
    let locked = rules::locked(fail_cnt);
    let (u, corp) = match found {
        Some((u, corp)) if password_ok && !locked && u.u_status == 1 => (u, corp),
        Some(_) if password_ok => return Err(ApiError::LoginFailed { captcha_required: rules::captcha_required(fail_cnt) }),
        _ => {
            let count = record_failure(&state, &id_key, now).await?;
            return Err(ApiError::LoginFailed { captcha_required: rules::captcha_required(count) });
        }
    };
    login_failure::Entity::delete_by_id(id_key).exec(&state.db).await?;
    if settings::flag(&state, "SMS_AUTH_YN").await? && !u.phone.trim().is_empty() {
        return send_first_sms(&state, sess.as_ref(), &u, now).await;
    }
    complete_login(&state, sess.as_ref().map(|s| &s.row), u, corp.map(|c| c.c_name).unwrap_or_default()).await
}

/// Remembers the credential; false when it was seen before (a replay).
async fn first_use_of(state: &AppState, credential: &str, now: DateTime<Utc>) -> ApiResult<bool> {
    login_nonce::Entity::delete_many()
        .filter(login_nonce::Column::CreatedAt.lt(now - rules::CREDENTIAL_MAX_AGE - Duration::minutes(2)))
        .exec(&state.db)
        .await?;
    let row = login_nonce::ActiveModel { digest: Set(crate::crypto::sha256_hex(credential.as_bytes())), created_at: Set(now) };
    let inserted = login_nonce::Entity::insert(row)
        .on_conflict(OnConflict::column(login_nonce::Column::Digest).do_nothing().to_owned())
        .exec_without_returning(&state.db)
        .await?;
    Ok(inserted == 1)
}

async fn check_captcha(state: &AppState, sess: Option<&Session>, given: Option<&str>, now: DateTime<Utc>) -> ApiResult<()> {
    let Some(sess) = sess else {
        return Err(ApiError::CaptchaRequired);
    };
    let Some(challenge) = sess.data.captcha.clone() else {
        return Err(ApiError::CaptchaRequired);
    };
    // Single use: the challenge is spent whatever the answer.
    let mut data = sess.data.clone();
    data.captcha = None;
    session::save_data(&state.db, &sess.row, &data).await?;
    let right = given.is_some_and(|g| crate::crypto::same(g.trim().as_bytes(), challenge.answer.as_bytes()));
    if right && captcha::is_fresh(challenge.issued_at, now) { Ok(()) } else { Err(ApiError::CaptchaRequired) }
}

/// Counts a wrong password against an account (login, or a re-check of the current password);
/// the count that locks it also ends its sessions. Returns the count.
pub async fn record_failure(state: &AppState, id_key: &str, now: DateTime<Utc>) -> ApiResult<i32> {
    let current = login_failure::Entity::find_by_id(id_key.to_string()).one(&state.db).await?;
    let count = current.as_ref().map_or(0, |f| f.fail_cnt) + 1;
    let locked_at = current.and_then(|f| f.locked_at).or_else(|| rules::locked(count).then_some(now));
    let row = login_failure::ActiveModel { u_id_key: Set(id_key.to_string()), fail_cnt: Set(count), last_failed_at: Set(now), locked_at: Set(locked_at) };
    login_failure::Entity::insert(row)
        .on_conflict(
            OnConflict::column(login_failure::Column::UIdKey)
                .update_columns([login_failure::Column::FailCnt, login_failure::Column::LastFailedAt, login_failure::Column::LockedAt])
                .to_owned(),
        )
        .exec_without_returning(&state.db)
        .await?;
    if rules::locked(count) {
        // A locked account loses its sessions too.
        if let Some(u) = user::Entity::find().filter(user::Column::UIdKey.eq(id_key)).one(&state.db).await? {
            session::end_all_of_user(&state.db, u.u_idx, None).await?;
        }
    }
    Ok(count)
}

fn sms_digest(code: &str, u_idx: i64) -> String {
    crate::crypto::sha256_hex(format!("{u_idx}:{code}").as_bytes())
}

async fn deliver_sms(state: &AppState, phone: &str, code: &str) -> ApiResult<()> {
    crate::sms::send(state, phone, &format!("[타운보드] 인증번호 {code} (3분 이내 입력)")).await
}

fn new_sms_code() -> String {
    format!("{:06}", crate::crypto::random_below(1_000_000))
}

async fn send_first_sms(state: &AppState, sess: Option<&Session>, u: &user::Model, now: DateTime<Utc>) -> ApiResult<Response> {
    let code = new_sms_code();
    let data = PreLogin {
        captcha: None,
        sms: Some(PendingSms {
            u_idx: u.u_idx,
            phone: u.phone.clone(),
            code_digest: sms_digest(&code, u.u_idx),
            expires_at: now + SMS_VALID_FOR,
            tries: 0,
            sent_at: vec![now],
        }),
    };
    let token = session::issue(state, &state.db, sess.map(|s| &s.row), None, &data).await?;
    deliver_sms(state, &u.phone, &code).await?;
    let res =
        with_code(10210, "인증번호를 발송했습니다.", json!({ "maskedPhone": crate::sms::mask_phone(&u.phone), "expiresIn": SMS_VALID_FOR.num_seconds() }));
    Ok(with_cookie(res, session::set_cookie(state, &token)))
}

async fn sms_step(state: &AppState, sess: Option<Session>, code: &str) -> ApiResult<Response> {
    let now = state.clock.now();
    let Some(mut sess) = sess else {
        return Err(ApiError::SmsCodeInvalid);
    };
    let Some(pending) = sess.data.sms.clone() else {
        return Err(ApiError::SmsCodeInvalid);
    };
    if now > pending.expires_at || pending.tries >= SMS_MAX_TRIES {
        return Err(ApiError::SmsCodeInvalid);
    }
    if !crate::crypto::same(sms_digest(code.trim(), pending.u_idx).as_bytes(), pending.code_digest.as_bytes()) {
        sess.data.sms = Some(PendingSms { tries: pending.tries + 1, ..pending });
        session::save_data(&state.db, &sess.row, &sess.data).await?;
        return Err(ApiError::SmsCodeInvalid);
    }
    let found = user::Entity::find_by_id(pending.u_idx).filter(user::Column::DeletedAt.is_null()).find_also_related(corp::Entity).one(&state.db).await?;
    let Some((u, corp)) = found.filter(|(u, _)| u.u_status == 1) else {
        return Err(ApiError::SmsCodeInvalid);
    };
    complete_login(state, Some(&sess.row), u, corp.map(|c| c.c_name).unwrap_or_default()).await
}

/// `POST /api/jsonRetrySmsAuth.do`: a new code for the pending SMS step.
pub async fn retry_sms(State(state): State<AppState>, headers: HeaderMap) -> ApiResult<Response> {
    let now = state.clock.now();
    let Some(mut sess) = session::load(&state, &headers).await? else {
        return Err(ApiError::Unauthenticated);
    };
    let Some(pending) = sess.data.sms.clone() else {
        return Err(ApiError::Unauthenticated);
    };
    let recent: Vec<DateTime<Utc>> = pending.sent_at.iter().copied().filter(|t| now - *t < SMS_SEND_WINDOW).collect();
    if recent.last().is_some_and(|t| now - *t < SMS_RESEND_GAP) || recent.len() >= SMS_MAX_SENDS {
        return Err(ApiError::TooManyRequests);
    }
    let code = new_sms_code();
    let mut sent_at = recent;
    sent_at.push(now);
    sess.data.sms = Some(PendingSms { code_digest: sms_digest(&code, pending.u_idx), expires_at: now + SMS_VALID_FOR, tries: 0, sent_at, ..pending.clone() });
    session::save_data(&state.db, &sess.row, &sess.data).await?;
    deliver_sms(&state, &pending.phone, &code).await?;
    Ok(ok(json!({ "maskedPhone": crate::sms::mask_phone(&pending.phone), "expiresIn": SMS_VALID_FOR.num_seconds() })))
}

/// Issues the logged-in session (a new id) and answers the user info.
async fn complete_login(state: &AppState, previous: Option<&crate::db::entity::session::Model>, mut u: user::Model, corp_name: String) -> ApiResult<Response> {
    let now = state.clock.now();
    let token = session::issue(state, &state.db, previous, Some(u.u_idx), &PreLogin::default()).await?;
    let touch = user::ActiveModel { u_idx: Set(u.u_idx), last_login_at: Set(Some(now)), last_access_at: Set(Some(now)), ..Default::default() };
    user::Entity::update(touch).exec(&state.db).await?;
    u.last_login_at = Some(now);
    u.last_access_at = Some(now);
    let permissions = super::guard::permission_codes(state, &u).await?;
    let vrix = settings::get(state, "VRIX_URL").await?.unwrap_or_default();
    let res = ok(json!({ "user": user_info::user_info(&u, &corp_name, &permissions, &vrix) }));
    Ok(with_cookie(res, session::set_cookie(state, &token)))
}

/// `POST /api/logout.do`: the session row is deleted.
pub async fn logout(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    state.callers.forget(&caller.session_id);
    crate::db::entity::session::Entity::delete_by_id(caller.session_id).exec(&state.db).await?;
    Ok(with_cookie(ok(json!(null)), session::clear_cookie(&state)))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AccessBody {
    path: String,
}

/// `POST /api/log/jsonAccess.do`: records a navigation; the guard already answered 10500 for a
/// session that is gone.
pub async fn access_log(State(state): State<AppState>, caller: Caller, Input(body): Input<AccessBody>) -> ApiResult<Response> {
    let path: String = body.path.chars().take(300).collect();
    if !path.starts_with('/') {
        return Err(ApiError::invalid("path", "경로는 /로 시작해야 합니다."));
    }
    let row = access_log::ActiveModel { u_idx: Set(caller.u_idx()), path: Set(path), created_at: Set(state.clock.now()), ..Default::default() };
    access_log::Entity::insert(row).exec_without_returning(&state.db).await?;
    Ok(ok(json!(null)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sms_codes_are_six_digits() {
        for _ in 0..20 {
            let c = new_sms_code();
            assert_eq!(c.len(), 6);
            assert!(c.chars().all(|ch| ch.is_ascii_digit()));
        }
    }
}
