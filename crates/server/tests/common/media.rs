//! Media fixtures: a site, a group and a screen on a device, and the player's calls.

use super::{Answer, TestApp};
use serde_json::{Value, json};

pub fn site(name: &str) -> Value {
    json!({ "poiNm": name, "poiStatus": 1, "roadAddr": "서울특별시 강남구 테헤란로 1", "rgnCd": "1168000000", "openTime": "00:00", "closeTime": "23:59", "dongCnt": 10, "daCnt": 1000, "mediaGrade": "A", "displayNum": 20 })
}

/// Admin creates a site of the first media owner; returns its poiId.
pub async fn admin_site(app: &TestApp, name: &str) -> Value {
    let poi = app
        .post("/api/media/poi/jsonSave.do", {
            let mut s = site(name);
            s["cId"] = json!(1);
            s
        })
        .await;
    assert_eq!(poi.code(), 0, "{:?}", poi.body);
    poi.data()["poiId"].clone()
}

pub fn device(serial: &str) -> Value {
    json!({ "dvcNm": format!("디바이스 {serial}"), "dvcSnNum": serial, "osType": "AND", "wrhsDt": "2026-11-01", "deviceStatus": 0, "size": 55, "resolution": "FHD" })
}

/// Admin creates a site, a group and one screen on a device; returns (poiId, mgId, mediaId).
pub async fn screen(app: &TestApp, serial: &str) -> (Value, Value, Value) {
    let poi_id = admin_site(app, "테스트 아파트").await;
    let group = app
        .post(
            "/api/media/mediagroup/jsonSave.do",
            json!({ "mgNm": "1그룹", "poiId": poi_id, "layout": 1, "templateType": 2, "schdGroup": 0, "adSlotCnt": 10, "slotSec": 15, "boardSlotCnt": 0 }),
        )
        .await;
    assert_eq!(group.code(), 0, "{:?}", group.body);
    let dvc = app.post("/api/media/device/jsonSave.do", device(serial)).await;
    assert_eq!(dvc.code(), 0, "{:?}", dvc.body);
    let media = app
        .post(
            "/api/media/media/jsonSave.do",
            json!({ "mediaNm": format!("화면 {serial}"), "poiId": poi_id, "mgId": group.data()["mgId"], "dvcIdx": dvc.data()["dvcIdx"], "osType": "AND" }),
        )
        .await;
    assert_eq!(media.code(), 0, "{:?}", media.body);
    (poi_id, group.data()["mgId"].clone(), media.data()["mediaId"].clone())
}

pub async fn player(app: &TestApp, path: &str, token: &str, body: Value) -> Answer {
    let auth = format!("Bearer {token}");
    app.post_raw(&format!("/api/player/v1/{path}"), &[("authorization", &auth), ("content-type", "application/json")], body.to_string().as_bytes()).await
}

pub async fn register(app: &TestApp, serial: &str, ssaid: &str) -> Answer {
    app.post_raw(
        "/api/player/v1/register",
        &[("content-type", "application/json")],
        json!({ "dvcSnNum": serial, "ssaid": ssaid, "osType": "AND", "playerVersion": "1.0" }).to_string().as_bytes(),
    )
    .await
}

/// Adds a site through the API and `count` screens at it in one statement (a long list for tests
/// of deep pages), screen `n` last heard at `heard(n)`.
pub async fn add_screens(app: &TestApp, count: i32, heard: impl Fn(i32) -> Option<chrono::DateTime<chrono::Utc>>) {
    use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
    use townboard_server::db::entity::{media, media_beat};
    let poi_id = admin_site(app, "긴 목록 아파트").await.as_i64().unwrap();
    let now = chrono::Utc::now();
    let rows = (0..count).map(|n| media::ActiveModel {
        media_nm: Set(format!("화면 {n:04}")),
        c_id: Set(1),
        poi_id: Set(poi_id),
        os_type: Set("AND".into()),
        media_status: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    });
    media::Entity::insert_many(rows).exec(&app.state.db).await.unwrap();
    // Each screen's beat row (made with the screen) takes its last heartbeat, in the screens' order.
    let ids: Vec<i64> = media::Entity::find()
        .select_only()
        .column(media::Column::MediaId)
        .filter(media::Column::PoiId.eq(poi_id))
        .order_by_asc(media::Column::MediaId)
        .into_tuple()
        .all(&app.state.db)
        .await
        .unwrap();
    for (n, id) in ids.into_iter().enumerate() {
        media_beat::Entity::update_many()
            .col_expr(media_beat::Column::LastHeartbeatAt, sea_orm::sea_query::Expr::value(heard(n as i32)))
            .filter(media_beat::Column::MediaId.eq(id))
            .exec(&app.state.db)
            .await
            .unwrap();
    }
}
