//! System area: menus, programs, notices with attachments, news providers, history.

mod common;

use common::*;
use serde_json::{Value, json};

#[tokio::test]
async fn menu_tree_edits_show_in_the_user_menu() {
    let app = spawn().await;
    app.login_admin().await;
    let top = app.post("/api/system/menu/jsonSave.do", json!({ "mnName": "새 영역", "mnDir": "/extra", "sortOrder": 99, "useYn": "Y" })).await;
    assert_eq!(top.code(), 0, "{:?}", top.body);
    let top_id = top.data()["mnId"].as_i64().unwrap();
    assert!(top_id > 11305, "new ids continue after the seeded ones");
    let sub = app
        .post(
            "/api/system/menu/jsonSave.do",
            json!({ "parentId": top_id, "mnName": "코드 바로가기", "link": "/system/code/list.do", "prgCode": "system.code", "sortOrder": 1 }),
        )
        .await;
    assert_eq!(sub.code(), 0, "{:?}", sub.body);
    let menu = app.post("/api/system/menu/jsonUserMenu.do", json!({})).await;
    let extra = menu.data().as_array().unwrap().iter().find(|t| t["mnId"] == top_id).expect("the new top item shows");
    assert_eq!(extra["children"][0]["link"], "/system/code/list");

    let bad =
        app.post("/api/system/menu/jsonSave.do", json!({ "parentId": sub.data()["mnId"], "mnName": "3단", "link": "/x", "prgCode": "system.code" })).await;
    assert!(bad.data()["fieldErrors"]["parentId"].is_string(), "two levels only");
    let unknown = app.post("/api/system/menu/jsonSave.do", json!({ "parentId": top_id, "mnName": "x", "link": "/x", "prgCode": "no.such" })).await;
    assert!(unknown.data()["fieldErrors"]["prgCode"].is_string());
    let busy = app.post("/api/system/menu/jsonDelete.do", json!({ "ids": [top_id] })).await;
    assert_eq!(busy.code(), 10409, "a top item with sub-items stays");
    assert_eq!(app.post("/api/system/menu/jsonDelete.do", json!({ "ids": [sub.data()["mnId"]] })).await.code(), 0);
    assert_eq!(app.post("/api/system/menu/jsonDelete.do", json!({ "ids": [top_id] })).await.code(), 0);

    let tree = app.post("/api/system/menu/jsonTree.do", json!({})).await;
    assert_eq!(tree.data().as_array().unwrap().len(), 13);
    assert!(tree.data()[0]["children"].as_array().unwrap().len() >= 8);
}

#[tokio::test]
async fn programs_list_their_kinds_and_protect_menus() {
    let app = spawn().await;
    app.login_admin().await;
    let list = app.post("/api/system/program/jsonList.do", json!({ "prgCode": "campaign.", "pageSize": 50 })).await;
    assert_eq!(list.data()["totalCount"], 6);
    assert_eq!(list.data()["list"][0]["prgKinds"].as_array().unwrap().len(), 7);
    let created = app.post("/api/system/program/jsonSave.do", json!({ "prgCode": "report.extra", "prgName": "추가 리포트", "prgPath": "/report/extra/list", "platform": "PRO", "prgKinds": ["view", "list", "list"] })).await;
    assert_eq!(created.code(), 0, "{:?}", created.body);
    let detail = app.post("/api/system/program/jsonDetail.do", json!({ "prgIdx": created.data()["prgIdx"] })).await;
    assert_eq!(detail.data()["prgKinds"], json!(["list", "view"]));
    let dup = app
        .post(
            "/api/system/program/jsonSave.do",
            json!({ "prgCode": "report.extra", "prgName": "중복", "prgPath": "/x", "platform": "ALL", "prgKinds": ["list"] }),
        )
        .await;
    assert_eq!(dup.code(), 10409);
    let bad = app
        .post("/api/system/program/jsonSave.do", json!({ "prgCode": "Bad Code", "prgName": "", "prgPath": "x", "platform": "ANY", "prgKinds": ["fly"] }))
        .await;
    let fields = bad.data()["fieldErrors"].as_object().unwrap();
    for f in ["prgCode", "prgName", "prgPath", "platform", "prgKinds"] {
        assert!(fields.contains_key(f), "{f}");
    }
    let code_prg = app.post("/api/system/program/jsonList.do", json!({ "prgCode": "system.code" })).await;
    let in_menu = app.post("/api/system/program/jsonDelete.do", json!({ "ids": [code_prg.data()["list"][0]["prgIdx"]] })).await;
    assert_eq!(in_menu.code(), 10409);
    assert_eq!(app.post("/api/system/program/jsonDelete.do", json!({ "ids": [created.data()["prgIdx"]] })).await.code(), 0);
}

#[tokio::test]
async fn notices_are_sanitised_carry_files_and_reach_the_home_page() {
    let app = spawn().await;
    app.login_admin().await;
    let html = "<p onclick=\"steal()\">안내</p><script>alert(1)</script><img src=\"javascript:alert(1)\"><a href=\"data:text/html,x\">링크</a><img src=\"data:image/png;base64,AAAA\">";
    let saved = app
        .post_multipart(
            "/api/system/notice/jsonSave.do",
            json!({ "ntTitle": "<b>점검</b> 안내", "ntContent": html }),
            &[("files", "../../안내문.txt", "점검 일정입니다".as_bytes()), ("files", "logo.png", TINY_PNG)],
        )
        .await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let id = saved.data()["ntIdx"].as_i64().unwrap();
    let detail = app.post("/api/system/notice/jsonDetail.do", json!({ "ntIdx": id })).await;
    let content = detail.data()["ntContent"].as_str().unwrap();
    for banned in ["onclick", "<script", "javascript:", "data:text"] {
        assert!(!content.contains(banned), "{banned} in {content}");
    }
    assert!(content.contains("data:image/png"), "data: stays on images");
    assert_eq!(detail.data()["ntTitle"], "점검 안내");
    assert_eq!(detail.data()["uName"], "관리자");
    let files = detail.data()["files"].as_array().unwrap().clone();
    assert_eq!(files.len(), 2);
    assert_eq!(files[0]["fileName"], "안내문.txt", "paths are cut from names");

    let name = files[0]["fileName"].as_str().unwrap();
    let path = format!("/api/common/file/download/notice/{}/{}", files[0]["fileIdx"], name);
    let encoded: String = path.bytes().map(|b| if b.is_ascii() { (b as char).to_string() } else { format!("%{b:02X}") }).collect();
    let (status, headers, body) = app.get_bytes(&encoded).await;
    assert_eq!(status, 200);
    assert_eq!(&body[..], "점검 일정입니다".as_bytes());
    assert!(headers["content-disposition"].to_str().unwrap().starts_with("attachment; filename*=UTF-8''"));
    for bad in [
        format!("/api/common/file/download/notice/{}/other.txt", files[0]["fileIdx"]),
        format!("/api/common/file/download/notice/{}/..%2F..%2Fetc%2Fpasswd", files[0]["fileIdx"]),
        format!("/api/common/file/download/corp/{}/{}", files[0]["fileIdx"], "x"),
        "/api/common/file/download/notice/999999/a.txt".to_string(),
    ] {
        let (status, _, _) = app.get_bytes(&bad).await;
        assert_eq!(status, 404, "{bad}");
    }

    let lie = app
        .post_multipart(
            "/api/system/notice/jsonSave.do",
            json!({ "ntTitle": "t", "ntContent": "c" }),
            &[("files", "evil.pdf", b"MZ\x90\x00\x03\x00\x00\x00\x04\x00")],
        )
        .await;
    assert_eq!((lie.status.as_u16(), lie.code()), (415, 10415), "content decides the type");
    let empty = app.post_multipart("/api/system/notice/jsonSave.do", json!({ "ntTitle": "t", "ntContent": "c" }), &[("files", "empty.txt", b"")]).await;
    assert_eq!(empty.code(), 10400);
    let no_title = app.post_multipart("/api/system/notice/jsonSave.do", json!({ "ntTitle": "", "ntContent": "<script>x</script>" }), &[]).await;
    assert!(no_title.data()["fieldErrors"]["ntTitle"].is_string() && no_title.data()["fieldErrors"]["ntContent"].is_string());
    let bad_period =
        app.post("/api/system/notice/jsonSave.do", json!({ "ntTitle": "t", "ntContent": "c", "ntStartDate": "2026-02-01", "ntEndDate": "2026-01-01" })).await;
    assert!(bad_period.data()["fieldErrors"]["ntEndDate"].is_string());

    let update = app
        .post_multipart(
            "/api/system/notice/jsonSave.do",
            json!({ "ntIdx": id, "ntTitle": "점검 안내 (수정)", "ntContent": "<p>수정</p>", "deleteFileIdxs": [files[1]["fileIdx"]] }),
            &[],
        )
        .await;
    assert_eq!(update.code(), 0, "{:?}", update.body);
    let list = app.post("/api/system/notice/jsonList.do", json!({ "ntTitle": "수정" })).await;
    assert_eq!(list.data()["list"][0]["fileCnt"], 1);
    assert_eq!(list.data()["list"][0]["uName"], "관리자");

    // Every logged-in user sees current notices on the home page.
    app.login_as_new_user("adv1", 10006, 1).await;
    let dash = app.post("/api/system/notice/jsonDashList.do", json!({})).await;
    assert_eq!(dash.data()["list"][0]["ntIdx"], id);
    let seen = app.post("/api/system/notice/jsonDashDetail.do", json!({ "ntIdx": id })).await;
    assert_eq!(seen.data()["viewCnt"], 1);
    assert_eq!(seen.data()["files"].as_array().unwrap().len(), 1);
    let (status, _, _) = app.get_bytes(&encoded).await;
    assert_eq!(status, 200, "notice files are for every logged-in user");
    assert_eq!(app.post("/api/system/notice/jsonList.do", json!({})).await.code(), 10403);
}

#[tokio::test]
async fn news_providers_keep_one_logo() {
    let app = spawn().await;
    app.login_admin().await;
    let png = TINY_PNG;
    let saved = app
        .post_multipart("/api/system/newsmng/jsonSave.do", json!({ "nssNm": "연합뉴스", "feedUrl": "https://news.example/rss" }), &[("logo", "logo.png", png)])
        .await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let id = saved.data()["nssId"].clone();
    let detail = app.post("/api/system/newsmng/jsonDetail.do", json!({ "nssId": id })).await;
    let logo = detail.data()["logo"].clone();
    assert_eq!(logo["fileName"], "logo.png");
    let two = app
        .post_multipart("/api/system/newsmng/jsonSave.do", json!({ "nssNm": "x", "feedUrl": "https://a.b" }), &[("logo", "a.png", png), ("logo", "b.png", png)])
        .await;
    assert_eq!(two.code(), 10400);
    let replaced = app
        .post_multipart(
            "/api/system/newsmng/jsonSave.do",
            json!({ "nssId": id, "nssNm": "연합뉴스", "feedUrl": "https://news.example/rss" }),
            &[("logo", "new.png", png)],
        )
        .await;
    assert_eq!(replaced.code(), 0);
    let detail = app.post("/api/system/newsmng/jsonDetail.do", json!({ "nssId": id })).await;
    assert_eq!(detail.data()["logo"]["fileName"], "new.png");
    let (status, _, _) = app.get_bytes(&format!("/api/common/file/download/news/{}/logo.png", logo["fileIdx"])).await;
    assert_eq!(status, 404, "the replaced logo is gone");
    let cleared = app
        .post_multipart(
            "/api/system/newsmng/jsonSave.do",
            json!({ "nssId": id, "nssNm": "연합뉴스", "feedUrl": "https://news.example/rss", "deleteLogo": true }),
            &[],
        )
        .await;
    assert_eq!(cleared.code(), 0);
    assert_eq!(app.post("/api/system/newsmng/jsonDetail.do", json!({ "nssId": id })).await.data()["logo"], Value::Null);
    let bad = app.post("/api/system/newsmng/jsonSave.do", json!({ "nssNm": "x", "feedUrl": "javascript:alert(1)" })).await;
    assert!(bad.data()["fieldErrors"]["feedUrl"].is_string());
    let pdf_logo =
        app.post_multipart("/api/system/newsmng/jsonSave.do", json!({ "nssNm": "x", "feedUrl": "https://a.b" }), &[("logo", "a.png", b"%PDF-1.4")]).await;
    assert_eq!(pdf_logo.code(), 10415);
}

#[tokio::test]
async fn history_lists_and_filters_changes() {
    let app = spawn().await;
    app.login_admin().await;
    app.post("/api/system/code/jsonSave.do", json!({ "cdKey": "HIST", "cdDist": "d", "cdCode": "1", "cdName": "n" })).await;
    let list = app.post("/api/system/history/jsonList.do", json!({ "target": "system.code", "uId": "admin" })).await;
    assert_eq!(list.data()["totalCount"], 1);
    let row = &list.data()["list"][0];
    assert_eq!(row["action"], "create");
    assert!(row["after"].as_str().unwrap().contains("HIST"));
    let by_date = app.post("/api/system/history/jsonList.do", json!({ "fromDate": "2000-01-01", "toDate": "2000-01-02" })).await;
    assert_eq!(by_date.data()["totalCount"], 0);
    assert_eq!(app.post("/api/system/history/jsonList.do", json!({ "fromDate": "2026-13-01" })).await.code(), 10400);
    let detail = app.post("/api/system/history/jsonDetail.do", json!({ "hIdx": row["hIdx"] })).await;
    assert_eq!(detail.data()["target"], "system.code");
    assert_eq!(app.post("/api/system/history/jsonSave.do", json!({})).await.code(), 10404, "history cannot be written");
}
