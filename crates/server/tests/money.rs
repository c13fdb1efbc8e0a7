//! Money through HTTP (domain.md §7): a month of several campaigns over sites of two media owner
//! corps and two sales corps, with fee rates changing inside the history, settled to the won as
//! worked out by hand below; closing a month as a job (its progress followed), the closed month
//! refusing what would change it, reopened with a reason and closed again to the same rows; fee
//! rates checked and kept to managers and operators; coupons priced exactly and never used past
//! their maximum by approvals at once; the statements within each corp's reach, and their Excel.

mod common;

use chrono::{NaiveDateTime, TimeZone, Utc};
use common::campaigns::*;
use common::media::{device, site};
use common::*;
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde_json::{Value, json};
use std::io::Read;
use std::sync::Arc;
use townboard_server::db::entity::corp;

const SITES: &str = "/api/settlement/media/jsonList.do";
const SALES: &str = "/api/settlement/sales/jsonList.do";
const CAMPAIGNS: &str = "/api/campaign/jungsan/jsonList.do";
const CLOSE: &str = "/api/settlement/closing/jsonClose.do";
const PROGRESS: &str = "/api/settlement/closing/jsonProgress.do";
const REOPEN: &str = "/api/settlement/closing/jsonReopen.do";
const MONTHS: &str = "/api/settlement/closing/jsonList.do";
const HISTORY: &str = "/api/settlement/closing/jsonHistory.do";
const MEDIA_FEE: &str = "/api/fee/media/jsonSave.do";
const SALES_FEE: &str = "/api/fee/sales/jsonSave.do";

/// Puts the application clock at a local (Asia/Seoul) time, `YYYY-MM-DD HH:MM`.
fn set_clock(app: &TestApp, local: &str) {
    let at = NaiveDateTime::parse_from_str(local, "%Y-%m-%d %H:%M").unwrap();
    let target = townboard_server::time::offset().from_local_datetime(&at).single().unwrap().with_timezone(&Utc);
    app.state.clock.advance(target - app.state.clock.now());
}

async fn login(app: &TestApp, uid: &str) {
    app.set_cookie(None);
    let answer = app.try_login(uid, NEW_PW, None).await;
    assert_eq!(answer.code(), 0, "{uid}: {:?}", answer.body);
}

fn field_errors(answer: &Answer) -> Vec<String> {
    answer.data()["fieldErrors"].as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
}

/// A site of the media owner corp `c_id` (as the admin); its poiId.
async fn site_of(app: &TestApp, name: &str, c_id: i64) -> i64 {
    let mut s = site(name);
    s["cId"] = json!(c_id);
    ok(&app.post("/api/media/poi/jsonSave.do", s).await)["poiId"].as_i64().unwrap()
}

/// A group of ten slots at the site with `screens` screens; its mgId.
async fn group_at(app: &TestApp, poi_id: i64, name: &str, screens: usize) -> i64 {
    let group = app
        .post(
            "/api/media/mediagroup/jsonSave.do",
            json!({ "mgNm": name, "poiId": poi_id, "layout": 1, "templateType": 2, "schdGroup": 0, "adSlotCnt": 10, "slotSec": 15, "boardSlotCnt": 0 }),
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

async fn fee(app: &TestApp, path: &str, body: Value) -> i64 {
    ok(&app.post(path, body).await)["feeIdx"].as_i64().unwrap()
}

/// A month's statement as the caller sees it (every row on one page).
async fn statement(app: &TestApp, path: &str, month: &str) -> Value {
    ok(&app.post(path, json!({ "month": month, "pageSize": 100 })).await).clone()
}

fn sheet_text(xlsx: &[u8]) -> String {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(xlsx)).unwrap();
    let mut sheet = archive.by_name("xl/worksheets/sheet1.xml").unwrap();
    let mut text = String::new();
    sheet.read_to_string(&mut text).unwrap();
    text
}

/// Downloads a statement as Excel: an xlsx (a zip) it must be.
async fn excel(app: &TestApp, list: &str, month: &str) -> String {
    let (status, headers, bytes) = app.get_bytes(&format!("/api/settlement/excel/download.do?list={list}&month={month}")).await;
    assert_eq!(status, 200, "{list}: {}", String::from_utf8_lossy(&bytes));
    assert_eq!(headers["content-type"], townboard_server::api::XLSX, "{list}");
    assert_eq!(&bytes[..4], b"PK\x03\x04", "{list}: a zip");
    sheet_text(&bytes)
}

/// Closes `month` as the current caller (a manager) and follows the job's progress until it is
/// closed; the workers must run.
async fn close_month(app: &TestApp, month: &str) {
    let started = ok(&app.post(CLOSE, json!({ "month": month })).await).clone();
    assert_eq!(started["month"], month);
    assert!(started["jobId"].as_i64().is_some(), "{started}");
    follow_close(app, month).await;
    // The answer's figures (api.md) are the ones the job stored.
    let months = ok(&app.post("/api/settlement/closing/jsonList.do", json!({ "fromMonth": month, "toMonth": month })).await).clone();
    let stored = &months["list"][0];
    assert_eq!((&started["campaigns"], &started["revenue"]), (&stored["campaigns"], &stored["revenue"]), "{months}");
}

async fn follow_close(app: &TestApp, month: &str) {
    for _ in 0..600 {
        let p = ok(&app.post(PROGRESS, json!({ "month": month })).await).clone();
        assert_eq!(p["error"], Value::Null, "{p}");
        if p["status"] == 1 {
            assert_eq!((p["closing"].as_bool(), p["progress"].as_i64()), (Some(false), Some(100)), "{p}");
            return;
        }
        assert_eq!(p["closing"], true, "{p}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("{month} was not closed within 30 s");
}

/// February's statements in every order they offer, read two rows a page: an open month's rows
/// and a closed month's must come in the same order, whatever ties the sorted column has.
async fn orders(app: &TestApp) -> Vec<(String, Vec<Value>)> {
    let mut out = Vec::new();
    let lists: [(&str, &[&str]); 3] =
        [(SITES, &["poiId", "cId", "screens", "revenue", "fee"]), (SALES, &["cId", "uIdx", "revenue", "fee"]), (CAMPAIGNS, &["cmpgId", "liveDays", "revenue"])];
    for (path, fields) in lists {
        for field in fields {
            for order in ["asc", "desc"] {
                let mut rows = Vec::new();
                for page in 1..=3 {
                    let body = json!({ "month": "2027-02", "sortField": field, "sortOrder": order, "page": page, "pageSize": 2 });
                    rows.extend(ok(&app.post(path, body).await)["list"].as_array().unwrap().iter().cloned());
                }
                out.push((format!("{path} {field} {order}"), rows));
            }
        }
    }
    out
}

/// The network every settlement test reads.
///
/// Media owner corp A owns P1 (group G1, 3 screens) and P3 (groups G3 and G3b, 1 screen each);
/// media owner corp B owns P2 (group G2, 1 screen). Sales corp S1 has users u1 and u1b, sales
/// corp S2 (a general distributor) has u2. The default product sells a slot on a screen for
/// 300,000 won per 30 days; no campaign here has a slot or period discount, so
/// `supply = 300,000 × screens × days / 30 + extra`, truncated to 10 won.
///
/// | campaign | groups (screens per site) | period | supply | sales |
/// |---|---|---|---|---|
/// | C1 | G1, G2 (P1 3, P2 1) | 2027-01-20..02-18, 30 d | 1,200,000 + 1,800,000 = 3,000,000 | S1 / u1 |
/// | C2 | G3, G3b, G2 (P2 1, P3 2) | 2027-02-01..02-28, 28 d, stopped on 02-10 | 840,000 + 160,000 = 1,000,000 | S1 / u1 |
/// | C3 | G2, G3 (P2 1, P3 1) | 2027-02-10..03-11, 30 d | 600,000 + 90 = 600,090 | S2 / u2 |
/// | C4 | G1 (P1 3) | 2027-01-25..02-05, 12 d | 360,000 + 17 = 360,017 -> 360,010 | none |
/// | C5 | G3b (P3 1) | 2027-02-20..03-21, 30 d | 300,000 | S1 / u1b |
/// | C6 | G1 | 2027-02-01..02-10 | approved, then cancelled: earns nothing | |
/// | C7 | G2 | 2027-02-20..03-10 | requested, never approved: earns nothing | |
///
/// Rates: media A 40 % from 2026-01-01, 30 % from 2027-02-15, 20 % from 2027-03-01; B 50 % from
/// 2026-01-01 with P2's override 45 % from 2026-06-01; P3's override 35 % only from 2027-03-01.
/// Sales S1 15 % from 2026-01-01 and 12.5 % from 2027-02-01, u1 5 % from 2026-01-01 and 7 % from
/// 2027-03-01, u1b 3.33 % from 2027-01-01; S2 10 % and u2 2.25 % from 2027-01-01.
struct Network {
    a: i64,
    b: i64,
    s1: i64,
    s2: i64,
    u1: i64,
    u1b: i64,
    u2: i64,
    p1: i64,
    p2: i64,
    p3: i64,
    c: [i64; 7],
    /// A's 30 % from 2027-02-15.
    a_feb_fee: i64,
}

#[allow(clippy::too_many_arguments)]
fn sold(title: &str, adv: i64, groups: &[i64], mat: i64, start: &str, end: &str, extra: i64, sales: Option<(i64, i64)>) -> Value {
    let mut body = campaign(title, adv, groups, &[mat], start, end);
    if extra != 0 {
        body["extraType"] = json!("KRW");
        body["extraValue"] = json!(extra);
    }
    if let Some((agent, user)) = sales {
        body["agentCId"] = json!(agent);
        body["salesUIdx"] = json!(user);
    }
    body
}

async fn supply(app: &TestApp, cmpg_id: i64) -> i64 {
    ok(&app.post("/api/campaign/run/jsonDetail.do", json!({ "cmpgId": cmpg_id })).await)["supply"].as_i64().unwrap()
}

/// Builds the network on 2027-01-10, stops C2 on 2027-02-10 and leaves the clock on 2027-03-02
/// with the admin logged in.
async fn network(app: &TestApp) -> Network {
    set_clock(app, "2027-01-10 10:00");
    app.login_admin().await;
    let a = corp_of(app, app.create_user("media-a", 10004, 3).await).await;
    let b = corp_of(app, app.create_user("media-b", 10004, 3).await).await;
    let u1 = app.create_user("sales-1", 10003, 3).await;
    let s1 = corp_of(app, u1).await;
    let u1b = app.create_user_in("sales-1b", s1, 10003, 3).await;
    let u2 = app.create_user("sales-2", 10010, 3).await;
    let s2 = corp_of(app, u2).await;
    app.create_user("operator-1", 10002, 3).await;
    let adv = advertiser(app, "adv-money").await;
    let mat = material(app, adv, "정산 소재").await;

    let p1 = site_of(app, "가람 아파트", a).await;
    let g1 = group_at(app, p1, "가람", 3).await;
    let p2 = site_of(app, "나래 아파트", b).await;
    let g2 = group_at(app, p2, "나래", 1).await;
    let p3 = site_of(app, "다솜 아파트", a).await;
    let g3 = group_at(app, p3, "다솜1", 1).await;
    let g3b = group_at(app, p3, "다솜2", 1).await;

    fee(app, MEDIA_FEE, json!({ "cId": a, "rate": 40, "fromDate": "2026-01-01" })).await;
    let a_feb_fee = fee(app, MEDIA_FEE, json!({ "cId": a, "rate": 30, "fromDate": "2027-02-15" })).await;
    fee(app, MEDIA_FEE, json!({ "cId": a, "rate": 20, "fromDate": "2027-03-01" })).await;
    fee(app, MEDIA_FEE, json!({ "cId": b, "rate": 50, "fromDate": "2026-01-01" })).await;
    fee(app, MEDIA_FEE, json!({ "cId": b, "poiId": p2, "rate": 45, "fromDate": "2026-06-01" })).await;
    fee(app, MEDIA_FEE, json!({ "cId": a, "poiId": p3, "rate": 35, "fromDate": "2027-03-01" })).await;
    fee(app, SALES_FEE, json!({ "cId": s1, "rate": 15, "fromDate": "2026-01-01" })).await;
    fee(app, SALES_FEE, json!({ "cId": s1, "rate": 12.5, "fromDate": "2027-02-01" })).await;
    fee(app, SALES_FEE, json!({ "cId": s1, "uIdx": u1, "rate": 5, "fromDate": "2026-01-01" })).await;
    fee(app, SALES_FEE, json!({ "cId": s1, "uIdx": u1, "rate": 7, "fromDate": "2027-03-01" })).await;
    fee(app, SALES_FEE, json!({ "cId": s1, "uIdx": u1b, "rate": 3.33, "fromDate": "2027-01-01" })).await;
    fee(app, SALES_FEE, json!({ "cId": s2, "rate": 10, "fromDate": "2027-01-01" })).await;
    fee(app, SALES_FEE, json!({ "cId": s2, "uIdx": u2, "rate": 2.25, "fromDate": "2027-01-01" })).await;

    let bodies = [
        sold("C1 정산 예시", adv, &[g1, g2], mat, "2027-01-20", "2027-02-18", 1_800_000, Some((s1, u1))),
        sold("C2 중지", adv, &[g3, g3b, g2], mat, "2027-02-01", "2027-02-28", 160_000, Some((s1, u1))),
        sold("C3 동률", adv, &[g2, g3], mat, "2027-02-10", "2027-03-11", 90, Some((s2, u2))),
        sold("C4 두 달", adv, &[g1], mat, "2027-01-25", "2027-02-05", 17, None),
        sold("C5 월말", adv, &[g3b], mat, "2027-02-20", "2027-03-21", 0, Some((s1, u1b))),
        sold("C6 취소", adv, &[g1], mat, "2027-02-01", "2027-02-10", 0, None),
        sold("C7 대기", adv, &[g2], mat, "2027-02-20", "2027-03-10", 0, None),
    ];
    let mut c = [0; 7];
    for (i, body) in bodies.into_iter().enumerate() {
        c[i] = requested(app, body).await;
        if i < 6 {
            approve(app, c[i]).await;
        }
    }
    ok(&app.post("/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": c[5], "reason": "광고주 요청" })).await);
    let supplies = [supply(app, c[0]).await, supply(app, c[1]).await, supply(app, c[2]).await, supply(app, c[3]).await, supply(app, c[4]).await];
    assert_eq!(supplies, [3_000_000, 1_000_000, 600_090, 360_010, 300_000]);

    // C2 is live from 02-01; stopped on 02-10 it plays that day and none after.
    set_clock(app, "2027-02-10 12:00");
    login(app, "admin").await;
    let stopped = ok(&app.post("/api/campaign/run/jsonStop.do", json!({ "cmpgId": c[1], "reason": "광고주 요청" })).await).clone();
    assert_eq!(stopped["cmpgStatus"], 60);

    set_clock(app, "2027-03-02 10:00");
    login(app, "admin").await;
    Network { a, b, s1, s2, u1, u1b, u2, p1, p2, p3, c, a_feb_fee }
}

impl Network {
    /// February's site rows, worked out by hand.
    ///
    /// R(c, Feb) = floor(supply × L(Feb) / P) − floor(supply × L(Jan) / P):
    /// - C1: 3,000,000 × 30/30 − 3,000,000 × 12/30 = 1,800,000; by screens P1 3 : P2 1 ->
    ///   1,350,000 / 450,000.
    /// - C2: live 02-01..02-10, 10 of 28 days: floor(10,000,000 / 28) = 357,142; P2 1 : P3 2 ->
    ///   119,047.33 / 238,094.67, floors 119,047 / 238,094 and the won left to the larger
    ///   remainder, P3: 119,047 / 238,095.
    /// - C3: 02-10..02-28, 19 of 30 days: 600,090 × 19 / 30 = 380,057; P2 1 : P3 1 -> 190,028.5
    ///   each, the won left to the lower poiId: P2 190,029, P3 190,028.
    /// - C4: 12 live days to February's end, 7 to January's: 360,010 − floor(2,520,070 / 12 =
    ///   210,005.83) = 360,010 − 210,005 = 150,005, all P1 (the February days alone would give
    ///   floor(360,010 × 5 / 12) = 150,004: the months add up instead).
    /// - C5: 02-20..02-28, 9 of 30 days: 90,000, all P3.
    ///
    /// Sites: P1 1,350,000 + 150,005 = 1,500,005 at A's 30 % (in force on 02-28; 20 % only from
    /// 03-01) -> 450,001 (450,001.5). P2 450,000 + 119,047 + 190,029 = 759,076 at its override
    /// 45 % -> 341,584 (341,584.2). P3 238,095 + 190,028 + 90,000 = 518,123 at A's 30 % (its
    /// override only from 03-01) -> 155,436 (155,436.9). Revenue 2,777,204, fees 947,021.
    fn february_sites(&self) -> Value {
        json!([
            { "month": "2027-02", "cId": self.a, "cName": "media-a 회사", "poiId": self.p1, "poiNm": "가람 아파트", "screens": 3,
              "revenue": 1_500_005, "rate": 30, "fee": 450_001 },
            { "month": "2027-02", "cId": self.b, "cName": "media-b 회사", "poiId": self.p2, "poiNm": "나래 아파트", "screens": 1,
              "revenue": 759_076, "rate": 45, "fee": 341_584 },
            { "month": "2027-02", "cId": self.a, "cName": "media-a 회사", "poiId": self.p3, "poiNm": "다솜 아파트", "screens": 2,
              "revenue": 518_123, "rate": 30, "fee": 155_436 },
        ])
    }

    /// February's sales rows: S1 has C1 + C2 + C5 = 1,800,000 + 357,142 + 90,000 = 2,247,142 at
    /// 12.5 % -> 280,892 (280,892.75); u1 C1 + C2 = 2,157,142 at 5 % (7 % only from 03-01) ->
    /// 107,857 (107,857.1); u1b C5 90,000 at 3.33 % -> 2,997; S2 and u2 C3 380,057 at 10 % ->
    /// 38,005 (38,005.7) and at 2.25 % -> 8,551 (8,551.28). C4 has no sales owner. Revenue
    /// 5,254,398, fees 438,302.
    fn february_sales(&self) -> Value {
        let row = |c_id: i64, c_name: &str, user: Option<(i64, &str)>, revenue: i64, rate: Value, fee: i64| {
            json!({ "month": "2027-02", "cId": c_id, "cName": c_name, "uIdx": user.map(|u| u.0), "uName": user.map(|u| u.1),
                "revenue": revenue, "rate": rate, "fee": fee })
        };
        json!([
            row(self.s1, "sales-1 회사", None, 2_247_142, json!(12.5), 280_892),
            row(self.s1, "sales-1 회사", Some((self.u1, "sales-1 사용자")), 2_157_142, json!(5), 107_857),
            row(self.s1, "sales-1 회사", Some((self.u1b, "sales-1b 사용자")), 90_000, json!(3.33), 2_997),
            row(self.s2, "sales-2 회사", None, 380_057, json!(10), 38_005),
            row(self.s2, "sales-2 회사", Some((self.u2, "sales-2 사용자")), 380_057, json!(2.25), 8_551),
        ])
    }

    /// February's campaign lines (C6 cancelled and C7 never approved have none).
    fn february_campaigns(&self) -> Value {
        let line = |i: usize, title: &str, live: i64, period: i64, supply: i64, revenue: i64| json!({ "cmpgId": self.c[i], "cmpgTitle": title, "month": "2027-02", "liveDays": live, "periodDays": period, "supply": supply, "revenue": revenue });
        json!([
            line(0, "C1 정산 예시", 18, 30, 3_000_000, 1_800_000),
            line(1, "C2 중지", 10, 28, 1_000_000, 357_142),
            line(2, "C3 동률", 19, 30, 600_090, 380_057),
            line(3, "C4 두 달", 5, 12, 360_010, 150_005),
            line(4, "C5 월말", 9, 30, 300_000, 90_000),
        ])
    }
}

#[tokio::test]
async fn a_month_of_several_campaigns_settles_to_the_won() {
    let app = spawn().await;
    let n = network(&app).await;

    let sites = statement(&app, SITES, "2027-02").await;
    assert_eq!(sites["closed"], false);
    assert_eq!(sites["list"], n.february_sites());
    assert_eq!(sites["sum"], json!({ "revenue": 2_777_204, "fee": 947_021 }));
    assert_eq!(sites["totalCount"], 3);
    let sales = statement(&app, SALES, "2027-02").await;
    assert_eq!(sales["list"], n.february_sales());
    // The revenue once (the corps' rows; a salesperson's row repeats a part of its corp's), the fee
    // total of both kinds of row, and each kind apart.
    let corps_revenue: i64 = sales["list"].as_array().unwrap().iter().filter(|r| r["uIdx"].is_null()).map(|r| r["revenue"].as_i64().unwrap()).sum();
    let fee_of =
        |users: bool| -> i64 { sales["list"].as_array().unwrap().iter().filter(|r| r["uIdx"].is_null() != users).map(|r| r["fee"].as_i64().unwrap()).sum() };
    assert_eq!(corps_revenue, 2_627_199);
    assert_eq!(sales["sum"], json!({ "revenue": corps_revenue, "corpFee": fee_of(false), "userFee": fee_of(true), "fee": 438_302 }));
    assert_eq!(fee_of(false) + fee_of(true), 438_302);
    let lines = statement(&app, CAMPAIGNS, "2027-02").await;
    assert_eq!(lines["list"], n.february_campaigns());
    assert_eq!(lines["sum"], json!({ "revenue": 2_777_204 }));

    // January, settled with the rates in force on 01-31: A still 40 %, S1 still 15 %.
    // C1 12 of 30 days: 1,200,000 -> P1 900,000, P2 300,000. C4 7 of 12 days: 210,005 -> P1.
    // P1 1,110,005 × 40 % = 444,002; P2 300,000 × 45 % = 135,000. S1 and u1: C1's 1,200,000 at
    // 15 % and 5 %: 180,000 and 60,000; u1b, S2 and u2 earned nothing yet.
    let jan = statement(&app, SITES, "2027-01").await;
    let jan_rows: Vec<(i64, i64, i64, i64)> = jan["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["poiId"].as_i64().unwrap(), r["revenue"].as_i64().unwrap(), r["rate"].as_i64().unwrap(), r["fee"].as_i64().unwrap()))
        .collect();
    assert_eq!(jan_rows, [(n.p1, 1_110_005, 40, 444_002), (n.p2, 300_000, 45, 135_000)]);
    assert_eq!(jan["sum"], json!({ "revenue": 1_410_005, "fee": 579_002 }));
    let jan = statement(&app, SALES, "2027-01").await;
    let jan_rows: Vec<(i64, Value, i64, i64, i64)> = jan["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["cId"].as_i64().unwrap(), r["uIdx"].clone(), r["revenue"].as_i64().unwrap(), r["rate"].as_i64().unwrap(), r["fee"].as_i64().unwrap()))
        .collect();
    assert_eq!(jan_rows, [(n.s1, Value::Null, 1_200_000, 15, 180_000), (n.s1, json!(n.u1), 1_200_000, 5, 60_000)]);
    let jan = statement(&app, CAMPAIGNS, "2027-01").await;
    let jan_rows: Vec<(i64, i64, i64)> = jan["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["cmpgId"].as_i64().unwrap(), r["liveDays"].as_i64().unwrap(), r["revenue"].as_i64().unwrap()))
        .collect();
    assert_eq!(jan_rows, [(n.c[0], 12, 1_200_000), (n.c[3], 7, 210_005)]);

    // The months so far, newest first, both open.
    let months = ok(&app.post(MONTHS, json!({})).await).clone();
    let summary: Vec<(String, i64, i64, i64)> = months["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["month"].as_str().unwrap().to_string(), m["status"].as_i64().unwrap(), m["campaigns"].as_i64().unwrap(), m["revenue"].as_i64().unwrap()))
        .collect();
    assert_eq!(summary, [("2027-02".to_string(), 0, 5, 2_777_204), ("2027-01".to_string(), 0, 2, 1_410_005)]);

    // Filters and orders of the statements.
    let own = ok(&app.post(SITES, json!({ "month": "2027-02", "cId": n.a, "sortField": "revenue", "sortOrder": "desc" })).await).clone();
    let order: Vec<i64> = own["list"].as_array().unwrap().iter().map(|r| r["poiId"].as_i64().unwrap()).collect();
    assert_eq!(order, [n.p1, n.p3]);
    assert_eq!(own["sum"], json!({ "revenue": 2_018_128, "fee": 605_437 }));
    let user = ok(&app.post(SALES, json!({ "month": "2027-02", "uIdx": n.u2 })).await).clone();
    assert_eq!(user["list"], json!([n.february_sales()[4]]));
    let bad = app.post(SITES, json!({ "month": "2027-2" })).await;
    assert_eq!((bad.code(), field_errors(&bad)), (10400, vec!["month".to_string()]));
    let bad = app.post(SITES, json!({ "month": "2027-02", "sortField": "poiNm; drop" })).await;
    assert_eq!(bad.code(), 10400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn closing_stores_the_live_rows_refuses_changes_and_reopens_with_a_reason() {
    let app = spawn().await;
    let n = network(&app).await;
    let mut live = Vec::new();
    for path in [SITES, SALES, CAMPAIGNS] {
        let open = statement(&app, path, "2027-02").await;
        assert_eq!(open["closed"], false, "{path}");
        live.push(open);
    }
    assert_eq!(live[0]["list"], n.february_sites());
    let live_orders = orders(&app).await;

    // Not over yet, or not a month.
    assert_eq!(app.post(CLOSE, json!({ "month": "2027-03" })).await.code(), 10409);
    let bad = app.post(CLOSE, json!({ "month": "2027-13" })).await;
    assert_eq!((bad.code(), field_errors(&bad)), (10400, vec!["month".to_string()]));
    // Operators read the months; closing and reopening are the managers'.
    login(&app, "operator-1").await;
    assert_eq!(ok(&app.post(MONTHS, json!({})).await)["totalCount"], 2);
    assert_eq!(app.post(CLOSE, json!({ "month": "2027-02" })).await.code(), 10403);
    login(&app, "admin").await;

    // The close is queued: the month refuses changes at once, before the job has run.
    let started = ok(&app.post(CLOSE, json!({ "month": "2027-02" })).await).clone();
    assert_eq!(started["month"], "2027-02");
    let p = ok(&app.post(PROGRESS, json!({ "month": "2027-02" })).await).clone();
    assert_eq!((p["status"].as_i64(), p["closing"].as_bool()), (Some(0), Some(true)), "{p}");
    assert_eq!(app.post(CLOSE, json!({ "month": "2027-02" })).await.code(), 10409, "being closed");
    assert_eq!(app.post(MEDIA_FEE, json!({ "cId": n.a, "rate": 25, "fromDate": "2027-02-20" })).await.code(), 10409);
    let _workers = townboard_server::jobs::spawn(app.state.clone());
    follow_close(&app, "2027-02").await;

    // The stored rows are the live ones.
    for (i, path) in [SITES, SALES, CAMPAIGNS].iter().enumerate() {
        let stored = statement(&app, path, "2027-02").await;
        assert_eq!(stored["closed"], true, "{path}");
        for key in ["list", "sum", "totalCount"] {
            assert_eq!(stored[key], live[i][key], "{path} {key}");
        }
    }
    for ((label, stored), (_, open)) in orders(&app).await.iter().zip(&live_orders) {
        let ids = |rows: &[Value]| -> Vec<String> { rows.iter().map(|r| format!("{}/{}/{}", r["poiId"], r["cId"], r["uIdx"])).collect() };
        assert_eq!(ids(stored), ids(open), "{label}");
        assert_eq!(stored, open, "{label}");
    }
    let months = ok(&app.post(MONTHS, json!({})).await).clone();
    let feb = &months["list"][0];
    assert_eq!(
        (feb["month"].as_str(), feb["status"].as_i64(), feb["campaigns"].as_i64(), feb["revenue"].as_i64()),
        (Some("2027-02"), Some(1), Some(5), Some(2_777_204))
    );
    assert!(feb["closedAt"].as_str().is_some_and(|t| t.starts_with("2027-03-02")), "{feb}");
    assert!(feb["closedBy"].is_string(), "{feb}");
    assert_eq!(months["list"][1]["status"], 0, "January stays open");

    // What would change February answers 10409 and changes nothing.
    assert_eq!(app.post(CLOSE, json!({ "month": "2027-02" })).await.code(), 10409, "closed already");
    assert_eq!(app.post(MEDIA_FEE, json!({ "cId": n.a, "rate": 25, "fromDate": "2027-02-20" })).await.code(), 10409);
    assert_eq!(app.post(MEDIA_FEE, json!({ "cId": n.a, "poiId": n.p3, "rate": 25, "fromDate": "2026-12-01" })).await.code(), 10409);
    assert_eq!(app.post(SALES_FEE, json!({ "cId": n.s2, "uIdx": n.u2, "rate": 9, "fromDate": "2027-02-01" })).await.code(), 10409);
    let moved = app.post(MEDIA_FEE, json!({ "feeIdx": n.a_feb_fee, "cId": n.a, "rate": 30, "fromDate": "2027-03-15" })).await;
    assert_eq!(moved.code(), 10409, "a rate in force in February cannot move out of it");
    assert_eq!(app.post("/api/fee/media/jsonDelete.do", json!({ "ids": [n.a_feb_fee] })).await.code(), 10409);
    let approval = app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": n.c[6] })).await;
    assert_eq!(approval.code(), 10409, "C7 would play in February: {:?}", approval.body);
    let c7 = ok(&app.post("/api/campaign/request/jsonDetail.do", json!({ "cmpgId": n.c[6] })).await).clone();
    assert_eq!(c7["cmpgStatus"], 21);
    // A rate from March on leaves February alone.
    fee(&app, MEDIA_FEE, json!({ "cId": n.a, "rate": 25, "fromDate": "2027-03-05" })).await;
    let on = ok(&app.post("/api/fee/media/jsonList.do", json!({ "cId": n.a, "poiId": 0, "onDate": "2027-02-28" })).await).clone();
    assert_eq!((on["totalCount"].as_i64(), on["list"][0]["rate"].as_i64()), (Some(1), Some(30)), "{on}");
    assert_eq!(statement(&app, SITES, "2027-02").await["list"], n.february_sites());

    // Reopening: a manager's, with a reason.
    login(&app, "operator-1").await;
    assert_eq!(app.post(REOPEN, json!({ "month": "2027-02", "reason": "정정" })).await.code(), 10403);
    login(&app, "admin").await;
    let no_reason = app.post(REOPEN, json!({ "month": "2027-02", "reason": "  " })).await;
    assert_eq!((no_reason.code(), field_errors(&no_reason)), (10400, vec!["reason".to_string()]));
    assert_eq!(app.post(REOPEN, json!({ "month": "2027-01", "reason": "정정" })).await.code(), 10409, "January is not closed");
    ok(&app.post(REOPEN, json!({ "month": "2027-02", "reason": "수수료율 확인" })).await);
    assert_eq!(app.post(REOPEN, json!({ "month": "2027-02", "reason": "또" })).await.code(), 10409);
    for (i, path) in [SITES, SALES, CAMPAIGNS].iter().enumerate() {
        let open = statement(&app, path, "2027-02").await;
        assert_eq!(open["closed"], false, "{path}");
        assert_eq!(open["list"], live[i]["list"], "{path}: computed live again");
    }
    assert_eq!(ok(&app.post(MONTHS, json!({ "status": 1 })).await)["totalCount"], 0);

    // Closed again: the same rows.
    close_month(&app, "2027-02").await;
    for (i, path) in [SITES, SALES, CAMPAIGNS].iter().enumerate() {
        let stored = statement(&app, path, "2027-02").await;
        assert_eq!(stored["closed"], true, "{path}");
        for key in ["list", "sum", "totalCount"] {
            assert_eq!(stored[key], live[i][key], "{path} {key}");
        }
    }
    let history = ok(&app.post(HISTORY, json!({ "month": "2027-02" })).await).clone();
    let entries: Vec<(String, Value, i64)> = history["list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| (h["action"].as_str().unwrap().to_string(), h["reason"].clone(), h["revenue"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        entries,
        [
            ("close".to_string(), Value::Null, 2_777_204),
            ("reopen".to_string(), json!("수수료율 확인"), 2_777_204),
            ("close".to_string(), Value::Null, 2_777_204),
        ]
    );
    assert!(history["list"].as_array().unwrap().iter().all(|h| h["uName"].is_string()), "{history}");
}

#[tokio::test]
async fn fee_rates_are_checked_and_kept_to_managers_and_operators() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let media_u = app.create_user("fee-media", 10004, 3).await;
    let media = corp_of(&app, media_u).await;
    let sales_u = app.create_user("fee-sales", 10003, 3).await;
    let sales = corp_of(&app, sales_u).await;
    let other_sales = corp_of(&app, app.create_user("fee-sales-2", 10005, 3).await).await;
    let adv = advertiser(&app, "fee-adv").await;
    app.create_user("fee-operator", 10002, 3).await;
    let own_site = site_of(&app, "수수료 아파트", media).await;
    let head_site = site_of(&app, "본사 아파트", 1).await;

    for rate in [json!(100.01), json!(-1), json!(-0.01), json!(12.345), json!(101), json!("abc"), json!(null), json!("")] {
        for (path, owner) in [(MEDIA_FEE, media), (SALES_FEE, sales)] {
            let answer = app.post(path, json!({ "cId": owner, "rate": rate, "fromDate": "2027-01-01" })).await;
            assert_eq!((answer.code(), field_errors(&answer)), (10400, vec!["rate".to_string()]), "{path} {rate}: {:?}", answer.body);
        }
    }
    let missing = app.post(MEDIA_FEE, json!({ "cId": media, "fromDate": "2027-01-01" })).await;
    assert_eq!((missing.code(), field_errors(&missing)), (10400, vec!["rate".to_string()]));
    let bad_date = app.post(MEDIA_FEE, json!({ "cId": media, "rate": 10, "fromDate": "2027-02-30" })).await;
    assert_eq!((bad_date.code(), field_errors(&bad_date)), (10400, vec!["fromDate".to_string()]));
    let not_owner = app.post(MEDIA_FEE, json!({ "cId": adv, "rate": 10, "fromDate": "2027-01-01" })).await;
    assert_eq!((not_owner.code(), field_errors(&not_owner)), (10400, vec!["cId".to_string()]));
    let foreign_site = app.post(MEDIA_FEE, json!({ "cId": media, "poiId": head_site, "rate": 10, "fromDate": "2027-01-01" })).await;
    assert_eq!((foreign_site.code(), field_errors(&foreign_site)), (10400, vec!["poiId".to_string()]));
    let not_sales = app.post(SALES_FEE, json!({ "cId": media, "rate": 10, "fromDate": "2027-01-01" })).await;
    assert_eq!((not_sales.code(), field_errors(&not_sales)), (10400, vec!["cId".to_string()]));
    let foreign_user = app.post(SALES_FEE, json!({ "cId": other_sales, "uIdx": sales_u, "rate": 10, "fromDate": "2027-01-01" })).await;
    assert_eq!((foreign_user.code(), field_errors(&foreign_user)), (10400, vec!["uIdx".to_string()]));

    // The edges and two decimals are kept exactly; a head-office corp with a site owns media too.
    for (rate, from) in [(json!(0), "2026-01-01"), (json!(100), "2026-06-01"), (json!(12.34), "2027-01-01"), (json!("33.3"), "2027-02-01")] {
        fee(&app, MEDIA_FEE, json!({ "cId": media, "rate": rate, "fromDate": from })).await;
    }
    fee(&app, MEDIA_FEE, json!({ "cId": media, "poiId": own_site, "rate": 99.99, "fromDate": "2027-01-15" })).await;
    fee(&app, MEDIA_FEE, json!({ "cId": 1, "rate": 50, "fromDate": "2027-01-01" })).await;
    let dup = app.post(MEDIA_FEE, json!({ "cId": media, "rate": 1, "fromDate": "2027-01-01" })).await;
    assert_eq!(dup.code(), 10409, "one rate per owner and day: {:?}", dup.body);
    let rates = |list: &Value| -> Vec<(Value, Value)> { list["list"].as_array().unwrap().iter().map(|r| (r["rate"].clone(), r["fromDate"].clone())).collect() };
    let all = ok(&app.post("/api/fee/media/jsonList.do", json!({ "cId": media, "poiId": 0 })).await).clone();
    assert_eq!(
        rates(&all),
        [(json!(33.3), json!("2027-02-01")), (json!(12.34), json!("2027-01-01")), (json!(100), json!("2026-06-01")), (json!(0), json!("2026-01-01"))]
    );
    assert_eq!(all["list"][0]["cName"], "fee-media 회사");
    // In force on a day: the latest from that day back, one per owner and site.
    for (on, expected) in [("2025-12-31", vec![]), ("2026-05-31", vec![json!(0)]), ("2027-01-31", vec![json!(12.34)]), ("2027-02-01", vec![json!(33.3)])] {
        let list = ok(&app.post("/api/fee/media/jsonList.do", json!({ "cId": media, "poiId": 0, "onDate": on })).await).clone();
        let got: Vec<Value> = rates(&list).into_iter().map(|r| r.0).collect();
        assert_eq!(got, expected, "{on}");
    }
    let site_rate = ok(&app.post("/api/fee/media/jsonList.do", json!({ "poiId": own_site, "onDate": "2027-03-01" })).await).clone();
    assert_eq!(
        (site_rate["totalCount"].as_i64(), site_rate["list"][0]["rate"].clone(), site_rate["list"][0]["poiNm"].clone()),
        (Some(1), json!(99.99), json!("수수료 아파트"))
    );
    fee(&app, SALES_FEE, json!({ "cId": sales, "uIdx": sales_u, "rate": 0.5, "fromDate": "2027-01-01" })).await;
    let sales_list = ok(&app.post("/api/fee/sales/jsonList.do", json!({ "uIdx": sales_u })).await).clone();
    assert_eq!((sales_list["list"][0]["rate"].clone(), sales_list["list"][0]["uName"].clone()), (json!(0.5), json!("fee-sales 사용자")));

    // Nobody else sets or reads fee rates; operators do (everything but menus, programs, the
    // authrole matrix, env and closing months).
    for (uid, role) in [("fee-media", 10004), ("fee-sales", 10003), ("fee-adv-user", 10006)] {
        if role == 10006 {
            app.create_user_in(uid, adv, role, 3).await;
        }
        login(&app, uid).await;
        for (path, body) in [
            (MEDIA_FEE, json!({ "cId": media, "rate": 10, "fromDate": "2027-05-01" })),
            (SALES_FEE, json!({ "cId": sales, "rate": 10, "fromDate": "2027-05-01" })),
            ("/api/fee/media/jsonList.do", json!({})),
            ("/api/fee/sales/jsonList.do", json!({})),
            ("/api/fee/media/jsonDelete.do", json!({ "ids": [1] })),
        ] {
            assert_eq!(app.post(path, body).await.code(), 10403, "{uid} {path}");
        }
    }
    login(&app, "fee-operator").await;
    fee(&app, MEDIA_FEE, json!({ "cId": media, "rate": 10, "fromDate": "2027-05-01" })).await;
    assert_eq!(ok(&app.post("/api/fee/media/jsonList.do", json!({ "cId": media, "poiId": 0 })).await)["totalCount"], 5);
    app.set_cookie(admin);
}

/// A small merchant's campaign of 30 days on one screen, on `mg`: 300,000 won before coupons.
fn month_on(title: &str, adv: i64, mg: i64, mat: i64, app: &TestApp) -> Value {
    campaign(title, adv, &[mg], &[mat], &day(app, 10), &day(app, 39))
}

async fn coupon(app: &TestApp, id: Option<i64>, name: &str, kind: &str, value: i64, max_uses: i64) -> Answer {
    let mut body = json!({ "cpNm": name, "discountType": kind, "discountValue": value, "fromDate": day(app, -1), "toDate": day(app, 60),
        "maxUses": max_uses, "cpStatus": 1 });
    if let Some(id) = id {
        body["cpIdx"] = json!(id);
    }
    app.post("/api/promotion/biz/jsonSave.do", body).await
}

async fn uses(app: &TestApp, cp_idx: i64) -> (i64, i64) {
    let list = ok(&app.post("/api/promotion/biz/jsonList.do", json!({ "pageSize": 100 })).await).clone();
    let row = list["list"].as_array().unwrap().iter().find(|r| r["cpIdx"] == cp_idx).unwrap().clone();
    (row["used"].as_i64().unwrap(), row["left"].as_i64().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn coupons_price_exactly_and_never_pass_their_maximum() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "쿠폰", 10, 1).await;
    let merchant = advertiser(&app, "adv-small").await;
    corp::ActiveModel { c_id: Set(merchant), c_type: Set(2), ..Default::default() }.update(&app.state.db).await.unwrap();
    let general = advertiser(&app, "adv-general").await;
    let mat = material(&app, merchant, "소상공인 소재").await;

    let bad = coupon(&app, None, "", "WON", 0, 0).await;
    let mut fields = field_errors(&bad);
    fields.sort();
    assert_eq!((bad.code(), fields), (10400, vec!["cpNm".to_string(), "discountType".to_string(), "maxUses".to_string()]));
    assert_eq!(field_errors(&coupon(&app, None, "백일", "PCT", 101, 1).await), ["discountValue"]);
    let krw = ok(&coupon(&app, None, "5만원 할인", "KRW", 50_000, 3).await)["cpIdx"].as_i64().unwrap();
    let pct = ok(&coupon(&app, None, "15% 할인", "PCT", 15, 100).await)["cpIdx"].as_i64().unwrap();
    let usable = ok(&app.post("/api/promotion/biz/jsonUsable.do", json!({ "advertiserCId": merchant })).await).clone();
    assert_eq!(usable["list"].as_array().unwrap().len(), 2);
    let none = ok(&app.post("/api/promotion/biz/jsonUsable.do", json!({ "advertiserCId": general })).await).clone();
    assert_eq!(none["list"], json!([]), "only small merchants take coupons");

    // 300,000 × 1 screen × 30 days / 30 = 300,000. A 50,000 won coupon: supply 250,000, VAT
    // 25,000, total 275,000.
    let quote = |body: Value| {
        let app = &app;
        async move { ok(&app.post("/api/campaign/regist/jsonQuote.do", body).await).clone() }
    };
    let plain = quote(month_on("견적", merchant, mg, mat, &app)).await;
    assert_eq!((plain["adjusted"].as_i64(), plain["coupon"].as_i64(), plain["supply"].as_i64()), (Some(300_000), Some(0), Some(300_000)));
    let mut body = month_on("견적", merchant, mg, mat, &app);
    body["cpIdx"] = json!(krw);
    let q = quote(body).await;
    let figures = |q: &Value| ["adjusted", "coupon", "supply", "vat", "total"].map(|k| q[k].as_i64().unwrap());
    assert_eq!(figures(&q), [300_000, 50_000, 250_000, 25_000, 275_000]);
    // With 1,234 won added: adjusted 301,234; 15 % of it is 45,185.1 -> 45,185; 301,234 − 45,185
    // = 256,049 -> 256,040 (to 10 won); VAT 25,604; total 281,644.
    let mut body = month_on("견적", merchant, mg, mat, &app);
    body["cpIdx"] = json!(pct);
    body["extraType"] = json!("KRW");
    body["extraValue"] = json!(1_234);
    assert_eq!(figures(&quote(body).await), [301_234, 45_185, 256_040, 25_604, 281_644]);
    let mut body = month_on("견적", general, mg, mat, &app);
    body["cpIdx"] = json!(krw);
    let refused = app.post("/api/campaign/regist/jsonQuote.do", body).await;
    assert_eq!((refused.code(), field_errors(&refused)), (10400, vec!["cpIdx".to_string()]));

    // Seven requests carry the coupon of three uses and are approved at once: three win.
    let mut ids = Vec::new();
    for i in 0..7 {
        let mut body = month_on(&format!("쿠폰 경쟁 {i}"), merchant, mg, mat, &app);
        body["cpIdx"] = json!(krw);
        ids.push(requested(&app, body).await);
    }
    let app = Arc::new(app);
    let mut racing = tokio::task::JoinSet::new();
    for id in ids.clone() {
        let app = app.clone();
        racing.spawn(async move { (id, app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await) });
    }
    let answers = racing.join_all().await;
    let won: Vec<i64> = answers.iter().filter(|(_, a)| a.code() == 0).map(|(id, _)| *id).collect();
    assert_eq!(won.len(), 3, "{:?}", answers.iter().map(|(_, a)| a.body.clone()).collect::<Vec<_>>());
    for (_, lost) in answers.iter().filter(|(_, a)| a.code() != 0) {
        assert_eq!(lost.code(), 10409, "{:?}", lost.body);
    }
    assert_eq!(uses(&app, krw).await, (3, 0));
    for id in &ids {
        let d = ok(&app.post("/api/campaign/run/jsonDetail.do", json!({ "cmpgId": id })).await).clone();
        let approved = won.contains(id);
        assert_eq!(d["cmpgStatus"], if approved { 30 } else { 21 }, "{id}");
        assert_eq!((d["coupon"].as_i64(), d["supply"].as_i64(), d["total"].as_i64()), (Some(50_000), Some(250_000), Some(275_000)), "{id}");
    }
    let usable = ok(&app.post("/api/promotion/biz/jsonUsable.do", json!({ "advertiserCId": merchant })).await).clone();
    assert_eq!(usable["list"].as_array().unwrap().iter().map(|c| c["cpIdx"].as_i64().unwrap()).collect::<Vec<_>>(), [pct], "used up");
    let mut late = month_on("늦은 요청", merchant, mg, mat, &app);
    late["cpIdx"] = json!(krw);
    let late = app.post("/api/campaign/regist/jsonSave.do", late).await;
    assert_eq!((late.code(), field_errors(&late)), (10400, vec!["cpIdx".to_string()]));

    // One more use: one waiting campaign takes it, once however often it is approved.
    let lowered = coupon(&app, Some(krw), "5만원 할인", "KRW", 50_000, 2).await;
    assert_eq!((lowered.code(), field_errors(&lowered)), (10400, vec!["maxUses".to_string()]), "below the uses");
    ok(&coupon(&app, Some(krw), "5만원 할인", "KRW", 50_000, 4).await);
    let waiting: Vec<i64> = ids.iter().copied().filter(|id| !won.contains(id)).collect();
    approve(&app, waiting[0]).await;
    assert_eq!(uses(&app, krw).await, (4, 0));
    assert_eq!(app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": waiting[0] })).await.code(), 10409);
    assert_eq!(app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": waiting[1] })).await.code(), 10409);
    assert_eq!(uses(&app, krw).await, (4, 0));
    // Cancelled and reverted before its start, a campaign keeps its one use.
    ok(&app.post("/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": won[0], "reason": "일정 변경" })).await);
    ok(&app.post("/api/campaign/cancel/jsonRevert.do", json!({ "cmpgId": won[0] })).await);
    assert_eq!(uses(&app, krw).await, (4, 0));
    assert_eq!(app.post("/api/promotion/biz/jsonDelete.do", json!({ "ids": [krw] })).await.code(), 10409, "a used coupon stays");

    // The percentage coupon on an approved campaign: counted once.
    let mut body = month_on("퍼센트", merchant, mg, mat, &app);
    body["cpIdx"] = json!(pct);
    let id = requested(&app, body).await;
    approve(&app, id).await;
    assert_eq!(uses(&app, pct).await, (1, 99));
    let d = ok(&app.post("/api/campaign/run/jsonDetail.do", json!({ "cmpgId": id })).await).clone();
    // 15 % of 300,000 = 45,000: supply 255,000.
    assert_eq!((d["coupon"].as_i64(), d["supply"].as_i64()), (Some(45_000), Some(255_000)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn statements_stay_within_each_corps_reach_and_download_as_excel() {
    let app = spawn().await;
    let n = network(&app).await;
    let sites = n.february_sites();
    let sales = n.february_sales();
    let _workers = townboard_server::jobs::spawn(app.state.clone());

    // Open (computed live), then closed (stored): the same reach.
    for closed in [false, true] {
        if closed {
            login(&app, "admin").await;
            close_month(&app, "2027-02").await;
        }
        login(&app, "admin").await;
        let all = excel(&app, "media", "2027-02").await;
        for name in ["가람 아파트", "나래 아파트", "다솜 아파트", "1500005", "759076", "518123", "2777204", "947021", "합계"] {
            assert!(all.contains(name), "{name} in the media sheet");
        }
        let all = excel(&app, "sales", "2027-02").await;
        for name in ["sales-1b 사용자", "sales-2 사용자", "2627199", "438302", "영업사 수수료 합계", "담당자 수수료 합계"] {
            assert!(all.contains(name), "{name} in the sales sheet");
        }
        let all = excel(&app, "jungsan", "2027-02").await;
        assert!(all.contains("C3 동률") && all.contains("380057") && !all.contains("C6 취소"), "{all}");
        let (_, _, bad) = app.get_bytes("/api/settlement/excel/download.do?list=all&month=2027-02").await;
        assert_eq!(serde_json::from_slice::<Value>(&bad).unwrap()["code"], 10400);

        // Media owner A: its two sites, whatever it asks for.
        login(&app, "media-a").await;
        let own = statement(&app, SITES, "2027-02").await;
        assert_eq!(own["closed"], closed);
        assert_eq!(own["list"], json!([sites[0], sites[2]]), "closed: {closed}");
        assert_eq!(own["sum"], json!({ "revenue": 2_018_128, "fee": 605_437 }));
        let theirs = ok(&app.post(SITES, json!({ "month": "2027-02", "cId": n.b })).await).clone();
        assert_eq!((theirs["totalCount"].as_i64(), theirs["sum"]["revenue"].as_i64()), (Some(0), Some(0)));
        let theirs = ok(&app.post(SITES, json!({ "month": "2027-02", "poiId": n.p2 })).await).clone();
        assert_eq!(theirs["list"], json!([]));
        let sheet = excel(&app, "media", "2027-02").await;
        assert!(sheet.contains("가람 아파트") && sheet.contains("다솜 아파트") && !sheet.contains("나래 아파트"), "{sheet}");
        assert!(sheet.contains("2018128") && !sheet.contains("2777204"));
        for path in [SALES, CAMPAIGNS] {
            assert_eq!(app.post(path, json!({ "month": "2027-02" })).await.code(), 10403, "{path}");
        }
        for list in ["sales", "jungsan"] {
            let (_, _, refused) = app.get_bytes(&format!("/api/settlement/excel/download.do?list={list}&month=2027-02")).await;
            assert_eq!(serde_json::from_slice::<Value>(&refused).unwrap()["code"], 10403, "{list}");
        }
        assert_eq!(app.post(CLOSE, json!({ "month": "2027-01" })).await.code(), 10403);

        login(&app, "media-b").await;
        assert_eq!(statement(&app, SITES, "2027-02").await["list"], json!([sites[1]]));

        // Sales corp S1 (seen by its user u1): its row and its users'.
        login(&app, "sales-1").await;
        let own = statement(&app, SALES, "2027-02").await;
        assert_eq!(own["list"], json!([sales[0], sales[1], sales[2]]), "closed: {closed}");
        // The corp's revenue once, and the fees of its row and its users' rows.
        let of = |users: bool, field: &str| -> i64 {
            [&sales[0], &sales[1], &sales[2]].iter().filter(|r| r["uIdx"].is_null() != users).map(|r| r[field].as_i64().unwrap()).sum()
        };
        assert_eq!(own["sum"], json!({ "revenue": of(false, "revenue"), "corpFee": of(false, "fee"), "userFee": of(true, "fee"), "fee": 391_746 }));
        let theirs = ok(&app.post(SALES, json!({ "month": "2027-02", "cId": n.s2 })).await).clone();
        assert_eq!(theirs["totalCount"], 0);
        let sheet = excel(&app, "sales", "2027-02").await;
        assert!(sheet.contains("sales-1b 사용자") && !sheet.contains("sales-2"), "{sheet}");
        assert_eq!(app.post(SITES, json!({ "month": "2027-02" })).await.code(), 10403);
        let (_, _, refused) = app.get_bytes("/api/settlement/excel/download.do?list=media&month=2027-02").await;
        assert_eq!(serde_json::from_slice::<Value>(&refused).unwrap()["code"], 10403);

        login(&app, "sales-2").await;
        assert_eq!(statement(&app, SALES, "2027-02").await["list"], json!([sales[3], sales[4]]));
    }
}
