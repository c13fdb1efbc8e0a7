//! Account credentials and states that users and advertisers' main users share: identity checks,
//! initial passwords, status, unlock.

use crate::api::resource::record;
use crate::api::validation::Check;
use crate::auth::Caller;
use crate::crypto::password;
use crate::db::entity::login_failure;
use crate::db::entity::user::{ActiveModel, Model};
use crate::error::{ApiError, ApiResult};
use crate::session;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ConnectionTrait, EntityTrait};

/// Ids: 4-50 characters of letters, digits and `.`, `_`, `-`.
pub fn valid_user_id(id: &str) -> bool {
    (4..=50).contains(&id.chars().count()) && id.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
}

/// Checks the login-related fields shared by users and advertisers' main users.
pub fn check_identity(check: &mut Check, u_id: &str, u_name: &str, phone: &str, email: &str) {
    if !valid_user_id(u_id) {
        check.fail("uId", "4~50자의 영문, 숫자, . _ -만 사용할 수 있습니다.");
    }
    check.required("uName", u_name, 50);
    check.max_len("phone", phone, 20);
    check.max_len("email", email, 100);
    if !email.is_empty() && !email.contains('@') {
        check.fail("email", "이메일 형식이 올바르지 않습니다.");
    }
}

/// An initial password: the policy, hashed.
pub fn initial_password(check: &mut Check, pw: Option<&str>, u_id: &str) -> Option<String> {
    let Some(pw) = pw.filter(|p| !p.is_empty()) else {
        check.fail("uPw", "초기 비밀번호를 입력하세요.");
        return None;
    };
    if let Err(problem) = townboard_domain::password::check_password(pw, u_id) {
        check.fail("uPw", problem.message());
        return None;
    }
    password::hash(pw).ok()
}

/// Sets a user's status; leaving 1 (approved) ends their sessions.
pub async fn apply_status(
    db: &impl ConnectionTrait,
    caller: &Caller,
    now: chrono::DateTime<chrono::Utc>,
    before: &Model,
    u_status: i32,
    target: &str,
) -> ApiResult<Model> {
    if !townboard_domain::codes::is_code("USER_STATUS", &u_status.to_string()) {
        return Err(ApiError::invalid("uStatus", "허용되지 않는 값입니다."));
    }
    let after = ActiveModel { u_idx: Set(before.u_idx), u_status: Set(u_status), updated_at: Set(now), ..Default::default() }.update(db).await?;
    if u_status != 1 {
        session::end_all_of_user(db, before.u_idx, None).await?;
    }
    record(db, caller, now, target, before.u_idx, "status", Some(before), Some(&after)).await?;
    Ok(after)
}

/// Clears a user's failure counter and lock.
pub async fn apply_unlock(db: &impl ConnectionTrait, caller: &Caller, now: chrono::DateTime<chrono::Utc>, u: &Model, target: &str) -> ApiResult<()> {
    login_failure::Entity::delete_by_id(u.u_id_key.clone()).exec(db).await?;
    record(db, caller, now, target, u.u_idx, "unlock", None::<&()>, None).await
}

/// A manager sets a new initial password: the user must change it at the next login, and their
/// sessions end.
pub async fn apply_password(
    db: &impl ConnectionTrait,
    caller: &Caller,
    now: chrono::DateTime<chrono::Utc>,
    u: &Model,
    pw: &str,
    target: &str,
) -> ApiResult<()> {
    let mut check = Check::new();
    let hashed = initial_password(&mut check, Some(pw), &u.u_id);
    check.finish()?;
    let hashed = hashed.ok_or_else(|| ApiError::internal("password hashing failed"))?;
    ActiveModel { u_idx: Set(u.u_idx), u_pw: Set(hashed), init_pwd_yn: Set("Y".into()), updated_at: Set(now), ..Default::default() }.update(db).await?;
    login_failure::Entity::delete_by_id(u.u_id_key.clone()).exec(db).await?;
    session::end_all_of_user(db, u.u_idx, None).await?;
    record(db, caller, now, target, u.u_idx, "password", None::<&()>, None).await
}

#[cfg(test)]
mod tests {
    #[test]
    fn user_ids() {
        for (id, ok) in [("admin", true), ("a.b_c-d", true), ("abc", false), ("한글아이디", false), ("a b cd", false), (&"x".repeat(51) as &str, false)] {
            assert_eq!(super::valid_user_id(id), ok, "{id}");
        }
    }
}
