//! A fresh application per test over a real database: a new SQLite file, or a new PostgreSQL
//! database when `TOWNBOARD_TEST_BACKEND=postgres` (server from `TOWNBOARD_TEST_PG`).
#![allow(dead_code)]

pub mod campaigns;
pub mod media;
pub mod video;

use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode, header};
use base64::Engine;
use chrono::Utc;
use sea_orm::{ActiveValue::Set, ConnectionTrait, Database, EntityTrait};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use tower::ServiceExt;
use townboard_server::auth::keys::LoginKey;
use townboard_server::config::Config;
use townboard_server::db::entity::{corp, user};
use townboard_server::state::AppState;

pub const ADMIN_PW: &str = "Admin-Test-Pass1";
pub const NEW_PW: &str = "Changed-Pass-2026";
/// A whole PNG of one transparent pixel.
pub const TINY_PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR\0\0\0\x01\0\0\0\x01\x08\x06\0\0\0\x1f\x15\xc4\x89\0\0\0\x0aIDAT\x78\x9c\x63\0\x01\0\0\x05\0\x01\x0d\x0a\x2d\xb4\0\0\0\0IEND\xaeB`\x82";
static COUNTER: AtomicU32 = AtomicU32::new(0);

pub struct TestApp {
    pub state: AppState,
    router: Router,
    cookie: Mutex<Option<String>>,
    dir: PathBuf,
    pg: Option<(String, String)>,
    url: String,
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["code"].as_i64().unwrap_or(i64::MIN)
    }
    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
}

/// A name no other test's database or directory takes.
pub fn unique_name() -> String {
    format!("tb_test_{}_{}_{}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed), Utc::now().timestamp_micros() % 1_000_000)
}

pub async fn spawn() -> TestApp {
    spawn_with(|_| {}).await
}

pub async fn spawn_with(tune: impl FnOnce(&mut Config)) -> TestApp {
    let name = unique_name();
    let dir = std::env::temp_dir().join(&name);
    std::fs::create_dir_all(dir.join("web")).unwrap();
    std::fs::write(dir.join("web/index.html"), "<!doctype html><div id=\"app\"></div>").unwrap();
    let (url, pg) = prepared_database(&name, &dir).await;
    let mut config = Config::for_tests(url.clone(), dir.clone());
    tune(&mut config);
    let state = townboard_server::boot::start(config).await.expect("app starts");
    let router = townboard_server::app::router(state.clone());
    TestApp { state, router, cookie: Mutex::new(None), dir, pg, url }
}

/// The address of a database named `name` for a server to start on, and the PostgreSQL server and
/// database to drop after. On PostgreSQL it is a copy of the database this build of the server
/// prepared once ([`pg_template`]): preparing an empty database there (`boot::prepare`: every
/// statement of the schema, the seed, the lists' indexes) took most of a test's setup. On SQLite,
/// where a copy saved nothing measurable, an empty file.
pub async fn prepared_database(name: &str, dir: &std::path::Path) -> (String, Option<(String, String)>) {
    let Some(server) = pg_server() else {
        return empty_database(name, dir).await;
    };
    let template = pg_template(&server).await;
    create_pg_database(server, name, &format!("TEMPLATE {template}")).await
}

/// The PostgreSQL server of the tests, when they run on PostgreSQL.
fn pg_server() -> Option<String> {
    (std::env::var("TOWNBOARD_TEST_BACKEND").as_deref() == Ok("postgres")).then(|| {
        let server = std::env::var("TOWNBOARD_TEST_PG").expect("TOWNBOARD_TEST_PG names the PostgreSQL server");
        server.trim_end_matches('/').to_string()
    })
}

/// The PostgreSQL database this build of the server prepared, that tests' databases are copied
/// from. A build is told by the server binary cargo builds with the tests (its size and time), so
/// a template never outlives a change to the schema or the seed. The first test process to ask
/// makes it under an advisory lock while the others wait, and drops the templates of other
/// builds; it is made under another name and renamed when whole.
async fn pg_template(server: &str) -> String {
    use sea_orm::{ConnectOptions, DatabaseBackend, Statement};
    static MADE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    if let Some(name) = MADE.get() {
        return name.clone();
    }
    let binary = std::fs::metadata(env!("CARGO_BIN_EXE_townboard")).expect("the server binary is built with the tests");
    let built = binary.modified().unwrap().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos();
    let name = format!("tb_template_{:x}_{built:x}", binary.len());
    // One connection: the advisory lock belongs to the session that takes it.
    let mut options = ConnectOptions::new(format!("{server}/postgres"));
    options.max_connections(1).sqlx_logging(false);
    let admin = Database::connect(options).await.expect("PostgreSQL answers");
    let query = |sql: String| Statement::from_string(DatabaseBackend::Postgres, sql);
    admin.execute_unprepared("SELECT pg_advisory_lock(7236003)").await.unwrap();
    let made = admin.query_one_raw(query(format!("SELECT 1 FROM pg_database WHERE datname = '{name}'"))).await.unwrap().is_some();
    if !made {
        for row in admin.query_all_raw(query(r"SELECT datname FROM pg_database WHERE datname LIKE 'tb\_template\_%'".into())).await.unwrap() {
            let other: String = row.try_get_by_index(0).unwrap();
            admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {other} WITH (FORCE)")).await.ok();
        }
        let part = format!("{name}_part");
        admin.execute_unprepared(&format!("CREATE DATABASE {part}")).await.unwrap();
        let pools = townboard_server::db::connect(&format!("{server}/{part}")).await.expect("the template connects");
        townboard_server::boot::prepare(&pools.write, Some(ADMIN_PW)).await.expect("the template is prepared");
        pools.read.close().await.ok();
        pools.write.close().await.ok();
        if let Some(planned) = pools.planned {
            planned.close().await.ok();
        }
        // A closed connection's server process may take a moment to end; renaming waits for none.
        let mut attempts = 0;
        while let Err(e) = admin.execute_unprepared(&format!("ALTER DATABASE {part} RENAME TO {name}")).await {
            attempts += 1;
            assert!(attempts < 100, "the template is still in use: {e}");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
    }
    admin.execute_unprepared("SELECT pg_advisory_unlock(7236003)").await.unwrap();
    admin.close().await.ok();
    MADE.get_or_init(|| name).clone()
}

/// The address of a new empty database named `name` on the tests' backend (a file in `dir` on
/// SQLite), and the PostgreSQL server and database to drop after.
pub async fn empty_database(name: &str, dir: &std::path::Path) -> (String, Option<(String, String)>) {
    match pg_server() {
        Some(server) => create_pg_database(server, name, "").await,
        None => (format!("sqlite://{}?mode=rwc", dir.join("test.db").display()), None),
    }
}

/// Creates the database `name` on the PostgreSQL `server` (`with`: what follows the name in
/// `CREATE DATABASE`); its address, and the server and database to drop after.
async fn create_pg_database(server: String, name: &str, with: &str) -> (String, Option<(String, String)>) {
    let admin = Database::connect(format!("{server}/postgres")).await.expect("PostgreSQL answers");
    admin.execute_unprepared(&format!("CREATE DATABASE {name} {with}")).await.unwrap();
    admin.close().await.ok();
    (format!("{server}/{name}"), Some((server, name.to_string())))
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some((server, name)) = self.pg.take() {
            drop_database(server, name);
        }
    }
}

/// Drops a test's PostgreSQL database from a thread of its own (the app's pool belongs to the
/// test's runtime; FORCE ends its connections).
pub fn drop_database(server: String, name: String) {
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        rt.block_on(async move {
            if let Ok(admin) = Database::connect(format!("{server}/postgres")).await {
                admin.execute_unprepared(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await.ok();
            }
        });
    })
    .join()
    .ok();
}

/// A `serve` process of the test's ([`TestApp::serve_process`]).
pub struct ServeProcess {
    pub child: std::process::Child,
    pub base: String,
}

impl Drop for ServeProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl TestApp {
    /// Serves the app on a local port for clients over real HTTP; its base URL.
    pub async fn serve(&self) -> String {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let router = self.router.clone();
        tokio::spawn(townboard_server::connection::serve(listener, router, std::future::pending()).into_future());
        format!("http://{addr}")
    }

    /// Another server process on the same database (its own caches, clock and files).
    pub async fn second_instance(&self) -> TestApp {
        let dir = std::env::temp_dir().join(unique_name());
        std::fs::create_dir_all(dir.join("web")).unwrap();
        let state = townboard_server::boot::start(Config::for_tests(self.url.clone(), dir.clone())).await.expect("second instance starts");
        let router = townboard_server::app::router(state.clone());
        TestApp { state, router, cookie: Mutex::new(None), dir, pg: None, url: self.url.clone() }
    }

    /// Another server process on the same database and the same file store, as several `serve`
    /// processes are deployed; `tune` sets its configuration.
    pub async fn peer_with(&self, tune: impl FnOnce(&mut Config)) -> TestApp {
        let mut config = Config::for_tests(self.url.clone(), self.state.config.data_dir.clone());
        tune(&mut config);
        let state = townboard_server::boot::start(config).await.expect("peer starts");
        let router = townboard_server::app::router(state.clone());
        // Its own scratch directory, so that dropping the peer leaves the shared files alone.
        let dir = std::env::temp_dir().join(unique_name());
        TestApp { state, router, cookie: Mutex::new(None), dir, pg: None, url: self.url.clone() }
    }

    pub fn database_url(&self) -> &str {
        &self.url
    }

    /// A real `serve` process on the same database and files (its own memory, as deployed): its
    /// base URL once it takes connections. It is killed when dropped.
    pub async fn serve_process(&self) -> ServeProcess {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = std::process::Command::new(env!("CARGO_BIN_EXE_townboard"))
            .arg("serve")
            .env("TOWNBOARD_DATABASE_URL", self.database_url())
            .env("TOWNBOARD_DATA_DIR", &self.state.config.data_dir)
            .env("TOWNBOARD_BIND", format!("127.0.0.1:{port}"))
            .env("TOWNBOARD_LOG", "warn")
            .stdout(std::process::Stdio::null())
            .spawn()
            .expect("the server starts");
        let process = ServeProcess { child, base: format!("http://127.0.0.1:{port}") };
        for _ in 0..300 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return process;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the server process takes no connection");
    }

    pub async fn request(&self, method: Method, path: &str, headers: &[(&str, &str)], body: Vec<u8>) -> (StatusCode, HeaderMap, Bytes) {
        let mut req = Request::builder().method(method).uri(path).header(header::HOST, "localhost");
        for (k, v) in headers {
            req = req.header(*k, *v);
        }
        if let Some(cookie) = self.cookie.lock().unwrap().clone() {
            req = req.header(header::COOKIE, cookie);
        }
        let res = self.router.clone().oneshot(req.body(Body::from(body)).unwrap()).await.unwrap();
        for value in res.headers().get_all(header::SET_COOKIE) {
            let text = value.to_str().unwrap();
            let pair = text.split(';').next().unwrap().to_string();
            *self.cookie.lock().unwrap() = if text.contains("Max-Age=0") { None } else { Some(pair) };
        }
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
        (status, headers, bytes)
    }

    pub async fn post_raw(&self, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Answer {
        let (status, headers, bytes) = self.request(Method::POST, path, headers, body.to_vec()).await;
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| panic!("{path} answered non-JSON: {}", String::from_utf8_lossy(&bytes)));
        Answer { status, headers, body }
    }

    /// A multipart save: the JSON `data` part and files as (part, file name, bytes).
    pub async fn post_multipart(&self, path: &str, data: Value, files: &[(&str, &str, &[u8])]) -> Answer {
        let boundary = "----townboard-test-boundary";
        let mut body = Vec::new();
        let mut part = |headers: String, content: &[u8]| {
            body.extend_from_slice(format!("--{boundary}\r\n{headers}\r\n\r\n").as_bytes());
            body.extend_from_slice(content);
            body.extend_from_slice(b"\r\n");
        };
        part("Content-Disposition: form-data; name=\"data\"\r\nContent-Type: application/json".into(), data.to_string().as_bytes());
        for (name, file_name, bytes) in files {
            part(format!("Content-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\nContent-Type: application/octet-stream"), bytes);
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let content_type = format!("multipart/form-data; boundary={boundary}");
        self.post_raw(path, &[("content-type", &content_type), ("x-requested-with", "XMLHttpRequest")], &body).await
    }

    pub async fn get_bytes(&self, path: &str) -> (StatusCode, HeaderMap, Bytes) {
        self.request(Method::GET, path, &[], vec![]).await
    }

    pub async fn post(&self, path: &str, body: Value) -> Answer {
        self.post_raw(path, &[("content-type", "application/json"), ("x-requested-with", "XMLHttpRequest")], body.to_string().as_bytes()).await
    }

    pub fn cookie(&self) -> Option<String> {
        self.cookie.lock().unwrap().clone()
    }

    pub fn set_cookie(&self, cookie: Option<String>) {
        *self.cookie.lock().unwrap() = cookie;
    }

    pub async fn credential(&self, uid: &str, pw: &str, ts: i64) -> (String, String) {
        let key = self.post("/api/jsonPublicKey.do", json!({})).await;
        let pem = key.data()["publicKey"].as_str().unwrap();
        let plain = json!({ "uId": uid, "uPw": pw, "ts": ts }).to_string();
        let cipher = LoginKey::encrypt_for_tests(pem, plain.as_bytes());
        (key.data()["keyId"].as_str().unwrap().to_string(), base64::engine::general_purpose::STANDARD.encode(cipher))
    }

    pub async fn try_login(&self, uid: &str, pw: &str, captcha: Option<&str>) -> Answer {
        let (key_id, credential) = self.credential(uid, pw, self.state.clock.now().timestamp_millis()).await;
        let mut body = json!({ "keyId": key_id, "credential": credential });
        if let Some(c) = captcha {
            body["captcha"] = json!(c);
        }
        self.post("/api/jsonLoginPrc.do", body).await
    }

    /// Logs in as admin and changes the initial password.
    pub async fn login_admin(&self) {
        let res = self.try_login("admin", ADMIN_PW, None).await;
        assert_eq!(res.code(), 0, "{:?}", res.body);
        let res = self.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": ADMIN_PW, "newPassword": NEW_PW })).await;
        assert_eq!(res.code(), 0, "{:?}", res.body);
    }

    /// Creates a corp of `role` with one approved user (initial password already changed) and logs in as them.
    pub async fn login_as_new_user(&self, uid: &str, role: i32, auth_type: i32) -> i64 {
        let u_idx = self.create_user(uid, role, auth_type).await;
        self.set_cookie(None);
        let res = self.try_login(uid, NEW_PW, None).await;
        assert_eq!(res.code(), 0, "{:?}", res.body);
        u_idx
    }

    pub async fn create_user(&self, uid: &str, role: i32, auth_type: i32) -> i64 {
        let now = Utc::now();
        let c = corp::Entity::insert(corp::ActiveModel {
            c_name: Set(format!("{uid} 회사")),
            c_rep: Set("대표".into()),
            c_biz_no: Set("9999999999".into()),
            c_status: Set(1),
            c_type: Set(1),
            c_pay_type: Set(2),
            role_cd: Set(role),
            platform: Set(1),
            created_at: Set(now),
            updated_at: Set(now),
            deleted_at: Set(None),
            ..Default::default()
        })
        .exec(&self.state.db)
        .await
        .unwrap();
        self.create_user_in(uid, c.last_insert_id, role, auth_type).await
    }

    /// One more approved user (initial password already changed) of an existing corp.
    pub async fn create_user_in(&self, uid: &str, c_id: i64, role: i32, auth_type: i32) -> i64 {
        user::Entity::insert(user_row(uid, c_id, role, auth_type, townboard_server::crypto::password::hash(NEW_PW).unwrap()))
            .exec(&self.state.db)
            .await
            .unwrap()
            .last_insert_id
    }
}

/// An approved user (initial password already changed) with the usual menus, hashed password
/// `u_pw`.
fn user_row(uid: &str, c_id: i64, role: i32, auth_type: i32, u_pw: String) -> user::ActiveModel {
    let now = Utc::now();
    user::ActiveModel {
        u_id: Set(uid.into()),
        u_id_key: Set(uid.to_lowercase()),
        u_name: Set(format!("{uid} 사용자")),
        u_pw: Set(u_pw),
        c_id: Set(c_id),
        role_cd: Set(role),
        u_status: Set(1),
        init_pwd_yn: Set("N".into()),
        auth_type: Set(auth_type),
        phone: Set(String::new()),
        email: Set(String::new()),
        show_content_menu: Set("Y".into()),
        show_board_menu: Set("Y".into()),
        show_img_board: Set("N".into()),
        show_mov_board: Set("Y".into()),
        platform: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// Adds `count` users of the admin's corp in one statement (a long list for tests of deep pages),
/// user `n` last logged in at `login(n)`; the table is analysed then, as one of that size would be
/// (PostgreSQL would otherwise plan for the few rows it last counted).
pub async fn add_users(app: &TestApp, count: i32, login: impl Fn(i32) -> Option<chrono::DateTime<Utc>>) {
    let rows = (0..count).map(|n| user::ActiveModel { last_login_at: Set(login(n)), ..user_row(&format!("long{n:04}"), 1, 9, 1, String::new()) });
    user::Entity::insert_many(rows).exec(&app.state.db).await.unwrap();
    app.state.db.execute_unprepared(r#"ANALYZE "users""#).await.unwrap();
}

/// Whether `sql` makes a list's marks: its one statement, or on SQLite the first of them.
pub fn makes_marks(sql: &str) -> bool {
    sql.contains(townboard_server::kept::marks::MADE)
}

/// Whether `sql` reads a list's marks (`makes_marks`, or on SQLite one of the statements after the
/// first).
pub fn reads_marks(sql: &str) -> bool {
    makes_marks(sql) || sql.contains(townboard_server::kept::marks::HOPPED)
}

/// Whether `sql` reads a page's ids from a mark.
pub fn from_a_mark(sql: &str) -> bool {
    sql.contains(r#""mark_id_""#) && !reads_marks(sql)
}

/// Adds common codes under `key`, numbered `numbers`, each ordered by `order` of its number, in
/// one statement (a long list for tests of deep pages).
pub async fn add_codes(app: &TestApp, key: &str, numbers: std::ops::Range<i32>, order: impl Fn(i32) -> i32) {
    use townboard_server::db::entity::common_code;
    let now = Utc::now();
    let rows = numbers.map(|n| common_code::ActiveModel {
        cd_key: Set(key.into()),
        cd_dist: Set("표식".into()),
        cd_code: Set(format!("M{n:04}")),
        cd_name: Set(format!("표식 {n:04}")),
        cd_detail: Set(String::new()),
        cd_order: Set(order(n)),
        use_yn: Set("Y".into()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    });
    common_code::Entity::insert_many(rows).exec(&app.state.db).await.unwrap();
}
