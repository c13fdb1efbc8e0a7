//! Login, captcha, lockout, SMS, sessions, initial password, CSRF and the menu, over HTTP.

mod common;

use chrono::{Duration, Utc};
use common::*;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter, QueryOrder};
use serde_json::json;
use townboard_server::db::entity::{session, sms_outbox, user};

#[tokio::test]
async fn admin_logs_in_and_must_change_the_initial_password_first() {
    let app = spawn().await;
    let res = app.try_login("admin", ADMIN_PW, None).await;
    assert_eq!(res.code(), 0);
    let user = &res.data()["user"];
    assert_eq!(user["uId"], "admin");
    assert_eq!(user["roleCd"], 10001);
    assert_eq!(user["roleCdNm"], "관리자");
    assert_eq!(user["initPwdYn"], "Y");
    assert!(user["programCodeList"].as_array().unwrap().iter().any(|c| c == "system.code:write"));

    let blocked = app.post("/api/system/code/jsonList.do", json!({})).await;
    assert_eq!((blocked.status.as_u16(), blocked.code()), (403, 10300));
    assert_eq!(app.post("/api/system/menu/jsonUserMenu.do", json!({})).await.code(), 0);
    assert_eq!(app.post("/api/log/jsonAccess.do", json!({ "path": "/system/code/list" })).await.code(), 0);

    let weak = app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": ADMIN_PW, "newPassword": "short1" })).await;
    assert_eq!(weak.code(), 10400);
    assert!(weak.data()["fieldErrors"]["newPassword"].is_string());
    let with_id = app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": ADMIN_PW, "newPassword": "xAdmin-12345" })).await;
    assert_eq!(with_id.code(), 10400);
    let wrong_current = app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": "nope-nope-1", "newPassword": NEW_PW })).await;
    assert!(wrong_current.data()["fieldErrors"]["currentPassword"].is_string());

    let old_cookie = app.cookie();
    let changed = app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": ADMIN_PW, "newPassword": NEW_PW })).await;
    assert_eq!(changed.code(), 0);
    assert_eq!(changed.data()["user"]["initPwdYn"], "N");
    assert_ne!(app.cookie(), old_cookie, "a new session id after the password change");
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 0);

    let new_cookie = app.cookie();
    app.set_cookie(old_cookie);
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 10500, "the old session ended");
    app.set_cookie(new_cookie);
    let me = app.post("/api/account/mypage/jsonDetail.do", json!({})).await;
    assert_eq!(me.data()["uId"], "admin");
}

#[tokio::test]
async fn failures_require_a_captcha_then_lock_with_identical_answers() {
    let app = spawn_with(|c| c.test_captcha = Some("12345".into())).await;
    let first = app.try_login("admin", "wrong-password-1", None).await;
    assert_eq!((first.status.as_u16(), first.code()), (401, 10401));
    assert_eq!(first.data()["captchaRequired"], false);
    let second = app.try_login("ADMIN", "wrong-password-1", None).await;
    assert_eq!(second.data()["captchaRequired"], true, "the failure counter ignores case");

    let no_captcha = app.try_login("admin", ADMIN_PW, None).await;
    assert_eq!(no_captcha.code(), 10402);
    let (status, headers, png) = app.request(axum::http::Method::GET, "/api/captcha/image.do", &[], vec![]).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "image/png");
    assert_eq!(&png[1..4], b"PNG");
    let wrong_captcha = app.try_login("admin", ADMIN_PW, Some("99999")).await;
    assert_eq!(wrong_captcha.code(), 10402);
    app.request(axum::http::Method::GET, "/api/captcha/image.do", &[], vec![]).await;
    let (_, headers, wav) = app.request(axum::http::Method::GET, "/api/captcha/audio.do", &[], vec![]).await;
    assert_eq!(headers["content-type"], "audio/wav");
    assert_eq!(&wav[..4], b"RIFF");

    // Failures 3, 4 and 5 (each with a fresh captcha); the fifth locks the account.
    for _ in 0..3 {
        app.request(axum::http::Method::GET, "/api/captcha/image.do", &[], vec![]).await;
        let res = app.try_login("admin", "wrong-password-1", Some("12345")).await;
        assert_eq!(res.code(), 10401);
    }
    app.request(axum::http::Method::GET, "/api/captcha/image.do", &[], vec![]).await;
    let locked = app.try_login("admin", ADMIN_PW, Some("12345")).await;
    app.request(axum::http::Method::GET, "/api/captcha/image.do", &[], vec![]).await;
    let unknown = app.try_login("nobody", "wrong-password-1", Some("12345")).await;
    assert_eq!(locked.code(), 10401, "the right password on a locked account still fails");
    assert_eq!(locked.status, unknown.status);
    assert_eq!(locked.body["message"], unknown.body["message"]);
}

#[tokio::test]
async fn replayed_or_stale_credentials_are_refused() {
    let app = spawn().await;
    let (key_id, credential) = app.credential("admin", ADMIN_PW, Utc::now().timestamp_millis()).await;
    let body = json!({ "keyId": key_id, "credential": credential });
    assert_eq!(app.post("/api/jsonLoginPrc.do", body.clone()).await.code(), 0);
    assert_eq!(app.post("/api/jsonLoginPrc.do", body).await.code(), 10401, "replay");
    let (key_id, stale) = app.credential("admin", ADMIN_PW, Utc::now().timestamp_millis() - 6 * 60_000).await;
    assert_eq!(app.post("/api/jsonLoginPrc.do", json!({ "keyId": key_id, "credential": stale })).await.code(), 10401);
    let garbage = app.post("/api/jsonLoginPrc.do", json!({ "keyId": "x", "credential": "AAAA" })).await;
    assert_eq!(garbage.code(), 10401);
    let missing = app.post("/api/jsonLoginPrc.do", json!({})).await;
    assert_eq!(missing.code(), 10400);
}

#[tokio::test]
async fn sms_second_factor() {
    let app = spawn().await;
    app.login_admin().await;
    let env = app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": "SMS_AUTH_YN" })).await;
    let env_idx = env.data()["envIdx"].as_i64().unwrap();
    let saved = app.post("/api/system/env/jsonSave.do", json!({ "envIdx": env_idx, "envKey": "SMS_AUTH_YN", "envValue": "Y", "envDesc": "SMS" })).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let admin = user::Entity::find().filter(user::Column::UId.eq("admin")).one(&app.state.db).await.unwrap().unwrap();
    user::Entity::update(user::ActiveModel { u_idx: Set(admin.u_idx), phone: Set("010-1234-5678".into()), ..Default::default() })
        .exec(&app.state.db)
        .await
        .unwrap();
    app.set_cookie(None);

    let first = app.try_login("admin", NEW_PW, None).await;
    assert_eq!((first.status.as_u16(), first.code()), (200, 10210));
    assert_eq!(first.data()["maskedPhone"], "010****5678");
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 10500, "not logged in before the code");
    let wrong = app.post("/api/jsonLoginPrc.do", json!({ "smsCode": "000000" })).await;
    assert_eq!(wrong.code(), 10211);
    assert_eq!(app.post("/api/jsonRetrySmsAuth.do", json!({})).await.code(), 10429, "resend within 30 s");

    let sent = sms_outbox::Entity::find().order_by_desc(sms_outbox::Column::Id).one(&app.state.db).await.unwrap().unwrap();
    let code: String = sent.body.chars().filter(char::is_ascii_digit).take(6).collect();
    let ok = app.post("/api/jsonLoginPrc.do", json!({ "smsCode": code })).await;
    assert_eq!(ok.code(), 0, "{:?}", ok.body);
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 0);
    let reuse = app.post("/api/jsonLoginPrc.do", json!({ "smsCode": code })).await;
    assert_eq!(reuse.code(), 10211, "a code works once");

    // Resend is allowed after 30 s, and the old code stops working.
    app.set_cookie(None);
    assert_eq!(app.try_login("admin", NEW_PW, None).await.code(), 10210);
    app.state.clock.advance(Duration::seconds(31));
    assert_eq!(app.post("/api/jsonRetrySmsAuth.do", json!({})).await.code(), 0);
    app.state.clock.advance(Duration::minutes(4));
    let latest = sms_outbox::Entity::find().order_by_desc(sms_outbox::Column::Id).one(&app.state.db).await.unwrap().unwrap();
    let code: String = latest.body.chars().filter(char::is_ascii_digit).take(6).collect();
    assert_eq!(app.post("/api/jsonLoginPrc.do", json!({ "smsCode": code })).await.code(), 10211, "expired after 3 minutes");
}

#[tokio::test]
async fn idle_absolute_expiry_and_logout() {
    let app = spawn().await;
    app.login_admin().await;
    app.state.clock.advance(Duration::minutes(59));
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 0, "59 idle minutes is fine");
    app.state.clock.advance(Duration::minutes(61));
    let expired = app.post("/api/system/code/jsonList.do", json!({})).await;
    assert_eq!((expired.status.as_u16(), expired.code()), (401, 10500));

    app.set_cookie(None);
    let res = app.try_login("admin", NEW_PW, None).await;
    assert_eq!(res.code(), 0);
    for _ in 0..12 {
        app.state.clock.advance(Duration::minutes(59));
        assert_eq!(app.post("/api/log/jsonAccess.do", json!({ "path": "/" })).await.code(), 0);
    }
    app.state.clock.advance(Duration::minutes(30));
    assert_eq!(app.post("/api/log/jsonAccess.do", json!({ "path": "/" })).await.code(), 10500, "12 hours absolute");

    app.set_cookie(None);
    assert_eq!(app.try_login("admin", NEW_PW, None).await.code(), 0);
    let cookie = app.cookie();
    assert_eq!(app.post("/api/logout.do", json!({})).await.code(), 0);
    assert_eq!(session::Entity::find().filter(session::Column::UIdx.is_not_null()).count(&app.state.db).await.unwrap(), 0);
    app.set_cookie(cookie);
    assert_eq!(app.post("/api/logout.do", json!({})).await.code(), 10500, "logout replay");
}

#[tokio::test]
async fn session_id_changes_at_every_login_step() {
    let app = spawn_with(|c| c.test_captcha = Some("12345".into())).await;
    app.request(axum::http::Method::GET, "/api/captcha/image.do", &[], vec![]).await;
    let before = app.cookie().expect("a pre-login session");
    assert_eq!(app.try_login("admin", ADMIN_PW, None).await.code(), 0);
    let after = app.cookie().unwrap();
    assert_ne!(before, after);
    app.set_cookie(Some(before));
    assert_eq!(app.post("/api/system/menu/jsonUserMenu.do", json!({})).await.code(), 10500, "the fixed pre-login id did not log in");
}

#[tokio::test]
async fn csrf_header_and_origin_are_checked() {
    let app = spawn().await;
    let no_header = app.post_raw("/api/jsonPublicKey.do", &[("content-type", "application/json")], b"{}").await;
    assert_eq!((no_header.status.as_u16(), no_header.code()), (403, 10403));
    let foreign = app.post_raw("/api/jsonPublicKey.do", &[("x-requested-with", "XMLHttpRequest"), ("origin", "https://evil.example")], b"{}").await;
    assert_eq!(foreign.code(), 10403);
    let same = app.post_raw("/api/jsonPublicKey.do", &[("x-requested-with", "XMLHttpRequest"), ("origin", "http://localhost")], b"{}").await;
    assert_eq!(same.code(), 0);
}

#[tokio::test]
async fn menu_follows_permissions_role_and_flags() {
    let app = spawn().await;
    app.login_admin().await;
    let menu = app.post("/api/system/menu/jsonUserMenu.do", json!({})).await;
    let tops: Vec<i64> = menu.data().as_array().unwrap().iter().map(|t| t["mnId"].as_i64().unwrap()).collect();
    assert_eq!(tops, vec![10001, 10002, 10003, 10004, 10005, 10006, 10007, 10104, 10008, 10009, 10010, 10011, 10012]);
    let system = &menu.data()[0];
    assert_eq!(system["mnDir"], "/system");
    assert!(system["children"].as_array().unwrap().iter().any(|c| c["link"] == "/system/code/list"));

    // A verification vendor sees no account menu; image board hidden by its flag.
    app.login_as_new_user("vendor1", 10009, 1).await;
    let menu = app.post("/api/system/menu/jsonUserMenu.do", json!({})).await;
    let tops: Vec<i64> = menu.data().as_array().unwrap().iter().map(|t| t["mnId"].as_i64().unwrap()).collect();
    assert_eq!(tops, vec![10004, 10007]);

    app.login_as_new_user("site1", 10008, 1).await;
    let menu = app.post("/api/system/menu/jsonUserMenu.do", json!({})).await;
    let board = menu.data().as_array().unwrap().iter().find(|t| t["mnId"] == 10104).unwrap();
    let subs: Vec<i64> = board["children"].as_array().unwrap().iter().map(|c| c["mnId"].as_i64().unwrap()).collect();
    assert!(subs.contains(&10106) && !subs.contains(&10120), "{subs:?}");
}

#[tokio::test]
async fn stopped_users_cannot_log_in_and_lose_their_session() {
    let app = spawn().await;
    let u_idx = app.login_as_new_user("op1", 10002, 3).await;
    let op_cookie = app.cookie();
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 0);
    app.set_cookie(None);
    app.login_admin().await;
    assert_eq!(app.post("/api/account/user/jsonStatus.do", json!({ "uIdx": u_idx, "uStatus": 2 })).await.code(), 0);
    app.set_cookie(op_cookie);
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 10500, "the stop ends the session at once");
    assert_eq!(app.try_login("op1", NEW_PW, None).await.code(), 10401);
}

#[tokio::test]
async fn the_http_sms_provider_posts_to_the_webhook() {
    use std::sync::{Arc, Mutex};
    let received: Arc<Mutex<Vec<serde_json::Value>>> = Arc::default();
    let sink = received.clone();
    let hook = axum::Router::new().route(
        "/sms",
        axum::routing::post(move |axum::Json(body): axum::Json<serde_json::Value>| {
            let sink = sink.clone();
            async move {
                sink.lock().unwrap().push(body);
                "ok"
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move { axum::serve(listener, hook).await.unwrap() });

    let app = spawn().await;
    app.login_admin().await;
    for (key, value) in [("SMS_AUTH_YN", "Y".to_string()), ("SMS_PROVIDER", "http".to_string()), ("SMS_WEBHOOK_URL", format!("http://127.0.0.1:{port}/sms"))] {
        let env = app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": key })).await;
        let saved = app.post("/api/system/env/jsonSave.do", json!({ "envIdx": env.data()["envIdx"], "envKey": key, "envValue": value })).await;
        assert_eq!(saved.code(), 0, "{key}");
    }
    let admin = user::Entity::find().filter(user::Column::UId.eq("admin")).one(&app.state.db).await.unwrap().unwrap();
    user::Entity::update(user::ActiveModel { u_idx: Set(admin.u_idx), phone: Set("01098765432".into()), ..Default::default() })
        .exec(&app.state.db)
        .await
        .unwrap();
    app.set_cookie(None);
    assert_eq!(app.try_login("admin", NEW_PW, None).await.code(), 10210);
    let posts = received.lock().unwrap().clone();
    assert_eq!(posts.len(), 1);
    assert_eq!(posts[0]["phone"], "01098765432");
    assert!(posts[0]["text"].as_str().unwrap().contains("인증번호"));
}
