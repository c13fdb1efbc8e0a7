//! The push channel (api.md "Push channel"): a screen holding it is told of urgent messages,
//! commands and changes of its loop at once, acknowledges them, and the reach of each urgent
//! message is recorded; what it missed comes in its next heartbeat. On PostgreSQL a change saved
//! through one server process reaches a screen held by another.

mod common;

use common::media::{player, register, screen};
use common::*;
use sea_orm::{DatabaseBackend, EntityTrait};
use serde_json::{Value, json};
use std::time::Duration;
use townboard_server::push::client::{self, Channel};

/// A wait for what should come at once: generous, so a busy machine never fails the test (speed is
/// measured by the benchmark, not here).
const AT_ONCE: Duration = Duration::from_secs(20);

/// The next message of `kind` on the channel, acknowledged.
async fn next_of(channel: &mut Channel, kind: &str) -> Value {
    loop {
        let message = tokio::time::timeout(AT_ONCE, channel.next()).await.expect("a message in time").expect("the channel is open");
        if message["type"] == kind {
            channel.ack(message["id"].as_str().unwrap()).await.unwrap();
            return message;
        }
    }
}

fn urgent_body(app: &TestApp, text: &str) -> Value {
    let at = |minutes: i64| townboard_server::time::format(&(app.state.clock.now() + chrono::Duration::minutes(minutes)));
    json!({ "text": text, "startAt": at(-1), "endAt": at(60), "targetType": "all" })
}

async fn reach(app: &TestApp, um_idx: i64) -> Value {
    townboard_server::player::push::reach::flush(&app.state).await.unwrap();
    let detail = app.post("/api/content/urgentMsg/jsonDetail.do", json!({ "umIdx": um_idx })).await;
    assert_eq!(detail.code(), 0, "{:?}", detail.body);
    detail.data()["reach"].clone()
}

/// The reach once `acknowledged` screens have acknowledged (the server reads an acknowledgement
/// a moment after it is sent).
async fn reach_acknowledged(app: &TestApp, um_idx: i64, acknowledged: i64) -> Value {
    for _ in 0..200 {
        let seen = reach(app, um_idx).await;
        if seen["acknowledged"].as_i64() == Some(acknowledged) {
            return seen;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    reach(app, um_idx).await
}

/// A screen registered and its token.
async fn paired(app: &TestApp, serial: &str) -> (i64, String) {
    let (_, _, media_id) = screen(app, serial).await;
    let token = register(app, serial, &format!("ssaid-{serial}")).await.data()["deviceToken"].as_str().unwrap().to_string();
    (media_id.as_i64().unwrap(), token)
}

/// A server with the admin logged in, on PostgreSQL only (processes share changes there).
async fn on_postgresql() -> Option<TestApp> {
    let app = spawn().await;
    if app.state.db.get_database_backend() != DatabaseBackend::Postgres {
        return None;
    }
    app.login_admin().await;
    Some(app)
}

/// The screen's channel to a `serve` process, opened as soon as the process answers.
async fn open_once_up(process: &ServeProcess, token: &str) -> Channel {
    for _ in 0..100 {
        if let Ok(channel) = client::open(&process.base, token, None).await {
            return channel;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the other process holds no channel");
}

#[tokio::test]
async fn a_screen_holding_the_channel_is_told_at_once_and_its_reach_is_recorded() {
    let app = spawn().await;
    app.login_admin().await;
    let base = app.serve().await;
    let (media_id, token) = paired(&app, "PUSH-1").await;

    let refused = client::open(&base, "not-a-token", None).await;
    assert!(refused.is_err(), "a bad token is refused");
    let mut channel = client::open(&base, &token, None).await.unwrap();
    assert_eq!(channel.media_id, media_id);

    // An urgent message saved: the screen is told the set in force, and acknowledges it.
    let saved = app.post("/api/content/urgentMsg/jsonSave.do", urgent_body(&app, "[지진] 대피하세요")).await;
    let um_idx = saved.data()["umIdx"].as_i64().unwrap();
    let told = next_of(&mut channel, "urgent").await;
    assert_eq!(told["urgent"][0]["umIdx"], um_idx, "{told}");
    assert_eq!(told["urgent"][0]["text"], "[지진] 대피하세요");
    let seen = reach_acknowledged(&app, um_idx, 1).await;
    assert_eq!((seen["targets"].as_i64(), seen["delivered"].as_i64(), seen["acknowledged"].as_i64()), (Some(1), Some(1), Some(1)), "{seen}");
    assert!(seen["lastAckAt"].is_string());
    let listed = app.post("/api/content/urgentMsg/jsonList.do", json!({})).await;
    assert_eq!((listed.data()["list"][0]["delivered"].as_i64(), listed.data()["list"][0]["acknowledged"].as_i64()), (Some(1), Some(1)));

    // Stopped: the screen is told its set is empty.
    assert_eq!(app.post("/api/content/urgentMsg/jsonStop.do", json!({ "umIdx": um_idx })).await.code(), 0);
    let withdrawn = next_of(&mut channel, "urgent").await;
    assert_eq!(withdrawn["urgent"], json!([]));

    // A capture asked for: the command comes over the channel; acknowledged, the heartbeat does not repeat it.
    let capture = app.post(&format!("/api/media/{media_id}/capture.do"), json!({})).await;
    let uuid = capture.data()["uuid"].as_str().unwrap().to_string();
    let command = next_of(&mut channel, "command").await;
    assert_eq!((command["command"]["type"].as_str(), command["command"]["payload"]["uuid"].as_str()), (Some("capture"), Some(uuid.as_str())));
    let mut delivered = false;
    for _ in 0..100 {
        let row = townboard_server::db::entity::media_command::Entity::find_by_id(command["command"]["id"].as_i64().unwrap())
            .one(&app.state.db)
            .await
            .unwrap()
            .unwrap();
        if row.status == "delivered" {
            delivered = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(delivered, "the acknowledgement marks the command delivered");
    let beat = player(&app, "heartbeat", &token, json!({ "status": "ok" })).await;
    assert_eq!(beat.data()["commands"], json!([]), "{:?}", beat.body);
    channel.close().await;
}

#[tokio::test]
async fn a_screen_heard_over_its_channel_alone_stays_on_and_its_row_is_left_alone() {
    use townboard_server::db::entity::{media, media_heard};
    use townboard_server::jobs::status;
    let app = spawn().await;
    app.login_admin().await;
    let base = app.serve().await;
    let (media_id, token) = paired(&app, "HEARD-1").await;
    let channel = client::open(&base, &token, None).await.unwrap();

    // The channel marks its screen heard as it opens (and every third of the silence allowed after).
    let mut heard = None;
    for _ in 0..200 {
        townboard_server::player::beat_writer::flush(&app.state).await.unwrap();
        heard = media_heard::Entity::find_by_id(media_id).one(&app.state.db).await.unwrap();
        if heard.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(heard.is_some(), "the channel marked its screen heard");
    let row = media::Entity::find_by_id(media_id).one(&app.state.db).await.unwrap().unwrap();
    let beat = townboard_server::db::entity::media_beat::Entity::find_by_id(media_id).one(&app.state.db).await.unwrap().unwrap();
    assert_eq!(beat.last_heartbeat_at, None, "a channel's mark leaves the screen's last heartbeat alone");
    assert_eq!(row.media_status, status::ON, "heard over its channel: on");

    // Within the silence allowed since the mark it stays on; past it, it is silent.
    let status_after = |minutes: i64| {
        let app = &app;
        async move {
            app.state.clock.advance(chrono::Duration::minutes(minutes));
            status::sweep(&app.state).await.unwrap();
            media::Entity::find_by_id(media_id).one(&app.state.db).await.unwrap().unwrap().media_status
        }
    };
    assert_eq!(status_after(2).await, status::ON);
    assert_ne!(status_after(2).await, status::ON, "four minutes without a word");
    channel.close().await;
}

#[tokio::test]
async fn a_screen_that_missed_a_push_gets_it_in_its_heartbeat_and_acknowledges_once() {
    let app = spawn().await;
    app.login_admin().await;
    let (_, token) = paired(&app, "PUSH-MISS").await;
    let saved = app.post("/api/content/urgentMsg/jsonSave.do", urgent_body(&app, "[정전] 점검 중")).await;
    let um_idx = saved.data()["umIdx"].as_i64().unwrap();
    assert_eq!(reach(&app, um_idx).await["delivered"], 0, "nobody held the channel");

    let beat = player(&app, "heartbeat", &token, json!({ "status": "ok" })).await;
    assert_eq!(beat.data()["urgent"][0]["umIdx"], um_idx);
    let seen = reach(&app, um_idx).await;
    assert_eq!((seen["delivered"].as_i64(), seen["acknowledged"].as_i64()), (Some(1), Some(0)));
    for _ in 0..2 {
        assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok", "urgentAck": [um_idx] })).await.code(), 0);
    }
    let seen = reach(&app, um_idx).await;
    assert_eq!((seen["delivered"].as_i64(), seen["acknowledged"].as_i64()), (Some(1), Some(1)), "acknowledged once: {seen}");
}

#[tokio::test]
async fn a_change_of_the_loop_is_pushed_with_its_new_version() {
    let app = spawn().await;
    app.login_admin().await;
    let base = app.serve().await;
    let (_, mg_id, _) = screen(&app, "PUSH-LOOP").await;
    let token = register(&app, "PUSH-LOOP", "ssaid-loop").await.data()["deviceToken"].as_str().unwrap().to_string();
    let house = common::campaigns::house_material(&app, "자체 광고").await;
    let today = townboard_server::time::today(app.state.clock.now()).format("%Y-%m-%d").to_string();
    assert_eq!(app.post("/api/schedule/schedule/jsonGenerate.do", json!({ "mgIds": [mg_id], "fromDate": today, "toDate": today })).await.code(), 0);
    townboard_server::jobs::run_until_idle(&app.state).await;
    let mut channel = client::open(&base, &token, None).await.unwrap();

    let modified = app.post("/api/schedule/schedule/jsonModify.do", json!({ "mgId": mg_id, "date": today, "seq": 1, "matId": house })).await;
    assert_eq!(modified.code(), 0, "{:?}", modified.body);
    let told = next_of(&mut channel, "schedule").await;
    assert_eq!(told["date"], today);
    assert_eq!(told["version"], modified.data()["version"], "the version the player will fetch");
    channel.close().await;
}

#[tokio::test]
async fn on_postgresql_a_change_saved_through_one_process_reaches_a_screen_held_by_another() {
    let Some(app) = on_postgresql().await else { return };
    let (media_id, token) = paired(&app, "PUSH-PEER").await;
    let peer = app.peer_with(|_| {}).await;
    let peer_base = peer.serve().await;
    let mut channel = client::open(&peer_base, &token, None).await.unwrap();
    // The peer listens before the change is made.
    tokio::time::sleep(Duration::from_millis(500)).await;

    let saved = app.post("/api/content/urgentMsg/jsonSave.do", urgent_body(&app, "[호우] 저지대 대피")).await;
    let um_idx = saved.data()["umIdx"].as_i64().unwrap();
    assert_eq!(next_of(&mut channel, "urgent").await["urgent"][0]["umIdx"], um_idx);
    assert_eq!(app.post("/api/content/urgentMsg/jsonStop.do", json!({ "umIdx": um_idx })).await.code(), 0);
    assert_eq!(next_of(&mut channel, "urgent").await["urgent"], json!([]));
    let capture = app.post(&format!("/api/media/{media_id}/capture.do"), json!({})).await;
    assert_eq!(next_of(&mut channel, "command").await["command"]["payload"]["uuid"], capture.data()["uuid"]);
    // The reach recorded by the process holding the screen is read through the other.
    let mut seen = Value::Null;
    for _ in 0..200 {
        townboard_server::player::push::reach::flush(&peer.state).await.unwrap();
        seen = reach(&app, um_idx).await;
        if seen["acknowledged"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(seen["acknowledged"], 1, "{seen}");
    channel.close().await;
}

/// A command asked through one process while its screen is away reaches the screen as its channel
/// joins another process, even one that had just found no command waiting for it (that process
/// reads again what waits once it hears of the command).
#[tokio::test]
async fn on_postgresql_a_command_asked_through_one_process_reaches_its_screen_joining_another() {
    let Some(app) = on_postgresql().await else { return };
    let (media_id, token) = paired(&app, "PUSH-JOIN").await;
    // A real `serve` process (with its own idea of which screens have commands waiting).
    let other = app.serve_process().await;
    // Joined, and found nothing waiting; then away.
    open_once_up(&other, &token).await.close().await;
    let capture = app.post(&format!("/api/media/{media_id}/capture.do"), json!({})).await;
    assert_eq!(capture.code(), 0, "{:?}", capture.body);
    let mut channel = client::open(&other.base, &token, None).await.unwrap();
    assert_eq!(next_of(&mut channel, "command").await["command"]["payload"]["uuid"], capture.data()["uuid"]);
    channel.close().await;
}

/// Sets an env variable through the API.
async fn set_env(app: &TestApp, key: &str, value: &str) {
    let found = app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": key })).await;
    let saved = app.post("/api/system/env/jsonSave.do", json!({ "envIdx": found.data()["envIdx"], "envKey": key, "envValue": value })).await;
    assert_eq!(saved.code(), 0, "{key}: {:?}", saved.body);
}

/// Alerts go to a webhook of the test's own; what it is sent.
async fn alert_webhook(app: &TestApp) -> std::sync::Arc<std::sync::Mutex<Vec<Value>>> {
    let received: std::sync::Arc<std::sync::Mutex<Vec<Value>>> = Default::default();
    let hook = {
        let received = received.clone();
        axum::Router::new().route(
            "/alert",
            axum::routing::post(move |axum::Json(body): axum::Json<Value>| {
                let received = received.clone();
                async move {
                    received.lock().unwrap().push(body);
                    "ok"
                }
            }),
        )
    };
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let hook_url = format!("http://{}/alert", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, hook).await.unwrap() });
    set_env(app, "ALERT_PROVIDER", "webhook").await;
    set_env(app, "ALERT_WEBHOOK_URL", &hook_url).await;
    received
}

#[tokio::test]
async fn operators_are_told_once_of_a_silent_screen_and_of_its_recovery() {
    let app = spawn().await;
    app.login_admin().await;
    let received = alert_webhook(&app).await;

    let (media_id, token) = paired(&app, "SILENT-1").await;
    assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok" })).await.code(), 0);
    townboard_server::jobs::status::sweep(&app.state).await.unwrap();
    assert!(received.lock().unwrap().is_empty(), "a screen heard is no incident");

    // Silent past three minutes inside its hours: shown as an anomaly, and the operators are told once.
    app.state.clock.advance(chrono::Duration::minutes(4));
    townboard_server::jobs::status::sweep(&app.state).await.unwrap();
    let row = townboard_server::db::entity::media::Entity::find_by_id(media_id).one(&app.state.db).await.unwrap().unwrap();
    assert_eq!(row.media_status, townboard_server::jobs::status::ANOMALY);
    townboard_server::jobs::status::sweep(&app.state).await.unwrap();
    {
        let sent = received.lock().unwrap();
        assert_eq!(sent.len(), 1, "once per screen and incident: {sent:?}");
        assert_eq!((sent[0]["kind"].as_str(), sent[0]["screens"][0]["mediaId"].as_i64()), (Some("silent"), Some(media_id)));
        assert!(sent[0]["text"].as_str().unwrap().contains("화면 1대"), "{}", sent[0]["text"]);
    }

    // It beats again: on, and the operators hear of the recovery.
    assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok" })).await.code(), 0);
    townboard_server::jobs::status::sweep(&app.state).await.unwrap();
    let sent = received.lock().unwrap().clone();
    assert_eq!(sent.len(), 2, "{sent:?}");
    assert_eq!((sent[1]["kind"].as_str(), sent[1]["screens"][0]["mediaId"].as_i64()), (Some("recovered"), Some(media_id)));
}

#[tokio::test]
async fn a_screen_whose_process_is_killed_holds_the_channel_of_another_and_misses_nothing() {
    let app = spawn().await;
    app.login_admin().await;
    let (media_id, token) = paired(&app, "PUSH-KILL").await;
    let a = app.serve().await;
    // A real `serve` process on the same database holds the screen's channel.
    let mut b = app.serve_process().await;
    let mut channel = open_once_up(&b, &token).await;

    b.child.kill().unwrap();
    b.child.wait().unwrap();
    let lost = tokio::time::timeout(AT_ONCE, channel.next()).await.expect("the loss is seen");
    assert!(lost.is_none() || lost.as_ref().is_some_and(|m| m["type"] == "closed"), "{lost:?}");
    // While the screen is away, an urgent message is saved and a capture asked for.
    let saved = app.post("/api/content/urgentMsg/jsonSave.do", urgent_body(&app, "[화재] 대피 안내")).await;
    let um_idx = saved.data()["umIdx"].as_i64().unwrap();
    let capture = app.post(&format!("/api/media/{media_id}/capture.do"), json!({})).await;
    // It opens the channel to the process still running and is told both at once.
    let mut channel = client::open(&a, &token, None).await.unwrap();
    assert_eq!(next_of(&mut channel, "urgent").await["urgent"][0]["umIdx"], um_idx);
    assert_eq!(next_of(&mut channel, "command").await["command"]["payload"]["uuid"], capture.data()["uuid"]);
    assert_eq!(reach_acknowledged(&app, um_idx, 1).await["acknowledged"], 1);
    channel.close().await;
}

#[tokio::test]
async fn a_screen_whose_channel_closed_is_shown_silent_and_alerted_as_its_silence_runs_out() {
    // Two seconds of silence allowed, and no status sweep runs in the tests: only the process that
    // held the channel looks at the screen again.
    let app = spawn_with(|config| config.screen_silent_after = chrono::Duration::seconds(2)).await;
    app.login_admin().await;
    let received = alert_webhook(&app).await;
    let base = app.serve().await;
    let (media_id, token) = paired(&app, "SILENT-CH").await;
    let status = |app: &TestApp| {
        let db = app.state.db.clone();
        async move { townboard_server::db::entity::media::Entity::find_by_id(media_id).one(&db).await.unwrap().unwrap().media_status }
    };
    assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok" })).await.code(), 0);
    townboard_server::jobs::status::sweep(&app.state).await.unwrap();
    assert_eq!(status(&app).await, townboard_server::jobs::status::ON);
    let channel = client::open(&base, &token, None).await.unwrap();

    channel.close().await;
    let closed = std::time::Instant::now();
    let mut shown = None;
    while closed.elapsed() < AT_ONCE {
        if status(&app).await == townboard_server::jobs::status::ANOMALY && !received.lock().unwrap().is_empty() {
            shown = Some(closed.elapsed());
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let shown = shown.expect("shown silent and alerted without a sweep");
    assert!(shown >= Duration::from_secs(2), "not before its silence ran out: {shown:?}");
    let sent = received.lock().unwrap().clone();
    assert_eq!((sent[0]["kind"].as_str(), sent[0]["screens"][0]["mediaId"].as_i64()), (Some("silent"), Some(media_id)), "{sent:?}");

    // A screen that comes back before its silence runs out stays on.
    assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok" })).await.code(), 0);
    townboard_server::jobs::status::sweep(&app.state).await.unwrap();
    assert_eq!(status(&app).await, townboard_server::jobs::status::ON);
    let channel = client::open(&base, &token, None).await.unwrap();
    channel.close().await;
    let _again = client::open(&base, &token, None).await.unwrap();
    tokio::time::sleep(Duration::from_secs(3)).await;
    assert_eq!(status(&app).await, townboard_server::jobs::status::ON, "back on its channel before its silence ran out");
}

#[tokio::test]
async fn two_processes_sweeping_at_once_open_one_incident_a_screen_and_tell_it_once() {
    let app = spawn().await;
    app.login_admin().await;
    let received = alert_webhook(&app).await;
    let peer = app.peer_with(|_| {}).await;
    let mut screens = Vec::new();
    for n in 0..3 {
        let (media_id, token) = paired(&app, &format!("SILENT-TWO-{n}")).await;
        assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok" })).await.code(), 0);
        screens.push(media_id);
    }
    townboard_server::jobs::status::sweep(&app.state).await.unwrap();
    for state in [&app.state, &peer.state] {
        state.clock.advance(chrono::Duration::minutes(4));
    }
    let (a, b) = tokio::join!(townboard_server::jobs::status::sweep(&app.state), townboard_server::jobs::status::sweep(&peer.state));
    a.unwrap();
    b.unwrap();
    use sea_orm::{ColumnTrait, PaginatorTrait, QueryFilter};
    use townboard_server::db::entity::screen_incident;
    let open = screen_incident::Entity::find().filter(screen_incident::Column::RecoveredAt.is_null()).count(&app.state.db).await.unwrap();
    assert_eq!(open, screens.len() as u64, "one incident a screen");
    let sent = received.lock().unwrap().clone();
    assert_eq!(sent.len(), 1, "told once: {sent:?}");
    assert_eq!(sent[0]["screens"].as_array().map(Vec::len), Some(screens.len()), "{sent:?}");
}
