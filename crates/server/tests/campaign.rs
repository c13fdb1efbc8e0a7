//! Campaigns through HTTP: the price of domain.md's worked example, every step of the status
//! machine with its refusals and history, slots that never oversell (eight approvals racing for
//! the last one), prepaid points, change requests, data scope with Excel, the daily job on the
//! application clock, and products and packages.

mod common;

use chrono::Duration;
use common::campaigns::*;
use common::*;
use sea_orm::{ActiveModelTrait, ActiveValue::Set, EntityTrait};
use serde_json::{Value, json};
use std::io::Read;
use std::sync::Arc;
use townboard_server::db::entity::corp;

async fn detail(app: &TestApp, cmpg_id: i64) -> Value {
    ok(&app.post("/api/campaign/run/jsonDetail.do", json!({ "cmpgId": cmpg_id })).await).clone()
}

fn actions(detail: &Value) -> Vec<String> {
    detail["actions"].as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_string()).collect()
}

fn history_actions(detail: &Value) -> Vec<String> {
    detail["history"].as_array().unwrap().iter().map(|h| h["action"].as_str().unwrap().to_string()).collect()
}

fn field_errors(answer: &Answer) -> Vec<String> {
    answer.data()["fieldErrors"].as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
}

async fn relogin_admin(app: &TestApp) {
    app.set_cookie(None);
    assert_eq!(app.try_login("admin", NEW_PW, None).await.code(), 0);
}

#[tokio::test]
async fn the_worked_example_through_the_quote() {
    let app = spawn().await;
    app.login_admin().await;
    let g3 = group(&app, "세대A", 10, 3).await;
    let g2 = group(&app, "세대B", 10, 2).await;
    let mut body = campaign("견적", 0, &[g3, g2], &[], "2026-01-01", "2026-06-30");
    body.as_object_mut().unwrap().remove("advertiserCId");
    body["slotCnt"] = json!(2);
    body["extraType"] = json!("KRW");
    body["extraValue"] = json!(-50_000);
    let quote = app.post("/api/campaign/regist/jsonQuote.do", body.clone()).await;
    let q = ok(&quote);
    let expected = json!({ "days": 181, "mediaCnt": 5, "unitPrice": 300_000, "base": 18_100_000, "slotDiscount": 10, "periodDiscount": 10,
        "net": 14_661_000, "adjusted": 14_611_000, "coupon": 0, "supply": 14_611_000, "vat": 1_461_100, "total": 16_072_100 });
    for (field, value) in expected.as_object().unwrap() {
        assert_eq!(&q[field], value, "{field}: {q}");
    }
    // Two sites of 1,000 households in Seoul (2.319 persons each).
    assert_eq!(q["audience"], 4_638);
    assert_eq!(q["conflicts"], json!([]));

    body["slotCnt"] = json!(11);
    body["startDate"] = json!("2026-13-01");
    body["targets"] = json!([{ "mgId": 999_999 }]);
    let refused = app.post("/api/campaign/regist/jsonQuote.do", body).await;
    assert_eq!(refused.code(), 10400);
    let fields = field_errors(&refused);
    for f in ["slotCnt", "startDate", "targets[0].mgId"] {
        assert!(fields.contains(&f.to_string()), "{f} in {fields:?}");
    }
}

#[tokio::test]
async fn a_campaign_through_every_step_with_refusals_and_history() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let mg = group(&app, "단계", 10, 2).await;
    let other = advertiser(&app, "adv-other").await;
    let foreign = material(&app, other, "남의 소재").await;

    let adv_u = app.login_as_new_user("adv1", 10006, 3).await;
    let adv = app.cookie();
    let own = corp_of(&app, adv_u).await;
    let mat = material(&app, own, "내 소재").await;
    let (start, end) = (day(&app, 10), day(&app, 40));

    let untitled = app.post("/api/campaign/regist/jsonSave.do", json!({ "targets": [] })).await;
    assert_eq!(field_errors(&untitled), ["cmpgTitle"]);
    // Advertisers write for their own corp whatever they name.
    let mut body = campaign("봄 캠페인", other, &[mg], &[], &start, &end);
    let id = ok(&app.post("/api/campaign/regist/jsonSave.do", body.clone()).await)["cmpgId"].as_i64().unwrap();
    let d = ok(&app.post("/api/campaign/temp/jsonDetail.do", json!({ "cmpgId": id })).await).clone();
    assert_eq!((d["advertiserCId"].as_i64(), d["cmpgStatus"].as_i64(), d["displayStatus"].as_i64()), (Some(own), Some(3), Some(3)));
    assert_eq!(d["total"], 682_000, "the draft is priced once it can be: 31 days on two screens, VAT on top");
    assert_eq!(d["targets"][0]["mediaCnt"], 2);
    for a in ["save", "request", "delete"] {
        assert!(actions(&d).contains(&a.to_string()), "{a} in {:?}", actions(&d));
    }
    let incomplete = app.post("/api/campaign/regist/jsonRequest.do", json!({ "cmpgId": id })).await;
    assert_eq!(field_errors(&incomplete), ["materials"], "{:?}", incomplete.body);
    body["cmpgId"] = json!(id);
    body["materials"] = json!([{ "matId": foreign }]);
    assert_eq!(field_errors(&app.post("/api/campaign/regist/jsonSave.do", body.clone()).await), ["materials[0].matId"]);
    body["materials"] = json!([{ "matId": mat }]);
    ok(&app.post("/api/campaign/regist/jsonSave.do", body.clone()).await);
    assert_eq!(ok(&app.post("/api/campaign/regist/jsonRequest.do", json!({ "cmpgId": id })).await)["cmpgStatus"], 21);
    assert_eq!(app.post("/api/campaign/regist/jsonSave.do", body.clone()).await.code(), 10409, "a pending request is edited on its own screen");
    assert_eq!(app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await.code(), 10403);
    let listed = ok(&app.post("/api/campaign/request/jsonList.do", json!({})).await).clone();
    assert_eq!(listed["list"][0]["cmpgId"], id);
    assert_eq!((listed["list"][0]["writeType"].as_i64(), listed["list"][0]["chgIdx"].is_null()), (Some(0), true));

    app.set_cookie(admin.clone());
    assert_eq!(field_errors(&app.post("/api/campaign/request/jsonReject.do", json!({ "cmpgId": id })).await), ["reason"]);
    assert_eq!(ok(&app.post("/api/campaign/request/jsonReject.do", json!({ "cmpgId": id, "reason": "소재 확인 필요" })).await)["cmpgStatus"], 24);
    app.set_cookie(adv.clone());
    assert_eq!(ok(&app.post("/api/campaign/regist/jsonSave.do", body.clone()).await)["cmpgStatus"], 24, "a rejected campaign stays rejected while edited");
    assert_eq!(detail(&app, id).await["rejectReason"], "소재 확인 필요");
    assert_eq!(ok(&app.post("/api/campaign/regist/jsonRequest.do", json!({ "cmpgId": id })).await)["cmpgStatus"], 27);

    app.set_cookie(admin.clone());
    assert_eq!(app.post("/api/campaign/run/jsonStop.do", json!({ "cmpgId": id, "reason": "x" })).await.code(), 10409);
    assert_eq!(ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await)["cmpgStatus"], 30);
    assert_eq!(app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await.code(), 10409, "approved once");
    let d = detail(&app, id).await;
    assert_eq!(d["displayStatus"], 100, "approved before its start: awaiting broadcast");
    assert!(d["approvedAt"].is_string());
    for a in ["cancel", "change"] {
        assert!(actions(&d).contains(&a.to_string()), "{a} in {:?}", actions(&d));
    }
    assert!(!actions(&d).contains(&"stop".to_string()));
    assert_eq!(app.post("/api/campaign/run/jsonStop.do", json!({ "cmpgId": id, "reason": "x" })).await.code(), 10409, "not live yet");
    assert_eq!(app.post("/api/campaign/run/jsonResume.do", json!({ "cmpgId": id })).await.code(), 10409);

    assert_eq!(ok(&app.post("/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": id, "reason": "예산 변경" })).await)["cmpgStatus"], 40);
    assert_eq!(detail(&app, id).await["displayStatus"], 40, "cancelled by an operator");
    let availability = app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [mg], "fromDate": start, "toDate": start })).await;
    assert_eq!(ok(&availability)["list"][0]["used"], 0, "a cancel frees the slots");
    app.set_cookie(adv.clone());
    assert_eq!(app.post("/api/campaign/cancel/jsonRevert.do", json!({ "cmpgId": id })).await.code(), 10403);
    app.set_cookie(admin.clone());
    assert_eq!(ok(&app.post("/api/campaign/cancel/jsonRevert.do", json!({ "cmpgId": id })).await)["cmpgStatus"], 30);
    let availability = app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [mg], "fromDate": start, "toDate": start })).await;
    assert_eq!(ok(&availability)["list"][0]["used"], 1, "a revert takes them again");

    app.set_cookie(adv.clone());
    assert_eq!(ok(&app.post("/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": id, "reason": "취소합니다" })).await)["cmpgStatus"], 40);
    let d = detail(&app, id).await;
    assert_eq!(d["displayStatus"], 120, "cancelled by the owner side: broadcast cancelled");
    assert_eq!(history_actions(&d), ["save", "save", "request", "reject", "save", "request", "approve", "cancel", "revert", "cancel"], "{:?}", d["history"]);
    assert_eq!(d["history"][3]["reason"], "소재 확인 필요");
    assert_eq!((d["history"][6]["from"].as_i64(), d["history"][6]["to"].as_i64()), (Some(27), Some(30)));
    assert_eq!(d["history"][9]["uId"], "adv1");
    let ended = ok(&app.post("/api/campaign/end/jsonList.do", json!({ "cmpgStatus": 120 })).await).clone();
    assert_eq!(ended["totalCount"], 1);
    assert_eq!(ok(&app.post("/api/campaign/end/jsonList.do", json!({ "cmpgStatus": 40 })).await)["totalCount"], 0);
    assert_eq!(field_errors(&app.post("/api/campaign/temp/jsonList.do", json!({ "cmpgStatus": 120 })).await), ["cmpgStatus"]);
    assert_eq!(ok(&app.post("/api/campaign/regist/jsonList.do", json!({})).await)["totalCount"], 1);
    assert_eq!(ok(&app.post("/api/campaign/regist/jsonList.do", json!({ "platform": 2 })).await)["totalCount"], 0);

    // Deletes: drafts by the owner side, pending requests by approvers only.
    let draft = ok(&app.post("/api/campaign/regist/jsonSave.do", campaign("초안", own, &[mg], &[mat], &start, &end)).await)["cmpgId"].as_i64().unwrap();
    let pending = requested(&app, campaign("대기", own, &[mg], &[mat], &start, &end)).await;
    assert_eq!(app.post("/api/campaign/temp/jsonDelete.do", json!({ "ids": [pending] })).await.code(), 10409);
    assert_eq!(app.post("/api/campaign/request/jsonDelete.do", json!({ "ids": [pending] })).await.code(), 10403);
    ok(&app.post("/api/campaign/temp/jsonDelete.do", json!({ "ids": [draft] })).await);
    assert_eq!(app.post("/api/campaign/temp/jsonDetail.do", json!({ "cmpgId": draft })).await.code(), 10404);
    app.set_cookie(admin.clone());
    ok(&app.post("/api/campaign/request/jsonDelete.do", json!({ "ids": [pending] })).await);
    assert_eq!(ok(&app.post("/api/campaign/request/jsonList.do", json!({})).await)["totalCount"], 0);

    let general = app.post("/api/system/history/jsonList.do", json!({ "target": "campaign", "targetId": id.to_string() })).await;
    assert_eq!(ok(&general)["totalCount"], 10, "every step is in the general history too");
}

#[tokio::test]
async fn stop_and_resume_free_and_take_slots_again() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "하나", 1, 1).await;
    let c_id = advertiser(&app, "adv-stop").await;
    let mat = material(&app, c_id, "소재").await;
    let (start, end) = (day(&app, 0), day(&app, 9));
    let live = requested(&app, campaign("방송중", c_id, &[mg], &[mat], &start, &end)).await;
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": live })).await);
    let d = detail(&app, live).await;
    assert_eq!((d["cmpgStatus"].as_i64(), d["displayStatus"].as_i64()), (Some(50), Some(50)), "its start has come: read as live, whatever is stored");
    let stored = townboard_server::db::entity::campaign::Entity::find_by_id(live).one(&app.state.db).await.unwrap().unwrap();
    assert_eq!(stored.cmpg_status, 30, "the daily job stores the start; reads derive it before");
    let listed = ok(&app.post("/api/campaign/run/jsonList.do", json!({})).await).clone();
    assert_eq!(listed["list"][0]["cmpgStatus"], 50, "lists derive it too");
    assert!(actions(&d).contains(&"stop".to_string()));
    assert_eq!(ok(&app.post("/api/campaign/run/jsonList.do", json!({ "cmpgStatus": 50 })).await)["totalCount"], 1);

    let rival = requested(&app, campaign("경쟁", c_id, &[mg], &[mat], &start, &end)).await;
    let sold_out = app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": rival })).await;
    assert_eq!(sold_out.code(), 10409);
    let conflicts = sold_out.data()["conflicts"].as_array().unwrap();
    assert_eq!(conflicts.len(), 10, "every day that does not fit is named");
    assert_eq!(conflicts[0], json!({ "mgId": mg, "date": start, "capacity": 1, "used": 1 }));

    assert_eq!(app.post("/api/campaign/run/jsonStop.do", json!({ "cmpgId": live })).await.code(), 10400, "a stop needs a reason");
    assert_eq!(ok(&app.post("/api/campaign/run/jsonStop.do", json!({ "cmpgId": live, "reason": "민원" })).await)["cmpgStatus"], 60);
    let d = detail(&app, live).await;
    assert_eq!(history_actions(&d)[2..], ["approve", "start", "stop"], "the start the daily job had not recorded yet comes first");
    let grid = ok(&app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [mg], "fromDate": start, "toDate": end })).await).clone();
    let used: Vec<i64> = grid["list"].as_array().unwrap().iter().map(|d| d["used"].as_i64().unwrap()).collect();
    assert_eq!(used, [1, 0, 0, 0, 0, 0, 0, 0, 0, 0], "freed from tomorrow");
    let own =
        ok(&app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [mg], "fromDate": start, "toDate": start, "cmpgId": live })).await).clone();
    assert_eq!(own["list"][0]["used"], 0, "a campaign's own holds are left out");

    let today_only = app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": rival })).await;
    assert_eq!(today_only.data()["conflicts"].as_array().unwrap().len(), 1, "only today is still taken: {:?}", today_only.body);
    let later = requested(&app, campaign("내일부터", c_id, &[mg], &[mat], &day(&app, 1), &day(&app, 2))).await;
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": later })).await);
    let refused = app.post("/api/campaign/run/jsonResume.do", json!({ "cmpgId": live })).await;
    assert_eq!((refused.code(), refused.data()["conflicts"].as_array().map(Vec::len)), (10409, Some(2)), "slots are checked again");
    ok(&app.post("/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": later, "reason": "양보" })).await);
    assert_eq!(ok(&app.post("/api/campaign/run/jsonResume.do", json!({ "cmpgId": live })).await)["cmpgStatus"], 50);
    let grid = ok(&app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [mg], "fromDate": day(&app, 1), "toDate": end })).await).clone();
    assert!(grid["list"].as_array().unwrap().iter().all(|d| d["used"] == 1 && d["free"] == 0));
}

#[tokio::test]
async fn half_slots_share_one_slot() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "반반", 1, 1).await;
    let c_id = advertiser(&app, "adv-half").await;
    let mat = material(&app, c_id, "소재").await;
    let (start, end) = (day(&app, 3), day(&app, 4));
    let mut ids = Vec::new();
    for title in ["반1", "반2", "반3"] {
        let mut body = campaign(title, c_id, &[mg], &[mat], &start, &end);
        body["schdRate"] = json!(50);
        ids.push(requested(&app, body).await);
    }
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": ids[0] })).await);
    let grid = ok(&app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [mg], "fromDate": start, "toDate": start })).await).clone();
    assert_eq!((grid["list"][0]["used"].as_f64(), grid["list"][0]["free"].as_f64()), (Some(0.5), Some(0.5)));
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": ids[1] })).await);
    let third = app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": ids[2] })).await;
    assert_eq!(third.code(), 10409);
    assert_eq!(third.data()["conflicts"][0]["used"], 1);
    // A quote reads what is sold with its groups: a new booking finds both days full, a campaign
    // that holds half of them does not count its own half.
    let mut body = campaign("반4", c_id, &[mg], &[mat], &start, &end);
    body["schdRate"] = json!(50);
    let full = ok(&app.post("/api/campaign/regist/jsonQuote.do", body.clone()).await).clone();
    assert_eq!(full["conflicts"], json!([{ "mgId": mg, "date": start, "capacity": 1, "used": 1 }, { "mgId": mg, "date": end, "capacity": 1, "used": 1 }]));
    body["cmpgId"] = json!(ids[0]);
    let own = ok(&app.post("/api/campaign/regist/jsonQuote.do", body).await).clone();
    assert_eq!(own["conflicts"], json!([]), "{own}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn eight_approvals_racing_for_the_last_slot_give_one_success() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "마지막", 2, 1).await;
    let c_id = advertiser(&app, "adv-race").await;
    let mat = material(&app, c_id, "소재").await;
    let (start, end) = (day(&app, 5), day(&app, 11));
    // One slot of two is sold already.
    let first = requested(&app, campaign("선점", c_id, &[mg], &[mat], &start, &end)).await;
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": first })).await);
    let mut ids = Vec::new();
    for i in 0..8 {
        ids.push(requested(&app, campaign(&format!("경쟁 {i}"), c_id, &[mg], &[mat], &start, &end)).await);
    }
    let app = Arc::new(app);
    let mut racing = tokio::task::JoinSet::new();
    for id in ids {
        let app = app.clone();
        racing.spawn(async move { app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await });
    }
    let answers = racing.join_all().await;
    let won = answers.iter().filter(|a| a.code() == 0).count();
    assert_eq!(won, 1, "{:?}", answers.iter().map(|a| a.body.clone()).collect::<Vec<_>>());
    for lost in answers.iter().filter(|a| a.code() != 0) {
        assert_eq!(lost.code(), 10409, "{:?}", lost.body);
        assert_eq!(lost.data()["conflicts"].as_array().unwrap().len(), 7, "{:?}", lost.body);
    }
    let grid = ok(&app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [mg], "fromDate": start, "toDate": end })).await).clone();
    assert!(grid["list"].as_array().unwrap().iter().all(|d| d["used"] == 2 && d["capacity"] == 2), "{grid}");
    assert_eq!(ok(&app.post("/api/campaign/run/jsonList.do", json!({})).await)["totalCount"], 2);
    assert_eq!(ok(&app.post("/api/campaign/request/jsonList.do", json!({})).await)["totalCount"], 7, "the others still wait");
}

async fn balance(app: &TestApp, c_id: i64) -> i64 {
    let list = ok(&app.post("/api/point/advertiser/jsonList.do", json!({ "pageSize": 1000 })).await).clone();
    list["list"].as_array().unwrap().iter().find(|r| r["cId"] == c_id).map(|r| r["balance"].as_i64().unwrap()).unwrap()
}

#[tokio::test]
async fn prepaid_advertisers_pay_in_points_and_get_the_unplayed_part_back() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "선불", 10, 1).await;
    let c_id = advertiser(&app, "adv-prepaid").await;
    make_prepaid(&app, c_id).await;
    let mat = material(&app, c_id, "소재").await;
    // 30 days on one screen: 300,000 + VAT.
    let later = requested(&app, campaign("다음 달", c_id, &[mg], &[mat], &day(&app, 10), &day(&app, 39))).await;
    let short = app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": later })).await;
    assert_eq!((short.code(), short.data().clone()), (10409, json!({ "balance": 0, "required": 330_000 })));
    assert_eq!(detail(&app, later).await["cmpgStatus"], 21, "nothing changed");
    assert_eq!(
        ok(&app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": c_id, "amount": 1_000_000, "memo": "충전" })).await)["balance"],
        1_000_000
    );

    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": later })).await);
    assert_eq!(balance(&app, c_id).await, 670_000);
    ok(&app.post("/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": later, "reason": "취소" })).await);
    assert_eq!(balance(&app, c_id).await, 1_000_000, "a cancel before the start gives everything back");
    ok(&app.post("/api/campaign/cancel/jsonRevert.do", json!({ "cmpgId": later })).await);
    assert_eq!(balance(&app, c_id).await, 670_000);

    let live = requested(&app, campaign("오늘부터", c_id, &[mg], &[mat], &day(&app, 0), &day(&app, 29))).await;
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": live })).await);
    assert_eq!(balance(&app, c_id).await, 340_000);
    ok(&app.post("/api/campaign/run/jsonStop.do", json!({ "cmpgId": live, "reason": "중지" })).await);
    // Today played; the 29 days after it come back: 330,000 x 29 / 30.
    assert_eq!(balance(&app, c_id).await, 659_000);
    ok(&app.post("/api/campaign/run/jsonResume.do", json!({ "cmpgId": live })).await);
    assert_eq!(balance(&app, c_id).await, 340_000);

    let ledger = ok(&app.post("/api/point/advertiser/jsonHistory.do", json!({ "cId": c_id, "pageSize": 100 })).await).clone();
    let kinds: Vec<(String, String)> = ledger["list"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .map(|r| (r["ptType"].as_str().unwrap().to_string(), r["refType"].as_str().unwrap_or("").to_string()))
        .collect();
    let expected = [
        ("distribute", ""),
        ("use", "cmpg_approve"),
        ("save", "cmpg_cancel"),
        ("use", "cmpg_revert"),
        ("use", "cmpg_approve"),
        ("save", "cmpg_stop"),
        ("use", "cmpg_resume"),
    ];
    assert_eq!(kinds, expected.map(|(a, b)| (a.to_string(), b.to_string())));
    assert_eq!(ledger["list"][0]["balance"], 340_000, "each entry keeps the balance after it");
}

#[tokio::test]
async fn the_request_list_pages_campaigns_and_change_requests_in_one_order() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let g = group(&app, "요청목록", 10, 1).await;
    let adv_u = app.login_as_new_user("adv-pages", 10006, 3).await;
    let adv = app.cookie();
    let c_id = corp_of(&app, adv_u).await;
    let m = material(&app, c_id, "목록 소재").await;
    let mut ids = Vec::new();
    for title in ["가 캠페인", "나 캠페인", "다 캠페인", "라 캠페인"] {
        ids.push(requested(&app, campaign(title, c_id, &[g], &[m], &day(&app, 0), &day(&app, 29))).await);
    }
    app.set_cookie(admin.clone());
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": ids[0] })).await);
    app.set_cookie(adv.clone());
    let chg = ok(&app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": ids[0], "writeType": 3, "endDate": day(&app, 9), "reason": "축소" })).await)["chgIdx"]
        .as_i64()
        .unwrap();
    app.set_cookie(admin);
    let list = |body: Value| {
        let app = &app;
        async move {
            let page = ok(&app.post("/api/campaign/request/jsonList.do", body).await).clone();
            let keys: Vec<(i64, Option<i64>)> =
                page["list"].as_array().unwrap().iter().map(|r| (r["cmpgId"].as_i64().unwrap(), r["chgIdx"].as_i64())).collect();
            (page["totalCount"].as_i64().unwrap(), keys)
        }
    };
    // Newest request first: the change request, then the campaigns asked for last to first.
    let (total, all) = list(json!({ "pageSize": 10 })).await;
    assert_eq!(total, 4);
    assert_eq!(all, vec![(ids[0], Some(chg)), (ids[3], None), (ids[2], None), (ids[1], None)]);
    let (_, first) = list(json!({ "pageSize": 2 })).await;
    let (_, second) = list(json!({ "pageSize": 2, "page": 2 })).await;
    assert_eq!([first, second].concat(), all, "pages cut the same order");
    // By title: the change sits with its campaign's title.
    let (_, by_title) = list(json!({ "sortField": "cmpgTitle", "sortOrder": "asc", "pageSize": 3 })).await;
    assert_eq!(by_title, vec![(ids[0], Some(chg)), (ids[1], None), (ids[2], None)]);
    let (_, rest) = list(json!({ "sortField": "cmpgTitle", "sortOrder": "asc", "pageSize": 3, "page": 2 })).await;
    assert_eq!(rest, vec![(ids[3], None)]);
}

#[tokio::test]
async fn change_requests_are_decided_like_campaigns_and_apply_from_tomorrow() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let g1 = group(&app, "변경1", 10, 1).await;
    let g2 = group(&app, "변경2", 10, 2).await;
    let adv_u = app.login_as_new_user("adv-change", 10006, 3).await;
    let adv = app.cookie();
    let c_id = corp_of(&app, adv_u).await;
    make_prepaid(&app, c_id).await;
    let (m1, m2) = (material(&app, c_id, "첫 소재").await, material(&app, c_id, "새 소재").await);
    let id = requested(&app, campaign("변경 캠페인", c_id, &[g1], &[m1], &day(&app, 0), &day(&app, 29))).await;
    app.set_cookie(admin.clone());
    ok(&app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": c_id, "amount": 2_000_000 })).await);
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await);
    assert_eq!(balance(&app, c_id).await, 1_670_000);

    app.set_cookie(adv.clone());
    let today_end = app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": id, "writeType": 3, "endDate": day(&app, 0) })).await;
    assert_eq!(field_errors(&today_end), ["endDate"], "a change applies from tomorrow");
    assert_eq!(field_errors(&app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": id, "writeType": 7 })).await), ["writeType"]);
    let asked = app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": id, "writeType": 3, "endDate": day(&app, 9), "reason": "예산 축소" })).await;
    let chg = ok(&asked)["chgIdx"].as_i64().unwrap();
    assert_eq!(
        app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": id, "writeType": 2, "materials": [{ "matId": m2 }] })).await.code(),
        10409,
        "one change waits at a time"
    );
    let d = detail(&app, id).await;
    assert!(!actions(&d).contains(&"change".to_string()), "no second change while one waits");
    assert_eq!((d["changes"][0]["status"].as_i64(), d["changes"][0]["endDate"].as_str()), (Some(0), Some(day(&app, 9).as_str())));
    assert_eq!(d["changes"][0]["refund"], 220_000, "the 20 days after the new end, for a prepaid advertiser");
    assert_eq!(app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id, "chgIdx": chg })).await.code(), 10403);

    app.set_cookie(admin.clone());
    let requests = ok(&app.post("/api/campaign/request/jsonList.do", json!({})).await).clone();
    assert_eq!(requests["totalCount"], 1);
    assert_eq!((requests["list"][0]["writeType"].as_i64(), requests["list"][0]["chgIdx"].as_i64()), (Some(3), Some(chg)));
    assert_eq!(requests["list"][0]["displayStatus"], 50);
    // A change row says why, and is requested when the change was.
    assert_eq!(requests["list"][0]["reason"], "예산 축소");
    assert_eq!(requests["list"][0]["requestedAt"], d["changes"][0]["createdAt"]);
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id, "chgIdx": chg })).await);
    assert_eq!(app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id, "chgIdx": chg })).await.code(), 10409);
    let d = detail(&app, id).await;
    assert_eq!((d["endDate"].as_str(), d["changes"][0]["status"].as_i64()), (Some(day(&app, 9).as_str()), Some(1)));
    assert_eq!(balance(&app, c_id).await, 1_890_000);
    let grid =
        ok(&app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [g1], "fromDate": day(&app, 9), "toDate": day(&app, 10) })).await).clone();
    assert_eq!((grid["list"][0]["used"].as_i64(), grid["list"][1]["used"].as_i64()), (Some(1), Some(0)), "slots after the new end are freed");
    assert_eq!(ok(&app.post("/api/campaign/request/jsonList.do", json!({})).await)["totalCount"], 0);

    app.set_cookie(adv.clone());
    let chg = ok(&app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": id, "writeType": 2, "materials": [{ "matId": m2 }] })).await)["chgIdx"]
        .as_i64()
        .unwrap();
    app.set_cookie(admin.clone());
    assert_eq!(field_errors(&app.post("/api/campaign/request/jsonReject.do", json!({ "cmpgId": id, "chgIdx": chg })).await), ["reason"]);
    ok(&app.post("/api/campaign/request/jsonReject.do", json!({ "cmpgId": id, "chgIdx": chg, "reason": "소재 부적합" })).await);
    let d = detail(&app, id).await;
    assert_eq!((d["changes"][0]["status"].as_i64(), d["changes"][0]["rejectReason"].as_str()), (Some(2), Some("소재 부적합")));
    assert_eq!(d["materials"][0]["matId"], m1, "a rejected change changes nothing");

    app.set_cookie(adv.clone());
    let chg = ok(&app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": id, "writeType": 2, "materials": [{ "matId": m2 }] })).await)["chgIdx"]
        .as_i64()
        .unwrap();
    app.set_cookie(admin.clone());
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id, "chgIdx": chg })).await);
    let d = detail(&app, id).await;
    assert_eq!(d["materials"].as_array().unwrap().iter().map(|m| m["matId"].as_i64().unwrap()).collect::<Vec<_>>(), [m2]);

    app.set_cookie(adv.clone());
    let chg =
        ok(&app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": id, "writeType": 1, "targets": [{ "mgId": g1 }, { "mgId": g2 }] })).await)["chgIdx"]
            .as_i64()
            .unwrap();
    // Three screens instead of one for the 9 days from tomorrow: (990,000 - 330,000) x 9 / 30.
    assert_eq!(detail(&app, id).await["changes"][0]["priceDiff"], 198_000);
    app.set_cookie(admin.clone());
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id, "chgIdx": chg })).await);
    let d = detail(&app, id).await;
    let targets: Vec<i64> = d["targets"].as_array().unwrap().iter().map(|t| t["mgId"].as_i64().unwrap()).collect();
    assert_eq!((targets, d["mediaCnt"].as_i64(), d["total"].as_i64()), (vec![g1, g2], Some(3), Some(990_000)));
    assert_eq!(balance(&app, c_id).await, 1_692_000);
    let grid =
        ok(&app.post("/api/campaign/regist/jsonAvailability.do", json!({ "mgIds": [g2], "fromDate": day(&app, 0), "toDate": day(&app, 1) })).await).clone();
    assert_eq!((grid["list"][0]["used"].as_i64(), grid["list"][1]["used"].as_i64()), (Some(0), Some(1)), "the new group is held from tomorrow");
    assert_eq!(history_actions(&d).iter().filter(|a| *a == "change").count(), 8, "asked and decided, each written down");
}

fn sheet_text(xlsx: &[u8]) -> String {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(xlsx)).unwrap();
    let mut sheet = archive.by_name("xl/worksheets/sheet1.xml").unwrap();
    let mut text = String::new();
    sheet.read_to_string(&mut text).unwrap();
    text
}

#[tokio::test]
async fn advertisers_and_sales_agents_see_only_their_campaigns_lists_details_and_excel() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let mg = group(&app, "범위", 10, 1).await;
    let b = advertiser(&app, "adv-b").await;
    let b_mat = material(&app, b, "B 소재").await;
    let theirs = requested(&app, campaign("B의 캠페인", b, &[mg], &[b_mat], &day(&app, 5), &day(&app, 8))).await;
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": theirs })).await);

    let a_user = app.login_as_new_user("adv-a", 10006, 3).await;
    let a = corp_of(&app, a_user).await;
    let a_mat = material(&app, a, "A 소재").await;
    let mine = requested(&app, campaign("A의 캠페인", a, &[mg], &[a_mat], &day(&app, 5), &day(&app, 8))).await;
    assert_eq!(ok(&app.post("/api/campaign/request/jsonList.do", json!({})).await)["list"].as_array().unwrap().len(), 1);
    assert_eq!(ok(&app.post("/api/campaign/run/jsonList.do", json!({})).await)["totalCount"], 0, "B's running campaign is not A's");
    assert_eq!(ok(&app.post("/api/campaign/regist/jsonList.do", json!({})).await)["list"][0]["cmpgId"], mine);
    for path in ["run/jsonDetail.do", "request/jsonDetail.do"] {
        assert_eq!(app.post(&format!("/api/campaign/{path}"), json!({ "cmpgId": theirs })).await.code(), 10404, "{path}");
    }
    assert_eq!(app.post("/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": theirs, "reason": "남의 것" })).await.code(), 10404);
    assert_eq!(app.post("/api/campaign/run/jsonChange.do", json!({ "cmpgId": theirs, "writeType": 3, "endDate": day(&app, 6) })).await.code(), 10404);
    let mut edit = campaign("가로채기", a, &[mg], &[a_mat], &day(&app, 5), &day(&app, 8));
    edit["cmpgId"] = json!(theirs);
    assert_eq!(app.post("/api/campaign/regist/jsonSave.do", edit).await.code(), 10404);
    let (status, _, xlsx) = app.get_bytes("/api/campaign/excel/download.do?list=request").await;
    assert_eq!(status, 200);
    let sheet = sheet_text(&xlsx);
    assert!(sheet.contains("A의 캠페인") && !sheet.contains("B의 캠페인"), "{sheet}");
    let (_, _, xlsx) = app.get_bytes("/api/campaign/excel/download.do?list=run").await;
    assert!(!sheet_text(&xlsx).contains("B의 캠페인"));
    let (_, _, bad) = app.get_bytes("/api/campaign/excel/download.do?list=all").await;
    assert_eq!(serde_json::from_slice::<Value>(&bad).unwrap()["code"], 10400);

    // A sales agent with authority over their own rows: campaigns they wrote, for advertisers they brought in.
    app.set_cookie(admin.clone());
    let sales = app.create_user("sales-own", 10003, 1).await;
    let c = advertiser(&app, "adv-c").await;
    corp::ActiveModel { c_id: Set(c), created_by: Set(Some(sales)), ..Default::default() }.update(&app.state.db).await.unwrap();
    let c_mat = material(&app, c, "C 소재").await;
    app.set_cookie(None);
    ok(&app.try_login("sales-own", NEW_PW, None).await);
    let written = requested(&app, campaign("영업 캠페인", c, &[mg], &[c_mat], &day(&app, 5), &day(&app, 8))).await;
    let d = ok(&app.post("/api/campaign/request/jsonDetail.do", json!({ "cmpgId": written })).await).clone();
    assert_eq!((d["agentCName"].as_str(), d["salesUIdx"].as_i64()), (Some("sales-own 회사"), Some(sales)), "written for their agency and by them");
    assert_eq!(ok(&app.post("/api/campaign/request/jsonList.do", json!({})).await)["totalCount"], 1);
    assert_eq!(app.post("/api/campaign/request/jsonDetail.do", json!({ "cmpgId": mine })).await.code(), 10404);
    let foreign = app.post("/api/campaign/regist/jsonSave.do", campaign("남의 광고주", b, &[mg], &[], &day(&app, 5), &day(&app, 8))).await;
    assert_eq!(field_errors(&foreign), ["advertiserCId"], "an advertiser outside reach");

    app.set_cookie(admin);
    let (_, _, xlsx) = app.get_bytes("/api/campaign/excel/download.do?list=request").await;
    let sheet = sheet_text(&xlsx);
    assert!(sheet.contains("A의 캠페인") && sheet.contains("영업 캠페인"), "managers see every row");
}

#[tokio::test]
async fn the_daily_job_moves_campaigns_on_the_application_clock() {
    let app = spawn().await;
    app.login_admin().await;
    let mg = group(&app, "매일", 1, 1).await;
    let c_id = advertiser(&app, "adv-daily").await;
    let mat = material(&app, c_id, "소재").await;
    let (start, end) = (day(&app, 1), day(&app, 2));
    let id = requested(&app, campaign("이틀", c_id, &[mg], &[mat], &start, &end)).await;
    ok(&app.post("/api/campaign/request/jsonApproval.do", json!({ "cmpgId": id })).await);
    townboard_server::jobs::schedule_periodic(&app.state).await.unwrap();
    townboard_server::jobs::run_until_idle(&app.state).await;
    let d = detail(&app, id).await;
    assert_eq!((d["cmpgStatus"].as_i64(), d["displayStatus"].as_i64()), (Some(30), Some(100)), "not started yet");

    app.state.clock.advance(Duration::days(1));
    relogin_admin(&app).await;
    let d = detail(&app, id).await;
    assert_eq!((d["cmpgStatus"].as_i64(), d["displayStatus"].as_i64()), (Some(50), Some(110)), "reads derive live (ending soon) before the job runs");
    assert_eq!(ok(&app.post("/api/campaign/run/jsonList.do", json!({ "cmpgStatus": 110 })).await)["totalCount"], 1);
    townboard_server::jobs::schedule_periodic(&app.state).await.unwrap();
    townboard_server::jobs::run_until_idle(&app.state).await;
    let d = detail(&app, id).await;
    assert_eq!(d["cmpgStatus"], 50);
    let last = d["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["action"].as_str(), last["from"].as_i64(), last["to"].as_i64(), last["uId"].as_str()),
        (Some("start"), Some(30), Some(50), Some("system"))
    );
    townboard_server::jobs::schedule_periodic(&app.state).await.unwrap();
    townboard_server::jobs::run_until_idle(&app.state).await;
    assert_eq!(history_actions(&detail(&app, id).await).len(), history_actions(&d).len(), "once a day");

    app.state.clock.advance(Duration::days(2));
    relogin_admin(&app).await;
    let d = detail(&app, id).await;
    assert_eq!((d["cmpgStatus"].as_i64(), d["displayStatus"].as_i64()), (Some(99), Some(99)), "ended after its end date, job or not");
    assert_eq!(ok(&app.post("/api/campaign/end/jsonList.do", json!({ "cmpgStatus": 99 })).await)["totalCount"], 1);
    assert_eq!(ok(&app.post("/api/campaign/run/jsonList.do", json!({})).await)["totalCount"], 0);
    assert!(actions(&d).is_empty(), "an ended campaign takes no step: {:?}", actions(&d));
    townboard_server::jobs::schedule_periodic(&app.state).await.unwrap();
    townboard_server::jobs::run_until_idle(&app.state).await;
    let d = detail(&app, id).await;
    assert_eq!(d["cmpgStatus"], 99);
    assert_eq!(history_actions(&d)[history_actions(&d).len() - 2..], ["start", "end"]);
}

#[tokio::test]
async fn products_and_packages_with_text_ids() {
    let app = spawn().await;
    app.login_admin().await;
    let default = ok(&app.post("/api/product/package/jsonDetail.do", json!({ "pkgId": "P000000003" })).await).clone();
    assert_eq!((default["pkgId"].as_str(), default["priceGrossYn"].as_str()), (Some("P000000003"), Some("N")));
    assert_eq!(
        default["products"],
        json!([{ "prdId": "PR00000001", "prdNm": "15초 광고 (기본)", "qty": 1, "unitPrice": 300_000, "slotType": 1, "playtime": 15, "platform": 1, "prdStatus": 1 }])
    );

    let bad = app
        .post("/api/product/product/jsonSave.do", json!({ "prdNm": "", "slotType": 9, "playtime": 20, "unitPrice": -1, "platform": 3, "prdStatus": 1 }))
        .await;
    let fields = field_errors(&bad);
    for f in ["prdNm", "slotType", "playtime", "unitPrice", "platform"] {
        assert!(fields.contains(&f.to_string()), "{f} in {fields:?}");
    }
    let saved = app
        .post(
            "/api/product/product/jsonSave.do",
            json!({ "prdNm": "30초 SME", "slotType": 1, "playtime": 30, "unitPrice": 150_000, "platform": 2, "prdStatus": 1 }),
        )
        .await;
    let prd = ok(&saved)["prdId"].as_str().unwrap().to_string();
    assert_eq!(prd, "PR00000002", "ids are assigned after the seeded product");
    let mut edit = json!({ "prdId": prd, "prdNm": "30초 SME 상품", "slotType": 1, "playtime": 30, "unitPrice": 160_000, "platform": 2, "prdStatus": 1 });
    ok(&app.post("/api/product/product/jsonSave.do", edit.clone()).await);
    assert_eq!(ok(&app.post("/api/product/product/jsonDetail.do", json!({ "prdId": prd })).await)["unitPrice"], 160_000);
    edit["prdId"] = json!("PR99999999");
    assert_eq!(app.post("/api/product/product/jsonSave.do", edit).await.code(), 10404);
    assert_eq!(ok(&app.post("/api/product/product/jsonList.do", json!({ "platform": 2 })).await)["totalCount"], 1);

    let pkg = app
        .post(
            "/api/product/package/jsonSave.do",
            json!({ "pkgNm": "SME 묶음", "priceGrossYn": "Y", "pkgStatus": 1, "products": [{ "prdId": prd, "qty": 2 }, { "prdId": "PR00000001" }] }),
        )
        .await;
    let pkg_id = ok(&pkg)["pkgId"].as_str().unwrap().to_string();
    assert_eq!(pkg_id, "P000000004");
    let listed = ok(&app.post("/api/product/package/jsonList.do", json!({ "pkgNm": "SME" })).await).clone();
    assert_eq!((listed["totalCount"].as_i64(), listed["list"][0]["productCnt"].as_i64()), (Some(1), Some(2)));
    let bad_line = app
        .post("/api/product/package/jsonSave.do", json!({ "pkgNm": "잘못", "priceGrossYn": "N", "pkgStatus": 1, "products": [{ "prdId": "PR12345678" }] }))
        .await;
    assert_eq!(field_errors(&bad_line), ["products[0].prdId"]);
    assert_eq!(app.post("/api/product/product/jsonDelete.do", json!({ "ids": [prd] })).await.code(), 10409, "a package still sells it");
    assert_eq!(app.post("/api/product/package/jsonDelete.do", json!({ "ids": ["P000000003"] })).await.code(), 10409, "the default package stays");
    ok(&app.post("/api/product/package/jsonDelete.do", json!({ "ids": [pkg_id] })).await);
    ok(&app.post("/api/product/product/jsonDelete.do", json!({ "ids": [prd] })).await);
    let history = app.post("/api/system/history/jsonList.do", json!({ "target": "product.product", "targetId": prd })).await;
    assert_eq!(ok(&history)["totalCount"], 3, "history names the text id");

    // Advertisers read packages to write a campaign, but do not edit them.
    app.login_as_new_user("adv-product", 10006, 3).await;
    assert_eq!(app.post("/api/product/package/jsonSave.do", json!({ "pkgNm": "x", "priceGrossYn": "N", "pkgStatus": 1, "products": [] })).await.code(), 10403);
}
