//! Materials: uploads checked by content and by ffprobe, transcoding on the job queue (renditions
//! checked with ffprobe, failures, retries, restarts), approval, scope and downloads with Range.

mod common;

use axum::http::{Method, StatusCode, header};
use chrono::Duration;
use common::video;
use common::*;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use std::path::Path;
use townboard_server::db::entity::{material, material_file};
use townboard_server::jobs;

fn scratch(app: &TestApp) -> std::path::PathBuf {
    let dir = app.state.config.data_dir.join("fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

async fn upload(app: &TestApp, path: &str, data: Value, file: Option<&Path>) -> Answer {
    let bytes = file.map(|f| std::fs::read(f).unwrap());
    let name = file.map(|f| f.file_name().unwrap().to_string_lossy().to_string()).unwrap_or_default();
    let files: Vec<(&str, &str, &[u8])> = bytes.as_deref().map(|b| vec![("file", name.as_str(), b)]).unwrap_or_default();
    app.post_multipart(path, data, &files).await
}

async fn detail(app: &TestApp, mat_id: i64) -> Value {
    let answer = app.post("/api/campaign/material/jsonDetail.do", json!({ "matId": mat_id })).await;
    assert_eq!(answer.code(), 0, "{:?}", answer.body);
    answer.data().clone()
}

/// A media agent's advertiser corp, created by the admin; returns its cId.
async fn advertiser(app: &TestApp, uid: &str) -> i64 {
    app.create_user(uid, 10006, 3).await;
    let found = app.post("/api/common/corp/byName.do", json!({ "cName": uid })).await;
    found.data()["list"][0]["cId"].as_i64().unwrap()
}

fn stored_files(app: &TestApp) -> usize {
    let root = app.state.config.data_dir.join("files");
    walk(&root)
}

fn walk(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|entries| entries.flatten().map(|e| if e.path().is_dir() { walk(&e.path()) } else { 1 }).sum()).unwrap_or(0)
}

#[tokio::test]
async fn every_template_type_uploads_encodes_and_plays_its_renditions() {
    let app = spawn().await;
    app.login_admin().await;
    let c_id = advertiser(&app, "adv-templates").await;
    let dir = scratch(&app);
    for template in 0..5 {
        let file = video::video(&dir, &format!("t{template}.mp4"), video::small_size(template), 15.0);
        let saved = upload(
            &app,
            "/api/campaign/material/jsonSave.do",
            json!({ "matName": format!("템플릿 {template}"), "advertiserCId": c_id, "templateType": template, "matPlaytime": 15 }),
            Some(&file),
        )
        .await;
        assert_eq!(saved.code(), 0, "template {template}: {:?}", saved.body);
        let mat_id = saved.data()["matId"].as_i64().unwrap();
        assert_eq!(detail(&app, mat_id).await["encodingStatus"], 0);
        jobs::run_until_idle(&app.state).await;
        let d = detail(&app, mat_id).await;
        assert_eq!(d["encodingStatus"], 1, "template {template}: {d:?}");
        assert_eq!(d["matType"], "video");
        for (name, percent) in townboard_domain::material::RENDITIONS {
            let (w, h) = townboard_domain::material::rendition_size(template, percent).unwrap();
            let r = d["renditions"].as_array().unwrap().iter().find(|r| r["type"] == name).unwrap_or_else(|| panic!("{name} of {template}"));
            assert_eq!((r["width"].as_u64().unwrap() as u32, r["height"].as_u64().unwrap() as u32), (w, h), "{name} of template {template}");
            let row = material_file::Entity::find_by_id((mat_id, name.to_string())).one(&app.state.db).await.unwrap().unwrap();
            let (codec, pw, ph, seconds) = video::probe(&app.state.files.local_path(&row.stored_name).unwrap());
            assert_eq!((codec.as_str(), pw, ph), ("h264", w, h), "{name} of template {template} probed");
            assert!((seconds - 15.0).abs() < 0.6, "{name} lasts {seconds}");
        }
        assert!(d["files"]["poster"].is_string() && d["files"]["thumb"].is_string(), "{d:?}");
    }
    let list = app.post("/api/campaign/material/jsonList.do", json!({ "advertiserCId": c_id, "sortField": "matName", "sortOrder": "asc" })).await;
    assert_eq!(list.data()["totalCount"], 5);
    assert_eq!(list.data()["list"][0]["cName"], "adv-templates 회사");
    assert!(list.data()["list"][0]["thumbUrl"].as_str().unwrap().starts_with("/api/material/image.do"));
}

#[tokio::test]
async fn refused_uploads_store_nothing() {
    let app = spawn_with(|c| c.max_upload_bytes = 2 * 1024 * 1024).await;
    app.login_admin().await;
    let c_id = advertiser(&app, "adv-refused").await;
    let dir = scratch(&app);
    let data = |template: i32, playtime: i32| json!({ "matName": "거절", "advertiserCId": c_id, "templateType": template, "matPlaytime": playtime });
    let before = stored_files(&app);
    // A text file named like a video.
    let fake = dir.join("fake.mp4");
    std::fs::write(&fake, "not a video at all").unwrap();
    assert_eq!(upload(&app, "/api/campaign/material/jsonSave.do", data(2, 15), Some(&fake)).await.code(), 10415);
    // A PDF.
    let pdf = dir.join("doc.mp4");
    std::fs::write(&pdf, b"%PDF-1.7 fake").unwrap();
    assert_eq!(upload(&app, "/api/campaign/material/jsonSave.do", data(2, 15), Some(&pdf)).await.code(), 10415);
    // The wrong shape and the wrong length.
    let landscape = video::video(&dir, "wide.mp4", video::small_size(4), 15.0);
    let wrong = upload(&app, "/api/campaign/material/jsonSave.do", data(2, 15), Some(&landscape)).await;
    assert_eq!((wrong.code(), wrong.data()["fieldErrors"]["file"].is_string()), (10400, true), "{:?}", wrong.body);
    let short = video::video(&dir, "short.mp4", video::small_size(2), 10.0);
    let wrong = upload(&app, "/api/campaign/material/jsonSave.do", data(2, 15), Some(&short)).await;
    assert!(wrong.data()["fieldErrors"]["file"].as_str().unwrap().contains("재생 시간"), "{:?}", wrong.body);
    let thirty = upload(&app, "/api/campaign/material/jsonSave.do", data(2, 30), Some(&video::video(&dir, "f15.mp4", video::small_size(2), 15.0))).await;
    assert_eq!(thirty.code(), 10400, "15 s is not 30 s");
    // A pixel flood: 44 megapixels of one colour compress to a small PNG.
    let flood = video::image(&dir, "flood.png", (10240, 4320));
    let wrong = upload(&app, "/api/campaign/material/jsonSave.do", data(4, 15), Some(&flood)).await;
    assert!(wrong.data()["fieldErrors"]["file"].as_str().unwrap().contains("화소"), "{:?}", wrong.body);
    // Over the size limit, refused as it streams in.
    let big = dir.join("big.mp4");
    let mut bytes = std::fs::read(video::video(&dir, "seed.mp4", video::small_size(2), 15.0)).unwrap();
    bytes.resize(3 * 1024 * 1024, 0);
    std::fs::write(&big, &bytes).unwrap();
    assert_eq!(upload(&app, "/api/campaign/material/jsonSave.do", data(2, 15), Some(&big)).await.code(), 10413);
    // No file at all, and an empty one.
    assert!(upload(&app, "/api/campaign/material/jsonSave.do", data(2, 15), None).await.data()["fieldErrors"]["file"].is_string());
    let empty = dir.join("empty.mp4");
    std::fs::write(&empty, b"").unwrap();
    assert_eq!(upload(&app, "/api/campaign/material/jsonSave.do", data(2, 15), Some(&empty)).await.code(), 10400);

    assert_eq!(material::Entity::find().count(&app.state.db).await.unwrap(), 0, "no material row");
    assert_eq!(stored_files(&app), before, "no stored file");
    let tmp = app.state.config.data_dir.join("tmp");
    assert_eq!(walk(&tmp), 0, "no temporary file left");
}

#[tokio::test]
async fn images_webm_and_mov_are_materials_too() {
    let app = spawn().await;
    app.login_admin().await;
    let c_id = advertiser(&app, "adv-kinds").await;
    let dir = scratch(&app);
    let png = video::image(&dir, "ad.png", (540, 960));
    let saved = upload(
        &app,
        "/api/campaign/material/jsonSave.do",
        json!({ "matName": "이미지", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 }),
        Some(&png),
    )
    .await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let webm = video::webm(&dir, "ad.webm", video::small_size(2), 15.0);
    let saved_webm = upload(
        &app,
        "/api/campaign/material/jsonSave.do",
        json!({ "matName": "웹엠", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 }),
        Some(&webm),
    )
    .await;
    assert_eq!(saved_webm.code(), 0, "{:?}", saved_webm.body);
    let mov = video::video(&dir, "ad.mov", video::small_size(2), 15.0);
    assert!(std::fs::read(&mov).unwrap()[4..12] == *b"ftypqt  ", "a QuickTime file");
    let saved_mov = upload(
        &app,
        "/api/campaign/material/jsonSave.do",
        json!({ "matName": "무브", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 }),
        Some(&mov),
    )
    .await;
    assert_eq!(saved_mov.code(), 0, "{:?}", saved_mov.body);
    jobs::run_until_idle(&app.state).await;
    assert_eq!(detail(&app, saved_mov.data()["matId"].as_i64().unwrap()).await["encodingStatus"], 1);
    let image = detail(&app, saved.data()["matId"].as_i64().unwrap()).await;
    assert_eq!((image["matType"].as_str(), image["encodingStatus"].as_i64()), (Some("image"), Some(1)), "{image:?}");
    assert!(image["files"]["fhd"].is_string() && image["files"]["poster"].is_string());
    assert!(image["files"].get("thumb").is_none(), "stills get no video work");
    let (status, headers, body) = app.get_bytes(&format!("/api/material/image.do?matId={}", saved.data()["matId"])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "image/png");
    assert!(body.starts_with(b"\x89PNG"));
    let webm = detail(&app, saved_webm.data()["matId"].as_i64().unwrap()).await;
    assert_eq!(webm["encodingStatus"], 1, "{webm:?}");
}

#[tokio::test]
async fn a_failed_encoding_keeps_its_reason_and_can_be_retried() {
    let app = spawn().await;
    app.login_admin().await;
    let c_id = advertiser(&app, "adv-corrupt").await;
    let dir = scratch(&app);
    let file = video::video(&dir, "ok.mp4", video::small_size(2), 15.0);
    let saved = upload(
        &app,
        "/api/campaign/material/jsonSave.do",
        json!({ "matName": "깨짐", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 }),
        Some(&file),
    )
    .await;
    let mat_id = saved.data()["matId"].as_i64().unwrap();
    // The stored source goes bad after the upload was accepted.
    let m = material::Entity::find_by_id(mat_id).one(&app.state.db).await.unwrap().unwrap();
    let source = app.state.files.local_path(&m.source_name).unwrap();
    let good = std::fs::read(&source).unwrap();
    std::fs::write(&source, &good[..good.len() / 8]).unwrap();
    jobs::run_until_idle(&app.state).await;
    assert_eq!(detail(&app, mat_id).await["encodingStatus"], 0, "the first failure is retried after a pause");
    app.state.clock.advance(Duration::minutes(5));
    jobs::run_until_idle(&app.state).await;
    let failed = detail(&app, mat_id).await;
    assert_eq!(failed["encodingStatus"], 3, "{failed:?}");
    assert!(failed["encodingError"].as_str().is_some_and(|e| !e.is_empty()));
    assert!(failed["actions"].as_array().unwrap().contains(&json!("retry")));
    assert_eq!(
        app.post("/api/campaign/material/jsonStatus.do", json!({ "matId": mat_id, "matStatus": 1 })).await.code(),
        10409,
        "not encoded: cannot be approved"
    );
    // Mended, and retried by hand.
    std::fs::write(&source, &good).unwrap();
    let retry = app.post("/api/campaign/material/jsonRetry.do", json!({ "matId": mat_id })).await;
    assert_eq!(retry.code(), 0, "{:?}", retry.body);
    jobs::run_until_idle(&app.state).await;
    assert_eq!(detail(&app, mat_id).await["encodingStatus"], 1);
    assert_eq!(app.post("/api/campaign/material/jsonRetry.do", json!({ "matId": mat_id })).await.code(), 10409, "only failed encodings are retried");
}

#[tokio::test]
async fn a_job_whose_process_died_is_finished_by_the_next() {
    let app = spawn().await;
    app.login_admin().await;
    let c_id = advertiser(&app, "adv-restart").await;
    let dir = scratch(&app);
    let file = video::video(&dir, "r.mp4", video::small_size(2), 15.0);
    let saved = upload(
        &app,
        "/api/campaign/material/jsonSave.do",
        json!({ "matName": "재시작", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 }),
        Some(&file),
    )
    .await;
    let mat_id = saved.data()["matId"].as_i64().unwrap();
    // Another process claimed the job and died (kill -9): its lease is left to run out.
    let now = app.state.clock.now();
    let claimed = jobs::queue::claim(&app.state.db, &[jobs::transcode::KIND], "dead-process", now).await.unwrap();
    assert!(claimed.is_some());
    jobs::run_until_idle(&app.state).await;
    assert_eq!(detail(&app, mat_id).await["encodingStatus"], 0, "the lease still holds");
    app.state.clock.advance(jobs::queue::LEASE + Duration::seconds(1));
    jobs::run_until_idle(&app.state).await;
    assert_eq!(detail(&app, mat_id).await["encodingStatus"], 1, "claimed again and finished");
}

#[tokio::test]
async fn owners_upload_approvers_approve_and_scope_holds() {
    let app = spawn().await;
    app.login_admin().await;
    let admin_cookie = app.cookie();
    let dir = scratch(&app);
    let file = video::video(&dir, "own.mp4", video::small_size(2), 15.0);
    // An advertiser uploads for their own corp without naming it.
    app.login_as_new_user("adv-owner", 10006, 3).await;
    let mine = upload(&app, "/api/campaign/material/jsonSave.do", json!({ "matName": "내 소재", "templateType": 2, "matPlaytime": 15 }), Some(&file)).await;
    assert_eq!(mine.code(), 0, "{:?}", mine.body);
    let mat_id = mine.data()["matId"].as_i64().unwrap();
    jobs::run_until_idle(&app.state).await;
    let own = detail(&app, mat_id).await;
    assert_eq!(own["actions"], json!(["edit", "delete"]), "the owner side does not approve");
    assert_eq!(app.post("/api/campaign/material/jsonStatus.do", json!({ "matId": mat_id, "matStatus": 1 })).await.code(), 10403);
    let advertiser_cookie = app.cookie();

    // Another advertiser neither lists, reads, nor downloads it.
    app.login_as_new_user("adv-other", 10006, 3).await;
    assert_eq!(app.post("/api/campaign/material/jsonList.do", json!({})).await.data()["totalCount"], 0);
    assert_eq!(app.post("/api/campaign/material/jsonDetail.do", json!({ "matId": mat_id })).await.code(), 10404);
    let (status, _, _) = app.get_bytes(&format!("/api/material/manage/videoDownload.do?matId={mat_id}&type=sd")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // The approver rejects with a reason, the owner edits, the approver approves.
    app.set_cookie(admin_cookie.clone());
    assert_eq!(
        app.post("/api/campaign/material/jsonStatus.do", json!({ "matId": mat_id, "matStatus": 2 })).await.code(),
        10400,
        "a rejection needs its reason"
    );
    assert_eq!(app.post("/api/campaign/material/jsonStatus.do", json!({ "matId": mat_id, "matStatus": 2, "reason": "로고가 잘립니다" })).await.code(), 0);
    app.set_cookie(advertiser_cookie.clone());
    let seen = detail(&app, mat_id).await;
    assert_eq!((seen["matStatus"].as_i64(), seen["rejectReason"].as_str()), (Some(2), Some("로고가 잘립니다")));
    let fixed = upload(
        &app,
        "/api/campaign/material/jsonSave.do",
        json!({ "matId": mat_id, "matName": "내 소재 (수정)", "templateType": 2, "matPlaytime": 15 }),
        Some(&file),
    )
    .await;
    assert_eq!(fixed.code(), 0, "{:?}", fixed.body);
    jobs::run_until_idle(&app.state).await;
    app.set_cookie(admin_cookie.clone());
    assert_eq!(app.post("/api/campaign/material/jsonStatus.do", json!({ "matId": mat_id, "matStatus": 1 })).await.code(), 0);
    assert_eq!(
        app.post("/api/campaign/material/jsonStatus.do", json!({ "matId": mat_id, "matStatus": 2, "reason": "늦은 반려" })).await.code(),
        10409,
        "a decided request stays decided"
    );
    assert_eq!(detail(&app, mat_id).await["actions"], json!(["edit", "delete"]));
    let approved = app.post("/api/campaign/material/jsonApprovedList.do", json!({})).await;
    assert_eq!(approved.data()["list"][0]["matId"], mat_id);

    // Editing an approved material sends it back for approval.
    app.set_cookie(advertiser_cookie);
    let edit =
        upload(&app, "/api/campaign/material/jsonSave.do", json!({ "matId": mat_id, "matName": "이름만 바꿈", "templateType": 2, "matPlaytime": 15 }), None)
            .await;
    assert_eq!(edit.code(), 0, "{:?}", edit.body);
    assert_eq!(detail(&app, mat_id).await["matStatus"], 0);
    app.set_cookie(admin_cookie);
    assert_eq!(app.post("/api/campaign/material/jsonApprovedList.do", json!({})).await.data()["totalCount"], 0);
}

#[tokio::test]
async fn renditions_download_in_ranges() {
    let app = spawn().await;
    app.login_admin().await;
    let c_id = advertiser(&app, "adv-range").await;
    let dir = scratch(&app);
    let file = video::video(&dir, "range.mp4", video::small_size(2), 15.0);
    let saved = upload(
        &app,
        "/api/campaign/material/jsonSave.do",
        json!({ "matName": "범위", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 }),
        Some(&file),
    )
    .await;
    let mat_id = saved.data()["matId"].as_i64().unwrap();
    let url = format!("/api/material/manage/videoDownload.do?matId={mat_id}&type=hd");
    let (status, _, body) = app.get_bytes(&url).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "not encoded yet: {}", String::from_utf8_lossy(&body));
    jobs::run_until_idle(&app.state).await;
    let (status, headers, whole) = app.get_bytes(&url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "video/mp4");
    assert_eq!(headers[header::ACCEPT_RANGES], "bytes");
    let (status, headers, part) = app.request(Method::GET, &url, &[("range", "bytes=100-199")], vec![]).await;
    assert_eq!(status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(headers[header::CONTENT_RANGE], format!("bytes 100-199/{}", whole.len()));
    assert_eq!(&part[..], &whole[100..200]);
    let (status, _, _) = app.get_bytes(&format!("/api/material/manage/videoDownload.do?matId={mat_id}&type=../../etc")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn house_materials_are_their_own_kind() {
    let app = spawn().await;
    app.login_admin().await;
    let dir = scratch(&app);
    let file = video::video(&dir, "house.mp4", video::small_size(4), 30.0);
    let bad =
        upload(&app, "/api/content/material/jsonSave.do", json!({ "matName": "자체광고", "slotType": 1, "templateType": 4, "matPlaytime": 30 }), Some(&file))
            .await;
    assert!(bad.data()["fieldErrors"]["slotType"].is_string(), "{:?}", bad.body);
    let saved =
        upload(&app, "/api/content/material/jsonSave.do", json!({ "matName": "자체광고", "slotType": 2, "templateType": 4, "matPlaytime": 30 }), Some(&file))
            .await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let house = app.post("/api/content/material/jsonList.do", json!({ "slotType": 2 })).await;
    assert_eq!(house.data()["totalCount"], 1);
    assert_eq!(app.post("/api/campaign/material/jsonList.do", json!({})).await.data()["totalCount"], 0, "kinds do not mix");
    let m = material::Entity::find().filter(material::Column::MatKind.eq("content")).one(&app.state.db).await.unwrap().unwrap();
    assert_eq!((m.slot_type, m.advertiser_c_id), (2, None));
}
