//! A `kill -9` in the middle of a burst of proof-of-play writes and heartbeats loses no
//! acknowledged write: the real binary on a SQLite file, killed while batches and beats are in
//! flight, then read back.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use sea_orm::{ActiveValue::Set, EntityTrait, PaginatorTrait, QuerySelect};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use townboard_server::db::entity::{device, media, poi, pop_media_day, pop_pending};

type Http = Client<hyper_util::client::legacy::connect::HttpConnector, Full<Bytes>>;

async fn post(http: &Http, url: String, token: Option<&str>, body: Value) -> Result<Value, String> {
    let mut req = hyper::Request::post(url).header("content-type", "application/json");
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let res = http.request(req.body(Full::new(Bytes::from(body.to_string()))).unwrap()).await.map_err(|e| e.to_string())?;
    let bytes = res.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    serde_json::from_slice(&bytes).map_err(|e| e.to_string())
}

fn start(dir: &std::path::Path, port: u16) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_townboard"))
        .arg("serve")
        .env("TOWNBOARD_DATA_DIR", dir)
        .env("TOWNBOARD_BIND", format!("127.0.0.1:{port}"))
        .env("TOWNBOARD_ADMIN_PASSWORD", "Durable-Pass-2026")
        .env("TOWNBOARD_LOG", "warn")
        .spawn()
        .expect("the server starts")
}

async fn wait_healthy(http: &Http, port: u16) {
    for _ in 0..100 {
        let req = hyper::Request::get(format!("http://127.0.0.1:{port}/healthz")).body(Full::new(Bytes::new())).unwrap();
        if http.request(req).await.is_ok_and(|r| r.status() == 200) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the server did not become healthy");
}

#[tokio::test]
async fn kill_9_loses_no_acknowledged_write() {
    let dir = std::env::temp_dir().join(format!("tb_durable_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.join("townboard.db").display());
    let port = 20000 + (std::process::id() % 20000) as u16;

    // A site with one screen on one device, written before the server starts.
    let db = townboard_server::db::connect(&url).await.unwrap().write;
    townboard_server::db::prepare(&db, Some("Durable-Pass-2026")).await.unwrap();
    let now = chrono::Utc::now();
    let site = poi::Entity::insert(poi::ActiveModel {
        poi_nm: Set("내구성 아파트".into()),
        c_id: Set(1),
        poi_status: Set(1),
        road_addr: Set("서울".into()),
        rgn_cd: Set("1168000000".into()),
        open_time: Set("00:00".into()),
        close_time: Set("23:59".into()),
        dong_cnt: Set(1),
        da_cnt: Set(100),
        media_grade: Set("A".into()),
        display_num: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&db)
    .await
    .unwrap()
    .last_insert_id;
    let dvc = device::Entity::insert(device::ActiveModel {
        dvc_nm: Set("d".into()),
        dvc_sn_num: Set("DURABLE-1".into()),
        os_type: Set("AND".into()),
        wrhs_dt: Set("2026-01-01".into()),
        erp_cd: Set(String::new()),
        device_status: Set(1),
        size: Set(55),
        resolution: Set("FHD".into()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&db)
    .await
    .unwrap()
    .last_insert_id;
    media::Entity::insert(media::ActiveModel {
        media_nm: Set("화면".into()),
        c_id: Set(1),
        poi_id: Set(site),
        dvc_idx: Set(Some(dvc)),
        os_type: Set("AND".into()),
        media_status: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&db)
    .await
    .unwrap();
    db.close().await.unwrap();

    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    let mut server = start(&dir, port);
    wait_healthy(&http, port).await;
    let base = format!("http://127.0.0.1:{port}");
    let reg = post(&http, format!("{base}/api/player/v1/register"), None, json!({ "dvcSnNum": "DURABLE-1", "ssaid": "s", "osType": "AND" })).await.unwrap();
    let token = reg["data"]["deviceToken"].as_str().unwrap().to_string();
    let date = townboard_server::time::today(now).format("%Y-%m-%d").to_string();

    // Four writers send batches of one play each; every acknowledged batch id is remembered.
    let acked: Arc<Mutex<Vec<String>>> = Arc::default();
    let mut writers = Vec::new();
    for w in 0..4 {
        let (http, base, token, date, acked) = (http.clone(), base.clone(), token.clone(), date.clone(), acked.clone());
        writers.push(tokio::spawn(async move {
            for n in 0..100_000 {
                let id = format!("w{w}-{n}");
                let batch = json!({ "batchId": id, "date": date, "hour": 1, "items": [{ "cmpgId": 1, "matId": 1, "slotType": 1, "plays": 1, "seconds": 15 }] });
                match post(&http, format!("{base}/api/player/v1/pop"), Some(&token), batch).await {
                    Ok(answer) if answer["code"] == 0 && answer["data"]["counted"] == true => acked.lock().unwrap().push(id),
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
        }));
    }
    // A screen beats as fast as it is answered, each beat naming its number; the last answered one
    // is remembered.
    let last_beat: Arc<Mutex<Option<u64>>> = Arc::default();
    {
        let (http, base, token, last_beat) = (http.clone(), base.clone(), token.clone(), last_beat.clone());
        writers.push(tokio::spawn(async move {
            for n in 0..1_000_000u64 {
                let beat = json!({ "status": "ok", "playerVersion": format!("beat-{n}"), "scheduleVersion": "" });
                match post(&http, format!("{base}/api/player/v1/heartbeat"), Some(&token), beat).await {
                    Ok(answer) if answer["code"] == 0 => *last_beat.lock().unwrap() = Some(n),
                    Ok(_) => {}
                    Err(_) => break,
                }
            }
        }));
    }
    tokio::time::sleep(Duration::from_millis(1500)).await;
    server.kill().expect("SIGKILL");
    server.wait().unwrap();
    for w in writers {
        w.await.unwrap();
    }
    let acknowledged = acked.lock().unwrap().len() as i64;
    assert!(acknowledged > 50, "the burst was under way ({acknowledged} acknowledged)");

    // After a restart every acknowledged play is there, and a resend of one still counts once.
    let mut server = start(&dir, port);
    wait_healthy(&http, port).await;
    let resend = json!({ "batchId": "w0-0", "date": date, "hour": 1, "items": [{ "cmpgId": 1, "matId": 1, "slotType": 1, "plays": 1, "seconds": 15 }] });
    let again = post(&http, format!("{base}/api/player/v1/pop"), Some(&token), resend).await.unwrap();
    assert_eq!(again["data"]["counted"], false);
    // What the stopped run left pending is folded into the rollups on its own after the restart.
    let db = townboard_server::db::connect(&url).await.unwrap().write;
    let pending = || pop_pending::Entity::find().count(&db);
    for _ in 0..100 {
        if pending().await.unwrap() == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(pending().await.unwrap(), 0, "the batches left pending were folded after the restart");
    server.kill().ok();
    server.wait().ok();
    let plays: Vec<i64> = pop_media_day::Entity::find().select_only().column(pop_media_day::Column::Plays).into_tuple().all(&db).await.unwrap();
    let stored: i64 = plays.iter().sum();
    // A write can be committed in the instant before its answer is lost: stored >= acknowledged.
    assert!(stored >= acknowledged, "stored {stored} < acknowledged {acknowledged}");
    assert!(stored <= acknowledged + 4, "at most one unanswered commit per writer ({stored} vs {acknowledged})");
    // The screen's beat row holds its last answered beat, or one sent after it.
    let answered = last_beat.lock().unwrap().expect("beats were answered");
    let screen = townboard_server::db::entity::media_beat::Entity::find().one(&db).await.unwrap().expect("the screen's beat row");
    let kept: u64 = screen.player_version.strip_prefix("beat-").and_then(|n| n.parse().ok()).expect("a beat was written");
    assert!(kept >= answered, "beat {answered} was answered but the row holds beat {kept}");
    db.close().await.ok();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The writer never checkpoints SQLite's log, yet what it commits soon reaches the database file
/// itself (read here by a connection that ignores the log).
#[tokio::test]
async fn sqlite_log_is_checkpointed_beside_the_writer() {
    use sea_orm::ConnectionTrait;
    use sea_orm::sqlx::{Connection, SqliteConnection};
    let dir = std::env::temp_dir().join(format!("tb_checkpoint_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("checkpointed.db");
    let pools = townboard_server::db::connect(&format!("sqlite://{}?mode=rwc", path.display())).await.unwrap();
    pools.write.execute_unprepared("CREATE TABLE written (v INTEGER)").await.unwrap();
    pools.write.execute_unprepared("INSERT INTO written VALUES (42)").await.unwrap();
    for _ in 0..50 {
        let mut file_only = SqliteConnection::connect(&format!("sqlite://{}?immutable=true", path.display())).await.unwrap();
        let found: Option<i64> = sea_orm::sqlx::query_scalar("SELECT v FROM written").fetch_optional(&mut file_only).await.ok().flatten();
        if found == Some(42) {
            let _ = std::fs::remove_dir_all(&dir);
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the committed row did not reach the database file within 5 s");
}
