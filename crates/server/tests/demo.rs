//! `townboard seed-demo` as an operator runs it: the real binary on a new database (SQLite, or
//! PostgreSQL with `TOWNBOARD_TEST_BACKEND=postgres`). Every role gets a login that works with
//! the demo password and sees data; a second run changes nothing; a database holding anything
//! the demo did not make is left as it was, with the reason told.

mod common;

use common::campaigns::ok;
use common::{ADMIN_PW, Answer, TestApp, spawn_with};
use sea_orm::{ConnectionTrait, Database, DatabaseConnection, EntityTrait, PaginatorTrait};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::process::{Command, Output};
use townboard_server::config::Secret;
use townboard_server::db::entity::{
    board_post, campaign, campaign_history, corp, env, job, material, material_file, media, plan, poi, point_ledger, pop_daily, settlement_month, user,
};

const DEMO_PW: &str = "Demo-Test-Pass-2026";

/// A database for the binary: a new SQLite file, or a new PostgreSQL database.
struct Target {
    url: String,
    dir: PathBuf,
    pg: Option<(String, String)>,
}

impl Target {
    async fn new(tag: &str) -> Target {
        let name = format!("tb_demo_{tag}_{}_{}", std::process::id(), chrono::Utc::now().timestamp_micros() % 1_000_000);
        let dir = std::env::temp_dir().join(&name);
        std::fs::create_dir_all(&dir).unwrap();
        if std::env::var("TOWNBOARD_TEST_BACKEND").as_deref() == Ok("postgres") {
            let server = std::env::var("TOWNBOARD_TEST_PG").expect("TOWNBOARD_TEST_PG names the PostgreSQL server").trim_end_matches('/').to_string();
            let admin = Database::connect(format!("{server}/postgres")).await.expect("PostgreSQL answers");
            admin.execute_unprepared(&format!("CREATE DATABASE {name}")).await.unwrap();
            admin.close().await.ok();
            Target { url: format!("{server}/{name}"), dir, pg: Some((server, name)) }
        } else {
            Target { url: format!("sqlite://{}?mode=rwc", dir.join("townboard.db").display()), dir, pg: None }
        }
    }

    /// `townboard seed-demo` on this database, as `serve` would find it.
    fn seed_demo(&self) -> Output {
        Command::new(env!("CARGO_BIN_EXE_townboard"))
            .arg("seed-demo")
            .env("TOWNBOARD_DATABASE_URL", &self.url)
            .env("TOWNBOARD_DATA_DIR", &self.dir)
            .env("TOWNBOARD_DEMO_PASSWORD", DEMO_PW)
            .env("TOWNBOARD_ADMIN_PASSWORD", ADMIN_PW)
            .env_remove("TOWNBOARD_CLOCK_OFFSET")
            .env_remove("TOWNBOARD_LOG")
            .output()
            .expect("the binary runs")
    }

    /// The application over this database, in process.
    async fn app(&self) -> TestApp {
        let (url, dir) = (self.url.clone(), self.dir.clone());
        spawn_with(move |c| {
            c.database_url = Secret(url);
            c.data_dir = dir;
        })
        .await
    }
}

impl Drop for Target {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
        if let Some((server, name)) = self.pg.take() {
            common::drop_database(server, name);
        }
    }
}

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// The `demo-login <roleCd> <uId>` lines.
fn logins(out: &Output) -> Vec<(i64, String)> {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter_map(|l| l.strip_prefix("demo-login "))
        .map(|rest| {
            let (role, u_id) = rest.split_once(' ').expect("demo-login <roleCd> <uId>");
            (role.parse().expect("a role code"), u_id.to_string())
        })
        .collect()
}

/// Row counts of what a seed writes, the application's own tables among them.
async fn tally(db: &DatabaseConnection) -> Vec<(&'static str, u64)> {
    vec![
        ("corp", corp::Entity::find().count(db).await.unwrap()),
        ("users", user::Entity::find().count(db).await.unwrap()),
        ("poi", poi::Entity::find().count(db).await.unwrap()),
        ("media", media::Entity::find().count(db).await.unwrap()),
        ("material", material::Entity::find().count(db).await.unwrap()),
        ("material_file", material_file::Entity::find().count(db).await.unwrap()),
        ("campaign", campaign::Entity::find().count(db).await.unwrap()),
        ("campaign_history", campaign_history::Entity::find().count(db).await.unwrap()),
        ("point_ledger", point_ledger::Entity::find().count(db).await.unwrap()),
        ("plan", plan::Entity::find().count(db).await.unwrap()),
        ("pop_daily", pop_daily::Entity::find().count(db).await.unwrap()),
        ("settlement_month", settlement_month::Entity::find().count(db).await.unwrap()),
        ("board_post", board_post::Entity::find().count(db).await.unwrap()),
        ("job", job::Entity::find().count(db).await.unwrap()),
        ("env", env::Entity::find().count(db).await.unwrap()),
    ]
}

/// A list a user of `role` reads: the screen of their daily work.
fn work_list(role: i64) -> &'static str {
    match role {
        10004 => "/api/media/media/jsonList.do",
        10007 => "/api/media/media/jsonList.do",
        10008 => "/api/board/image/jsonList.do",
        10009 => "/api/cmpgphoto/cmpgphoto/jsonList.do",
        _ => "/api/campaign/run/jsonList.do",
    }
}

fn total(answer: &Answer) -> i64 {
    ok(answer)["totalCount"].as_i64().unwrap_or(0)
}

/// What the manager sees: campaigns in every list, screens, encoded materials, proof of play, a
/// closed month.
async fn manager_sees_a_living_network(app: &TestApp, db: &DatabaseConnection) {
    for list in ["temp", "request", "run", "end"] {
        assert!(total(&app.post(&format!("/api/campaign/{list}/jsonList.do"), json!({})).await) > 0, "the {list} list is empty");
    }
    let mut statuses: Vec<i32> = campaign::Entity::find().all(db).await.unwrap().iter().map(|c| c.cmpg_status).collect();
    statuses.sort_unstable();
    statuses.dedup();
    assert_eq!(statuses, [0, 3, 21, 24, 27, 30, 40, 50, 60, 99], "campaigns in every stored status");
    assert!(total(&app.post("/api/media/media/jsonList.do", json!({})).await) >= 20);
    let groups = ok(&app.post("/api/media/mediagroup/jsonList.do", json!({ "pageSize": 100 })).await).clone();
    let mut templates: Vec<i64> = groups["list"].as_array().unwrap().iter().map(|g| g["templateType"].as_i64().unwrap()).collect();
    templates.sort_unstable();
    templates.dedup();
    assert_eq!(templates, [0, 1, 2, 3, 4], "groups of every template type");

    let materials = ok(&app.post("/api/campaign/material/jsonList.do", json!({ "matStatus": 1, "pageSize": 100 })).await).clone();
    let first = materials["list"][0]["matId"].as_i64().expect("approved materials");
    let detail = ok(&app.post("/api/campaign/material/jsonDetail.do", json!({ "matId": first })).await).clone();
    assert!(detail["files"]["sd"].is_string(), "encoded by the transcoding job: {detail}");
    let (status, _, bytes) = app.get_bytes(detail["files"]["sd"].as_str().unwrap()).await;
    assert_eq!(status, 200);
    assert!(!bytes.is_empty());

    let live = ok(&app.post("/api/campaign/run/jsonList.do", json!({ "pageSize": 100 })).await).clone();
    let played = live["list"].as_array().unwrap().iter().filter_map(|c| c["cmpgId"].as_i64()).collect::<Vec<_>>();
    let mut plays = 0;
    for cmpg_id in played {
        plays += ok(&app.post("/api/campaign/report/jsonList.do", json!({ "cmpgId": cmpg_id })).await)["sum"]["plays"].as_i64().unwrap_or(0);
    }
    assert!(plays > 0, "live campaigns have proof of play");
    let months = ok(&app.post("/api/settlement/closing/jsonList.do", json!({})).await).clone();
    assert!(months["list"].as_array().unwrap().iter().any(|m| m["status"] == 1), "a closed month: {months}");
    let today = townboard_server::time::today(app.state.clock.now()).format("%Y-%m-%d").to_string();
    let running = groups["list"].as_array().unwrap().iter().find(|g| g["mediaGroupStatus"] == 0).expect("a running group");
    let mg_id = running["mgId"].clone();
    let plan = ok(&app.post("/api/schedule/schedule/jsonDaily.do", json!({ "mgId": mg_id, "date": today })).await).clone();
    assert!(!plan["loop"].as_array().unwrap().is_empty(), "this week's loops: {plan}");
    // Urgent messages are short, as real ones are: none holds the screens for more than a few hours.
    let urgent = ok(&app.post("/api/content/urgentMsg/jsonList.do", json!({ "pageSize": 100 })).await).clone();
    let at = |t: &Value| chrono::NaiveDateTime::parse_from_str(t.as_str().unwrap(), "%Y-%m-%d %H:%M:%S").unwrap();
    for m in urgent["list"].as_array().unwrap() {
        assert!(at(&m["endAt"]) - at(&m["startAt"]) <= chrono::Duration::hours(4), "a long urgent message: {m}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeds_every_role_and_a_second_run_changes_nothing() {
    let target = Target::new("seed").await;
    let first = target.seed_demo();
    assert!(first.status.success(), "seed-demo failed:\n{}", text(&first));
    let announced = logins(&first);
    let mut roles: Vec<i64> = announced.iter().map(|(r, _)| *r).collect();
    roles.sort_unstable();
    roles.dedup();
    assert_eq!(roles, (10001..=10010).collect::<Vec<_>>(), "a login for every role: {announced:?}");

    let app = target.app().await;
    for (role, u_id) in &announced {
        app.set_cookie(None);
        let login = app.try_login(u_id, DEMO_PW, None).await;
        assert_eq!(login.code(), 0, "{u_id}: {:?}", login.body);
        assert_eq!(login.data()["user"]["initPwdYn"], "N", "{u_id} need not change the password");
        assert_eq!(login.data()["user"]["roleCd"], *role, "{u_id}");
        let menu = app.post("/api/system/menu/jsonUserMenu.do", json!({})).await;
        assert!(!ok(&menu).as_array().unwrap().is_empty(), "{u_id} has a menu");
        let path = work_list(*role);
        assert!(total(&app.post(path, json!({})).await) > 0, "{u_id} ({role}) sees nothing in {path}");
        if *role == 10001 {
            manager_sees_a_living_network(&app, &app.state.db).await;
        }
    }
    app.set_cookie(None);

    let before = tally(&app.state.db).await;
    let second = target.seed_demo();
    assert!(second.status.success(), "a second run on the demo's own data:\n{}", text(&second));
    assert_eq!(logins(&second), announced, "the same logins");
    assert_eq!(tally(&app.state.db).await, before, "a second run changes nothing");

    // Someone adds a corp: the database holds data the demo did not make.
    let manager = announced.iter().find(|(r, _)| *r == 10001).unwrap().1.clone();
    assert_eq!(app.try_login(&manager, DEMO_PW, None).await.code(), 0);
    let corp = json!({ "cName": "새 매체사", "cRep": "대표", "cBizNo": "9999999999", "cType": 1, "cPayType": 2, "roleCd": 10004, "cStatus": 1 });
    ok(&app.post("/api/account/corp/jsonSave.do", corp).await);
    let with_corp = tally(&app.state.db).await;
    let refused = target.seed_demo();
    assert!(!refused.status.success(), "data the demo did not make:\n{}", text(&refused));
    assert!(text(&refused).contains("did not make"), "{}", text(&refused));
    assert!(logins(&refused).is_empty());
    assert_eq!(tally(&app.state.db).await, with_corp, "a refused run changes nothing");
}

#[tokio::test]
async fn a_database_with_other_data_is_left_alone() {
    let target = Target::new("foreign").await;
    let app = target.app().await;
    app.create_user("someone", 10006, 3).await;
    let before = tally(&app.state.db).await;
    let refused = target.seed_demo();
    assert!(!refused.status.success(), "seed-demo filled a used database:\n{}", text(&refused));
    assert!(text(&refused).contains("did not make"), "{}", text(&refused));
    assert!(logins(&refused).is_empty());
    assert_eq!(tally(&app.state.db).await, before, "nothing changed");
    let marker = env::Entity::find().all(&app.state.db).await.unwrap();
    assert!(marker.iter().all(|e| e.env_key != "DEMO_DATA"), "no demo mark on someone else's data");
}
