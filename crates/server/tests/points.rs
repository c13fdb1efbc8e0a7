//! Point ledgers through HTTP: distribute and collect by managers, ledgers with the balance after
//! each entry, concurrent collects that never take a balance below zero, and who sees whose points.

mod common;

use common::*;
use serde_json::{Value, json};
use std::sync::Arc;
use townboard_server::db::entity::user;

fn ok(answer: &Answer) -> &Value {
    assert_eq!(answer.code(), 0, "{:?}", answer.body);
    answer.data()
}

async fn corp_of(app: &TestApp, u_idx: i64) -> i64 {
    use sea_orm::EntityTrait;
    user::Entity::find_by_id(u_idx).one(&app.state.db).await.unwrap().unwrap().c_id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_collects_never_take_a_balance_below_zero() {
    let app = spawn().await;
    app.login_admin().await;
    let c_id = corp_of(&app, app.create_user("adv-collect", 10006, 3).await).await;
    assert_eq!(ok(&app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": c_id, "amount": 500, "memo": "충전" })).await)["balance"], 500);
    let app = Arc::new(app);
    let mut collecting = tokio::task::JoinSet::new();
    for i in 0..10 {
        let app = app.clone();
        collecting
            .spawn(async move { app.post("/api/point/advertiser/jsonCollect.do", json!({ "cId": c_id, "amount": 100, "memo": format!("회수 {i}") })).await });
    }
    let answers = collecting.join_all().await;
    assert_eq!(answers.iter().filter(|a| a.code() == 0).count(), 5, "{:?}", answers.iter().map(|a| a.body.clone()).collect::<Vec<_>>());
    for short in answers.iter().filter(|a| a.code() != 0) {
        assert_eq!((short.code(), short.data().clone()), (10409, json!({ "balance": 0, "required": 100 })));
    }
    let ledger = ok(&app.post("/api/point/advertiser/jsonHistory.do", json!({ "cId": c_id, "pageSize": 100 })).await).clone();
    assert_eq!(ledger["totalCount"], 6);
    let balances: Vec<i64> = ledger["list"].as_array().unwrap().iter().map(|r| r["balance"].as_i64().unwrap()).collect();
    assert_eq!(balances, [0, 100, 200, 300, 400, 500], "each entry keeps the balance after it, never below zero");
    let listed = ok(&app.post("/api/point/advertiser/jsonList.do", json!({ "cName": "adv-collect" })).await).clone();
    assert_eq!((listed["totalCount"].as_i64(), listed["list"][0]["balance"].as_i64()), (Some(1), Some(0)));
}

#[tokio::test]
async fn managers_move_points_and_owners_see_only_their_own() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let a_user = app.create_user("adv-pa", 10006, 3).await;
    let a = corp_of(&app, a_user).await;
    let b = corp_of(&app, app.create_user("adv-pb", 10006, 3).await).await;
    let sales_user = app.create_user("sales-p", 10003, 1).await;
    let sales = corp_of(&app, sales_user).await;

    assert_eq!(app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": a, "amount": 0 })).await.code(), 10400);
    assert_eq!(
        app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": sales, "amount": 10 })).await.code(),
        10404,
        "a sales corp is not an advertiser"
    );
    assert_eq!(app.post("/api/point/advertiser/jsonCollect.do", json!({ "cId": a, "amount": 1 })).await.data().clone(), json!({ "balance": 0, "required": 1 }));
    ok(&app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": a, "amount": 3_000, "memo": "프로모션" })).await);
    ok(&app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": b, "amount": 7_000 })).await);
    assert_eq!(ok(&app.post("/api/point/advertiser/jsonCollect.do", json!({ "cId": a, "amount": 1_000, "memo": "정정" })).await)["balance"], 2_000);
    assert_eq!(ok(&app.post("/api/point/sales/jsonDistribute.do", json!({ "cId": sales, "amount": 50 })).await)["balance"], 50);
    assert_eq!(ok(&app.post("/api/point/salesuser/jsonDistribute.do", json!({ "uIdx": sales_user, "amount": 20 })).await)["balance"], 20);
    let row = ok(&app.post("/api/point/advertiser/jsonHistory.do", json!({ "cId": a })).await)["list"][0].clone();
    assert_eq!(
        (row["ptType"].as_str(), row["amount"].as_i64(), row["balance"].as_i64(), row["memo"].as_str(), row["uId"].as_str()),
        (Some("collect"), Some(1_000), Some(2_000), Some("정정"), Some("admin"))
    );
    let users = ok(&app.post("/api/point/salesuser/jsonList.do", json!({ "cName": "sales-p" })).await).clone();
    assert_eq!(
        (users["list"][0]["uIdx"].as_i64(), users["list"][0]["cName"].as_str(), users["list"][0]["balance"].as_i64()),
        (Some(sales_user), Some("sales-p 회사"), Some(20))
    );
    assert!(users["list"][0].get("phone").is_none() && users["list"][0].get("email").is_none(), "a balance row tells who, not how to reach them");

    // An advertiser reads its own balance and ledger only, and moves nothing.
    app.set_cookie(None);
    ok(&app.try_login("adv-pa", NEW_PW, None).await);
    let mine = ok(&app.post("/api/point/advertiser/jsonList.do", json!({})).await).clone();
    assert_eq!((mine["totalCount"].as_i64(), mine["list"][0]["cId"].as_i64(), mine["list"][0]["balance"].as_i64()), (Some(1), Some(a), Some(2_000)));
    assert_eq!(ok(&app.post("/api/point/advertiser/jsonHistory.do", json!({ "cId": a })).await)["totalCount"], 2);
    assert_eq!(app.post("/api/point/advertiser/jsonHistory.do", json!({ "cId": b })).await.code(), 10404);
    assert_eq!(app.post("/api/point/advertiser/jsonDistribute.do", json!({ "cId": a, "amount": 100 })).await.code(), 10403);
    assert_eq!(app.post("/api/point/sales/jsonList.do", json!({})).await.code(), 10403);

    // A sales agent sees their agency and themselves.
    app.set_cookie(None);
    ok(&app.try_login("sales-p", NEW_PW, None).await);
    let agency = ok(&app.post("/api/point/sales/jsonList.do", json!({})).await).clone();
    assert_eq!((agency["totalCount"].as_i64(), agency["list"][0]["balance"].as_i64()), (Some(1), Some(50)));
    assert_eq!(ok(&app.post("/api/point/salesuser/jsonList.do", json!({})).await)["totalCount"], 1);
    assert_eq!(ok(&app.post("/api/point/advertiser/jsonList.do", json!({})).await)["totalCount"], 0, "no advertiser brought in yet");
    assert_eq!(app.post("/api/point/sales/jsonCollect.do", json!({ "cId": sales, "amount": 1 })).await.code(), 10403);

    app.set_cookie(admin);
    let general = ok(&app.post("/api/system/history/jsonList.do", json!({ "target": "point.advertiser" })).await).clone();
    assert_eq!(general["totalCount"], 3, "manual entries are in the general history");
}
