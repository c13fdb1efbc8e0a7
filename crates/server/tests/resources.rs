//! The generic list/detail/save/delete mechanism, proven on common codes and env variables.

mod common;

use common::*;
use sea_orm::{ColumnTrait, EntityTrait, PaginatorTrait, QueryFilter};
use serde_json::{Value, json};
use townboard_server::db::entity::history;

fn code(key: &str, code: &str, name: &str) -> Value {
    json!({ "cdKey": key, "cdDist": "테스트 그룹", "cdCode": code, "cdName": name, "cdDetail": "", "cdOrder": 1, "useYn": "Y" })
}

#[tokio::test]
async fn codes_create_read_update_delete_with_history() {
    let app = spawn().await;
    app.login_admin().await;
    let created = app.post("/api/system/code/jsonSave.do", code("TEST_KIND", "A", "에이")).await;
    assert_eq!(created.code(), 0, "{:?}", created.body);
    let id = created.data()["cdIdx"].as_i64().unwrap();

    let detail = app.post("/api/system/code/jsonDetail.do", json!({ "cdIdx": id })).await;
    assert_eq!(detail.data()["cdName"], "에이");
    assert!(detail.data()["createdAt"].as_str().unwrap().len() == 19, "YYYY-MM-DD HH:MM:SS");
    assert!(detail.data().get("deletedAt").is_none());

    let mut changed = code("TEST_KIND", "A", "에이 수정");
    changed["cdIdx"] = json!(id);
    assert_eq!(app.post("/api/system/code/jsonSave.do", changed).await.code(), 0);
    assert_eq!(app.post("/api/system/code/jsonDetail.do", json!({ "cdIdx": id })).await.data()["cdName"], "에이 수정");

    let dup = app.post("/api/system/code/jsonSave.do", code("TEST_KIND", "A", "중복")).await;
    assert_eq!((dup.status.as_u16(), dup.code()), (409, 10409));
    assert!(dup.data()["fieldErrors"]["cdCode"].is_string());

    let labels = app.post("/api/system/code/jsonCodeKey.do", json!({ "cdKey": "TEST_KIND" })).await;
    assert_eq!(labels.data()["list"], json!([{ "cdCode": "A", "cdName": "에이 수정" }]));

    assert_eq!(app.post("/api/system/code/jsonDelete.do", json!({ "ids": [id] })).await.code(), 0);
    assert_eq!(app.post("/api/system/code/jsonDetail.do", json!({ "cdIdx": id })).await.code(), 10404);
    let missing = app.post("/api/system/code/jsonCodeKey.do", json!({ "cdKey": "TEST_KIND" })).await;
    assert_eq!(missing.code(), 10404);
    assert_eq!(missing.body["message"], "일치하는 코드 키가 없습니다.");
    assert_eq!(app.post("/api/system/code/jsonSave.do", code("TEST_KIND", "A", "다시")).await.code(), 0, "a deleted code can be added again");

    let actions: Vec<String> = history::Entity::find()
        .filter(history::Column::Target.eq("system.code"))
        .filter(history::Column::TargetId.eq(id.to_string()))
        .all(&app.state.db)
        .await
        .unwrap()
        .into_iter()
        .map(|h| h.action)
        .collect();
    assert_eq!(actions, vec!["create", "update", "delete"]);
    let update = history::Entity::find().filter(history::Column::Action.eq("update")).one(&app.state.db).await.unwrap().unwrap();
    assert!(update.before.unwrap().contains("에이") && update.after.unwrap().contains("에이 수정"));
    assert_eq!(update.u_id, "admin");
}

#[tokio::test]
async fn code_list_pages_filters_and_sorts_from_the_whitelist() {
    let app = spawn().await;
    app.login_admin().await;
    let all = app.post("/api/system/code/jsonList.do", json!({})).await;
    assert_eq!(all.data()["pageSize"], 10);
    assert_eq!(all.data()["page"], 1);
    assert_eq!(all.data()["list"].as_array().unwrap().len(), 10);
    let total = all.data()["totalCount"].as_i64().unwrap();
    assert!(total > 100, "every code list is seeded");

    let statuses =
        app.post("/api/system/code/jsonList.do", json!({ "cdKey": "CMPG_STATUS", "pageSize": 100, "sortField": "cdOrder", "sortOrder": "desc" })).await;
    let list = statuses.data()["list"].as_array().unwrap();
    assert_eq!(statuses.data()["totalCount"], 13);
    assert_eq!(list[0]["cdCode"], "120");
    assert_eq!(list[12]["cdCode"], "0");

    let page2 = app.post("/api/system/code/jsonList.do", json!({ "cdKey": "CMPG_STATUS", "page": 2, "pageSize": 5, "sortField": "cdOrder" })).await;
    let codes: Vec<&str> = page2.data()["list"].as_array().unwrap().iter().map(|r| r["cdCode"].as_str().unwrap()).collect();
    assert_eq!(codes, vec!["30", "40", "50", "60", "99"]);

    let contains = app.post("/api/system/code/jsonList.do", json!({ "cdName": "승인", "cdKey": "CMPG_STATUS" })).await;
    assert_eq!(contains.data()["totalCount"], 3, "승인요청, 승인, 승인취소");
    let wildcard = app.post("/api/system/code/jsonList.do", json!({ "cdName": "%" })).await;
    assert_eq!(wildcard.data()["totalCount"], 1, "LIKE wildcards are literal: only the '%' label matches");
    let empty_filter = app.post("/api/system/code/jsonList.do", json!({ "cdName": "", "useYn": null })).await;
    assert_eq!(empty_filter.data()["totalCount"].as_i64().unwrap(), total);

    for bad in [
        json!({ "sortField": "cd_key; DROP TABLE users" }),
        json!({ "sortField": "uPw" }),
        json!({ "sortOrder": "sideways" }),
        json!({ "cdKey' OR '1'='1": "x" }),
        json!({ "page": 0 }),
        json!({ "pageSize": 5000 }),
        json!({ "page": "abc" }),
        json!({ "cdName": { "$gt": "" } }),
    ] {
        let res = app.post("/api/system/code/jsonList.do", bad.clone()).await;
        assert_eq!((res.status.as_u16(), res.code()), (400, 10400), "{bad}");
        assert!(res.data()["fieldErrors"].as_object().unwrap().len() == 1, "{bad} names its field");
    }
}

#[tokio::test]
async fn save_bodies_are_validated_field_by_field() {
    let app = spawn().await;
    app.login_admin().await;
    let mut bad = code("lower case", "", "");
    bad["useYn"] = json!("X");
    let res = app.post("/api/system/code/jsonSave.do", bad).await;
    assert_eq!(res.code(), 10400);
    let fields = res.data()["fieldErrors"].as_object().unwrap();
    for f in ["cdKey", "cdCode", "cdName", "useYn"] {
        assert!(fields.contains_key(f), "{f} in {fields:?}");
    }
    let wrong_type = app.post("/api/system/code/jsonSave.do", json!({ "cdKey": "A", "cdDist": "d", "cdCode": "1", "cdName": "n", "cdOrder": "first" })).await;
    assert!(wrong_type.data()["fieldErrors"]["cdOrder"].is_string());
    let unknown = app.post("/api/system/code/jsonSave.do", json!({ "cdKey": "A", "cdDist": "d", "cdCode": "1", "cdName": "n", "isAdmin": true })).await;
    assert!(unknown.data()["fieldErrors"]["isAdmin"].is_string(), "{:?}", unknown.body);
    let malformed = app.post_raw("/api/system/code/jsonSave.do", &[("x-requested-with", "XMLHttpRequest")], b"{\"cdKey\":").await;
    assert_eq!((malformed.status.as_u16(), malformed.code()), (400, 10400));
    let long = app.post("/api/system/code/jsonSave.do", code("A", "1", &"가".repeat(101))).await;
    assert!(long.data()["fieldErrors"]["cdName"].is_string());
    let missing = app.post("/api/system/code/jsonSave.do", json!({ "cdIdx": 999999, "cdKey": "A", "cdDist": "d", "cdCode": "1", "cdName": "n" })).await;
    assert_eq!(missing.code(), 10404);
    let bad_delete = app.post("/api/system/code/jsonDelete.do", json!({ "ids": [] })).await;
    assert_eq!(bad_delete.code(), 10400);
    let partly_missing = app.post("/api/system/code/jsonDelete.do", json!({ "ids": [1, 999999] })).await;
    assert_eq!(partly_missing.code(), 10404);
    assert_eq!(app.post("/api/system/code/jsonDetail.do", json!({ "cdIdx": 1 })).await.code(), 0, "nothing deleted when one id is missing");
    let too_big = app.post_raw("/api/system/code/jsonSave.do", &[("x-requested-with", "XMLHttpRequest")], &vec![b' '; 2 * 1024 * 1024]).await;
    assert_eq!((too_big.status.as_u16(), too_big.code()), (413, 10413));
}

#[tokio::test]
async fn permissions_are_checked_on_every_call() {
    let app = spawn().await;
    app.login_as_new_user("adv1", 10006, 1).await;
    for path in ["jsonList.do", "jsonDetail.do", "jsonSave.do", "jsonDelete.do"] {
        let res = app.post(&format!("/api/system/code/{path}"), json!({ "cdIdx": 1, "ids": [1] })).await;
        assert_eq!((res.status.as_u16(), res.code()), (403, 10403), "advertiser on code {path}");
        let res = app.post(&format!("/api/system/env/{path}"), json!({ "envIdx": 1, "ids": [1] })).await;
        assert_eq!(res.code(), 10403, "advertiser on env {path}");
    }
    assert_eq!(app.post("/api/system/code/jsonCodeKey.do", json!({ "cdKey": "USE_YN" })).await.code(), 0, "labels are for everyone");

    // An operator edits codes but only reads env variables.
    app.login_as_new_user("op1", 10002, 3).await;
    assert_eq!(app.post("/api/system/code/jsonSave.do", code("OP_KIND", "1", "운영")).await.code(), 0);
    assert_eq!(app.post("/api/system/env/jsonList.do", json!({})).await.code(), 0);
    let env_write = app.post("/api/system/env/jsonSave.do", json!({ "envKey": "NEW_KEY", "envValue": "1" })).await;
    assert_eq!(env_write.code(), 10403);
    assert_eq!(app.post("/api/system/env/jsonInit.do", json!({})).await.code(), 10403);
    assert_eq!(app.post("/api/system/env/jsonDelete.do", json!({ "ids": [1] })).await.code(), 10403);

    app.set_cookie(None);
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 10500);
    assert_eq!(history::Entity::find().filter(history::Column::UId.eq("adv1")).count(&app.state.db).await.unwrap(), 0);
}

#[tokio::test]
async fn env_variables_by_key_save_and_init() {
    let app = spawn().await;
    app.login_admin().await;
    let list = app.post("/api/system/env/jsonList.do", json!({ "envKey": "SMS" })).await;
    let keys: Vec<&str> = list.data()["list"].as_array().unwrap().iter().map(|r| r["envKey"].as_str().unwrap()).collect();
    assert_eq!(keys, vec!["SMS_AUTH_YN", "SMS_PROVIDER", "SMS_WEBHOOK_URL"]);

    let sms = app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": "SMS_AUTH_YN" })).await;
    let idx = sms.data()["envIdx"].clone();
    assert_eq!(app.post("/api/system/env/jsonSave.do", json!({ "envIdx": idx, "envKey": "SMS_AUTH_YN", "envValue": "Y" })).await.code(), 0);
    assert_eq!(app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": "SMS_AUTH_YN" })).await.data()["envValue"], "Y");
    let created = app.post("/api/system/env/jsonSave.do", json!({ "envKey": "EXTRA_SETTING", "envValue": "1" })).await;
    assert_eq!(created.code(), 0);
    assert_eq!(app.post("/api/system/env/jsonSave.do", json!({ "envKey": "EXTRA_SETTING", "envValue": "2" })).await.code(), 10409);
    assert_eq!(app.post("/api/system/env/jsonSave.do", json!({ "envKey": "bad key" })).await.code(), 10400);

    let init = app.post("/api/system/env/jsonInit.do", json!({})).await;
    assert_eq!(init.data()["restored"], 1);
    assert_eq!(app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": "SMS_AUTH_YN" })).await.data()["envValue"], "N");
    assert_eq!(app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": "EXTRA_SETTING" })).await.data()["envValue"], "1", "other keys stay");
    assert_eq!(app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": "NOPE" })).await.code(), 10404);
    assert_eq!(app.post("/api/system/env/jsonDelete.do", json!({ "ids": [created.data()["envIdx"]] })).await.code(), 0);
    assert_eq!(app.post("/api/system/env/jsonDetailByKey.do", json!({ "envKey": "EXTRA_SETTING" })).await.code(), 10404);
}
