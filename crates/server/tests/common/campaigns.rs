//! Campaign fixtures: groups with screens, advertisers, playable materials, requested campaigns.

use super::media::{device, site};
use super::{Answer, TestApp};
use chrono::{Duration, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{Value, json};
use townboard_server::db::entity::{corp, material, user};

pub fn today(app: &TestApp) -> NaiveDate {
    townboard_server::time::today(app.state.clock.now())
}

/// The local date `offset` days from today.
pub fn day(app: &TestApp, offset: i64) -> String {
    (today(app) + Duration::days(offset)).format("%Y-%m-%d").to_string()
}

pub fn ok(answer: &Answer) -> &Value {
    assert_eq!(answer.code(), 0, "{:?}", answer.body);
    answer.data()
}

/// A site with a group selling `slots` slots a day on `screens` screens (as the admin); its mgId.
pub async fn group(app: &TestApp, name: &str, slots: i64, screens: usize) -> i64 {
    let mut s = site(&format!("{name} 아파트"));
    s["cId"] = json!(1);
    let poi_id = ok(&app.post("/api/media/poi/jsonSave.do", s).await)["poiId"].clone();
    let group = app
        .post(
            "/api/media/mediagroup/jsonSave.do",
            json!({ "mgNm": name, "poiId": poi_id, "layout": 1, "templateType": 2, "schdGroup": 0, "adSlotCnt": slots, "slotSec": 15, "boardSlotCnt": 0 }),
        )
        .await;
    let mg_id = ok(&group)["mgId"].as_i64().unwrap();
    for i in 0..screens {
        let dvc = app.post("/api/media/device/jsonSave.do", device(&format!("{name}-SN-{i}"))).await;
        let screen = app
            .post(
                "/api/media/media/jsonSave.do",
                json!({ "mediaNm": format!("{name} 화면 {i}"), "poiId": poi_id, "mgId": mg_id, "dvcIdx": ok(&dvc)["dvcIdx"], "osType": "AND" }),
            )
            .await;
        ok(&screen);
    }
    mg_id
}

pub async fn corp_of(app: &TestApp, u_idx: i64) -> i64 {
    user::Entity::find_by_id(u_idx).one(&app.state.db).await.unwrap().unwrap().c_id
}

/// An advertiser corp with one user (not logged in); its cId.
pub async fn advertiser(app: &TestApp, uid: &str) -> i64 {
    let u_idx = app.create_user(uid, 10006, 3).await;
    corp_of(app, u_idx).await
}

pub async fn make_prepaid(app: &TestApp, c_id: i64) {
    corp::ActiveModel { c_id: Set(c_id), c_pay_type: Set(1), ..Default::default() }.update(&app.state.db).await.unwrap();
}

/// An approved, encoded campaign material of the advertiser, as the materials pipeline leaves one.
pub async fn material(app: &TestApp, c_id: i64, name: &str) -> i64 {
    let now = Utc::now();
    material::Entity::insert(material::ActiveModel {
        mat_kind: Set("campaign".into()),
        mat_name: Set(name.into()),
        advertiser_c_id: Set(Some(c_id)),
        slot_type: Set(1),
        template_type: Set(2),
        mat_playtime: Set(15),
        mat_type: Set("video".into()),
        mat_status: Set(1),
        encoding_status: Set(1),
        encoding_error: Set(None),
        reject_reason: Set(None),
        width: Set(1080),
        height: Set(1920),
        duration_ms: Set(15_000),
        file_size: Set(1000),
        file_name: Set("ad.mp4".into()),
        source_name: Set("source".into()),
        source_type: Set("video/mp4".into()),
        created_by: Set(None),
        approved_by: Set(None),
        approved_at: Set(Some(now)),
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

pub fn campaign(title: &str, c_id: i64, mg_ids: &[i64], mat_ids: &[i64], start: &str, end: &str) -> Value {
    json!({
        "cmpgTitle": title, "advertiserCId": c_id, "platform": 1, "pkgId": "P000000003", "prdId": "PR00000001",
        "startDate": start, "endDate": end, "slotCnt": 1, "schdRate": 100,
        "targets": mg_ids.iter().map(|id| json!({ "mgId": id })).collect::<Vec<_>>(),
        "materials": mat_ids.iter().map(|id| json!({ "matId": id })).collect::<Vec<_>>(),
    })
}

/// Saves and requests a campaign as the current caller; its cmpgId.
pub async fn requested(app: &TestApp, body: Value) -> i64 {
    let id = ok(&app.post("/api/campaign/regist/jsonSave.do", body).await)["cmpgId"].as_i64().unwrap();
    ok(&app.post("/api/campaign/regist/jsonRequest.do", json!({ "cmpgId": id })).await);
    id
}

/// An approved, encoded house material (slot type 2) of template type 2.
pub async fn house_material(app: &TestApp, name: &str) -> i64 {
    let mat_id = material(app, 0, name).await;
    material::ActiveModel { mat_id: Set(mat_id), mat_kind: Set("content".into()), advertiser_c_id: Set(None), slot_type: Set(2), ..Default::default() }
        .update(&app.state.db)
        .await
        .unwrap();
    mat_id
}

/// Approves a requested campaign as the current caller (an operator).
pub async fn approve(app: &TestApp, cmpg_id: i64) {
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": cmpg_id })).await);
}
