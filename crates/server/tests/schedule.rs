//! The network loop through HTTP: approvals plan the loops (jobs), operators generate, read,
//! override and reset days with their execution log, the slot report reads the plans, players
//! fetch their day (with 304 for an unchanged one) and its files, report plays, and the campaign
//! report and cue sheet set plays against the plan.

mod common;

use axum::http::{Method, StatusCode, header};
use common::campaigns::*;
use common::media::{player, register};
use common::video;
use common::*;
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde_json::{Value, json};
use std::io::Read;
use townboard_server::db::entity::material;
use townboard_server::jobs;

async fn daily(app: &TestApp, mg_id: i64, date: &str) -> Value {
    ok(&app.post("/api/schedule/schedule/jsonDaily.do", json!({ "mgId": mg_id, "date": date })).await).clone()
}

fn items(day: &Value) -> &Vec<Value> {
    day["loop"].as_array().unwrap()
}

fn of_campaign(day: &Value, cmpg_id: i64) -> Vec<&Value> {
    items(day).iter().filter(|i| i["cmpgId"] == cmpg_id).collect()
}

async fn schedule_of(app: &TestApp, token: &str, etag: Option<&str>) -> (StatusCode, axum::http::HeaderMap, Value) {
    let auth = format!("Bearer {token}");
    let mut headers = vec![("authorization", auth.as_str())];
    if let Some(tag) = etag {
        headers.push(("if-none-match", tag));
    }
    let (status, headers, body) = app.request(Method::GET, "/api/player/v1/schedule", &headers, vec![]).await;
    let value = if body.is_empty() { Value::Null } else { serde_json::from_slice(&body).unwrap() };
    (status, headers, value)
}

fn sheet_text(xlsx: &[u8]) -> String {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(xlsx)).unwrap();
    let mut out = String::new();
    for name in ["xl/sharedStrings.xml", "xl/worksheets/sheet1.xml"] {
        if let Ok(mut f) = zip.by_name(name) {
            f.read_to_string(&mut out).unwrap();
        }
    }
    out
}

#[tokio::test]
async fn an_approval_plans_the_loop_and_changes_replan_it() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "루프", 4, 1).await;
    let c_id = advertiser(&app, "adv-loop").await;
    let mat = material(&app, c_id, "루프 소재").await;
    let house = house_material(&app, "자체 광고").await;
    let (today, tomorrow) = (day(&app, 0), day(&app, 1));
    let cmpg = requested(&app, campaign("루프 캠페인", c_id, &[mg], &[mat], &today, &day(&app, 5))).await;
    assert_eq!(daily(&app, mg, &today).await["version"], Value::Null, "no plan before any generation");
    approve(&app, cmpg).await;
    jobs::run_until_idle(&app.state).await;

    let plan = daily(&app, mg, &today).await;
    assert_eq!(plan["loopSec"], 4 * 15 + 10, "four slots of 15 s and the notice");
    let ads = of_campaign(&plan, cmpg);
    assert_eq!(ads.len(), 1, "{plan}");
    assert_eq!((ads[0]["matId"].as_i64(), ads[0]["loops"].as_str(), ads[0]["slotType"].as_i64()), (Some(mat), Some("all"), Some(1)));
    assert_eq!(ads[0]["cmpgTitle"], "루프 캠페인");
    assert_eq!(ads[0]["thumbUrl"], format!("/api/material/image.do?matId={mat}"));
    let house_items: Vec<&Value> = items(&plan).iter().filter(|i| i["slotType"] == 2).collect();
    assert_eq!(house_items.len(), 3, "unsold slots play house ads");
    assert!(house_items.iter().all(|i| i["matId"] == house));
    assert_eq!(items(&plan).last().unwrap()["slotType"], 4, "the notice closes the loop");
    let seqs: Vec<i64> = items(&plan).iter().map(|i| i["seq"].as_i64().unwrap()).collect();
    assert_eq!(seqs, (1..=seqs.len() as i64).collect::<Vec<_>>());
    assert_eq!(of_campaign(&daily(&app, mg, &day(&app, 5)).await, cmpg).len(), 1, "planned to its last day");
    assert!(of_campaign(&daily(&app, mg, &day(&app, 6)).await, cmpg).is_empty(), "and not after");

    // The slot report reads the plans.
    let report = ok(&app.post("/api/report/slot/jsonList.do", json!({ "fromDate": today, "toDate": today, "mgId": mg })).await).clone();
    assert_eq!(report["list"][0]["capacity"], 4);
    assert_eq!((report["list"][0]["soldFull"].as_i64(), report["list"][0]["soldHalf"].as_i64()), (Some(1), Some(0)));
    assert_eq!((report["list"][0]["house"].as_f64(), report["list"][0]["free"].as_f64()), (Some(3.0), Some(3.0)), "house ads fill slots still free to sell");
    assert_eq!(report["list"][0]["occupancy"].as_f64(), Some(25.0));
    assert_eq!(report["byDate"][0]["date"], today);

    // A stop frees the slots from tomorrow: today's loop keeps the campaign, tomorrow's drops it.
    ok(&app.post("/api/campaign/run/jsonStop.do", json!({ "cmpgId": cmpg, "reason": "광고주 요청" })).await);
    jobs::run_until_idle(&app.state).await;
    assert_eq!(of_campaign(&daily(&app, mg, &today).await, cmpg).len(), 1);
    assert!(of_campaign(&daily(&app, mg, &tomorrow).await, cmpg).is_empty());
    ok(&app.post("/api/campaign/run/jsonResume.do", json!({ "cmpgId": cmpg })).await);
    jobs::run_until_idle(&app.state).await;
    assert_eq!(of_campaign(&daily(&app, mg, &tomorrow).await, cmpg).len(), 1, "a resume plans it again");

    // A target change moves it to another group from tomorrow: both groups are planned again.
    let other = group(&app, "다른", 4, 1).await;
    let change =
        app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": cmpg, "writeType": 1, "targets": [{ "mgId": other }], "reason": "대상 변경" })).await;
    let chg_idx = ok(&change)["chgIdx"].as_i64().unwrap();
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": cmpg, "chgIdx": chg_idx })).await);
    jobs::run_until_idle(&app.state).await;
    assert!(of_campaign(&daily(&app, mg, &tomorrow).await, cmpg).is_empty(), "the group it left");
    assert_eq!(of_campaign(&daily(&app, other, &tomorrow).await, cmpg).len(), 1, "the group it joined");
}

#[tokio::test]
async fn operators_generate_override_and_reset_days_with_a_log() {
    let app = spawn().await;
    app.login_admin().await;
    let a = group(&app, "가", 3, 1).await;
    let b = group(&app, "나", 3, 1).await;
    let house = house_material(&app, "자체 광고").await;
    let other_house = house_material(&app, "다른 자체 광고").await;
    let (from, to) = (day(&app, 0), day(&app, 2));
    let too_long = app.post("/api/schedule/schedule/jsonGenerate.do", json!({ "fromDate": from, "toDate": day(&app, 31) })).await;
    assert_eq!(too_long.code(), 10400);
    assert!(too_long.data()["fieldErrors"]["toDate"].is_string());
    assert_eq!(app.post("/api/schedule/schedule/jsonGenerate.do", json!({ "mgIds": [999_999], "fromDate": from, "toDate": to })).await.code(), 10400);
    let started = ok(&app.post("/api/schedule/schedule/jsonGenerate.do", json!({ "mgIds": [a, b], "fromDate": from, "toDate": to })).await).clone();
    assert_eq!((started["groups"].as_i64(), started["days"].as_i64()), (Some(2), Some(3)));
    let exec_idx = started["execIdx"].as_i64().unwrap();
    let running = ok(&app.post("/api/schedule/schedule/jsonExecDetail.do", json!({ "execIdx": exec_idx })).await).clone();
    assert_eq!(running["status"], 0, "queued, not yet run");
    jobs::run_until_idle(&app.state).await;
    let done = ok(&app.post("/api/schedule/schedule/jsonExecDetail.do", json!({ "execIdx": exec_idx })).await).clone();
    assert_eq!((done["status"].as_i64(), done["progress"].as_i64(), done["groups"].as_i64()), (Some(1), Some(100), Some(2)), "{done}");
    assert!(done["finishedAt"].is_string());
    let log = ok(&app.post("/api/schedule/schedule/jsonExecLogList.do", json!({ "execNm": "편성 생성" })).await).clone();
    assert_eq!(log["list"][0]["execIdx"], exec_idx);
    assert_eq!(log["list"][0]["uName"].as_str().map(|n| !n.is_empty()), Some(true));
    let plans = ok(&app.post("/api/schedule/schedule/jsonPlanList.do", json!({ "fromDate": from, "toDate": to })).await).clone();
    assert_eq!(plans["totalCount"], 6, "two groups, three days");
    let plans_of_a = ok(&app.post("/api/schedule/schedule/jsonPlanList.do", json!({ "fromDate": from, "toDate": to, "mgId": a })).await).clone();
    assert_eq!(plans_of_a["totalCount"], 3);

    // One slot set by hand to another house material: only that day of that group changes.
    let before = daily(&app, a, &from).await;
    let b_before = daily(&app, b, &from).await["version"].clone();
    let seq = items(&before).iter().find(|i| i["slotType"] == 2).unwrap()["seq"].as_i64().unwrap();
    let modified = ok(&app.post("/api/schedule/schedule/jsonModify.do", json!({ "mgId": a, "date": from, "seq": seq, "matId": other_house })).await).clone();
    let slot = items(&modified).iter().find(|i| i["seq"] == seq).unwrap().clone();
    assert_eq!((slot["matId"].as_i64(), slot["overridden"].as_bool()), (Some(other_house), Some(true)));
    assert_ne!(modified["version"], before["version"], "players see a new version");
    assert_eq!(daily(&app, b, &from).await["version"], b_before, "another group's day is untouched");
    assert!(items(&daily(&app, a, &day(&app, 1)).await).iter().all(|i| i["overridden"] == false), "other days keep theirs");
    // What may not play there is refused.
    let c_id = advertiser(&app, "adv-mod").await;
    let unapproved = material(&app, c_id, "미승인").await;
    material::ActiveModel { mat_id: Set(unapproved), mat_status: Set(0), ..Default::default() }.update(&app.state.db).await.unwrap();
    for (body, why) in [
        (json!({ "mgId": a, "date": from, "seq": seq, "matId": unapproved }), "unapproved"),
        (json!({ "mgId": a, "date": from, "seq": 99, "matId": house }), "no such slot"),
        (json!({ "mgId": a, "date": day(&app, 20), "seq": seq, "matId": house }), "no plan that day"),
    ] {
        let refused = app.post("/api/schedule/schedule/jsonModify.do", body).await;
        assert_ne!(refused.code(), 0, "{why}");
    }
    // Init drops the overrides: the day is as generated again.
    let reset = ok(&app.post("/api/schedule/schedule/jsonInit.do", json!({ "mgId": a, "date": from })).await).clone();
    assert!(items(&reset).iter().all(|i| i["overridden"] == false));
    assert_eq!(reset["version"], before["version"]);

    // The owner side neither generates nor reads plans.
    app.login_as_new_user("adv-plan", 10006, 3).await;
    assert_eq!(app.post("/api/schedule/schedule/jsonGenerate.do", json!({ "fromDate": from, "toDate": to })).await.code(), 10403);
    assert_eq!(app.post("/api/schedule/schedule/jsonDaily.do", json!({ "mgId": a, "date": from })).await.code(), 10403);
}

#[tokio::test]
async fn players_play_the_plan_and_reports_set_plays_against_it() {
    let app = spawn().await;
    app.login_admin().await;
    let dir = app.state.config.data_dir.join("fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    let mg = group(&app, "재생", 2, 1).await;
    let c_id = advertiser(&app, "adv-play").await;
    // A real file: uploaded, transcoded and approved through the pipeline.
    let file = video::video(&dir, "play.mp4", video::small_size(2), 15.0);
    let bytes = std::fs::read(&file).unwrap();
    let saved = app
        .post_multipart(
            "/api/campaign/material/jsonSave.do",
            json!({ "matName": "재생 소재", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 }),
            &[("file", "play.mp4", &bytes)],
        )
        .await;
    let mat = ok(&saved)["matId"].as_i64().unwrap();
    jobs::run_until_idle(&app.state).await;
    ok(&app.post("/api/campaign/material/jsonStatus.do", json!({ "matId": mat, "matStatus": 1 })).await);
    let today = day(&app, 0);
    let cmpg = requested(&app, campaign("재생 캠페인", c_id, &[mg], &[mat], &today, &day(&app, 3))).await;
    approve(&app, cmpg).await;
    jobs::run_until_idle(&app.state).await;

    // The player's day: the loop with file addresses, its frame and footer, and an ETag.
    let token = register(&app, "재생-SN-0", "ssaid-play").await.data()["deviceToken"].as_str().unwrap().to_string();
    let (status, headers, body) = schedule_of(&app, &token, None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let day_of_player = &body["data"];
    assert_eq!((day_of_player["mgId"].as_i64(), day_of_player["date"].as_str()), (Some(mg), Some(today.as_str())));
    assert_eq!((day_of_player["templateType"].as_i64(), day_of_player["openTime"].as_str()), (Some(2), Some("00:00")));
    assert!(day_of_player["footer"]["notices"].is_array() && day_of_player["footer"]["news"].is_array());
    let ad = of_campaign(day_of_player, cmpg)[0].clone();
    let url = ad["url"].as_str().unwrap().to_string();
    assert_eq!(url, format!("/api/player/v1/file/{mat}/sd"));
    let etag = headers[header::ETAG].to_str().unwrap().to_string();
    assert_eq!(etag, format!("\"{}\"", day_of_player["version"].as_str().unwrap()));
    let (status, _, body) = schedule_of(&app, &token, Some(&etag)).await;
    assert_eq!((status, body), (StatusCode::NOT_MODIFIED, Value::Null), "an unchanged day costs no body");

    // Its files, by the device's token, in ranges.
    let auth = format!("Bearer {token}");
    let (status, headers, whole) = app.request(Method::GET, &url, &[("authorization", &auth)], vec![]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "video/mp4");
    let (status, _, part) = app.request(Method::GET, &url, &[("authorization", &auth), ("range", "bytes=0-99")], vec![]).await;
    assert_eq!((status, &part[..]), (StatusCode::PARTIAL_CONTENT, &whole[..100]));
    let (status, _, _) = app.request(Method::GET, &url, &[], vec![]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "players only");
    let (status, _, _) = app.request(Method::GET, &format!("/api/player/v1/file/{mat}/raw"), &[("authorization", &auth)], vec![]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // A change to the day (an override) gives a new version: the held ETag no longer matches.
    let seq = items(&daily(&app, mg, &today).await).iter().find(|i| i["slotType"] == 2).unwrap()["seq"].clone();
    ok(&app.post("/api/schedule/schedule/jsonModify.do", json!({ "mgId": mg, "date": today, "seq": seq, "matId": mat })).await);
    let (status, headers, _) = schedule_of(&app, &token, Some(&etag)).await;
    assert_eq!(status, StatusCode::OK);
    assert_ne!(headers[header::ETAG].to_str().unwrap(), etag);

    // Plays reported against plays scheduled: the loop is 2 × 15 + 10 s over the site's hours
    // (00:00-23:59); the campaign holds one slot (its material set by hand in a house slot plays
    // as a house ad, outside its count).
    let reported = json!({ "batchId": "play-1", "date": today, "hour": 10, "items": [
        { "cmpgId": cmpg, "matId": mat, "slotType": 1, "plays": 100, "seconds": 1500 } ] });
    assert_eq!(player(&app, "pop", &token, reported).await.data()["counted"], true);
    let loops = (23 * 3600 + 59 * 60) / 40;
    let report = ok(&app.post("/api/campaign/report/jsonList.do", json!({ "cmpgId": cmpg })).await).clone();
    let row = &report["list"][0];
    assert_eq!((row["date"].as_str(), row["mgId"].as_i64(), row["mgNm"].as_str()), (Some(today.as_str()), Some(mg), Some("재생")));
    assert_eq!((row["plays"].as_i64(), row["seconds"].as_i64()), (Some(100), Some(1500)));
    assert_eq!(row["scheduledPlays"].as_i64(), Some(loops), "{report}");
    let rate = (100.0 * 1000.0 / loops as f64).round() / 10.0;
    assert_eq!(row["delivery"].as_f64(), Some(rate));
    assert_eq!(report["sum"]["plays"], 100);
    // A wider period asked still shows only the days that have begun within the campaign's.
    let wide = ok(&app.post("/api/campaign/report/jsonList.do", json!({ "cmpgId": cmpg, "fromDate": day(&app, -5), "toDate": day(&app, 9) })).await).clone();
    let dates: Vec<&str> = wide["list"].as_array().unwrap().iter().map(|r| r["date"].as_str().unwrap()).collect();
    assert_eq!(dates, [today.as_str()], "no row before its start or after today: {wide}");
    assert_eq!((wide["fromDate"].as_str(), wide["toDate"].as_str()), (Some(today.as_str()), Some(today.as_str())));
    let (status, _, xlsx) = app.get_bytes(&format!("/api/campaign/report/excel/download.do?cmpgId={cmpg}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(sheet_text(&xlsx).contains("재생"));
    let (status, _, cue) = app.get_bytes(&format!("/api/campaign/excel/cuesheet/download.do?cmpgId={cmpg}&date={today}")).await;
    assert_eq!(status, StatusCode::OK);
    let text = sheet_text(&cue);
    assert!(text.contains("재생 아파트") && text.contains("매 루프"), "{text}");
    assert!(text.contains("재생 캠페인") && text.contains(&format!("일자: {today}")), "the sheet names the campaign and the date: {text}");
    let (status, _, _) = app.get_bytes(&format!("/api/campaign/excel/cuesheet/download.do?cmpgId={cmpg}&date={}", day(&app, 30))).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "no plan that day");

    // Another advertiser reads neither.
    app.login_as_new_user("adv-nosy", 10006, 3).await;
    assert_eq!(app.post("/api/campaign/report/jsonList.do", json!({ "cmpgId": cmpg })).await.code(), 10404);
}

#[tokio::test]
async fn a_group_made_after_the_nightly_run_gets_its_day_when_its_player_asks() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "새 그룹", 2, 1).await;
    let token = register(&app, "새 그룹-SN-0", "ssaid-new").await.data()["deviceToken"].as_str().unwrap().to_string();
    let (status, _, body) = schedule_of(&app, &token, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["data"]["mgId"], mg);
    assert_eq!(body["data"]["loopSec"], 2 * 15 + 10, "{body}");
    assert_eq!(items(&body["data"]).len(), 3);
    assert!(daily(&app, mg, &day(&app, 0)).await["version"].is_string(), "kept as the day's plan");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simulated_players_report_the_plays_of_their_loop() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "모의", 2, 1).await;
    let c_id = advertiser(&app, "adv-sim").await;
    let mat = material(&app, c_id, "모의 소재").await;
    let cmpg = requested(&app, campaign("모의 캠페인", c_id, &[mg], &[mat], &day(&app, 0), &day(&app, 1))).await;
    approve(&app, cmpg).await;
    jobs::run_until_idle(&app.state).await;
    let server = app.serve().await;
    let opts = townboard_server::simulate::Options { server, serials: vec!["모의-SN-0".into()], rounds: 3, interval: std::time::Duration::ZERO };
    townboard_server::simulate::run(opts).await.unwrap();
    let report = ok(&app.post("/api/campaign/report/jsonList.do", json!({ "cmpgId": cmpg })).await).clone();
    assert_eq!(report["sum"]["plays"], 3, "one loop a round, the campaign once a loop: {report}");
    assert_eq!(report["sum"]["seconds"], 45);
}

#[tokio::test]
async fn contents_and_group_changes_replan_the_days_made() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "변경", 3, 1).await;
    let today = day(&app, 0);
    ok(&app.post("/api/schedule/schedule/jsonGenerate.do", json!({ "mgIds": [mg], "fromDate": today, "toDate": day(&app, 1) })).await);
    jobs::run_until_idle(&app.state).await;
    assert!(items(&daily(&app, mg, &today).await).iter().all(|i| i["slotType"] != 3));

    let text = json!({ "ctNm": "안내", "contentType": 30, "text": "엘리베이터 점검 안내", "seconds": 10, "ctStatus": 1 });
    ok(&app.post("/api/content/content/jsonSave.do", text).await);
    jobs::run_until_idle(&app.state).await;
    let with_content = daily(&app, mg, &today).await;
    let content: Vec<&Value> = items(&with_content).iter().filter(|i| i["slotType"] == 3).collect();
    assert_eq!(content.len(), 1, "{with_content}");
    assert_eq!(content[0]["text"], "엘리베이터 점검 안내");
    assert_eq!(with_content["loopSec"], 3 * 15 + 10 + 10);

    let saved = ok(&app.post("/api/media/mediagroup/jsonDetail.do", json!({ "mgId": mg })).await).clone();
    let mut changed = saved.clone();
    changed["adSlotCnt"] = json!(5);
    let body: serde_json::Map<String, Value> = ["mgId", "mgNm", "poiId", "layout", "templateType", "schdGroup", "adSlotCnt", "slotSec", "boardSlotCnt"]
        .iter()
        .map(|k| (k.to_string(), changed[*k].clone()))
        .collect();
    ok(&app.post("/api/media/mediagroup/jsonSave.do", Value::Object(body)).await);
    jobs::run_until_idle(&app.state).await;
    let bigger = daily(&app, mg, &day(&app, 1)).await;
    assert_eq!(items(&bigger).iter().filter(|i| i["slotType"] == 2).count(), 5, "{bigger}");
}

#[tokio::test]
async fn two_half_campaigns_share_one_slot_and_the_slot_report_counts_it_once() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "반반 루프", 2, 1).await;
    let c_id = advertiser(&app, "adv-halves").await;
    let mat = material(&app, c_id, "반반 소재").await;
    house_material(&app, "자체 광고").await;
    let (today, end) = (day(&app, 0), day(&app, 3));
    let mut halves = Vec::new();
    for title in ["짝수 반", "홀수 반"] {
        let mut body = campaign(title, c_id, &[mg], &[mat], &today, &end);
        body["schdRate"] = json!(50);
        let cmpg = requested(&app, body).await;
        approve(&app, cmpg).await;
        halves.push(cmpg);
    }
    jobs::run_until_idle(&app.state).await;

    let plan = daily(&app, mg, &today).await;
    let ads: Vec<(i64, &str)> =
        items(&plan).iter().filter(|i| i["slotType"] == 1).map(|i| (i["cmpgId"].as_i64().unwrap(), i["loops"].as_str().unwrap())).collect();
    assert_eq!(ads, [(halves[0], "even"), (halves[1], "odd")], "the first approved plays in even loops, the second in odd: {plan}");
    let first = items(&plan).iter().position(|i| i["cmpgId"] == halves[0]).unwrap();
    assert_eq!(items(&plan)[first + 1]["cmpgId"], halves[1], "the two halves are one slot");

    // One slot of two holds the halves, the other plays a house ad and is still free to sell.
    let report = ok(&app.post("/api/report/slot/jsonList.do", json!({ "fromDate": today, "toDate": today, "mgId": mg })).await).clone();
    let row = &report["list"][0];
    assert_eq!((row["capacity"].as_i64(), row["soldFull"].as_i64(), row["soldHalf"].as_i64()), (Some(2), Some(0), Some(1)));
    assert_eq!((row["house"].as_f64(), row["free"].as_f64(), row["occupancy"].as_f64()), (Some(1.0), Some(1.5), Some(25.0)), "{row}");
}
