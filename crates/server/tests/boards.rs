//! Boards, Q&A and campaign photo reports over HTTP: who may see and do what, the board slot
//! limit, posts reaching the players, stored XSS, file checks and downloads, EXIF times, the zip.

mod common;

use axum::http::{Method, StatusCode};
use common::campaigns::*;
use common::media::register;
use common::*;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{Value, json};
use std::io::Read;
use townboard_server::db::entity::{material, media_group};

fn png(dir: &std::path::Path, name: &str) -> Vec<u8> {
    std::fs::read(common::video::image(dir, name, (64, 48))).unwrap()
}

fn field_errors(answer: &Answer) -> Vec<String> {
    assert_eq!(answer.code(), 10400, "{:?}", answer.body);
    let mut fields: Vec<String> = answer.data()["fieldErrors"].as_object().unwrap().keys().cloned().collect();
    fields.sort();
    fields
}

/// A group with `board_slots` board slots and one screen; (mgId, poiId).
async fn board_group(app: &TestApp, name: &str, board_slots: i32) -> (i64, i64) {
    let mg_id = group(app, name, 5, 1).await;
    let g = media_group::Entity::find_by_id(mg_id).one(&app.state.db).await.unwrap().unwrap();
    media_group::ActiveModel { mg_id: Set(mg_id), board_slot_cnt: Set(board_slots), ..Default::default() }.update(&app.state.db).await.unwrap();
    (mg_id, g.poi_id)
}

/// A GET with a device token, answered as JSON.
async fn device_get(app: &TestApp, path: &str, token: &str) -> (StatusCode, Vec<u8>) {
    let auth = format!("Bearer {token}");
    let (status, _, body) = app.request(Method::GET, path, &[("authorization", &auth)], vec![]).await;
    (status, body.to_vec())
}

fn json_of(bytes: &[u8]) -> Value {
    serde_json::from_slice(bytes).unwrap()
}

async fn get_answer(app: &TestApp, path: &str) -> Answer {
    let (status, headers, body) = app.get_bytes(path).await;
    Answer { status, headers, body: json_of(&body) }
}

async fn get_json(app: &TestApp, path: &str) -> Value {
    let (_, _, body) = app.get_bytes(path).await;
    json_of(&body)
}

fn post_data(title: &str, from: &str, to: &str, mg_ids: &[i64]) -> Value {
    json!({ "title": title, "body": "<p>안내</p>", "fromDate": from, "toDate": to, "mgIds": mg_ids })
}

#[tokio::test]
async fn site_managers_post_to_their_sites_within_the_board_slots_and_players_show_the_posts() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let dir = std::env::temp_dir().join(format!("tb-boards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let image = png(&dir, "a.png");
    let (mine, my_site) = board_group(&app, "우리", 2).await;
    let (theirs, _) = board_group(&app, "남의", 2).await;
    let (today, week) = (day(&app, 0), day(&app, 7));

    // An operator's post on the other site, which the site manager never sees.
    let other = app.post_multipart("/api/board/image/jsonSave.do", post_data("다른 단지", &today, &week, &[theirs]), &[("files", "b.png", &image)]).await;
    let other = ok(&other)["biIdx"].as_i64().unwrap();

    let manager = app.create_user("site-mgr", 10008, 1).await;
    ok(&app.post("/api/account/nodemanager/jsonSave.do", json!({ "uIdx": manager, "poiId": my_site })).await);
    app.set_cookie(None);
    ok(&app.try_login("site-mgr", NEW_PW, None).await);
    let site_mgr = app.cookie();

    // Stored XSS through the title, the body and the file name goes nowhere.
    let data = json!({ "title": "<script>alert(1)</script>주차 안내", "body": "<p onclick=\"x()\">안내</p><img src=x onerror=alert(1)>", "fromDate": today, "toDate": week, "mgIds": [mine] });
    let first = app.post_multipart("/api/board/image/jsonSave.do", data, &[("files", "../../<b>evil</b>.png", &image)]).await;
    let first = ok(&first)["biIdx"].as_i64().unwrap();
    let d = ok(&app.post("/api/board/image/jsonDetail.do", json!({ "biIdx": first })).await).clone();
    assert!(!d["title"].as_str().unwrap().contains('<'), "{}", d["title"]);
    assert!(!d["body"].as_str().unwrap().contains("onclick") && !d["body"].as_str().unwrap().contains("onerror"), "{}", d["body"]);
    let file_name = d["files"][0]["fileName"].as_str().unwrap().to_string();
    assert!(!file_name.contains('/') && !file_name.contains(".."), "{file_name}");
    assert_eq!((d["status"].as_i64(), d["mgIds"].clone()), (Some(1), json!([mine])));

    // Only images, at least one, and only their own sites' groups; never every screen.
    assert_eq!(app.post_multipart("/api/board/image/jsonSave.do", post_data("글만", &today, &week, &[mine]), &[]).await.code(), 10400);
    let not_image = app.post_multipart("/api/board/image/jsonSave.do", post_data("문서", &today, &week, &[mine]), &[("files", "x.png", b"just text")]).await;
    assert_ne!(not_image.code(), 0);
    let elsewhere = app.post_multipart("/api/board/image/jsonSave.do", post_data("남의 단지", &today, &week, &[theirs]), &[("files", "c.png", &image)]).await;
    assert_eq!(field_errors(&elsewhere), ["mgIds"]);
    let everywhere = app
        .post_multipart(
            "/api/board/adImage/jsonSave.do",
            json!({ "title": "전체", "body": "", "fromDate": today, "toDate": week }),
            &[("files", "c.png", &image)],
        )
        .await;
    assert_eq!(everywhere.code(), 10403);
    let list = ok(&app.post("/api/board/image/jsonList.do", json!({})).await).clone();
    assert_eq!(list["totalCount"], 1, "the other site's post is out of scope");
    assert_eq!(list["list"][0]["mgCnt"], 1);
    assert_eq!(list["list"][0]["uName"], "site-mgr 사용자");
    assert_eq!(app.post("/api/board/image/jsonDetail.do", json!({ "biIdx": other })).await.code(), 10404);

    // Two slots: a second post fits, a third on the same days does not, one after them does.
    ok(&app.post_multipart("/api/board/image/jsonSave.do", post_data("둘째", &day(&app, 3), &week, &[mine]), &[("files", "d.png", &image)]).await);
    let full =
        app.post_multipart("/api/board/image/jsonSave.do", post_data("셋째", &day(&app, 5), &day(&app, 9), &[mine]), &[("files", "e.png", &image)]).await;
    assert_eq!(field_errors(&full), ["mgIds"]);
    assert!(full.data()["fieldErrors"]["mgIds"].as_str().unwrap().contains(&day(&app, 5)), "{:?}", full.body);
    ok(&app.post_multipart("/api/board/image/jsonSave.do", post_data("다음 주", &day(&app, 8), &day(&app, 9), &[mine]), &[("files", "f.png", &image)]).await);
    let filtered = ok(&app.post("/api/board/image/jsonList.do", json!({ "status": 0 })).await).clone();
    assert_eq!(filtered["totalCount"], 2, "two wait for their first day");

    // The group's player shows its posts in force, with images it can fetch by its token.
    let token = register(&app, "우리-SN-0", "ssaid-board").await.data()["deviceToken"].as_str().unwrap().to_string();
    let (status, body) = device_get(&app, &format!("/api/board/material/id.do?mgId={mine}"), &token).await;
    assert_eq!(status, StatusCode::OK);
    let board = json_of(&body)["data"].clone();
    assert_eq!(board["slots"], 2);
    assert_eq!(board["posts"].as_array().unwrap().len(), 1, "one post runs today: {board}");
    assert_eq!(board["posts"][0]["biIdx"], first);
    assert_eq!(board["posts"][0]["kind"], "image");
    assert_eq!(board["posts"][0]["seconds"], 10);
    let url = board["posts"][0]["urls"][0].as_str().unwrap().to_string();
    let (status, bytes) = device_get(&app, &url, &token).await;
    assert_eq!((status, bytes == image), (StatusCode::OK, true));
    // Nothing of another group: neither its board nor its images.
    assert_eq!(json_of(&device_get(&app, &format!("/api/board/material/id.do?mgId={theirs}"), &token).await.1)["code"], 10404);
    assert_eq!(device_get(&app, &format!("/api/player/v1/board/{other}/0"), &token).await.0, StatusCode::NOT_FOUND);
    assert_eq!(json_of(&device_get(&app, &format!("/api/board/material/id.do?mgId={mine}"), "wrong-token").await.1)["code"], 10500);

    // File checks and downloads: own posts yes, the other site's no, and no index past the files.
    let check = get_json(&app, &format!("/api/board/file/check/image/{first}/0")).await;
    assert_eq!((check["code"].as_i64(), check["data"]["exists"].as_bool()), (Some(0), Some(true)), "{check}");
    assert_eq!(check["data"]["size"], image.len());
    assert_eq!(get_json(&app, &format!("/api/board/file/check/image/{first}/1")).await["code"], 10404);
    assert_eq!(get_json(&app, &format!("/api/board/file/check/image/{other}/0")).await["code"], 10404);
    assert_eq!(get_json(&app, &format!("/api/board/file/check/passwd/{first}/0")).await["code"], 10404);
    let file_idx = d["files"][0]["fileIdx"].as_i64().unwrap();
    let (status, _, bytes) = app.get_bytes(&format!("/api/common/file/download/board/{file_idx}/{}", urlencode(&file_name))).await;
    assert_eq!((status, bytes.to_vec() == image), (StatusCode::OK, true));
    let (status, _, bytes) = app.get_bytes(&format!("/api/board/image.do?biIdx={other}&index=0")).await;
    assert_eq!((status, json_of(&bytes)["code"].clone()), (StatusCode::NOT_FOUND, json!(10404)));

    // A stop with its reason takes the post off the screens.
    assert_eq!(app.post("/api/board/image/jsonStop.do", json!({ "biIdx": first, "reason": "" })).await.code(), 10400);
    assert_eq!(ok(&app.post("/api/board/image/jsonStop.do", json!({ "biIdx": first, "reason": "공사 종료" })).await)["status"], 90);
    assert_eq!(app.post("/api/board/image/jsonStop.do", json!({ "biIdx": first, "reason": "다시" })).await.code(), 10409);
    let board = json_of(&device_get(&app, &format!("/api/board/material/id.do?mgId={mine}"), &token).await.1)["data"].clone();
    assert_eq!(board["posts"], json!([]));

    // An all-screen post by the operator shows on every group with board slots, first.
    app.set_cookie(admin);
    let all = app
        .post_multipart(
            "/api/board/adImage/jsonSave.do",
            json!({ "title": "전체 공지", "body": "", "fromDate": today, "toDate": week }),
            &[("files", "g.png", &image), ("files", "h.png", &image)],
        )
        .await;
    let all = ok(&all)["biIdx"].as_i64().unwrap();
    let board = json_of(&device_get(&app, &format!("/api/board/material/id.do?mgId={mine}"), &token).await.1)["data"].clone();
    assert_eq!((board["posts"][0]["biIdx"].as_i64(), board["posts"][0]["seconds"].as_i64()), (Some(all), Some(20)));
    let (status, _) = device_get(&app, &format!("/api/player/v1/board/{all}/1"), &token).await;
    assert_eq!(status, StatusCode::OK);
    // The back office reads the same board with its own image addresses.
    let seen = ok(&get_answer(&app, &format!("/api/board/material/id.do?mgId={mine}")).await).clone();
    assert!(seen["posts"][0]["urls"][0].as_str().unwrap().starts_with("/api/board/image.do?biIdx="));
    app.set_cookie(site_mgr);
    assert_eq!(ok(&app.post("/api/board/adImage/jsonList.do", json!({})).await)["totalCount"], 1, "site managers read all-screen posts");
    std::fs::remove_dir_all(&dir).ok();
}

fn urlencode(text: &str) -> String {
    text.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect()
}

#[tokio::test]
async fn video_boards_play_approved_board_videos_only() {
    let app = spawn().await;
    app.login_admin().await;
    let (mg, _) = board_group(&app, "영상", 4).await;
    let c_id = advertiser(&app, "adv-board").await;
    let ad = material(&app, c_id, "광고 소재").await;
    let board_video = material(&app, 0, "게시판 영상").await;
    material::ActiveModel { mat_id: Set(board_video), mat_kind: Set("boardVideo".into()), advertiser_c_id: Set(None), slot_type: Set(0), ..Default::default() }
        .update(&app.state.db)
        .await
        .unwrap();
    let (today, week) = (day(&app, 0), day(&app, 7));
    let mut data = post_data("영상 게시", &today, &week, &[mg]);
    assert_eq!(field_errors(&app.post("/api/board/material/jsonSave.do", data.clone()).await), ["matId"]);
    data["matId"] = json!(ad);
    assert_eq!(field_errors(&app.post("/api/board/material/jsonSave.do", data.clone()).await), ["matId"], "a campaign ad is not a board video");
    data["matId"] = json!(board_video);
    let id = ok(&app.post("/api/board/material/jsonSave.do", data).await)["biIdx"].as_i64().unwrap();
    let row = ok(&app.post("/api/board/material/jsonList.do", json!({ "mgId": mg })).await)["list"][0].clone();
    assert_eq!((row["biIdx"].as_i64(), row["matName"].as_str()), (Some(id), Some("게시판 영상")));
    let board = ok(&get_answer(&app, &format!("/api/board/material/id.do?mgId={mg}")).await).clone();
    assert_eq!(board["posts"][0]["kind"], "video");
    assert_eq!(board["posts"][0]["seconds"], 15);
    // Board materials take their own kind of file only.
    let dir = std::env::temp_dir().join(format!("tb-board-mat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let image = png(&dir, "i.png");
    let as_video = app
        .post_multipart("/api/board/adMaterial/jsonSave.do", json!({ "matName": "그림", "templateType": 2, "matPlaytime": 15 }), &[("file", "i.png", &image)])
        .await;
    assert_eq!(as_video.code(), 10415, "{:?}", as_video.body);
    let as_image = app
        .post_multipart("/api/board/imgMaterial/jsonSave.do", json!({ "matName": "그림", "templateType": 0, "matPlaytime": 15 }), &[("file", "i.png", &image)])
        .await;
    assert_ne!(as_image.code(), 10415, "{:?}", as_image.body);
    std::fs::remove_dir_all(&dir).ok();
}

#[tokio::test]
async fn askers_see_their_own_questions_and_operators_answer_them() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    app.create_user("asker-b", 10006, 3).await;
    app.login_as_new_user("asker-a", 10006, 3).await;
    let a = app.cookie();
    let q = app
        .post_multipart(
            "/api/board/qna/jsonSave.do",
            json!({ "title": "정산 문의<script>", "body": "<p>언제?</p><script>alert(1)</script>" }),
            &[("files", "질문.txt", "세금계산서 문의\n".as_bytes())],
        )
        .await;
    let q = ok(&q)["qnaIdx"].as_i64().unwrap();
    assert_eq!(field_errors(&app.post_multipart("/api/board/qna/jsonSave.do", json!({ "title": "", "body": "" }), &[]).await), ["body", "title"]);
    let d = ok(&app.post("/api/board/qna/jsonDetail.do", json!({ "qnaIdx": q })).await).clone();
    assert!(!d["body"].as_str().unwrap().contains("script") && !d["title"].as_str().unwrap().contains('<'), "{d}");
    assert_eq!((d["status"].as_i64(), d["answer"].clone()), (Some(0), Value::Null));
    ok(&app.post("/api/board/qna/jsonSave.do", json!({ "qnaIdx": q, "title": "정산 문의", "body": "<p>언제 되나요?</p>" })).await);
    assert_eq!(get_json(&app, &format!("/api/board/file/check/qna/{q}/0")).await["data"]["name"], "질문.txt");

    // Another asker sees nothing of it; an asker cannot answer.
    app.set_cookie(None);
    ok(&app.try_login("asker-b", NEW_PW, None).await);
    assert_eq!(ok(&app.post("/api/board/qna/jsonList.do", json!({})).await)["totalCount"], 0);
    assert_eq!(app.post("/api/board/qna/jsonDetail.do", json!({ "qnaIdx": q })).await.code(), 10404);
    assert_eq!(get_json(&app, &format!("/api/board/file/check/qna/{q}/0")).await["code"], 10404);
    assert_eq!(app.post("/api/board/qna/jsonAnswer.do", json!({ "qnaIdx": q, "answer": "제가 답합니다" })).await.code(), 10403);
    assert_eq!(app.post("/api/board/qna/jsonDelete.do", json!({ "ids": [q] })).await.code(), 10404);

    app.set_cookie(admin);
    let awaiting = ok(&app.post("/api/board/qna/jsonList.do", json!({ "status": 0 })).await).clone();
    assert_eq!((awaiting["totalCount"].as_i64(), awaiting["list"][0]["askerName"].as_str()), (Some(1), Some("asker-a 사용자")));
    assert_eq!(field_errors(&app.post("/api/board/qna/jsonAnswer.do", json!({ "qnaIdx": q, "answer": "<p> </p>" })).await), ["answer"]);
    ok(&app.post("/api/board/qna/jsonAnswer.do", json!({ "qnaIdx": q, "answer": "<p>다음 달 5일입니다.</p><img src=x onerror=alert(1)>" })).await);

    // The asker is told in the list until they open the answer; it is theirs no more to change.
    app.set_cookie(a);
    let row = ok(&app.post("/api/board/qna/jsonList.do", json!({})).await)["list"][0].clone();
    assert_eq!((row["status"].as_i64(), row["newAnswer"].as_bool()), (Some(1), Some(true)), "{row}");
    assert!(row["answeredAt"].is_string());
    let d = ok(&app.post("/api/board/qna/jsonDetail.do", json!({ "qnaIdx": q })).await).clone();
    assert!(d["answer"].as_str().unwrap().contains("5일") && !d["answer"].as_str().unwrap().contains("onerror"), "{d}");
    assert_eq!(d["answererName"], "관리자");
    assert_eq!(ok(&app.post("/api/board/qna/jsonList.do", json!({})).await)["list"][0]["newAnswer"], false);
    assert_eq!(app.post("/api/board/qna/jsonSave.do", json!({ "qnaIdx": q, "title": "다시", "body": "<p>다시</p>" })).await.code(), 10409);
    assert_eq!(app.post("/api/board/qna/jsonDelete.do", json!({ "ids": [q] })).await.code(), 10409);
}

#[tokio::test]
async fn vendors_upload_campaign_photos_and_the_owner_side_views_and_downloads_them() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let mg = group(&app, "사진", 5, 1).await;
    let site = media_group::Entity::find_by_id(mg).one(&app.state.db).await.unwrap().unwrap().poi_id;
    let (_, elsewhere) = board_group(&app, "다른 곳", 0).await;
    let c_id = advertiser(&app, "adv-photo").await;
    app.create_user_in("adv-photo-2", c_id, 10006, 3).await;
    advertiser(&app, "adv-other").await;
    let mat = material(&app, c_id, "소재").await;
    let (start, end) = (day(&app, 0), day(&app, 9));
    let live = requested(&app, campaign("사진 캠페인", c_id, &[mg], &[mat], &start, &end)).await;
    approve(&app, live).await;
    let pending = requested(&app, campaign("승인 대기", c_id, &[mg], &[mat], &start, &end)).await;

    let dir = std::env::temp_dir().join(format!("tb-photos-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let jpeg = std::fs::read(common::video::image(&dir, "p.jpg", (640, 480))).unwrap();
    let with_exif = townboard_server::api::campaign_photo::exif::with_taken_at(&jpeg, "2026:03:14 09:26:53");
    let plain = png(&dir, "q.png");

    app.login_as_new_user("vendor", 10009, 1).await;
    let vendor = app.cookie();
    let data = json!({ "cmpgId": live, "poiId": site });
    let saved =
        app.post_multipart("/api/cmpgphoto/cmpgphoto/jsonSave.do", data.clone(), &[("files", "현장1.jpg", &with_exif), ("files", "현장2.png", &plain)]).await;
    let ids: Vec<i64> = ok(&saved)["photoIds"].as_array().unwrap().iter().map(|v| v.as_i64().unwrap()).collect();
    assert_eq!(ids.len(), 2);
    assert_eq!(
        ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonSites.do", json!({ "cmpgId": live })).await)["list"],
        json!([{ "poiId": site, "poiNm": "사진 아파트" }])
    );
    let refused = |answer: Answer, field: &str| assert_eq!(field_errors(&answer), [field.to_string()]);
    refused(
        app.post_multipart("/api/cmpgphoto/cmpgphoto/jsonSave.do", json!({ "cmpgId": live, "poiId": elsewhere }), &[("files", "x.jpg", &jpeg)]).await,
        "poiId",
    );
    refused(
        app.post_multipart("/api/cmpgphoto/cmpgphoto/jsonSave.do", json!({ "cmpgId": pending, "poiId": site }), &[("files", "x.jpg", &jpeg)]).await,
        "cmpgId",
    );
    refused(app.post_multipart("/api/cmpgphoto/cmpgphoto/jsonSave.do", data.clone(), &[]).await, "files");
    let broken = [&[0xFF, 0xD8, 0xFF][..], b"not really a jpeg"].concat();
    assert_eq!(app.post_multipart("/api/cmpgphoto/cmpgphoto/jsonSave.do", data.clone(), &[("files", "broken.jpg", &broken)]).await.code(), 10415);

    let list = ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonList.do", json!({ "cmpgId": live, "sortField": "takenAt", "sortOrder": "asc" })).await).clone();
    assert_eq!(list["totalCount"], 2);
    let first = &list["list"][0];
    assert_eq!(first["photoId"], ids[0]);
    assert_eq!(first["takenAt"], "2026-03-14 09:26:53", "the EXIF time");
    assert_eq!(
        (first["cmpgTitle"].as_str(), first["poiNm"].as_str(), first["fileName"].as_str()),
        (Some("사진 캠페인"), Some("사진 아파트"), Some("현장1.jpg"))
    );
    assert_eq!(ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonList.do", json!({ "fromDate": "2026-03-14", "toDate": "2026-03-14" })).await)["totalCount"], 1);
    let (status, headers, thumb) = app.get_bytes(first["thumbUrl"].as_str().unwrap()).await;
    assert_eq!((status, headers["content-type"].to_str().unwrap()), (StatusCode::OK, "image/jpeg"));
    assert!(thumb.len() < with_exif.len() && thumb.starts_with(&[0xFF, 0xD8]), "a smaller JPEG");
    assert_eq!(get_json(&app, &format!("/api/board/file/check/cmpgphoto/{}/0", ids[1])).await["data"]["name"], "현장2.png");

    // The owner side sees its campaign's photos; another advertiser and another vendor none.
    app.set_cookie(None);
    ok(&app.try_login("adv-photo-2", NEW_PW, None).await);
    assert_eq!(ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonList.do", json!({})).await)["totalCount"], 2);
    assert_eq!(app.post_multipart("/api/cmpgphoto/cmpgphoto/jsonSave.do", data.clone(), &[("files", "x.jpg", &jpeg)]).await.code(), 10403);
    let (status, headers, zipped) = app.get_bytes(&format!("/api/cmpgphoto/zip.do?cmpgId={live}")).await;
    assert_eq!((status, headers["content-type"].to_str().unwrap()), (StatusCode::OK, "application/zip"));
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zipped.to_vec())).unwrap();
    let mut names: Vec<String> = archive.file_names().map(|n| n.unwrap().to_string()).collect();
    names.sort();
    assert_eq!(names, [format!("사진 아파트/20260314_092653_{}.jpg", ids[0]), format!("사진 아파트/{}", names[1].split('/').nth(1).unwrap())]);
    assert!(names[1].ends_with(&format!("_{}.png", ids[1])), "{names:?}");
    let mut inside = Vec::new();
    archive.by_name(&names[0]).unwrap().read_to_end(&mut inside).unwrap();
    assert_eq!(inside, with_exif);
    let (status, headers, _) = app.get_bytes(&format!("/api/cmpgphoto/excel.do?cmpgId={live}")).await;
    assert_eq!((status, headers["content-type"].to_str().unwrap()), (StatusCode::OK, townboard_server::api::XLSX));

    app.set_cookie(None);
    ok(&app.try_login("adv-other", NEW_PW, None).await);
    assert_eq!(ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonList.do", json!({})).await)["totalCount"], 0);
    assert_eq!(app.get_bytes(&format!("/api/cmpgphoto/zip.do?cmpgId={live}")).await.0, StatusCode::NOT_FOUND);
    assert_eq!(app.get_bytes(first["url"].as_str().unwrap()).await.0, StatusCode::NOT_FOUND);
    app.set_cookie(admin);
    app.login_as_new_user("vendor-2", 10009, 1).await;
    assert_eq!(ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonList.do", json!({})).await)["totalCount"], 0);
    assert_eq!(app.post("/api/cmpgphoto/cmpgphoto/jsonDelete.do", json!({ "ids": [ids[0]] })).await.code(), 10404);

    // The vendor removes their own.
    app.set_cookie(vendor);
    ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonDelete.do", json!({ "ids": [ids[1]] })).await);
    assert_eq!(ok(&app.post("/api/cmpgphoto/cmpgphoto/jsonList.do", json!({})).await)["totalCount"], 1);
    std::fs::remove_dir_all(&dir).ok();
}
