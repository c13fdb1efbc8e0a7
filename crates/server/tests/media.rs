//! Media area and the player API: sites, devices, groups, screens, commands, status from
//! heartbeats, proof of play and usage reports.

mod common;

use chrono::Duration;
use common::media::*;
use common::*;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde_json::{Value, json};
use townboard_server::db::entity::media_status_log;
use townboard_server::jobs::status;

#[tokio::test]
async fn sites_devices_groups_and_screens() {
    let app = spawn().await;
    app.login_admin().await;
    let bad = app
        .post(
            "/api/media/poi/jsonSave.do",
            json!({ "poiNm": "", "poiStatus": 9, "roadAddr": "", "rgnCd": "123", "openTime": "25:00", "closeTime": "x", "dongCnt": -1, "daCnt": 0 }),
        )
        .await;
    let fields = bad.data()["fieldErrors"].as_object().unwrap();
    for f in ["poiNm", "poiStatus", "roadAddr", "rgnCd", "openTime", "closeTime", "dongCnt"] {
        assert!(fields.contains_key(f), "{f} in {fields:?}");
    }
    let (poi_id, mg_id, media_id) = screen(&app, "SN-1").await;
    let in_seoul = app.post("/api/media/poi/jsonList.do", json!({ "rgnCd": "1100000000" })).await;
    assert_eq!(in_seoul.data()["totalCount"], 1);
    assert_eq!(app.post("/api/media/poi/jsonList.do", json!({ "rgnCd": "2600000000" })).await.data()["totalCount"], 0);

    let kapts = app.post("/api/data/kapt/jsonList.do", json!({ "kaptName": "헬리오" })).await;
    assert_eq!(kapts.data()["list"][0]["daCnt"], 9510);
    let from_kapt = app.post("/api/media/poi/jsonKaptSave.do", json!({ "kaptCode": "A13002001" })).await;
    let kapt_site = app.post("/api/media/poi/jsonDetail.do", json!({ "poiId": from_kapt.data()["poiId"] })).await;
    assert_eq!(kapt_site.data()["poiNm"], "헬리오시티");
    assert_eq!(kapt_site.data()["kaptCode"], "A13002001");
    assert_eq!(app.post("/api/data/rgn/jsonList.do", json!({})).await.data()["list"].as_array().unwrap().len(), 17);
    assert_eq!(app.post("/api/data/rgn/jsonList.do", json!({ "parentCd": "1100000000" })).await.data()["list"].as_array().unwrap().len(), 25);
    let (_, _, map) = app.get_bytes("/api/data/bcode/map").await;
    let map: Value = serde_json::from_slice(&map).unwrap();
    assert_eq!(map["data"]["1168000000"], "서울특별시 강남구");

    assert_eq!(app.post("/api/media/device/jsonSave.do", device("SN-1")).await.code(), 10409, "serials are unique");
    let dvc = app.post("/api/media/device/jsonList.do", json!({ "dvcSnNum": "SN-1" })).await;
    assert_eq!(dvc.data()["list"][0]["deviceStatus"], 1, "bound devices are in use");
    assert_eq!(dvc.data()["list"][0]["createrName"], "관리자");

    let detail = app.post("/api/media/media/jsonDetail.do", json!({ "mediaId": media_id })).await;
    assert_eq!(detail.data()["mgNm"], "1그룹");
    assert_eq!(detail.data()["mediaStatus"], status::OFF, "a new screen is off");
    let mut edit = json!({ "mediaId": media_id, "mediaNm": "화면 SN-1", "poiId": poi_id, "mgId": mg_id, "dvcIdx": detail.data()["dvcIdx"], "osType": "AND", "mediaStatus": status::ON });
    let refused = app.post("/api/media/media/jsonSave.do", edit.clone()).await;
    assert!(refused.data()["fieldErrors"]["mediaStatus"].is_string(), "status comes from heartbeats, not from a save");
    edit["mediaStatus"] = json!(status::OFF);
    assert_eq!(app.post("/api/media/media/jsonSave.do", edit).await.code(), 0, "the current status may be sent back");
    assert_eq!(detail.data()["poiNm"], "테스트 아파트");
    let group = app.post("/api/media/mediagroup/jsonDetail.do", json!({ "mgId": mg_id })).await;
    assert_eq!(group.data()["mediaCnt"], 1);

    // A second screen without a group, mapped in bulk; a screen of another site is refused.
    let d2 = app.post("/api/media/device/jsonSave.do", device("SN-2")).await;
    let m2 = app.post("/api/media/media/jsonSave.do", json!({ "mediaNm": "화면 2", "poiId": poi_id, "dvcIdx": d2.data()["dvcIdx"], "osType": "AND" })).await;
    let taken = app.post("/api/media/media/jsonSave.do", json!({ "mediaNm": "화면 3", "poiId": poi_id, "dvcIdx": d2.data()["dvcIdx"], "osType": "AND" })).await;
    assert!(taken.data()["fieldErrors"]["dvcIdx"].is_string(), "one screen per device");
    assert_eq!(app.post("/api/media/mediagroup/jsonBulkMapping.do", json!({ "mgId": mg_id, "mediaIds": [m2.data()["mediaId"]] })).await.code(), 0);
    assert_eq!(app.post("/api/media/mediagroup/jsonDetail.do", json!({ "mgId": mg_id })).await.data()["mediaCnt"], 2);
    let other =
        app.post("/api/media/media/jsonSave.do", json!({ "mediaNm": "다른 사이트", "poiId": from_kapt.data()["poiId"], "osType": "AND", "cId": 1 })).await;
    let refused = app.post("/api/media/mediagroup/jsonBulkMapping.do", json!({ "mgId": mg_id, "mediaIds": [other.data()["mediaId"]] })).await;
    assert_eq!(refused.code(), 10400);

    // Demolition on a future date, carried out by the sweep when the day comes.
    let tomorrow = (townboard_server::time::today(app.state.clock.now()) + Duration::days(1)).format("%Y-%m-%d").to_string();
    let demolish = app.post("/api/media/mediagroup/jsonDemolish.do", json!({ "mgId": mg_id, "demolishDate": tomorrow })).await;
    assert_eq!(demolish.data()["mediaGroupStatus"], 3);
    assert_eq!(app.post("/api/media/mediagroup/jsonDemolish.do", json!({ "mgId": mg_id, "demolishDate": "2000-01-01" })).await.code(), 10400);
    app.state.clock.advance(Duration::days(1));
    status::sweep(&app.state).await.unwrap();
    app.set_cookie(None);
    app.try_login("admin", NEW_PW, None).await;
    assert_eq!(app.post("/api/media/mediagroup/jsonDetail.do", json!({ "mgId": mg_id })).await.data()["mediaGroupStatus"], 2);
}

#[tokio::test]
async fn a_media_agent_sees_only_the_screens_of_their_corp() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    screen(&app, "SN-ADMIN").await;
    app.login_as_new_user("media1", 10004, 3).await;
    let own = app.post("/api/media/poi/jsonSave.do", site("우리 아파트")).await;
    assert_eq!(own.code(), 0, "{:?}", own.body);
    let d = app.post("/api/media/device/jsonSave.do", device("SN-OWN")).await;
    let m = app
        .post("/api/media/media/jsonSave.do", json!({ "mediaNm": "우리 화면", "poiId": own.data()["poiId"], "dvcIdx": d.data()["dvcIdx"], "osType": "AND" }))
        .await;
    assert_eq!(m.code(), 0, "{:?}", m.body);
    let foreign = app.post("/api/media/media/jsonSave.do", json!({ "mediaNm": "남의 화면", "poiId": own.data()["poiId"], "osType": "AND", "cId": 1 })).await;
    assert!(foreign.data()["fieldErrors"]["cId"].is_string(), "a screen belongs to its site's owner");
    let list = app.post("/api/media/media/jsonList.do", json!({})).await;
    assert_eq!(list.data()["totalCount"], 1);
    assert_eq!(list.data()["list"][0]["mediaNm"], "우리 화면");
    assert_eq!(app.post("/api/media/poi/jsonList.do", json!({})).await.data()["totalCount"], 1);
    app.set_cookie(admin);
    let all = app.post("/api/media/media/jsonList.do", json!({ "sortField": "mediaNm" })).await;
    assert_eq!(all.data()["totalCount"], 2);
    let theirs = all.data()["list"].as_array().unwrap().iter().find(|r| r["mediaNm"] != "우리 화면").unwrap()["mediaId"].clone();
    app.set_cookie(None);
    app.try_login("media1", NEW_PW, None).await;
    for (path, body) in [
        ("/api/media/media/jsonDetail.do", json!({ "mediaId": theirs })),
        ("/api/media/media/jsonSsaidReset.do", json!({ "mediaId": theirs })),
        ("/api/media/media/jsonSendMsg.do", json!({ "mediaIds": [theirs], "text": "안녕", "seconds": 10 })),
        (&format!("/api/media/{theirs}/capture.do"), json!({})),
    ] {
        assert_eq!(app.post(path, body).await.code(), 10404, "{path}");
    }
}

#[tokio::test]
async fn players_register_heartbeat_and_follow_silence() {
    let app = spawn().await;
    app.login_admin().await;
    let (_, _, media_id) = screen(&app, "SN-P").await;
    assert_eq!(register(&app, "NO-SUCH", "x").await.code(), 10404);
    let reg = register(&app, "SN-P", "ssaid-a").await;
    assert_eq!(reg.code(), 0, "{:?}", reg.body);
    assert_eq!(reg.data()["mediaId"], media_id);
    let token = reg.data()["deviceToken"].as_str().unwrap().to_string();
    assert_eq!(player(&app, "heartbeat", "wrong-token", json!({ "status": "ok" })).await.code(), 10500);
    assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "maybe" })).await.code(), 10400);

    let beat_at = townboard_server::time::format(&app.state.clock.now());
    let hb = player(&app, "heartbeat", &token, json!({ "status": "ok", "errors": [], "playerVersion": "1.0", "scheduleVersion": "" })).await;
    assert_eq!(hb.data()["commands"], json!([]));
    let detail = app.post("/api/media/media/jsonDetail.do", json!({ "mediaId": media_id })).await;
    assert_eq!(detail.data()["mediaStatus"], status::ON);
    // What the player said, read with the screen's row: its time as every time is answered.
    let said = |row: &Value| (row["lastHeartbeatAt"].clone(), row["playerVersion"].clone(), row["scheduleVersion"].clone(), row["lastError"].clone());
    assert_eq!(said(detail.data()), (json!(beat_at), json!("1.0"), json!(""), json!("")));
    let listed = app.post("/api/media/media/jsonList.do", json!({ "sortField": "lastHeartbeatAt" })).await;
    assert_eq!(said(&listed.data()["list"][0]), (json!(beat_at), json!("1.0"), json!(""), json!("")), "{:?}", listed.body);
    // The site's name and address beside it, both from one join of the site's row.
    let site = app.post("/api/media/poi/jsonDetail.do", json!({ "poiId": detail.data()["poiId"] })).await;
    let shown = |row: &Value| (row["poiNm"].clone(), row["addrPrev"].clone());
    assert_eq!(shown(&listed.data()["list"][0]), (site.data()["poiNm"].clone(), json!("서울특별시 강남구 테헤란로 1")), "{:?}", listed.body);
    assert_eq!(shown(detail.data()), shown(&listed.data()["list"][0]));
    assert_eq!(detail.data()["ssaid"], "ssaid-a");

    // Silence inside opening hours: anomaly after 3 minutes, abnormal after 10.
    app.state.clock.advance(Duration::minutes(5));
    status::sweep(&app.state).await.unwrap();
    app.set_cookie(None);
    app.try_login("admin", NEW_PW, None).await;
    assert_eq!(app.post("/api/media/media/jsonDetail.do", json!({ "mediaId": media_id })).await.data()["mediaStatus"], status::ANOMALY);
    app.state.clock.advance(Duration::minutes(6));
    status::sweep(&app.state).await.unwrap();
    assert_eq!(app.post("/api/media/media/jsonDetail.do", json!({ "mediaId": media_id })).await.data()["mediaStatus"], status::ABNORMAL);
    let monitoring = app.get_bytes("/api/media/monitoring/jsonMonitoringList.do").await;
    let monitoring: Value = serde_json::from_slice(&monitoring.2).unwrap();
    assert_eq!(monitoring["data"]["counts"]["3"], 1);
    assert_eq!(monitoring["data"]["attention"][0]["mediaId"], media_id);
    assert!(monitoring["data"]["changes"].as_array().unwrap().len() >= 3, "on, anomaly, abnormal are logged");
    let operation = app.post("/api/media/operation/jsonList.do", json!({})).await;
    assert_eq!(operation.data()["totalCount"], 1);
    let row = &operation.data()["list"][0];
    assert_eq!((row["mediaId"].clone(), said(row)), (json!(media_id), (json!(beat_at), json!("1.0"), json!(""), json!(""))), "{:?}", operation.body);
    assert!(row["poiNm"].as_str().is_some_and(|n| !n.is_empty()), "{:?}", operation.body);

    // An error report is a fault; status reset clears it to what heartbeats say.
    let fault = player(&app, "heartbeat", &token, json!({ "status": "error", "errors": ["디스크 가득 참"], "playerVersion": "1.0" })).await;
    assert_eq!(fault.code(), 0);
    assert_eq!(app.post("/api/media/media/jsonDetail.do", json!({ "mediaId": media_id })).await.data()["mediaStatus"], status::FAULT);
    let reset = app.post("/api/media/media/jsonStatusReset.do", json!({ "mediaId": media_id })).await;
    assert_eq!(reset.data()["mediaStatus"], status::ON);

    // A second device cannot take the screen until an ssaid reset, which revokes the first token.
    assert_eq!(register(&app, "SN-P", "ssaid-b").await.code(), 10409);
    assert_eq!(app.post("/api/media/media/jsonSsaidReset.do", json!({ "mediaId": media_id })).await.code(), 0);
    assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok" })).await.code(), 10500);
    let second = register(&app, "SN-P", "ssaid-b").await;
    assert_eq!(second.code(), 0);

    // Schedule with a content-hash version and ETag.
    let t2 = second.data()["deviceToken"].as_str().unwrap().to_string();
    let auth = format!("Bearer {t2}");
    let (status, headers, body) = app.request(axum::http::Method::GET, "/api/player/v1/schedule", &[("authorization", &auth)], vec![]).await;
    assert_eq!(status, 200);
    let plan: Value = serde_json::from_slice(&body).unwrap();
    let etag = headers["etag"].to_str().unwrap().to_string();
    assert_eq!(format!("\"{}\"", plan["data"]["version"].as_str().unwrap()), etag);
    let (status, _, _) = app.request(axum::http::Method::GET, "/api/player/v1/schedule", &[("authorization", &auth), ("if-none-match", &etag)], vec![]).await;
    assert_eq!(status, 304);
}

#[tokio::test]
async fn commands_reach_the_player_and_captures_come_back() {
    let app = spawn().await;
    app.login_admin().await;
    let (_, _, media_id) = screen(&app, "SN-C").await;
    let token = register(&app, "SN-C", "ssaid-c").await.data()["deviceToken"].as_str().unwrap().to_string();
    assert_eq!(app.post("/api/media/media/jsonSendMsg.do", json!({ "mediaIds": [media_id], "text": "<b>점검</b> 예정", "seconds": 30 })).await.code(), 0);
    assert_eq!(app.post("/api/media/media/jsonSendMsg.do", json!({ "mediaIds": [media_id], "text": "", "seconds": 1 })).await.code(), 10400);
    let capture = app.post(&format!("/api/media/{media_id}/capture.do"), json!({})).await;
    let uuid = capture.data()["uuid"].as_str().unwrap().to_string();
    let result_path = format!("/api/media/{media_id}/capture/result.do?uuid={uuid}");
    let pending: Value = serde_json::from_slice(&app.get_bytes(&result_path).await.2).unwrap();
    assert_eq!(pending["data"]["status"], "pending");

    let hb = player(&app, "heartbeat", &token, json!({ "status": "ok", "playerVersion": "1.0" })).await;
    let commands = hb.data()["commands"].as_array().unwrap().clone();
    assert_eq!(commands.len(), 2);
    assert_eq!(commands[0]["type"], "message");
    assert_eq!(commands[0]["payload"]["text"], "점검 예정", "markup is stripped");
    assert_eq!(commands[1]["payload"]["uuid"], uuid.as_str());
    assert_eq!(player(&app, "heartbeat", &token, json!({ "status": "ok" })).await.data()["commands"], json!([]), "handed out once");

    let auth = format!("Bearer {token}");
    let not_image = app.post_raw(&format!("/api/player/v1/capture/{uuid}"), &[("authorization", &auth), ("content-type", "image/png")], b"%PDF-1.4").await;
    assert_eq!(not_image.code(), 10415);
    let up = app
        .post_raw(
            &format!("/api/player/v1/capture/{uuid}"),
            &[("authorization", &auth), ("content-type", "image/png")],
            townboard_server::simulate::SCREENSHOT_PNG,
        )
        .await;
    assert_eq!(up.code(), 0, "{:?}", up.body);
    let done: Value = serde_json::from_slice(&app.get_bytes(&result_path).await.2).unwrap();
    assert_eq!(done["data"]["status"], "done");
    let (status, headers, image) = app.get_bytes(done["data"]["imageUrl"].as_str().unwrap()).await;
    assert_eq!((status.as_u16(), headers["content-type"].to_str().unwrap()), (200, "image/png"));
    assert_eq!(&image[..], townboard_server::simulate::SCREENSHOT_PNG);

    let late = app.post(&format!("/api/media/{media_id}/capture.do"), json!({})).await;
    app.state.clock.advance(Duration::minutes(3));
    let timed_out: Value =
        serde_json::from_slice(&app.get_bytes(&format!("/api/media/{media_id}/capture/result.do?uuid={}", late.data()["uuid"].as_str().unwrap())).await.2)
            .unwrap();
    assert_eq!(timed_out["data"]["status"], "timeout");
}

#[tokio::test]
async fn proof_of_play_counts_once_and_feeds_the_reports() {
    let app = spawn().await;
    app.login_admin().await;
    let (_, _, media_id) = screen(&app, "SN-R").await;
    let token = register(&app, "SN-R", "ssaid-r").await.data()["deviceToken"].as_str().unwrap().to_string();
    let today = townboard_server::time::today(app.state.clock.now());
    let date = today.format("%Y-%m-%d").to_string();
    let batch = |id: &str, plays: i64| {
        json!({ "batchId": id, "date": date, "hour": 10, "items": [
        { "cmpgId": 1, "matId": 10, "slotType": 1, "plays": plays, "seconds": plays * 15 },
        { "cmpgId": 1, "matId": 10, "slotType": 1, "plays": 1, "seconds": 15 },
        { "cmpgId": 0, "matId": 20, "slotType": 2, "plays": 4, "seconds": 60 }
    ] })
    };
    assert_eq!(player(&app, "pop", &token, batch("b-1", 20)).await.data()["counted"], true);
    assert_eq!(player(&app, "pop", &token, batch("b-1", 20)).await.data()["counted"], false, "a resend counts once");
    assert_eq!(player(&app, "pop", &token, batch("b-2", 10)).await.data()["counted"], true);
    for (bad, field) in [
        (json!({ "batchId": "x1", "date": date, "hour": 24, "items": [{ "cmpgId": 1, "matId": 1, "slotType": 1, "plays": 1, "seconds": 1 }] }), "hour"),
        (json!({ "batchId": "x2", "date": "2000-01-01", "hour": 1, "items": [{ "cmpgId": 1, "matId": 1, "slotType": 1, "plays": 1, "seconds": 1 }] }), "date"),
        (json!({ "batchId": "x3", "date": date, "hour": 1, "items": [{ "cmpgId": 1, "matId": 1, "slotType": 1, "plays": 721, "seconds": 1 }] }), "items.plays"),
    ] {
        let res = player(&app, "pop", &token, bad).await;
        assert_eq!((res.code(), res.data()["fieldErrors"][field].is_string()), (10400, true), "{field}");
    }

    let month = date[..7].to_string();
    let monthly = app.post("/api/media/report/jsonMonthList.do", json!({ "month": month })).await;
    assert_eq!(monthly.data()["totalCount"], 1);
    let row = &monthly.data()["list"][0];
    assert_eq!((row["mediaId"].clone(), row["plays"].clone(), row["seconds"].clone()), (media_id.clone(), json!(40), json!(600)));
    assert_eq!(row["poiNm"], "테스트 아파트");
    assert!(row["poiId"].is_i64() && row["mediaNm"].is_string(), "{row}");
    let daily = app.post("/api/media/report/jsonDailyList.do", json!({ "date": date, "mediaNm": "SN-R" })).await;
    assert_eq!(daily.data()["list"][0]["plays"], 40);
    assert_eq!(app.post("/api/media/report/jsonDailyList.do", json!({ "date": date, "mediaNm": "없는 화면" })).await.data()["totalCount"], 0);
    let chart = app.post("/api/media/report/jsonChart.do", json!({ "month": month })).await;
    assert_eq!(chart.data()["list"][0]["plays"], 40);
    // A batch after the rollups were folded and read adds onto their rows.
    assert_eq!(player(&app, "pop", &token, batch("b-3", 5)).await.data()["counted"], true);
    let monthly = app.post("/api/media/report/jsonMonthList.do", json!({ "month": month })).await;
    assert_eq!((monthly.data()["list"][0]["plays"].clone(), monthly.data()["list"][0]["seconds"].clone()), (json!(50), json!(750)));
    let daily = app.post("/api/media/report/jsonDailyList.do", json!({ "date": date, "mediaNm": "SN-R" })).await;
    assert_eq!(daily.data()["list"][0]["plays"], 50, "{:?}", daily.body);
    assert_eq!(app.post("/api/media/report/jsonMonthList.do", json!({ "month": "2026-13" })).await.code(), 10400);
    let (status, headers, xlsx) = app.get_bytes(&format!("/api/media/report/excel/download.do?kind=month&month={month}")).await;
    assert_eq!(status, 200);
    assert!(headers["content-type"].to_str().unwrap().contains("spreadsheetml"));
    assert_eq!(&xlsx[..2], b"PK");

    app.login_as_new_user("outsider", 10004, 3).await;
    assert_eq!(app.post("/api/media/report/jsonMonthList.do", json!({ "month": month })).await.data()["totalCount"], 0, "other corps' screens stay out");
}

#[tokio::test]
async fn player_builds_deploy_one_version_and_players_update() {
    let app = spawn().await;
    app.login_admin().await;
    let (_, _, _) = screen(&app, "SN-U").await;
    let token = register(&app, "SN-U", "ssaid-u").await.data()["deviceToken"].as_str().unwrap().to_string();
    let apk = b"PK\x03\x04player-build-2";
    let v1 = app
        .post_multipart(
            "/api/media/player/jsonSave.do",
            json!({ "osType": "AND", "plyType": "MAIN", "plyVersion": "2.0.0", "plyDesc": "안정화" }),
            &[("file", "player-2.0.0.apk", apk)],
        )
        .await;
    assert_eq!(v1.code(), 0, "{:?}", v1.body);
    let nofile = app.post("/api/media/player/jsonSave.do", json!({ "osType": "AND", "plyType": "MAIN", "plyVersion": "2.0.1" })).await;
    assert_eq!(app.post("/api/media/player/jsonDeploy.do", json!({ "plyIdx": nofile.data()["plyIdx"] })).await.code(), 10409);
    let text = app
        .post_multipart(
            "/api/media/player/jsonSave.do",
            json!({ "osType": "AND", "plyType": "MAIN", "plyVersion": "2.0.2" }),
            &[("file", "x.apk", b"just text")],
        )
        .await;
    assert_eq!(text.code(), 10415);
    assert_eq!(app.post("/api/media/player/jsonDeploy.do", json!({ "plyIdx": v1.data()["plyIdx"] })).await.code(), 0);
    let list = app.post("/api/media/player/jsonList.do", json!({ "plyDeployYn": "Y" })).await;
    assert_eq!(list.data()["list"][0]["plyVFname"], "player-2.0.0.apk");

    let hb = player(&app, "heartbeat", &token, json!({ "status": "ok", "playerVersion": "1.0" })).await;
    assert_eq!(hb.data()["commands"][0]["type"], "update");
    assert_eq!(hb.data()["commands"][0]["payload"]["version"], "2.0.0");
    let auth = format!("Bearer {token}");
    let (status, headers, body) = app.request(axum::http::Method::GET, "/api/player/v1/update", &[("authorization", &auth)], vec![]).await;
    assert_eq!((status.as_u16(), headers["x-player-version"].to_str().unwrap()), (200, "2.0.0"));
    assert_eq!(&body[..], apk);
    let hb = player(&app, "heartbeat", &token, json!({ "status": "ok", "playerVersion": "2.0.0" })).await;
    assert_eq!(hb.data()["commands"], json!([]), "up to date");
}

#[tokio::test]
async fn node_managers_are_site_managers_of_visible_sites() {
    let app = spawn().await;
    app.login_admin().await;
    let (poi_id, _, _) = screen(&app, "SN-N").await;
    let manager = app.create_user("siteman", 10008, 1).await;
    let other = app.create_user("notsiteman", 10004, 1).await;
    let saved = app.post("/api/account/nodemanager/jsonSave.do", json!({ "uIdx": manager, "poiId": poi_id })).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    assert_eq!(app.post("/api/account/nodemanager/jsonSave.do", json!({ "uIdx": manager, "poiId": poi_id })).await.code(), 10409);
    assert!(app.post("/api/account/nodemanager/jsonSave.do", json!({ "uIdx": other, "poiId": poi_id })).await.data()["fieldErrors"]["uIdx"].is_string());
    let list = app.post("/api/account/nodemanager/jsonList.do", json!({})).await;
    assert_eq!(list.data()["list"][0]["uId"], "siteman");
    assert_eq!(list.data()["list"][0]["poiNm"], "테스트 아파트");
}

#[tokio::test]
async fn installers_see_the_screens_on_the_devices_they_registered() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let site = app
        .post("/api/media/poi/jsonSave.do", {
            let mut s = common::media::site("설치 아파트");
            s["cId"] = json!(1);
            s
        })
        .await;
    let poi_id = site.data()["poiId"].clone();
    app.create_user("installer-a", 10007, 3).await;
    app.create_user("installer-b", 10007, 3).await;

    app.set_cookie(None);
    assert_eq!(app.try_login("installer-a", NEW_PW, None).await.code(), 0);
    let installer = app.cookie();
    let dvc = app.post("/api/media/device/jsonSave.do", common::media::device("INST-1")).await;
    assert_eq!(dvc.code(), 0, "{:?}", dvc.body);
    app.set_cookie(admin);
    let other = app.post("/api/media/device/jsonSave.do", common::media::device("INST-2")).await;
    for (name, dvc_idx) in [("설치한 화면", dvc.data()["dvcIdx"].clone()), ("남의 화면", other.data()["dvcIdx"].clone())] {
        let saved = app.post("/api/media/media/jsonSave.do", json!({ "mediaNm": name, "poiId": poi_id, "dvcIdx": dvc_idx, "osType": "AND" })).await;
        assert_eq!(saved.code(), 0, "{:?}", saved.body);
    }

    app.set_cookie(installer);
    let list = app.post("/api/media/media/jsonList.do", json!({})).await;
    let names: Vec<&str> = list.data()["list"].as_array().unwrap().iter().map(|m| m["mediaNm"].as_str().unwrap()).collect();
    assert_eq!(names, ["설치한 화면"], "{:?}", list.body);
    let operation = app.post("/api/media/operation/jsonList.do", json!({ "mediaStatus": 1 })).await;
    let counted: i64 = (0..=4).map(|s| operation.data()["counts"][s.to_string()].as_i64().unwrap()).sum();
    assert_eq!(counted, 1, "operation status counts the installer's screen: {:?}", operation.body);

    app.set_cookie(None);
    assert_eq!(app.try_login("installer-b", NEW_PW, None).await.code(), 0);
    assert_eq!(app.post("/api/media/media/jsonList.do", json!({})).await.data()["totalCount"], 0, "another installer's screens stay theirs");
}

/// A database made before the heartbeat's columns moved to `media_beat` keeps what each screen's
/// player last said, a screen made after has its beat row from the start, and the beat rows keep
/// copies of their screens' status and soft delete.
#[tokio::test]
async fn the_beats_move_beside_the_screens_with_what_they_said() {
    use sea_orm::{ConnectionTrait, Database, EntityTrait, QueryOrder};
    use sea_orm_migration::MigratorTrait;
    use townboard_server::db::entity::media_beat;
    use townboard_server::db::migration::Migrator;
    let name = unique_name();
    let dir = std::env::temp_dir().join(&name);
    std::fs::create_dir_all(&dir).unwrap();
    let (url, pg) = empty_database(&name, &dir).await;
    let db = Database::connect(&url).await.unwrap();
    let before = Migrator::migrations().iter().position(|m| m.name() == "m0018_media_beat").expect("the move is a migration");
    Migrator::up(&db, Some(before as u32)).await.unwrap();
    let columns =
        "media_id, media_nm, c_id, poi_id, os_type, media_status, player_version, schedule_version, last_error, last_heartbeat_at, created_at, updated_at";
    db.execute_unprepared(&format!(
        "INSERT INTO media ({columns}) VALUES \
         (1, '화면 1', 1, 1, 'AND', 1, '2.4', 'v7', '', '2026-11-20 10:00:00+00:00', '2026-11-01 00:00:00+00:00', '2026-11-01 00:00:00+00:00'), \
         (2, '화면 2', 1, 1, 'AND', 4, '2.3', '', '디스크 부족', NULL, '2026-11-01 00:00:00+00:00', '2026-11-01 00:00:00+00:00')"
    ))
    .await
    .unwrap();
    Migrator::up(&db, None).await.unwrap();
    let beats = media_beat::Entity::find().order_by_asc(media_beat::Column::MediaId).all(&db).await.unwrap();
    let said: Vec<(i64, Option<String>, &str, &str, &str)> = beats
        .iter()
        .map(|b| (b.media_id, b.last_heartbeat_at.map(|t| t.to_rfc3339()), b.player_version.as_str(), b.schedule_version.as_str(), b.last_error.as_str()))
        .collect();
    assert_eq!(said, [(1, Some("2026-11-20T10:00:00+00:00".into()), "2.4", "v7", ""), (2, None, "2.3", "", "디스크 부족")], "each screen's beat moved with it");
    assert!(db.execute_unprepared("SELECT last_heartbeat_at FROM media").await.is_err(), "the screen's row no longer holds it");
    db.execute_unprepared(
        "INSERT INTO media (media_id, media_nm, c_id, poi_id, os_type, media_status, created_at, updated_at) \
         VALUES (3, '화면 3', 1, 1, 'AND', 0, '2026-11-01 00:00:00+00:00', '2026-11-01 00:00:00+00:00')",
    )
    .await
    .unwrap();
    let made = media_beat::Entity::find_by_id(3).one(&db).await.unwrap().expect("a screen made after has its beat row");
    assert_eq!((made.last_heartbeat_at, made.player_version.as_str(), made.media_status), (None, "", 0));
    // The beat row keeps copies of the screen's status and soft delete, whoever writes them.
    db.execute_unprepared("UPDATE media SET media_status = 4 WHERE media_id = 1").await.unwrap();
    db.execute_unprepared("UPDATE media SET deleted_at = '2026-11-21 00:00:00+00:00' WHERE media_id = 2").await.unwrap();
    db.execute_unprepared("UPDATE media SET media_nm = '화면 셋' WHERE media_id = 3").await.unwrap();
    let copies: Vec<(i64, i32, bool)> = media_beat::Entity::find()
        .order_by_asc(media_beat::Column::MediaId)
        .all(&db)
        .await
        .unwrap()
        .iter()
        .map(|b| (b.media_id, b.media_status, b.deleted_at.is_some()))
        .collect();
    assert_eq!(copies, [(1, 4, false), (2, 4, true), (3, 0, false)]);
    db.close().await.ok();
    let _ = std::fs::remove_dir_all(&dir);
    if let Some((server, name)) = pg {
        drop_database(server, name);
    }
}

/// The sweep reads every screen, then writes the moves it found, in chunks: on a large network the
/// write comes seconds after the read. A screen heard in between keeps its status.
#[tokio::test]
async fn a_screen_heard_after_the_sweep_read_it_is_not_moved_for_silence() {
    let app = spawn().await;
    app.login_admin().await;
    let (_, _, media_id) = screen(&app, "SN-RACE").await;
    let media_id = media_id.as_i64().unwrap();
    let token = register(&app, "SN-RACE", "ssaid-r").await.data()["deviceToken"].as_str().unwrap().to_string();
    let beat = json!({ "status": "ok", "errors": [], "playerVersion": "1.0", "scheduleVersion": "" });
    assert_eq!(player(&app, "heartbeat", &token, beat.clone()).await.code(), 0);
    let silence_move = |now: chrono::DateTime<chrono::Utc>| {
        let app = &app;
        async move {
            let txn = townboard_server::db::begin_write(&app.state.writer).await.unwrap();
            let since = Some(now - app.state.config.screen_silent_after);
            let moved = status::move_statuses(&txn, (status::ON, status::ABNORMAL), &[media_id], "상태 점검", now, since).await.unwrap();
            txn.commit().await.unwrap();
            moved
        }
    };
    // Silent for 11 minutes when the sweep read it; heard before its write.
    app.state.clock.advance(Duration::minutes(11));
    let read_at = app.state.clock.now();
    assert_eq!(player(&app, "heartbeat", &token, beat.clone()).await.code(), 0);
    assert_eq!(silence_move(read_at).await, 0, "heard since the read");
    app.set_cookie(None);
    app.try_login("admin", NEW_PW, None).await;
    assert_eq!(app.post("/api/media/media/jsonDetail.do", json!({ "mediaId": media_id })).await.data()["mediaStatus"], status::ON);
    let logged = || async {
        let logs = media_status_log::Entity::find()
            .filter(media_status_log::Column::MediaId.eq(media_id))
            .order_by_asc(media_status_log::Column::LogIdx)
            .all(&app.state.db)
            .await
            .unwrap();
        logs.into_iter().map(|l| (l.from_status, l.to_status, l.reason)).collect::<Vec<_>>()
    };
    let before = logged().await;
    assert!(!before.iter().any(|(_, to, _)| *to == status::ABNORMAL), "nothing logged while heard: {before:?}");
    // Silent again, and not heard before the write: moved, and logged.
    app.state.clock.advance(Duration::minutes(11));
    assert_eq!(silence_move(app.state.clock.now()).await, 1);
    let mut after = logged().await;
    assert_eq!(after.split_off(before.len()), [(status::ON, status::ABNORMAL, "상태 점검".to_string())]);
    app.set_cookie(None);
    app.try_login("admin", NEW_PW, None).await;
    assert_eq!(app.post("/api/media/media/jsonDetail.do", json!({ "mediaId": media_id })).await.data()["mediaStatus"], status::ABNORMAL);
}
