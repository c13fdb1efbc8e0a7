//! What an operator relies on: the metrics endpoint and JSON request logs of the real binary, a
//! stop on SIGTERM that lets requests finish and hands jobs back, online backups, and several
//! processes on one database sharing sessions, jobs, slots and the login limit.

mod common;

use common::campaigns::{advertiser, campaign, day, group, material, ok, requested};
use common::{NEW_PW, spawn, spawn_with};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use std::io::{BufRead, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use townboard_server::auth::keys::LoginKey;
use townboard_server::db::entity::job;
use townboard_server::jobs::{self, queue};

const BIN: &str = env!("CARGO_BIN_EXE_townboard");
const TOKEN: &str = "scrape-token-for-tests";
const ADMIN_PASSWORD: &str = "Operator-Pass-2026";

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tb_ops_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A server process, killed if a failing test leaves it running.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        if self.0.try_wait().ok().flatten().is_none() {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
}

/// The binary serving a fresh SQLite database with JSON logs and metrics; its stdout lines are
/// collected as they come.
fn serve(dir: &std::path::Path, port: u16) -> (Running, Arc<Mutex<Vec<String>>>) {
    let mut child = Command::new(BIN)
        .arg("serve")
        .env("TOWNBOARD_DATA_DIR", dir)
        .env("TOWNBOARD_BIND", format!("127.0.0.1:{port}"))
        .env("TOWNBOARD_ADMIN_PASSWORD", ADMIN_PASSWORD)
        .env("TOWNBOARD_METRICS_TOKEN", TOKEN)
        .env("TOWNBOARD_LOG_FORMAT", "json")
        .env("TOWNBOARD_LOG", "info")
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    let lines = Arc::new(Mutex::new(Vec::new()));
    let stdout = child.stdout.take().unwrap();
    let sink = lines.clone();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines().map_while(Result::ok) {
            sink.lock().unwrap().push(line);
        }
    });
    (Running(child), lines)
}

struct Reply {
    status: u16,
    cookies: Vec<String>,
    body: Bytes,
}

async fn call(http: &Http, method: &str, url: String, headers: &[(&str, &str)], body: &str) -> Reply {
    let mut req = hyper::Request::builder().method(method).uri(url).header("x-requested-with", "XMLHttpRequest");
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    if !body.is_empty() {
        req = req.header("content-type", "application/json");
    }
    let res = http.request(req.body(Full::new(Bytes::from(body.to_string()))).unwrap()).await.expect("the server answers");
    let status = res.status().as_u16();
    let cookies = res.headers().get_all("set-cookie").iter().filter_map(|v| v.to_str().ok()?.split(';').next().map(str::to_string)).collect();
    let body = res.into_body().collect().await.unwrap().to_bytes();
    Reply { status, cookies, body }
}

fn json_of(reply: &Reply) -> Value {
    serde_json::from_slice(&reply.body).expect("a JSON answer")
}

async fn wait_healthy(http: &Http, base: &str) {
    for _ in 0..150 {
        let req = hyper::Request::get(format!("{base}/healthz")).body(Full::new(Bytes::new())).unwrap();
        if http.request(req).await.is_ok_and(|r| r.status() == 200) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not become healthy");
}

/// Tries a login over real HTTP as the browser does: the answer and the session cookie.
async fn try_login(http: &Http, base: &str, uid: &str, password: &str) -> (Value, String) {
    let key = call(http, "POST", format!("{base}/api/jsonPublicKey.do"), &[], "{}").await;
    let cookie = key.cookies.join("; ");
    let key = json_of(&key);
    let plain = json!({ "uId": uid, "uPw": password, "ts": chrono::Utc::now().timestamp_millis() }).to_string();
    let cipher = LoginKey::encrypt_for_tests(key["data"]["publicKey"].as_str().unwrap(), plain.as_bytes());
    use base64::Engine;
    let body = json!({ "keyId": key["data"]["keyId"], "credential": base64::engine::general_purpose::STANDARD.encode(cipher) }).to_string();
    let answer = call(http, "POST", format!("{base}/api/jsonLoginPrc.do"), &[("cookie", &cookie)], &body).await;
    let cookie = if answer.cookies.is_empty() { cookie } else { answer.cookies.join("; ") };
    (json_of(&answer), cookie)
}

async fn login(http: &Http, base: &str, uid: &str, password: &str) -> String {
    let (answer, cookie) = try_login(http, base, uid, password).await;
    assert_eq!(answer["code"], 0, "login: {answer}");
    cookie
}

/// Waits for a process to exit; its exit code.
async fn exit_code(child: &mut Child) -> Option<i32> {
    for _ in 0..150 {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the process did not exit");
}

#[tokio::test]
async fn metrics_json_request_logs_and_a_graceful_stop() {
    let dir = scratch("serve");
    let port = free_port();
    let base = format!("http://127.0.0.1:{port}");
    let (mut running, lines) = serve(&dir, port);
    let child = &mut running.0;
    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    wait_healthy(&http, &base).await;

    // The metrics answer only the configured bearer token.
    assert_eq!(call(&http, "GET", format!("{base}/metrics"), &[], "").await.status, 401);
    assert_eq!(call(&http, "GET", format!("{base}/metrics"), &[("authorization", "Bearer wrong")], "").await.status, 401);

    // An anonymous call on a route with ids, then a logged-in one.
    let anonymous = call(&http, "GET", format!("{base}/api/common/file/download/capture/987654/capture.png"), &[], "").await;
    assert_eq!(json_of(&anonymous)["code"], 10500, "not logged in");
    let cookie = login(&http, &base, "admin", ADMIN_PASSWORD).await;
    let changed = call(
        &http,
        "POST",
        format!("{base}/api/account/mypage/jsonChangePassword.do"),
        &[("cookie", &cookie)],
        &json!({ "currentPassword": ADMIN_PASSWORD, "newPassword": NEW_PW }).to_string(),
    )
    .await;
    assert_eq!(json_of(&changed)["code"], 0, "{:?}", changed.body);

    let scraped = call(&http, "GET", format!("{base}/metrics"), &[("authorization", &format!("Bearer {TOKEN}"))], "").await;
    assert_eq!(scraped.status, 200);
    let text = String::from_utf8(scraped.body.to_vec()).unwrap();
    for expected in [
        "townboard_http_requests_total{route=\"/healthz\",method=\"GET\",status=\"200\"}",
        "townboard_http_requests_total{route=\"/api/common/file/download/{type}/{id}/{fileName}\",method=\"GET\",status=\"401\"} 1",
        "townboard_http_requests_total{route=\"/api/jsonLoginPrc.do\",method=\"POST\",status=\"200\"} 1",
        "townboard_http_request_duration_seconds_bucket{route=\"/api/jsonLoginPrc.do\",method=\"POST\",le=\"+Inf\"} 1",
        "townboard_http_request_duration_seconds_count{route=\"/healthz\",method=\"GET\"}",
        "# TYPE townboard_http_request_duration_seconds histogram",
        "townboard_jobs_queued ",
        "townboard_jobs_failed_total 0",
        "townboard_screens{status=\"on\"} 0",
        "townboard_screens{status=\"fault\"} 0",
        "townboard_pop_items_total 0",
    ] {
        assert!(text.contains(expected), "{expected} in\n{text}");
    }
    assert!(!text.contains("987654"), "routes are templates, never raw paths");

    // A request still sending its body when SIGTERM arrives is answered; the process then exits 0.
    let mut slow = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        slow,
        "POST /api/jsonPublicKey.do HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: XMLHttpRequest\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{{"
    )
    .unwrap();
    slow.flush().unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let killed = Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    assert!(killed.success());
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert!(child.try_wait().unwrap().is_none(), "the request in flight holds the process");
    slow.write_all(b"}").unwrap();
    let mut answer = String::new();
    slow.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("\"publicKey\""), "{answer}");
    assert_eq!(exit_code(child).await, Some(0), "the process exits after its last request");

    let lines = lines.lock().unwrap().clone();
    let logged: Vec<Value> = lines.iter().map(|l| serde_json::from_str(l).unwrap_or_else(|_| panic!("a JSON line: {l}"))).collect();
    let requests: Vec<&Value> = logged.iter().filter(|l| l["target"] == "townboard::request").collect();
    let health = requests.iter().find(|l| l["route"] == "/healthz" && l["status"] == 200).expect("health checks are logged");
    assert_eq!(health["method"], "GET");
    assert!(health["duration_ms"].is_number());
    assert!(health.get("uIdx").is_some_and(Value::is_null), "anonymous: {health}");
    let changed_line = requests.iter().find(|l| l["route"] == "/api/account/mypage/jsonChangePassword.do").expect("the call is logged");
    assert!(changed_line["uIdx"].as_i64().is_some_and(|id| id > 0), "{changed_line}");
    let all = lines.join("\n");
    for secret in [ADMIN_PASSWORD, NEW_PW, TOKEN, cookie.split('=').nth(1).unwrap()] {
        assert!(!all.contains(secret), "a secret reached the log");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn a_backup_of_a_live_database_is_one_serve_starts_on() {
    let app = spawn().await;
    if !app.database_url().starts_with("sqlite:") {
        let out = Command::new(BIN).args(["backup", "/nonexistent/backup.db"]).env("TOWNBOARD_DATABASE_URL", app.database_url()).output().unwrap();
        assert!(!out.status.success());
        assert!(String::from_utf8_lossy(&out.stderr).contains("pg_dump") || String::from_utf8_lossy(&out.stdout).contains("pg_dump"));
        return;
    }
    app.login_admin().await;
    let code = json!({ "cdDist": "백업 검사", "cdKey": "BACKUP_KEPT", "cdCode": "B1", "cdName": "백업", "cdDetail": "", "cdOrder": 1, "useYn": "Y" });
    assert_eq!(app.post("/api/system/code/jsonSave.do", code).await.code(), 0);
    let dir = scratch("backup");
    let copy = dir.join("copy.db");
    // Taken while the app holds the database open.
    let out = Command::new(BIN).arg("backup").arg(&copy).env("TOWNBOARD_DATABASE_URL", app.database_url()).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let again = Command::new(BIN).arg("backup").arg(&copy).env("TOWNBOARD_DATABASE_URL", app.database_url()).output().unwrap();
    assert!(!again.status.success(), "a backup never overwrites");

    let restored = spawn_with(|c| c.database_url.0 = format!("sqlite://{}?mode=rwc", copy.display())).await;
    assert_eq!(restored.try_login("admin", NEW_PW, None).await.code(), 0);
    let found = restored.post("/api/system/code/jsonList.do", json!({ "cdKey": "BACKUP_KEPT" })).await;
    assert_eq!(found.data()["totalCount"], 1, "{:?}", found.body);
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn processes_on_one_database_share_sessions_slots_and_jobs() {
    let a = spawn().await;
    let b = a.peer_with(|_| {}).await;
    a.login_admin().await;
    // A session made on one process is valid on the other.
    b.set_cookie(a.cookie());
    assert_eq!(b.post("/api/system/code/jsonList.do", json!({})).await.code(), 0);

    // Approvals racing for the last slot through both processes sell it once.
    let mg = group(&a, "두 프로세스", 1, 1).await;
    let c_id = advertiser(&a, "adv-peers").await;
    let mat = material(&a, c_id, "소재").await;
    let (start, end) = (day(&a, 3), day(&a, 9));
    let mut ids = Vec::new();
    for i in 0..6 {
        ids.push(requested(&a, campaign(&format!("경쟁 {i}"), c_id, &[mg], &[mat], &start, &end)).await);
    }
    let (a, b) = (Arc::new(a), Arc::new(b));
    let mut racing = tokio::task::JoinSet::new();
    for (i, id) in ids.into_iter().enumerate() {
        let app = if i % 2 == 0 { a.clone() } else { b.clone() };
        racing.spawn(async move { app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await.code() });
    }
    let codes = racing.join_all().await;
    assert_eq!(codes.iter().filter(|c| **c == 0).count(), 1, "{codes:?}");
    assert!(codes.iter().all(|c| *c == 0 || *c == 10409), "{codes:?}");
    assert_eq!(ok(&b.post("/api/campaign/run/jsonList.do", json!({})).await)["totalCount"], 1);

    // A job is claimed by exactly one process.
    let now = a.state.clock.now();
    let new_job = |key: &str| queue::NewJob { kind: jobs::STATUS_SWEEP, payload: Value::Null, run_after: now, max_attempts: 3, unique_key: Some(key.into()) };
    let id = queue::enqueue(&a.state.db, new_job("peers-once"), now).await.unwrap().unwrap();
    let mut claims = tokio::task::JoinSet::new();
    for i in 0..8 {
        let app = if i % 2 == 0 { a.clone() } else { b.clone() };
        claims.spawn(async move {
            let worker = format!("worker-{i}");
            queue::claim(&app.state.writer, &[jobs::STATUS_SWEEP], &worker, now).await.unwrap().map(|j| j.job_id)
        });
    }
    let claimed: Vec<i64> = claims.join_all().await.into_iter().flatten().collect();
    assert_eq!(claimed, vec![id], "one claim");

    // A process that dies holding a job: the claim lapses and the other process takes it over.
    let dead = queue::claim(&a.state.writer, &[jobs::STATUS_SWEEP], "dead-process", now).await.unwrap();
    assert!(dead.is_none(), "the first job is still held");
    let id2 = queue::enqueue(&a.state.db, new_job("peers-lapsed"), now).await.unwrap().unwrap();
    assert_eq!(queue::claim(&a.state.writer, &[jobs::STATUS_SWEEP], "dead-process", now).await.unwrap().map(|j| j.job_id), Some(id2));
    let soon = now + chrono::Duration::seconds(30);
    assert!(queue::claim(&b.state.writer, &[jobs::STATUS_SWEEP], "survivor", soon).await.unwrap().is_none(), "a live claim holds");
    let later = now + queue::LEASE + chrono::Duration::seconds(1);
    assert!(later - now < chrono::Duration::minutes(2), "taken over within two minutes");
    let taken = queue::claim(&b.state.writer, &[jobs::STATUS_SWEEP], "survivor", later).await.unwrap();
    let taken = taken.expect("the lapsed claim is taken over");
    assert!(taken.job_id == id || taken.job_id == id2);
    assert_eq!(taken.leased_by.as_deref(), Some("survivor"));
}

#[tokio::test]
async fn the_login_limit_holds_across_processes() {
    let a = spawn_with(|c| c.login_limit_per_minute = 4).await;
    let b = a.peer_with(|c| c.login_limit_per_minute = 4).await;
    early_in_a_minute().await;
    for app in [&a, &b, &a, &b] {
        let refused = app.try_login("nobody", "Wrong-Pass-0000", None).await.code();
        assert!(refused == 10401 || refused == 10402, "a wrong login, not yet limited: {refused}");
    }
    assert_eq!(b.try_login("nobody", "Wrong-Pass-0000", None).await.code(), 10429);
    assert_eq!(a.try_login("admin", common::ADMIN_PW, None).await.code(), 10429, "even the right password waits for the next minute");
}

#[tokio::test]
async fn a_stopping_process_hands_its_job_back_and_another_finishes_it() {
    let app = spawn().await;
    app.login_admin().await;
    let c_id = advertiser(&app, "adv-handback").await;
    let dir = scratch("handback");
    // Long enough that the encoding is still running when the stop comes.
    let file = common::video::video(&dir, "long.mp4", (540, 960), 30.0);
    let bytes = std::fs::read(&file).unwrap();
    let saved = app
        .post_multipart(
            "/api/campaign/material/jsonSave.do",
            json!({ "matName": "긴 소재", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 30 }),
            &[("file", "long.mp4", &bytes)],
        )
        .await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let mat_id = saved.data()["matId"].as_i64().unwrap();
    let transcode = || job::Entity::find().filter(job::Column::Kind.eq(jobs::transcode::KIND));
    let workers = jobs::spawn(app.state.clone());
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let row = transcode().one(&app.state.db).await.unwrap().expect("the upload queued its encoding");
        if row.state == queue::RUNNING {
            break;
        }
        assert!(row.state == queue::QUEUED && std::time::Instant::now() < deadline, "the encoding starts: {row:?}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    app.state.jobs.stop();
    tokio::time::timeout(Duration::from_secs(10), workers.join_all()).await.expect("workers stop at once");
    let row = transcode().one(&app.state.db).await.unwrap().unwrap();
    assert_eq!(row.state, queue::QUEUED, "handed back: {row:?}");
    assert_eq!(row.attempts, 0, "a handed-back job keeps its attempts");
    assert!(row.lease_until.is_none());

    let other = app.peer_with(|_| {}).await;
    jobs::run_until_idle(&other.state).await;
    let row = transcode().one(&app.state.db).await.unwrap().unwrap();
    assert_eq!(row.state, queue::DONE, "{row:?}");
    let detail = app.post("/api/campaign/material/jsonDetail.do", json!({ "matId": mat_id })).await;
    assert_eq!(detail.data()["encodingStatus"], 1, "{:?}", detail.body);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Waits, when the minute is about to turn, so that a few calls counted per minute share one.
async fn early_in_a_minute() {
    let second = chrono::Utc::now().timestamp() % 60;
    if second > 50 {
        tokio::time::sleep(Duration::from_secs((61 - second) as u64)).await;
    }
}

#[tokio::test]
async fn two_serve_processes_share_sessions_and_the_login_limit() {
    // The app makes (and on PostgreSQL creates) the database; two real processes then serve it.
    let app = spawn().await;
    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    let mut processes = Vec::new();
    let mut bases = Vec::new();
    for _ in 0..2 {
        let port = free_port();
        let child = Command::new(BIN)
            .arg("serve")
            .env("TOWNBOARD_DATABASE_URL", app.database_url())
            .env("TOWNBOARD_DATA_DIR", &app.state.config.data_dir)
            .env("TOWNBOARD_BIND", format!("127.0.0.1:{port}"))
            .env("TOWNBOARD_LOGIN_LIMIT_PER_MINUTE", "4")
            .env("TOWNBOARD_LOG", "warn")
            .stdout(Stdio::null())
            .spawn()
            .expect("the server starts");
        processes.push(Running(child));
        bases.push(format!("http://127.0.0.1:{port}"));
    }
    for base in &bases {
        wait_healthy(&http, base).await;
    }
    let (a, b) = (&bases[0], &bases[1]);
    early_in_a_minute().await;
    // A session made on one process is used on the other.
    let cookie = login(&http, a, "admin", common::ADMIN_PW).await;
    let changed = call(
        &http,
        "POST",
        format!("{b}/api/account/mypage/jsonChangePassword.do"),
        &[("cookie", &cookie)],
        &json!({ "currentPassword": common::ADMIN_PW, "newPassword": NEW_PW }).to_string(),
    )
    .await;
    assert_eq!(json_of(&changed)["code"], 0, "{:?}", changed.body);
    // Attempts on both processes count against one limit.
    for base in [b, a, b] {
        let (answer, _) = try_login(&http, base, "nobody", "Wrong-Pass-0000").await;
        assert_ne!(answer["code"], 10429, "not yet limited: {answer}");
    }
    let (answer, _) = try_login(&http, a, "admin", NEW_PW).await;
    assert_eq!(answer["code"], 10429, "the fifth attempt of the minute, on either process: {answer}");
    for running in &processes {
        assert!(Command::new("kill").args(["-TERM", &running.0.id().to_string()]).status().unwrap().success());
    }
    for running in &mut processes {
        assert_eq!(exit_code(&mut running.0).await, Some(0));
    }
}

/// PostgreSQL's dead row versions of a table written over and over are cleared by the process,
/// whatever the server's autovacuum: the table is vacuumed once its dead versions pass a tenth of
/// its rows, and not again while they do not. SQLite has none to clear.
#[tokio::test]
async fn a_table_rewritten_over_and_over_is_vacuumed() {
    use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};
    use townboard_server::db::vacuum;
    let app = spawn().await;
    let db = &app.state.db;
    if db.get_database_backend() != DatabaseBackend::Postgres {
        assert!(vacuum::sweep(db).await.unwrap().is_empty());
        return;
    }
    // One simple query, one transaction; its backend's counts handed over as soon as it is done.
    db.execute_unprepared(
        "CREATE TABLE rewritten (id integer PRIMARY KEY, n integer NOT NULL); \
         INSERT INTO rewritten SELECT i, 0 FROM generate_series(1, 2000) AS i; \
         UPDATE rewritten SET n = n + 1; UPDATE rewritten SET n = n + 1; \
         SELECT pg_stat_force_next_flush();",
    )
    .await
    .unwrap();
    // (dead versions, vacuums run) of the table.
    let counts = || async {
        let sql = "SELECT n_dead_tup, vacuum_count FROM pg_stat_user_tables WHERE relname = 'rewritten'";
        let row = db.query_one_raw(Statement::from_string(DatabaseBackend::Postgres, sql)).await.unwrap().unwrap();
        (row.try_get_by_index::<i64>(0).unwrap(), row.try_get_by_index::<i64>(1).unwrap())
    };
    // Swept here, or by the process's own round (every 10 s) if that came first.
    let mut vacuums = 0;
    for _ in 0..100 {
        vacuum::sweep(db).await.unwrap();
        vacuums = counts().await.1;
        if vacuums > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(vacuums > 0, "the table with 4,000 dead versions of 2,000 rows was not vacuumed");
    assert_eq!(counts().await.0, 0, "the vacuum left dead versions");
    assert!(!vacuum::sweep(db).await.unwrap().contains(&"rewritten".to_string()), "a table without dead versions is vacuumed again");
}
