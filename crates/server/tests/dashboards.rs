//! Dashboards, proposals and the population by region through HTTP: each role's dashboard over a
//! known network (campaigns in every status, screens in every status, today's plays, slot holds)
//! and its reach, refused to other roles; proposals saved, listed, quoted exactly as a campaign
//! quote, their plays worked out by hand, kept within the writer's corp; households by sido,
//! sigungu and dong.

mod common;

use chrono::{DateTime, Datelike, Duration, Utc};
use common::campaigns::*;
use common::media::{device, site};
use common::*;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{Value, json};
use townboard_server::db::entity::{campaign, campaign_target, media, plan, point_balance, pop_media_day, slot_use};

const MANAGER: &str = "/api/dashboard/manager/jsonMain.do";
const MEDIA: &str = "/api/dashboard/media/jsonMain.do";
const SALER: &str = "/api/dashboard/saler/jsonMain.do";

/// A site of corp `c_id` in region `rgn_cd` with `da_cnt` households and one group of `slots`
/// slots on `screens` screens, as the admin; (poiId, mgId, mediaIds).
async fn site_with_screens(app: &TestApp, name: &str, c_id: i64, rgn_cd: &str, da_cnt: i64, slots: i64, screens: usize) -> (i64, i64, Vec<i64>) {
    let mut s = site(&format!("{name} 아파트"));
    s["cId"] = json!(c_id);
    s["rgnCd"] = json!(rgn_cd);
    s["daCnt"] = json!(da_cnt);
    let poi_id = ok(&app.post("/api/media/poi/jsonSave.do", s).await)["poiId"].as_i64().unwrap();
    let group = app
        .post(
            "/api/media/mediagroup/jsonSave.do",
            json!({ "mgNm": name, "poiId": poi_id, "layout": 1, "templateType": 2, "schdGroup": 0, "adSlotCnt": slots, "slotSec": 15, "boardSlotCnt": 0 }),
        )
        .await;
    let mg_id = ok(&group)["mgId"].as_i64().unwrap();
    let mut media_ids = Vec::new();
    for i in 0..screens {
        let dvc = app.post("/api/media/device/jsonSave.do", device(&format!("{name}-SN-{i}"))).await;
        let screen = app
            .post(
                "/api/media/media/jsonSave.do",
                json!({ "mediaNm": format!("{name} 화면 {i}"), "poiId": poi_id, "mgId": mg_id, "dvcIdx": ok(&dvc)["dvcIdx"], "osType": "AND" }),
            )
            .await;
        media_ids.push(ok(&screen)["mediaId"].as_i64().unwrap());
    }
    (poi_id, mg_id, media_ids)
}

async fn set_screen(app: &TestApp, media_id: i64, status: i32, silent: Option<Duration>) {
    let now = app.state.clock.now();
    media::ActiveModel { media_id: Set(media_id), media_status: Set(status), ..Default::default() }.update(&app.state.db).await.unwrap();
    townboard_server::db::entity::media_beat::ActiveModel { media_id: Set(media_id), last_heartbeat_at: Set(silent.map(|s| now - s)), ..Default::default() }
        .update(&app.state.db)
        .await
        .unwrap();
}

async fn plays(app: &TestApp, media_id: i64, date: &str, n: i64) {
    pop_media_day::Entity::insert(pop_media_day::ActiveModel { play_date: Set(date.into()), media_id: Set(media_id), plays: Set(n), seconds: Set(n * 15) })
        .exec(&app.state.db)
        .await
        .unwrap();
}

async fn held(app: &TestApp, mg_id: i64, date: &str, halves: i32) {
    slot_use::Entity::insert(slot_use::ActiveModel { mg_id: Set(mg_id), play_date: Set(date.into()), used_units: Set(halves), capacity_units: Set(20) })
        .exec(&app.state.db)
        .await
        .unwrap();
}

/// A campaign row as the status machine would leave it.
#[derive(Clone, Copy)]
struct Stored<'a> {
    status: i32,
    start: i64,
    end: i64,
    total: i64,
    approved: Option<DateTime<Utc>>,
    by_owner: bool,
    agent: Option<i64>,
    groups: &'a [i64],
}

async fn stored(app: &TestApp, title: &str, c: Stored<'_>) -> i64 {
    let now = app.state.clock.now();
    let id = campaign::Entity::insert(campaign::ActiveModel {
        cmpg_title: Set(title.into()),
        advertiser_c_id: Set(1),
        agent_c_id: Set(c.agent),
        platform: Set(1),
        start_date: Set(Some(day(app, c.start))),
        end_date: Set(Some(day(app, c.end))),
        slot_cnt: Set(Some(1)),
        schd_rate: Set(100),
        memo: Set(String::new()),
        cmpg_status: Set(c.status),
        cancelled_by_owner: Set(c.by_owner),
        price_gross_yn: Set("N".into()),
        total: Set(Some(c.total)),
        supply: Set(Some(c.total)),
        paid_points: Set(0),
        approved_at: Set(c.approved),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    })
    .exec(&app.state.db)
    .await
    .unwrap()
    .last_insert_id;
    for mg_id in c.groups {
        campaign_target::Entity::insert(campaign_target::ActiveModel { cmpg_id: Set(id), mg_id: Set(*mg_id) }).exec(&app.state.db).await.unwrap();
    }
    id
}

fn ids(list: &Value, field: &str) -> Vec<i64> {
    list.as_array().unwrap().iter().map(|r| r[field].as_i64().unwrap()).collect()
}

async fn as_user(app: &TestApp, cookie: &Option<String>) {
    app.set_cookie(cookie.clone());
}

#[tokio::test]
async fn each_role_sees_its_dashboard_over_its_reach() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let media_u = app.create_user("media1", 10004, 3).await;
    let media_corp = corp_of(&app, media_u).await;
    let saler_u = app.create_user("saler1", 10003, 3).await;
    let saler_corp = corp_of(&app, saler_u).await;
    app.create_user("saler2", 10005, 3).await;
    app.create_user("adv1", 10006, 3).await;

    // The media corp's site: 10 slots on 3 screens; the platform's: 5 slots on 2 screens.
    let (_, own, own_screens) = site_with_screens(&app, "매체사", media_corp, "1168010100", 1000, 10, 3).await;
    let (_, other, other_screens) = site_with_screens(&app, "플랫폼", 1, "1168010100", 1000, 5, 2).await;
    set_screen(&app, own_screens[0], 0, Some(Duration::minutes(1))).await;
    set_screen(&app, own_screens[1], 2, Some(Duration::minutes(20))).await;
    set_screen(&app, own_screens[2], 4, Some(Duration::minutes(5))).await;
    set_screen(&app, other_screens[0], 1, None).await;
    set_screen(&app, other_screens[1], 3, Some(Duration::hours(1))).await;

    let (t, yesterday) = (day(&app, 0), day(&app, -1));
    plays(&app, own_screens[0], &t, 100).await;
    plays(&app, own_screens[1], &t, 20).await;
    plays(&app, other_screens[0], &t, 7).await;
    plays(&app, own_screens[0], &yesterday, 1000).await;

    held(&app, own, &t, 4).await;
    held(&app, own, &day(&app, 1), 3).await;
    held(&app, other, &t, 2).await;
    held(&app, other, &day(&app, 13), 1).await;
    held(&app, own, &day(&app, 14), 10).await;

    let now = app.state.clock.now();
    let at = |secs: i64| Some(now - Duration::seconds(secs));
    let base = Stored { status: 3, start: 10, end: 20, total: 0, approved: None, by_owner: false, agent: None, groups: &[] };
    let requested = stored(&app, "승인요청", Stored { status: 21, groups: &[own], ..base }).await;
    stored(&app, "재승인요청", Stored { status: 27, groups: &[other], ..base }).await;
    let awaiting = stored(&app, "송출대기", Stored { status: 30, start: 3, end: 30, total: 1000, approved: at(5), groups: &[own], ..base }).await;
    let started =
        stored(&app, "시작됨", Stored { status: 30, start: -2, end: 30, total: 2000, approved: at(4), agent: Some(saler_corp), groups: &[own], ..base }).await;
    let soon =
        stored(&app, "종료예정", Stored { status: 50, start: -9, end: 3, total: 4000, approved: at(3), agent: Some(saler_corp), groups: &[other], ..base })
            .await;
    let ended = stored(&app, "끝남", Stored { status: 50, start: -60, end: -1, total: 8000, approved: at(40 * 86_400), groups: &[own], ..base }).await;
    let cancelled = stored(&app, "송출취소", Stored { status: 40, total: 16_000, approved: at(2), by_owner: true, groups: &[other], ..base }).await;
    stored(&app, "임시", base).await;
    let stopped = stored(&app, "중지", Stored { status: 60, start: -5, end: 20, total: 32_000, approved: at(1), groups: &[own], ..base }).await;
    let gone = stored(&app, "삭제됨", Stored { status: 21, groups: &[own], ..base }).await;
    campaign::ActiveModel { cmpg_id: Set(gone), deleted_at: Set(Some(now)), ..Default::default() }.update(&app.state.db).await.unwrap();

    let m = ok(&app.post(MANAGER, json!({})).await).clone();
    assert_eq!((m["awaitingApproval"].as_i64(), m["live"].as_i64(), m["endingSoon"].as_i64()), (Some(2), Some(2), Some(1)), "{m}");
    assert_eq!(m["screens"], json!({ "normal": 1, "fault": 3, "off": 1, "total": 5 }));
    assert_eq!(ids(&m["faults"], "mediaId"), [other_screens[1], own_screens[1], own_screens[2]], "the longest silent first");
    assert_eq!(m["faults"][0]["poiNm"], "플랫폼 아파트");
    assert_eq!(m["faults"][0]["mediaStatus"], 3);
    assert_eq!(m["playsToday"], 127);
    let occupancy = m["occupancy"].as_array().unwrap();
    assert_eq!(occupancy.len(), 14);
    assert_eq!(occupancy[0], json!({ "date": t, "sold": 3.0, "capacity": 15 }));
    assert_eq!(occupancy[1]["sold"], 1.5);
    assert_eq!(occupancy[2]["sold"], 0.0);
    assert_eq!((occupancy[13]["date"].as_str(), occupancy[13]["sold"].as_f64()), (Some(day(&app, 13).as_str()), Some(0.5)));
    // This month's sales are the month's revenue as its settlement counts it: by live days.
    let month = &t[..7];
    let revenue_of = |list: &Value| list["sum"]["revenue"].as_i64().unwrap();
    let lines = ok(&app.post("/api/campaign/jungsan/jsonList.do", json!({ "month": month, "pageSize": 100 })).await).clone();
    let summed: i64 = lines["list"].as_array().unwrap().iter().map(|l| l["revenue"].as_i64().unwrap()).sum();
    assert_eq!((m["salesThisMonth"].as_i64(), revenue_of(&lines)), (Some(summed), summed), "the dashboard is the settlement's month: {lines}");
    assert!(summed > 0 && summed < 1000 + 2000 + 4000 + 8000 + 32_000, "by live days, not whole prices at approval");
    assert_eq!(ids(&m["recentCampaigns"], "cmpgId"), [stopped, cancelled, soon, started, awaiting]);
    let shown: Vec<i64> = m["recentCampaigns"].as_array().unwrap().iter().map(|c| c["displayStatus"].as_i64().unwrap()).collect();
    assert_eq!(shown, [60, 120, 110, 50, 100]);

    // A change made here shows at once.
    let late = stored(&app, "늦은 요청", Stored { status: 21, groups: &[other], ..base }).await;
    assert_eq!(ok(&app.post(MANAGER, json!({})).await)["awaitingApproval"], 3);
    campaign::ActiveModel { cmpg_id: Set(late), cmpg_status: Set(3), ..Default::default() }.update(&app.state.db).await.unwrap();

    // The media corp: its screens, groups and the campaigns on them.
    app.set_cookie(None);
    assert_eq!(app.try_login("media1", NEW_PW, None).await.code(), 0);
    let d = ok(&app.post(MEDIA, json!({})).await).clone();
    assert_eq!((d["awaitingApproval"].as_i64(), d["live"].as_i64(), d["endingSoon"].as_i64()), (Some(1), Some(1), Some(0)), "{d}");
    assert_eq!(d["screens"], json!({ "normal": 1, "fault": 2, "off": 0, "total": 3 }));
    assert_eq!(ids(&d["faults"], "mediaId"), [own_screens[1], own_screens[2]]);
    assert_eq!(d["playsToday"], 120);
    assert_eq!(d["occupancy"][0], json!({ "date": t, "sold": 2.0, "capacity": 10 }));
    assert_eq!(d["occupancy"][13]["sold"], 0.0);
    let sites = ok(&app.post("/api/settlement/media/jsonList.do", json!({ "month": month })).await).clone();
    assert_eq!(d["salesThisMonth"].as_i64(), Some(revenue_of(&sites)), "the corp's sites' revenue this month: {sites}");
    assert_eq!(ids(&d["recentCampaigns"], "cmpgId"), [stopped, started, awaiting, ended]);
    assert!(!ids(&d["recentCampaigns"], "cmpgId").contains(&requested), "never approved");
    // Last month's settlement of the corp's sites: the sums of its settlement list, before closing.
    let last_month = (today(&app).with_day(1).unwrap() - Duration::days(1)).format("%Y-%m").to_string();
    let listed = ok(&app.post("/api/settlement/media/jsonList.do", json!({ "month": last_month })).await).clone();
    assert_eq!(
        (&d["settlement"]["month"], &d["settlement"]["revenue"], &d["settlement"]["fee"]),
        (&json!(last_month), &listed["sum"]["revenue"], &listed["sum"]["fee"])
    );
    for other_role in [MANAGER, SALER] {
        assert_eq!(app.post(other_role, json!({})).await.code(), 10403, "{other_role}");
    }

    // The sales corp: the campaigns its agency sells and one it wrote, sales and points.
    for (owner_type, owner_id, balance) in [("sales", saler_corp, 500), ("salesuser", saler_u, 70), ("advertiser", saler_corp, 999)] {
        point_balance::Entity::insert(point_balance::ActiveModel {
            owner_type: Set(owner_type.into()),
            owner_id: Set(owner_id),
            balance: Set(balance),
            updated_at: Set(now),
        })
        .exec(&app.state.db)
        .await
        .unwrap();
    }
    app.set_cookie(None);
    assert_eq!(app.try_login("saler1", NEW_PW, None).await.code(), 0);
    let written = requested_by_me(&app, own).await;
    let s = ok(&app.post(SALER, json!({})).await).clone();
    assert_eq!((s["awaitingApproval"].as_i64(), s["live"].as_i64(), s["endingSoon"].as_i64()), (Some(0), Some(2), Some(1)), "{s}");
    assert_eq!(s["byStatus"], json!([{ "displayStatus": 3, "count": 1 }, { "displayStatus": 50, "count": 1 }, { "displayStatus": 110, "count": 1 }]));
    let sold = ok(&app.post("/api/settlement/sales/jsonList.do", json!({ "month": month })).await).clone();
    assert_eq!(s["sales"], json!({ "month": month, "total": sold["sum"]["revenue"] }), "{sold}");
    assert_eq!(s["points"], json!({ "corp": 500, "user": 70 }));
    let listed = ok(&app.post("/api/settlement/sales/jsonList.do", json!({ "month": last_month })).await).clone();
    assert_eq!((&s["fees"]["month"], &s["fees"]["revenue"], &s["fees"]["fee"]), (&json!(last_month), &listed["sum"]["revenue"], &listed["sum"]["fee"]));
    assert!(s.get("screens").is_none() && s.get("occupancy").is_none() && s.get("faults").is_none());
    for other_role in [MANAGER, MEDIA] {
        assert_eq!(app.post(other_role, json!({})).await.code(), 10403, "{other_role}");
    }
    // The draft becomes a request: the counts follow at once.
    ok(&app.post("/api/campaign/regist/jsonRequest.do", json!({ "cmpgId": written })).await);
    let s = ok(&app.post(SALER, json!({})).await).clone();
    assert_eq!(s["awaitingApproval"], 1);
    assert_eq!(s["byStatus"][0], json!({ "displayStatus": 21, "count": 1 }));

    // Another sales corp sees none of them.
    app.set_cookie(None);
    assert_eq!(app.try_login("saler2", NEW_PW, None).await.code(), 0);
    let s = ok(&app.post(SALER, json!({})).await).clone();
    assert_eq!((s["live"].as_i64(), s["byStatus"].clone(), s["sales"]["total"].as_i64()), (Some(0), json!([]), Some(0)));
    assert_eq!(s["points"], json!({ "corp": 0, "user": 0 }));

    // Roles without a dashboard of their own.
    app.set_cookie(None);
    assert_eq!(app.try_login("adv1", NEW_PW, None).await.code(), 0);
    for path in [MANAGER, MEDIA, SALER] {
        assert_eq!(app.post(path, json!({})).await.code(), 10403, "{path}");
    }
    as_user(&app, &admin).await;
    for path in [MEDIA, SALER] {
        assert_eq!(app.post(path, json!({})).await.code(), 10403, "{path}");
    }
}

/// A draft written by the current sales caller for a new advertiser, on `mg_id`; its cmpgId.
async fn requested_by_me(app: &TestApp, mg_id: i64) -> i64 {
    let adv = ok(&app
        .post(
            "/api/account/advertiser/jsonSave.do",
            json!({ "cName": "영업 광고주", "cRep": "대표", "cBizNo": "9999999999", "cType": 2, "cPayType": 2, "cStatus": 1, "uId": "saleradv",
                "uName": "영업 광고주 담당", "uPw": "Adv-Pass-2026" }),
        )
        .await)["cId"]
        .as_i64()
        .unwrap();
    let mat = material(app, adv, "영업 소재").await;
    let body = campaign("영업 캠페인", adv, &[mg_id], &[mat], &day(app, 40), &day(app, 49));
    ok(&app.post("/api/campaign/regist/jsonSave.do", body).await)["cmpgId"].as_i64().unwrap()
}

fn proposal(title: &str, mg_ids: &[i64], start: &str, end: &str) -> Value {
    json!({ "title": title, "advertiserName": "가나다 치킨", "pkgId": "P000000003", "prdId": "PR00000001", "slotCnt": 2, "schdRate": 100,
        "startDate": start, "endDate": end, "mgIds": mg_ids, "extraType": "KRW", "extraValue": -50_000, "memo": "1차 제안" })
}

#[tokio::test]
async fn proposals_quote_like_campaigns_and_stay_within_their_corp() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let g3 = group(&app, "세대A", 10, 3).await;
    let g2 = group(&app, "세대B", 10, 2).await;
    app.create_user("seller", 10003, 3).await;
    app.create_user("rival", 10010, 3).await;
    app.create_user("mediaco", 10004, 3).await;

    app.set_cookie(None);
    assert_eq!(app.try_login("seller", NEW_PW, None).await.code(), 0);
    let seller = app.cookie();
    let (start, end) = (day(&app, 20), day(&app, 29));
    let body = proposal("강남 제안", &[g3, g2], &start, &end);
    let rt_idx = ok(&app.post("/api/report/temp/jsonSave.do", body.clone()).await)["rtIdx"].as_i64().unwrap();

    // The quote is the campaign quote of the same fields.
    let mut as_campaign = body.clone();
    let fields = as_campaign.as_object_mut().unwrap();
    for f in ["title", "advertiserName", "mgIds"] {
        fields.remove(f);
    }
    fields.insert("targets".into(), json!([{ "mgId": g3 }, { "mgId": g2 }]));
    let quote = ok(&app.post("/api/campaign/regist/jsonQuote.do", as_campaign).await).clone();
    let detail = ok(&app.post("/api/report/temp/jsonDetail.do", json!({ "rtIdx": rt_idx })).await).clone();
    assert_eq!(detail["quote"], quote);
    assert_eq!(detail["quote"]["mediaCnt"], 5);
    // Two sites of 1,000 households in Seoul (2.319 persons each).
    assert_eq!(detail["audience"], 4_638);
    assert_eq!((detail["title"].as_str(), detail["prdId"].as_str(), detail["memo"].as_str()), (Some("강남 제안"), Some("PR00000001"), Some("1차 제안")));
    assert_eq!(detail["mgIds"], json!([g3, g2]));
    assert_eq!(detail["targets"][0], json!({ "mgId": g3, "mgNm": "세대A", "poiNm": "세대A 아파트", "mediaCnt": 3 }));
    // Sites open 00:00-23:59 (86,340 s); no plan yet: 10 slots × 15 s + the 10 s notice = 160 s a
    // loop, 539 loops a day, 2 slots each: 1,078 plays a screen a day, on 5 screens for 10 days.
    assert_eq!(detail["expectedPlays"], 5 * 1_078 * 10);

    // A day already planned counts its own loop: 200 s, 431 loops on the first day of group A.
    plan::Entity::insert(plan::ActiveModel {
        mg_id: Set(g3),
        play_date: Set(start.clone()),
        version: Set("v".into()),
        loop_sec: Set(200),
        ad_slot_cnt: Set(10),
        sold_full: Set(0),
        sold_half: Set(0),
        house_halves: Set(0),
        items: Set("[]".into()),
        generated_at: Set(Utc::now()),
        exec_idx: Set(None),
    })
    .exec(&app.state.db)
    .await
    .unwrap();
    let detail = ok(&app.post("/api/report/temp/jsonDetail.do", json!({ "rtIdx": rt_idx })).await).clone();
    assert_eq!(detail["expectedPlays"], 5 * 1_078 * 10 - 3 * (1_078 - 431 * 2));

    let list = ok(&app.post("/api/report/temp/jsonList.do", json!({ "advertiserName": "치킨" })).await).clone();
    assert_eq!(list["totalCount"], 1);
    let row = &list["list"][0];
    assert_eq!((row["rtIdx"].as_i64(), row["mediaCnt"].as_i64(), row["total"].clone()), (Some(rt_idx), Some(5), quote["total"].clone()));
    assert_eq!(row["uName"], "seller 사용자");
    assert_eq!(ok(&app.post("/api/report/temp/jsonList.do", json!({ "title": "없는" })).await)["totalCount"], 0);

    // Half the rate, one group: saved over the same proposal.
    let mut half = proposal("강남 제안", &[g2], &start, &end);
    half["rtIdx"] = json!(rt_idx);
    half["schdRate"] = json!(50);
    ok(&app.post("/api/report/temp/jsonSave.do", half).await);
    let detail = ok(&app.post("/api/report/temp/jsonDetail.do", json!({ "rtIdx": rt_idx })).await).clone();
    assert_eq!(detail["expectedPlays"], 2 * 539 * 10, "a half slot plays every other loop");
    assert_eq!(detail["targets"].as_array().unwrap().len(), 1);

    let refused = app.post("/api/report/temp/jsonSave.do", json!({ "mgIds": [g3, g3, 999_999], "slotCnt": 11, "schdRate": 70 })).await;
    assert_eq!(refused.code(), 10400);
    let errors: Vec<&String> = refused.data()["fieldErrors"].as_object().unwrap().keys().collect();
    for f in ["title", "advertiserName", "prdId", "startDate", "endDate", "slotCnt", "schdRate", "mgIds[1]", "mgIds[2]"] {
        assert!(errors.iter().any(|e| *e == f), "{f} in {errors:?}");
    }
    let none = app.post("/api/report/temp/jsonSave.do", proposal("빈", &[], &start, &end)).await;
    assert!(none.data()["fieldErrors"].get("mgIds").is_some(), "{:?}", none.body);

    // Another sales corp does not see it; managers do.
    app.set_cookie(None);
    assert_eq!(app.try_login("rival", NEW_PW, None).await.code(), 0);
    assert_eq!(ok(&app.post("/api/report/temp/jsonList.do", json!({})).await)["totalCount"], 0);
    assert_eq!(app.post("/api/report/temp/jsonDetail.do", json!({ "rtIdx": rt_idx })).await.code(), 10404);
    assert_eq!(app.post("/api/report/temp/jsonDelete.do", json!({ "ids": [rt_idx] })).await.code(), 10404);
    let mine = ok(&app.post("/api/report/temp/jsonSave.do", proposal("총판 제안", &[g3], &start, &end)).await)["rtIdx"].as_i64().unwrap();
    as_user(&app, &admin).await;
    assert_eq!(ids(&ok(&app.post("/api/report/temp/jsonList.do", json!({})).await)["list"], "rtIdx"), [mine, rt_idx]);
    app.set_cookie(None);
    assert_eq!(app.try_login("mediaco", NEW_PW, None).await.code(), 0);
    assert_eq!(app.post("/api/report/temp/jsonList.do", json!({})).await.code(), 10403, "media agents write no proposals");

    as_user(&app, &seller).await;
    ok(&app.post("/api/report/temp/jsonDelete.do", json!({ "ids": [rt_idx] })).await);
    assert_eq!(ok(&app.post("/api/report/temp/jsonList.do", json!({})).await)["totalCount"], 0);
    assert_eq!(app.post("/api/report/temp/jsonDetail.do", json!({ "rtIdx": rt_idx })).await.code(), 10404);
}

#[tokio::test]
async fn households_and_audience_by_sido_sigungu_and_dong() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    for (name, rgn_cd, households) in [("역삼", "1168010100", 1000), ("개포", "1168010300", 500), ("방배", "1165010100", 300), ("영주", "2611010100", 200)]
    {
        site_with_screens(&app, name, 1, rgn_cd, households, 10, 0).await;
    }
    let (gone, _, _) = site_with_screens(&app, "철거", 1, "1168010100", 9_999, 10, 0).await;
    ok(&app.post("/api/media/poi/jsonDelete.do", json!({ "ids": [gone] })).await);

    let sido = ok(&app.post("/api/wpopl/jsonList.do", json!({})).await).clone();
    assert_eq!(
        sido["list"],
        json!([
            { "rgnCd": "1100000000", "rgnNm": "서울특별시", "sites": 3, "households": 1800, "multiplier": 2.319, "audience": 4174 },
            { "rgnCd": "2600000000", "rgnNm": "부산광역시", "sites": 1, "households": 200, "multiplier": 2.402, "audience": 480 },
        ])
    );
    assert_eq!(sido["sum"], json!({ "sites": 4, "households": 2000, "audience": 4654 }));

    let seoul = ok(&app.post("/api/wpopl/jsonList.do", json!({ "rgnCd": "11" })).await).clone();
    assert_eq!(
        seoul["list"],
        json!([
            { "rgnCd": "1165000000", "rgnNm": "서초구", "sites": 1, "households": 300, "multiplier": 2.319, "audience": 696 },
            { "rgnCd": "1168000000", "rgnNm": "강남구", "sites": 2, "households": 1500, "multiplier": 2.319, "audience": 3479 },
        ])
    );
    assert_eq!(seoul["sum"], json!({ "sites": 3, "households": 1800, "audience": 4175 }));

    let gangnam = ok(&app.post("/api/wpopl/jsonList.do", json!({ "rgnCd": "1168000000" })).await).clone();
    assert_eq!(ids(&gangnam["list"], "households"), [1000, 500]);
    assert_eq!(gangnam["list"][1]["rgnNm"], "개포동");
    assert_eq!(app.post("/api/wpopl/jsonList.do", json!({ "rgnCd": "11a" })).await.code(), 10400);

    app.create_user("wseller", 10003, 3).await;
    app.set_cookie(None);
    assert_eq!(app.try_login("wseller", NEW_PW, None).await.code(), 0);
    assert_eq!(ok(&app.post("/api/wpopl/jsonList.do", json!({ "rgnCd": "26" })).await)["sum"]["households"], 200, "whoever writes campaigns");
    app.create_user("wmedia", 10004, 3).await;
    app.set_cookie(None);
    assert_eq!(app.try_login("wmedia", NEW_PW, None).await.code(), 0);
    assert_eq!(app.post("/api/wpopl/jsonList.do", json!({})).await.code(), 10403);
    as_user(&app, &admin).await;
}
