//! My page: the caller's own account and password change.

use crate::auth::Caller;
use crate::auth::user_info;
use crate::crypto::password;
use crate::db::entity::user;
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::session;
use crate::settings;
use crate::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::Response;
use sea_orm::{ActiveValue::Set, EntityTrait};
use serde::Deserialize;
use serde_json::json;

/// `POST /api/account/mypage/jsonDetail.do`
pub async fn detail(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    let vrix = settings::get(&state, "VRIX_URL").await?.unwrap_or_default();
    let mut info = user_info::of_caller(&caller, &vrix);
    info["phone"] = json!(caller.user.phone);
    info["email"] = json!(caller.user.email);
    info["lastLoginAt"] = json!(caller.user.last_login_at.as_ref().map(crate::time::format));
    Ok(ok(info))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChangePassword {
    current_password: String,
    new_password: String,
}

/// `POST /api/account/mypage/jsonChangePassword.do`: ends every session of the user and issues the
/// caller a new one.
pub async fn change_password(State(state): State<AppState>, caller: Caller, Input(body): Input<ChangePassword>) -> ApiResult<Response> {
    if !password::verify(&body.current_password, Some(&caller.user.u_pw)) {
        // Counted like a failed login: a stolen session cannot guess its way to the password.
        let count = crate::session::login::record_failure(&state, &caller.user.u_id_key, state.clock.now()).await?;
        if townboard_domain::session::locked(count) {
            return Err(ApiError::Unauthenticated);
        }
        return Err(ApiError::invalid("currentPassword", "현재 비밀번호가 올바르지 않습니다."));
    }
    if body.new_password == body.current_password {
        return Err(ApiError::invalid("newPassword", "현재 비밀번호와 다른 비밀번호를 입력하세요."));
    }
    if let Err(problem) = townboard_domain::password::check_password(&body.new_password, &caller.user.u_id) {
        return Err(ApiError::invalid("newPassword", problem.message()));
    }
    let hashed = password::hash(&body.new_password).map_err(ApiError::internal)?;
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    crate::db::entity::login_failure::Entity::delete_by_id(caller.user.u_id_key.clone()).exec(&txn).await?;
    let changed = user::ActiveModel { u_idx: Set(caller.u_idx()), u_pw: Set(hashed), init_pwd_yn: Set("N".into()), updated_at: Set(now), ..Default::default() };
    let updated = user::Entity::update(changed).exec(&txn).await?;
    crate::api::resource::record(&txn, &caller, now, "account.user", caller.u_idx(), "password", None::<&()>, None).await?;
    session::end_all_of_user(&txn, caller.u_idx(), None).await?;
    let token = session::issue(&state, &txn, None, Some(caller.u_idx()), &session::PreLogin::default()).await?;
    txn.commit().await?;
    let vrix = settings::get(&state, "VRIX_URL").await?.unwrap_or_default();
    let mut res = ok(json!({ "user": user_info::user_info(&updated, &caller.corp_name, &caller.permissions, &vrix) }));
    res.headers_mut().append(header::SET_COOKIE, session::set_cookie(&state, &token));
    Ok(res)
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MyDetails {
    u_name: String,
    #[serde(default)]
    phone: String,
    #[serde(default)]
    email: String,
}

/// `POST /api/account/mypage/jsonSave.do {uName, phone, email}`
pub async fn save(State(state): State<AppState>, caller: Caller, Input(body): Input<MyDetails>) -> ApiResult<Response> {
    let mut check = crate::api::validation::Check::new();
    check.required("uName", &body.u_name, 50);
    check.max_len("phone", &body.phone, 20);
    check.max_len("email", &body.email, 100);
    if !body.email.is_empty() && !body.email.contains('@') {
        check.fail("email", "이메일 형식이 올바르지 않습니다.");
    }
    check.finish()?;
    let now = state.clock.now();
    let clean = crate::api::validation::clean;
    let txn = crate::db::begin_write(&state.writer).await?;
    let changed = user::ActiveModel {
        u_idx: Set(caller.u_idx()),
        u_name: Set(clean(body.u_name)),
        phone: Set(clean(body.phone)),
        email: Set(clean(body.email)),
        updated_at: Set(now),
        ..Default::default()
    };
    let after = user::Entity::update(changed).exec(&txn).await?;
    crate::api::resource::record(&txn, &caller, now, "account.user", caller.u_idx(), "update", Some(&caller.user), Some(&after)).await?;
    txn.commit().await?;
    Ok(ok(json!({ "uIdx": caller.u_idx() })))
}
