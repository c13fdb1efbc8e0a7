//! The content area: content notices with their time status and site reach, urgent messages and
//! the screens they reach, house contents for the content slots, the lower content settings, news
//! feeds read from a feed server of the test's own, and the footer of a group.

mod common;

use axum::http::StatusCode;
use chrono::{Duration, NaiveDate, Utc};
use common::media::*;
use common::*;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use townboard_server::db::entity::{job, material, media};
use townboard_server::jobs::news_fetch;
use townboard_server::plans::contents::contents_for;
use townboard_server::player::{footer, urgent};

fn today(app: &TestApp) -> NaiveDate {
    townboard_server::time::today(app.state.clock.now())
}

fn day(app: &TestApp, offset: i64) -> String {
    (today(app) + Duration::days(offset)).format("%Y-%m-%d").to_string()
}

/// A local time `minutes` from now, as the wire writes it.
fn at(app: &TestApp, minutes: i64) -> String {
    townboard_server::time::format(&(app.state.clock.now() + Duration::minutes(minutes)))
}

fn ok(answer: &Answer) -> &Value {
    assert_eq!(answer.code(), 0, "{:?}", answer.body);
    answer.data()
}

fn field_errors(answer: &Answer) -> Vec<String> {
    answer.data()["fieldErrors"].as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
}

fn ids(list: &Answer, field: &str) -> Vec<i64> {
    list.data()["list"].as_array().unwrap().iter().map(|r| r[field].as_i64().unwrap()).collect()
}

/// A site with one group (template 2) and one screen; returns (poiId, mgId, mediaId).
async fn site_with_screen(app: &TestApp, name: &str, rgn_cd: &str, serial: &str) -> (i64, i64, i64) {
    let mut s = site(name);
    s["cId"] = json!(1);
    s["rgnCd"] = json!(rgn_cd);
    let poi_id = ok(&app.post("/api/media/poi/jsonSave.do", s).await)["poiId"].as_i64().unwrap();
    let group = app
        .post(
            "/api/media/mediagroup/jsonSave.do",
            json!({ "mgNm": format!("{name} 그룹"), "poiId": poi_id, "layout": 1, "templateType": 2, "schdGroup": 0, "adSlotCnt": 10, "slotSec": 15, "boardSlotCnt": 0 }),
        )
        .await;
    let mg_id = ok(&group)["mgId"].as_i64().unwrap();
    let dvc = app.post("/api/media/device/jsonSave.do", device(serial)).await;
    let media = app
        .post(
            "/api/media/media/jsonSave.do",
            json!({ "mediaNm": format!("화면 {serial}"), "poiId": poi_id, "mgId": mg_id, "dvcIdx": ok(&dvc)["dvcIdx"], "osType": "AND" }),
        )
        .await;
    (poi_id, mg_id, ok(&media)["mediaId"].as_i64().unwrap())
}

async fn screen_model(app: &TestApp, media_id: i64) -> media::Model {
    media::Entity::find_by_id(media_id).one(&app.state.db).await.unwrap().unwrap()
}

/// The urgent messages (their ids) a screen shows now.
async fn urgent_for(app: &TestApp, media_id: i64) -> Vec<i64> {
    let screen = screen_model(app, media_id).await;
    let shown = urgent::in_force(&app.state, screen.poi_id, app.state.clock.now()).await.unwrap();
    shown.iter().map(|m| m["umIdx"].as_i64().unwrap()).collect()
}

async fn footer_of(app: &TestApp, mg_id: i64) -> Value {
    footer::of_group(&app.state, mg_id, today(app)).await.unwrap()
}

fn texts(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect()
}

#[tokio::test]
async fn content_notices_have_a_time_status_and_reach_their_sites() {
    let app = spawn().await;
    app.login_admin().await;
    let (poi_a, mg_a, _) = site_with_screen(&app, "가 아파트", "1168010100", "SN-A").await;
    let (_, mg_b, _) = site_with_screen(&app, "나 아파트", "2611010100", "SN-B").await;

    let bad = app.post("/api/content/contentNoti/jsonSave.do", json!({ "text": "가".repeat(201), "fromDate": "2026-13-01", "toDate": "x" })).await;
    assert_eq!(field_errors(&bad), ["fromDate", "text", "toDate"]);
    let reversed = app.post("/api/content/contentNoti/jsonSave.do", json!({ "text": "공지", "fromDate": day(&app, 3), "toDate": day(&app, 1) })).await;
    assert_eq!(field_errors(&reversed), ["toDate"]);

    let save = |text: &str, from: i64, to: i64| {
        let body = json!({ "text": text, "fromDate": day(&app, from), "toDate": day(&app, to) });
        async { ok(&app.post("/api/content/contentNoti/jsonSave.do", body).await)["cnIdx"].as_i64().unwrap() }
    };
    let now_on = save("<b>엘리베이터</b> 점검", -1, 2).await;
    let later = save("다음 주 소독", 2, 5).await;
    let ended = save("지난 공지", -5, -1).await;
    let today_only = save("오늘만", 0, 0).await;

    let detail = app.post("/api/content/contentNoti/jsonDetail.do", json!({ "cnIdx": now_on })).await;
    assert_eq!(ok(&detail)["text"], "엘리베이터 점검", "markup is removed");
    assert_eq!((detail.data()["timeStatus"].as_i64(), detail.data()["uName"].as_str()), (Some(0), Some("관리자")));
    assert_eq!(detail.data()["poiId"], Value::Null, "a manager's notice shows at every site");
    for (status, expected) in [(0, vec![today_only, now_on]), (1, vec![later]), (2, vec![ended])] {
        let list = app.post("/api/content/contentNoti/jsonList.do", json!({ "timeStatus": status })).await;
        assert_eq!(ids(&list, "cnIdx"), expected, "time status {status}");
        assert!(list.data()["list"].as_array().unwrap().iter().all(|r| r["timeStatus"] == status));
    }
    assert_eq!(app.post("/api/content/contentNoti/jsonList.do", json!({ "timeStatus": 7 })).await.code(), 10400);
    assert_eq!(app.post("/api/content/contentNoti/jsonList.do", json!({ "sortField": "text" })).await.code(), 10400);
    let sorted = app.post("/api/content/contentNoti/jsonList.do", json!({ "sortField": "fromDate", "sortOrder": "asc" })).await;
    assert_eq!(ids(&sorted, "cnIdx"), [ended, now_on, today_only, later]);
    assert_eq!(ids(&app.post("/api/content/contentNoti/jsonList.do", json!({ "text": "소독" })).await, "cnIdx"), [later]);

    // A site manager writes notices of the site they manage, and sees those only.
    let manager = app.create_user("sitemgr", 10008, 1).await;
    ok(&app.post("/api/account/nodemanager/jsonSave.do", json!({ "uIdx": manager, "poiId": poi_a })).await);
    let admin = app.cookie();
    app.set_cookie(None);
    assert_eq!(app.try_login("sitemgr", NEW_PW, None).await.code(), 0);
    assert_eq!(app.post("/api/content/contentNoti/jsonList.do", json!({})).await.data()["totalCount"], 0, "every-site notices are the operators'");
    let mine =
        app.post("/api/content/contentNoti/jsonSave.do", json!({ "text": "가 아파트 단수 안내", "fromDate": day(&app, 0), "toDate": day(&app, 1) })).await;
    let mine = ok(&mine)["cnIdx"].as_i64().unwrap();
    let listed = app.post("/api/content/contentNoti/jsonList.do", json!({})).await;
    assert_eq!(ids(&listed, "cnIdx"), [mine]);
    assert_eq!((listed.data()["list"][0]["poiId"].as_i64(), listed.data()["list"][0]["poiNm"].as_str()), (Some(poi_a), Some("가 아파트")));
    let elsewhere =
        app.post("/api/content/contentNoti/jsonSave.do", json!({ "text": "x", "fromDate": day(&app, 0), "toDate": day(&app, 0), "poiId": poi_a + 1 })).await;
    assert_eq!(field_errors(&elsewhere), ["poiId"]);
    assert_eq!(app.post("/api/content/contentNoti/jsonDetail.do", json!({ "cnIdx": now_on })).await.code(), 10404);
    assert_eq!(app.post("/api/content/contentNoti/jsonDelete.do", json!({ "ids": [now_on] })).await.code(), 10404);
    assert_eq!(app.post("/api/content/urgentMsg/jsonList.do", json!({})).await.code(), 10403, "urgent messages are the operators'");
    app.set_cookie(admin);

    // The footer of a group: notices in progress today, every site's and its own site's.
    assert_eq!(texts(&footer_of(&app, mg_a).await["notices"]), ["엘리베이터 점검", "오늘만", "가 아파트 단수 안내"]);
    assert_eq!(texts(&footer_of(&app, mg_b).await["notices"]), ["엘리베이터 점검", "오늘만"]);
    assert_eq!(footer_of(&app, mg_b).await["news"], json!([]));
    ok(&app.post("/api/content/contentNoti/jsonDelete.do", json!({ "ids": [today_only] })).await);
    assert_eq!(texts(&footer_of(&app, mg_b).await["notices"]), ["엘리베이터 점검"], "a deleted notice leaves at once");
    ok(&app.post("/api/content/manager/jsonSave.do", json!({ "mgId": mg_b, "newsYn": "N", "weatherYn": "N", "noticeYn": "N" })).await);
    assert_eq!(footer_of(&app, mg_b).await["notices"], json!([]), "notices off for the group");
    let tomorrow = footer::of_group(&app.state, mg_a, today(&app) + Duration::days(2)).await.unwrap();
    assert_eq!(texts(&tomorrow["notices"]), ["엘리베이터 점검", "다음 주 소독"]);
}

#[tokio::test]
async fn urgent_messages_reach_the_screens_they_target_while_in_force() {
    let app = spawn().await;
    app.login_admin().await;
    let (poi_seoul, _, seoul) = site_with_screen(&app, "역삼 아파트", "1168010100", "SN-S").await;
    let (poi_busan, _, busan) = site_with_screen(&app, "영주 아파트", "2611010100", "SN-P").await;
    let send = |body: Value| async { app.post("/api/content/urgentMsg/jsonSave.do", body).await };
    // One start and end for all: messages of one start are shown in the order they were made.
    let (start, end) = (at(&app, -10), at(&app, 60));
    let message = |text: &str, target: &str| json!({ "text": text, "startAt": start, "endAt": end, "targetType": target });

    let bad = send(json!({ "text": "", "startAt": "2026-01-01", "endAt": at(&app, -20), "targetType": "dong", "imageUrl": "javascript:x" })).await;
    assert_eq!(field_errors(&bad), ["endAt", "imageUrl", "startAt", "targetType", "text"]);
    let mut wrong_level = message("x", "sido");
    wrong_level["rgnCds"] = json!(["1168000000"]);
    assert_eq!(field_errors(&send(wrong_level).await), ["rgnCds"], "a sigungu code is not a sido");
    let mut no_site = message("x", "poi");
    no_site["poiIds"] = json!([poi_busan + 100]);
    assert_eq!(field_errors(&send(no_site).await), ["poiIds"]);
    let mut backwards = message("x", "all");
    backwards["endAt"] = json!(at(&app, -20));
    assert_eq!(field_errors(&send(backwards).await), ["endAt"]);

    let everyone = ok(&send(message("전체 대피", "all")).await)["umIdx"].as_i64().unwrap();
    let mut seoul_only = message("서울 호우 경보", "sido");
    seoul_only["rgnCds"] = json!(["1100000000"]);
    seoul_only["imageUrl"] = json!("/api/material/image.do?matId=1");
    let seoul_only = ok(&send(seoul_only).await)["umIdx"].as_i64().unwrap();
    let mut busan_gu = message("중구 정전", "sigungu");
    busan_gu["rgnCds"] = json!(["2611000000"]);
    let busan_gu = ok(&send(busan_gu).await)["umIdx"].as_i64().unwrap();
    let mut one_site = message("역삼 아파트 화재 점검", "poi");
    one_site["poiIds"] = json!([poi_seoul]);
    let one_site = ok(&send(one_site).await)["umIdx"].as_i64().unwrap();
    let mut waiting = message("내일 훈련", "all");
    waiting["startAt"] = json!(at(&app, 30));
    waiting["endAt"] = json!(at(&app, 120));
    let waiting = ok(&send(waiting).await)["umIdx"].as_i64().unwrap();

    assert_eq!(urgent_for(&app, seoul).await, [everyone, seoul_only, one_site]);
    assert_eq!(urgent_for(&app, busan).await, [everyone, busan_gu]);
    let shown = urgent::in_force(&app.state, screen_model(&app, seoul).await.poi_id, app.state.clock.now()).await.unwrap();
    assert_eq!(shown[1]["imageUrl"], "/api/material/image.do?matId=1");
    assert_eq!(shown[1]["text"], "서울 호우 경보");
    assert_eq!(shown[1].as_object().unwrap().keys().collect::<Vec<_>>(), ["endAt", "imageUrl", "startAt", "text", "umIdx"]);

    // Detail: targets with names and the screens reached.
    let detail = app.post("/api/content/urgentMsg/jsonDetail.do", json!({ "umIdx": seoul_only })).await;
    assert_eq!(ok(&detail)["rgnCds"], json!(["1100000000"]));
    assert_eq!(detail.data()["rgns"][0]["rgnNm"], "서울특별시");
    assert_eq!((detail.data()["screens"].as_i64(), detail.data()["targetCnt"].as_i64(), detail.data()["status"].as_i64()), (Some(1), Some(1), Some(1)));
    let detail = app.post("/api/content/urgentMsg/jsonDetail.do", json!({ "umIdx": one_site })).await;
    assert_eq!(ok(&detail)["pois"], json!([{ "poiId": poi_seoul, "poiNm": "역삼 아파트" }]));
    assert_eq!(app.post("/api/content/urgentMsg/jsonDetail.do", json!({ "umIdx": everyone })).await.data()["screens"], 2);

    // Stopping takes effect at once; a stopped message cannot stop again.
    let stopped = app.post("/api/content/urgentMsg/jsonStop.do", json!({ "umIdx": everyone })).await;
    assert_eq!(ok(&stopped)["status"], 90);
    assert_eq!(app.post("/api/content/urgentMsg/jsonStop.do", json!({ "umIdx": everyone })).await.code(), 10409);
    assert_eq!(urgent_for(&app, busan).await, [busan_gu]);
    for (status, expected) in [(0, vec![waiting]), (1, vec![one_site, busan_gu, seoul_only]), (90, vec![everyone]), (2, vec![])] {
        let list = app.post("/api/content/urgentMsg/jsonList.do", json!({ "status": status })).await;
        assert_eq!(ids(&list, "umIdx"), expected, "status {status}");
    }
    let by_type = app.post("/api/content/urgentMsg/jsonList.do", json!({ "targetType": "sigungu" })).await;
    assert_eq!(ids(&by_type, "umIdx"), [busan_gu]);
    assert_eq!(by_type.data()["list"][0]["targetCnt"], 1);

    // An edit moves a message elsewhere; time moves messages in and out of force.
    let mut moved = message("중구 정전", "sido");
    moved["umIdx"] = json!(busan_gu);
    moved["rgnCds"] = json!(["1100000000"]);
    ok(&send(moved).await);
    assert_eq!(urgent_for(&app, busan).await, Vec::<i64>::new());
    assert_eq!(urgent_for(&app, seoul).await, [seoul_only, busan_gu, one_site]);
    app.state.clock.advance(Duration::minutes(45));
    assert_eq!(urgent_for(&app, busan).await, [waiting], "the waiting one started");
    app.state.clock.advance(Duration::minutes(30));
    assert_eq!(urgent_for(&app, seoul).await, [waiting], "the others ended");
    // The session has been idle past its limit meanwhile.
    app.set_cookie(None);
    assert_eq!(app.try_login("admin", NEW_PW, None).await.code(), 0);
    ok(&app.post("/api/content/urgentMsg/jsonDelete.do", json!({ "ids": [waiting] })).await);
    assert_eq!(urgent_for(&app, seoul).await, Vec::<i64>::new(), "a deleted message leaves at once");
    let ended = app.post("/api/content/urgentMsg/jsonList.do", json!({ "status": 2 })).await;
    assert_eq!(ids(&ended, "umIdx"), [one_site, busan_gu, seoul_only]);
    assert_eq!(app.post("/api/content/urgentMsg/jsonStop.do", json!({ "umIdx": one_site })).await.code(), 10409, "an ended message cannot stop");
}

/// A material row as the pipeline leaves it, without running ffmpeg.
async fn material_row(app: &TestApp, kind: &str, slot_type: i32, mat_type: &str, template: i32, status: i32, encoded: bool) -> i64 {
    let now = Utc::now();
    material::Entity::insert(material::ActiveModel {
        mat_kind: Set(kind.into()),
        mat_name: Set(format!("{mat_type} 소재")),
        advertiser_c_id: Set(None),
        slot_type: Set(slot_type),
        template_type: Set(template),
        mat_playtime: Set(15),
        mat_type: Set(mat_type.into()),
        mat_status: Set(status),
        encoding_status: Set(if encoded { 1 } else { 0 }),
        encoding_error: Set(None),
        reject_reason: Set(None),
        width: Set(1080),
        height: Set(1920),
        duration_ms: Set(if mat_type == "video" { 15_000 } else { 0 }),
        file_size: Set(1000),
        file_name: Set("a.mp4".into()),
        source_name: Set("src".into()),
        source_type: Set("video/mp4".into()),
        created_by: Set(Some(1)),
        approved_by: Set(None),
        approved_at: Set(None),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    })
    .exec(&app.state.db)
    .await
    .unwrap()
    .last_insert_id
}

#[tokio::test]
async fn contents_fill_the_content_slots_of_their_templates() {
    let app = spawn().await;
    app.login_admin().await;
    let image = material_row(&app, "content", 3, "image", 2, 1, true).await;
    let video = material_row(&app, "content", 3, "video", 2, 1, true).await;
    let unapproved = material_row(&app, "content", 3, "image", 2, 0, true).await;
    let unencoded = material_row(&app, "content", 3, "video", 2, 1, false).await;
    let house_ad = material_row(&app, "content", 2, "video", 2, 1, true).await;
    let ad = material_row(&app, "campaign", 3, "image", 2, 1, true).await;
    let save = |body: Value| async { app.post("/api/content/content/jsonSave.do", body).await };
    let content = |name: &str, kind: i32, mat: Option<i64>, text: Option<&str>| json!({ "ctNm": name, "contentType": kind, "matId": mat, "text": text, "seconds": 20, "ctStatus": 1 });

    for mat in [unapproved, unencoded, house_ad, ad, video] {
        assert_eq!(field_errors(&save(content("x", 10, Some(mat), None)).await), ["matId"], "material {mat} is not a playable content image");
    }
    assert_eq!(field_errors(&save(content("x", 20, None, None)).await), ["matId"]);
    assert_eq!(field_errors(&save(content("x", 30, Some(image), Some("문구"))).await), ["matId"]);
    assert_eq!(field_errors(&save(content("x", 30, None, Some(" "))).await), ["text"]);
    assert_eq!(field_errors(&save(content("x", 40, None, None)).await), ["contentType"]);
    let mut bad = content("", 30, None, Some(&"가".repeat(501)));
    bad["seconds"] = json!(4);
    bad["ctStatus"] = json!(2);
    bad["templateTypes"] = json!([5]);
    bad["fromDate"] = json!(day(&app, 2));
    bad["toDate"] = json!(day(&app, 1));
    assert_eq!(field_errors(&save(bad).await), ["ctNm", "ctStatus", "seconds", "templateTypes", "text", "toDate"]);
    let mut other_template = content("x", 10, Some(image), None);
    other_template["templateTypes"] = json!([4]);
    assert_eq!(field_errors(&save(other_template).await), ["templateTypes"], "the material's template must be among them");

    let image_ct = ok(&save(content("이미지 안내", 10, Some(image), None)).await)["ctIdx"].as_i64().unwrap();
    let mut video_body = content("영상 안내", 20, Some(video), None);
    video_body["seconds"] = json!(15);
    video_body["templateTypes"] = json!([2, 2]);
    let video_ct = ok(&save(video_body).await)["ctIdx"].as_i64().unwrap();
    let text_ct = ok(&save(content("문구 안내", 30, None, Some("오늘도 좋은 하루"))).await)["ctIdx"].as_i64().unwrap();
    let mut horizontal = content("가로 문구", 30, None, Some("가로 화면용"));
    horizontal["templateTypes"] = json!([4]);
    let horizontal = ok(&save(horizontal).await)["ctIdx"].as_i64().unwrap();
    let mut off = content("꺼진 문구", 30, None, Some("꺼짐"));
    off["ctStatus"] = json!(0);
    ok(&save(off).await);
    let mut next_week = content("다음 주 문구", 30, None, Some("다음 주"));
    next_week["fromDate"] = json!(day(&app, 7));
    ok(&save(next_week).await);
    let mut past = content("지난 문구", 30, None, Some("지남"));
    past["toDate"] = json!(day(&app, -1));
    ok(&save(past).await);

    let detail = app.post("/api/content/content/jsonDetail.do", json!({ "ctIdx": video_ct })).await;
    assert_eq!(ok(&detail)["templateTypes"], json!([2]));
    assert_eq!(
        (detail.data()["matName"].as_str(), detail.data()["thumbUrl"].as_str()),
        (Some("video 소재"), Some(&*format!("/api/material/image.do?matId={video}")))
    );
    let list = app.post("/api/content/content/jsonList.do", json!({ "contentType": 30, "ctStatus": 1, "sortField": "ctIdx", "sortOrder": "asc" })).await;
    assert_eq!(ok(&list)["totalCount"], 4);
    assert_eq!(list.data()["list"][0]["templateTypes"], json!([]));
    assert_eq!(list.data()["list"][0]["thumbUrl"], Value::Null);
    assert_eq!(app.post("/api/content/content/jsonList.do", json!({ "sortField": "text" })).await.code(), 10400);

    let on = |template| contents_for(&app.state.db, template, today(&app));
    assert_eq!(on(2).await.unwrap(), [(Some(image), 20, None), (Some(video), 15, None), (None, 20, Some("오늘도 좋은 하루".to_string()))]);
    assert_eq!(
        on(4).await.unwrap(),
        [(None, 20, Some("오늘도 좋은 하루".to_string())), (None, 20, Some("가로 화면용".to_string()))],
        "materials of template 2 stay off template 4"
    );
    let next = contents_for(&app.state.db, 0, today(&app) + Duration::days(7)).await.unwrap();
    assert_eq!(next.iter().filter_map(|c| c.2.as_deref()).collect::<Vec<_>>(), ["오늘도 좋은 하루", "다음 주"]);

    // A material withdrawn after the content was made leaves the slots.
    material::Entity::update(material::ActiveModel { mat_id: Set(image), mat_status: Set(2), ..Default::default() }).exec(&app.state.db).await.unwrap();
    assert_eq!(on(2).await.unwrap().len(), 2);
    ok(&app.post("/api/content/content/jsonDelete.do", json!({ "ids": [text_ct, horizontal, image_ct] })).await);
    assert_eq!(on(2).await.unwrap(), [(Some(video), 15, None)]);
}

const RSS_HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>동네 뉴스</title><link>http://news.test/</link>"#;

/// An RSS feed of `n` items, item i published i hours after midnight, March 1st 2026 (KST).
fn rss(n: usize) -> String {
    let mut body = RSS_HEAD.to_string();
    for i in 0..n {
        body.push_str(&format!(
            "<item><title>기사 {i} &amp; 소식</title><link>http://news.test/{i}</link><pubDate>Sun, 01 Mar 2026 {:02}:00:00 +0900</pubDate></item>",
            i
        ));
    }
    body.push_str("</channel></rss>");
    body
}

const ATOM: &str = r#"<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>Atom 소식</title><id>urn:x</id><updated>2026-03-02T00:00:00Z</updated>
<entry><title type="html">&lt;b&gt;첫&lt;/b&gt; 소식</title><id>urn:1</id><link href="http://news.test/a1"/><updated>2026-03-01T00:00:00Z</updated></entry>
<entry><title>둘째 소식</title><id>urn:2</id><link href="http://news.test/a2"/><updated>2026-03-02T00:00:00Z</updated></entry>
</feed>"#;

/// A feed server of the test's own on 127.0.0.1: `/rss.xml`, `/atom.xml`, `/moved` (a redirect to
/// the Atom feed), `/broken` (not a feed); anything else 404.
async fn feed_server() -> String {
    use axum::routing::get;
    let app = axum::Router::new()
        .route("/rss.xml", get(|| async { ([("content-type", "application/rss+xml")], rss(22)) }))
        .route("/atom.xml", get(|| async { ([("content-type", "application/atom+xml")], ATOM) }))
        .route("/moved", get(|| async { (StatusCode::FOUND, [("location", "/atom.xml")]) }))
        .route("/broken", get(|| async { "<html>not a feed</html>" }));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{addr}")
}

async fn provider(app: &TestApp, name: &str, url: &str) -> i64 {
    ok(&app.post("/api/system/newsmng/jsonSave.do", json!({ "nssNm": name, "feedUrl": url })).await)["nssId"].as_i64().unwrap()
}

/// Asks for a reading now and runs the queue; the job's row.
async fn fetch_now(app: &TestApp, nss_id: i64) -> job::Model {
    let answer = app.post("/api/system/newsmng/jsonFetch.do", json!({ "nssId": nss_id })).await;
    let job_id = ok(&answer)["jobId"].as_i64().unwrap();
    townboard_server::jobs::run_until_idle(&app.state).await;
    job::Entity::find_by_id(job_id).one(&app.state.db).await.unwrap().unwrap()
}

async fn items(app: &TestApp, nss_id: i64) -> Answer {
    let answer = app.post("/api/system/newsmng/jsonItems.do", json!({ "nssId": nss_id })).await;
    assert_eq!(answer.code(), 0, "{:?}", answer.body);
    answer
}

fn titles(answer: &Answer) -> Vec<String> {
    answer.data()["list"].as_array().unwrap().iter().map(|i| i["title"].as_str().unwrap().to_string()).collect()
}

/// Runs `openssl` with `args` in `dir`.
fn openssl(dir: &std::path::Path, args: &[&str]) {
    let out = std::process::Command::new("openssl").args(args).current_dir(dir).output().expect("openssl runs");
    assert!(out.status.success(), "openssl {args:?}: {}", String::from_utf8_lossy(&out.stderr));
}

/// An HTTPS server of the test's own (`openssl s_server`, serving the files of its directory) with
/// a certificate for localhost issued by a CA of the test's own; its base URL and the CA's file.
async fn https_feed_server(dir: &std::path::Path) -> (String, std::path::PathBuf, std::process::Child) {
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("rss.xml"), rss(3)).unwrap();
    openssl(dir, &["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Townboard Test CA"]);
    openssl(dir, &["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "leaf.key", "-out", "leaf.csr", "-subj", "/CN=localhost"]);
    std::fs::write(dir.join("leaf.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n").unwrap();
    openssl(
        dir,
        &["x509", "-req", "-in", "leaf.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "leaf.pem", "-days", "1", "-extfile", "leaf.ext"],
    );
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = std::process::Command::new("openssl")
        .args(["s_server", "-quiet", "-key", "leaf.key", "-cert", "leaf.pem", "-accept", &port.to_string(), "-WWW"])
        .current_dir(dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("openssl s_server starts");
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    (format!("https://localhost:{port}"), dir.join("ca.pem"), server)
}

#[tokio::test]
async fn feeds_are_read_over_https_with_certificates_checked() {
    let dir = std::env::temp_dir().join(format!("tb_https_feed_{}", std::process::id()));
    let (base, ca, mut server) = https_feed_server(&dir).await;
    // Trusting the CA (TOWNBOARD_CA_FILE), the feed is read over TLS.
    let trusting = spawn_with(|c| c.ca_file = Some(ca.clone())).await;
    trusting.login_admin().await;
    let secure = provider(&trusting, "보안 뉴스", &format!("{base}/rss.xml")).await;
    let done = fetch_now(&trusting, secure).await;
    assert_eq!(done.state, "done", "{:?}", done.last_error);
    assert_eq!(titles(&items(&trusting, secure).await).len(), 3);
    // Without it the same certificate is refused: the checks stay on.
    let app = spawn().await;
    app.login_admin().await;
    let untrusted = provider(&app, "모르는 인증서", &format!("{base}/rss.xml")).await;
    let refused = fetch_now(&app, untrusted).await;
    assert_eq!(refused.state, "failed");
    assert!(refused.last_error.as_deref().unwrap().to_lowercase().contains("certificate"), "{:?}", refused.last_error);
    server.kill().ok();
    server.wait().ok();
    let _ = std::fs::remove_dir_all(&dir);
}

#[tokio::test]
async fn news_feeds_are_read_into_the_footers_of_their_groups() {
    let app = spawn().await;
    app.login_admin().await;
    let server = feed_server().await;
    let rss_id = provider(&app, "RSS 뉴스", &format!("{server}/rss.xml")).await;
    let atom_id = provider(&app, "Atom 뉴스", &format!("{server}/moved")).await;
    let secure = provider(&app, "보안 뉴스", "https://127.0.0.1:9/rss").await;
    let broken = provider(&app, "깨진 뉴스", &format!("{server}/broken")).await;
    let gone = provider(&app, "없는 뉴스", &format!("{server}/nothing")).await;

    let before = items(&app, rss_id).await;
    assert_eq!((before.data()["totalCount"].as_u64(), before.data()["fetchedAt"].as_str()), (Some(0), None));
    let done = fetch_now(&app, rss_id).await;
    assert_eq!(done.state, "done", "{:?}", done.last_error);
    let read = items(&app, rss_id).await;
    let expected: Vec<String> = (2..22).rev().map(|i| format!("기사 {i} & 소식")).collect();
    assert_eq!(titles(&read), expected, "the latest 20, newest first");
    assert_eq!(read.data()["list"][0]["link"], "http://news.test/21");
    assert_eq!(read.data()["list"][0]["publishedAt"], "2026-03-01 21:00:00");
    assert!(read.data()["fetchedAt"].is_string());
    assert_eq!(read.data()["fetchError"], Value::Null);

    assert_eq!(fetch_now(&app, atom_id).await.state, "done", "a redirect is followed");
    assert_eq!(titles(&items(&app, atom_id).await), ["둘째 소식", "첫 소식"]);

    for bad in [broken, gone, secure] {
        let failed = fetch_now(&app, bad).await;
        assert_eq!(failed.state, "failed");
        assert_eq!(items(&app, bad).await.data()["fetchError"], json!(failed.last_error));
    }
    assert_eq!(app.post("/api/system/newsmng/jsonFetch.do", json!({ "nssId": 999 })).await.code(), 10404);

    // The half-hourly reading reads every provider in use, once per half hour.
    ok(&app.post("/api/system/newsmng/jsonDelete.do", json!({ "ids": [broken, gone, secure] })).await);
    townboard_server::db::entity::news_item::Entity::delete_many().exec(&app.state.db).await.unwrap();
    let period = news_fetch::period(app.state.clock.now());
    townboard_server::jobs::schedule_periodic(&app.state).await.unwrap();
    townboard_server::jobs::run_until_idle(&app.state).await;
    assert_eq!(items(&app, rss_id).await.data()["totalCount"], 20);
    assert_eq!(items(&app, atom_id).await.data()["totalCount"], 2);
    townboard_server::jobs::schedule_periodic(&app.state).await.unwrap();
    let periodic =
        job::Entity::find().filter(job::Column::Kind.eq(news_fetch::KIND)).filter(job::Column::UniqueKey.is_not_null()).count(&app.state.db).await.unwrap();
    // (Unless the test crossed into the next half hour, which starts another round.)
    if news_fetch::period(app.state.clock.now()) == period {
        assert_eq!(periodic, 3, "one dispatch and one job per provider in the half hour");
    }

    // Lower content settings: news on for a group shows its provider's titles in the footer.
    let (_, mg_id, _) = site_with_screen(&app, "뉴스 아파트", "1168010100", "SN-N").await;
    let row = app.post("/api/content/manager/jsonDetail.do", json!({ "mgId": mg_id })).await;
    assert_eq!(ok(&row)["newsYn"], "N");
    assert_eq!((row.data()["noticeYn"].as_str(), row.data()["nssId"].clone(), row.data()["poiNm"].as_str()), (Some("Y"), Value::Null, Some("뉴스 아파트")));
    let no_provider = app.post("/api/content/manager/jsonSave.do", json!({ "mgId": mg_id, "newsYn": "Y", "weatherYn": "N", "noticeYn": "Y" })).await;
    assert_eq!(field_errors(&no_provider), ["nssId"]);
    let wrong = app.post("/api/content/manager/jsonSave.do", json!({ "mgId": mg_id, "nssId": broken, "newsYn": "Y", "weatherYn": "X", "noticeYn": "Y" })).await;
    assert_eq!(field_errors(&wrong), ["nssId", "weatherYn"], "a deleted provider is refused");
    assert_eq!(app.post("/api/content/manager/jsonSave.do", json!({ "mgId": 999, "newsYn": "N", "weatherYn": "N", "noticeYn": "Y" })).await.code(), 10404);
    ok(&app.post("/api/content/manager/jsonSave.do", json!({ "mgId": mg_id, "nssId": atom_id, "newsYn": "Y", "weatherYn": "Y", "noticeYn": "Y" })).await);
    let list = app.post("/api/content/manager/jsonList.do", json!({ "mgNm": "뉴스" })).await;
    assert_eq!(ok(&list)["totalCount"], 1);
    let row = &list.data()["list"][0];
    assert_eq!((row["nssNm"].as_str(), row["newsYn"].as_str(), row["weatherYn"].as_str()), (Some("Atom 뉴스"), Some("Y"), Some("Y")));
    assert_eq!(app.post("/api/content/manager/jsonList.do", json!({ "sortField": "nssNm" })).await.code(), 10400);
    assert_eq!(footer_of(&app, mg_id).await, json!({ "notices": [], "news": ["둘째 소식", "첫 소식"] }));
    ok(&app.post("/api/content/manager/jsonSave.do", json!({ "mgId": mg_id, "nssId": atom_id, "newsYn": "N", "weatherYn": "N", "noticeYn": "Y" })).await);
    assert_eq!(footer_of(&app, mg_id).await["news"], json!([]), "news off");
}
