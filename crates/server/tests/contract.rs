//! The contract as outside clients see it: the front end served by the binary, real legal-dong
//! codes, the player calls of api.md, the shared request layer (text maxima, sorts, methods,
//! bodies), password re-checks, the typed API description, and the house rule that no resource
//! imports another.

mod common;

use axum::http::{Method, StatusCode, header};
use common::media::*;
use common::*;
use sea_orm::EntityTrait;
use serde_json::{Value, json};

fn field_errors(answer: &Answer) -> Vec<String> {
    answer.data()["fieldErrors"].as_object().map(|m| m.keys().cloned().collect()).unwrap_or_default()
}

#[tokio::test]
async fn the_binary_serves_its_front_end_with_cache_rules() {
    // Without a directory the front end built into the binary answers (a placeholder before `make web`).
    let embedded = spawn_with(|c| c.web_dir = None).await;
    let (status, headers, body) = embedded.get_bytes("/").await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/html"));
    assert!(String::from_utf8_lossy(&body).to_lowercase().contains("<!doctype html"));
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
    let (status, headers, body) = embedded.get_bytes("/robots.txt").await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers[header::CONTENT_TYPE].to_str().unwrap().starts_with("text/plain"), "robots.txt is text, not the app");
    assert!(String::from_utf8_lossy(&body).contains("User-agent"));

    // A directory (while developing) follows the same rules.
    let app = spawn().await;
    let web = app.state.config.web_dir.clone().unwrap();
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("assets/index-3f2a9c.js"), "console.log(1)").unwrap();
    let (status, headers, _) = app.get_bytes("/assets/index-3f2a9c.js").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CACHE_CONTROL], "public, max-age=31536000, immutable");
    let (status, headers, body) = app.get_bytes("/campaign/run/list").await;
    assert_eq!(status, StatusCode::OK, "a screen of the app gets index.html");
    assert_eq!(headers[header::CACHE_CONTROL], "no-cache");
    assert!(String::from_utf8_lossy(&body).contains("id=\"app\""));
    let (status, _, _) = app.get_bytes("/assets/gone-123.js").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a missing file is not the app's HTML");
}

#[tokio::test]
async fn real_legal_dong_codes_and_the_region_cascade() {
    let app = spawn().await;
    app.login_admin().await;
    let mut poi = site("역삼 아파트");
    poi["cId"] = json!(1);
    poi["rgnCd"] = json!("1168010100");
    let saved = app.post("/api/media/poi/jsonSave.do", poi.clone()).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    poi["rgnCd"] = json!("5111000000");
    assert_eq!(app.post("/api/media/poi/jsonSave.do", poi.clone()).await.code(), 0, "춘천시 under its new 51 code");
    poi["rgnCd"] = json!("4211000000");
    let old = app.post("/api/media/poi/jsonSave.do", poi).await;
    assert_eq!(field_errors(&old), ["rgnCd"], "the old 강원 code is not a region any more");

    for (prefix, count) in [("1100000000", 1), ("1168000000", 1), ("1168010100", 1), ("5100000000", 1), ("2600000000", 0)] {
        let list = app.post("/api/media/poi/jsonList.do", json!({ "rgnCd": prefix })).await;
        assert_eq!(list.data()["totalCount"], count, "{prefix}");
    }

    let sido = app.post("/api/data/rgn/jsonList.do", json!({})).await;
    assert_eq!(sido.data()["list"].as_array().unwrap().len(), 17);
    let gangnam = app.post("/api/data/rgn/jsonList.do", json!({ "parentCd": "1168000000" })).await;
    let dongs = gangnam.data()["list"].as_array().unwrap();
    assert!(dongs.iter().any(|d| d["rgnCd"] == "1168010100" && d["level"] == 3 && d["fullNm"] == "서울특별시 강남구 역삼동"), "{dongs:?}");
    let found = app.post("/api/data/rgn/jsonList.do", json!({ "q": "역삼" })).await;
    assert!(found.data()["list"].as_array().unwrap().iter().any(|r| r["rgnCd"] == "1168010100"));
    let (status, _, body) = app.get_bytes("/api/data/bcode/map?codes=1168010100,5111000000").await;
    assert_eq!(status, StatusCode::OK);
    let names: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(names["data"], json!({ "1168010100": "서울특별시 강남구 역삼동", "5111000000": "강원특별자치도 춘천시" }));
}

#[tokio::test]
async fn house_ads_report_proof_of_play_without_ids_and_captures_come_as_multipart() {
    let app = spawn().await;
    app.login_admin().await;
    let (_, _, media_id) = screen(&app, "SN-POP").await;
    let token = register(&app, "SN-POP", "ssaid-1").await.data()["deviceToken"].as_str().unwrap().to_string();
    let today = townboard_server::time::today(app.state.clock.now()).format("%Y-%m-%d").to_string();
    let batch = json!({ "batchId": "b-house", "date": today, "hour": 3, "items": [
        { "cmpgId": null, "matId": null, "slotType": 2, "plays": 4, "seconds": 60 },
        { "cmpgId": null, "matId": null, "slotType": 4, "plays": 4, "seconds": 20 },
    ] });
    let pop = player(&app, "pop", &token, batch).await;
    assert_eq!(pop.code(), 0, "{:?}", pop.body);
    let month = &today[..7];
    let report = app.post("/api/media/report/jsonMonthList.do", json!({ "month": month })).await;
    assert_eq!(report.data()["list"][0]["plays"], 8, "{:?}", report.body);
    let ad_without_campaign =
        json!({ "batchId": "b-ad", "date": today, "hour": 3, "items": [{ "cmpgId": null, "matId": null, "slotType": 1, "plays": 1, "seconds": 15 }] });
    assert_eq!(player(&app, "pop", &token, ad_without_campaign).await.code(), 10400, "an ad names its campaign");

    let capture = app.post(&format!("/api/media/{media_id}/capture.do"), json!({})).await;
    let uuid = capture.data()["uuid"].as_str().unwrap().to_string();
    let png = solid_png();
    let boundary = "----capture-boundary";
    let mut form =
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"shot.png\"\r\nContent-Type: image/png\r\n\r\n").into_bytes();
    form.extend_from_slice(&png);
    form.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    let auth = format!("Bearer {token}");
    let content_type = format!("multipart/form-data; boundary={boundary}");
    let up = app.post_raw(&format!("/api/player/v1/capture/{uuid}"), &[("authorization", &auth), ("content-type", &content_type)], &form).await;
    assert_eq!(up.code(), 0, "{:?}", up.body);
    let (_, _, result) = app.get_bytes(&format!("/api/media/{media_id}/capture/result.do?uuid={uuid}")).await;
    let result: Value = serde_json::from_slice(&result).unwrap();
    assert_eq!(result["data"]["status"], "done", "{result:?}");
}

/// A 2×2 PNG, enough for the content check.
fn solid_png() -> Vec<u8> {
    const PNG: &str = "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAwMDAAAAp+AQD8X6GDAAAAABJRU5ErkJggg==";
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.decode(PNG).unwrap()
}

#[tokio::test]
async fn a_site_owner_of_the_wrong_role_is_named() {
    let app = spawn().await;
    app.login_admin().await;
    app.create_user("advertiser1", 10006, 3).await;
    let advertiser_corp = app.post("/api/common/corp/byName.do", json!({ "cName": "advertiser1" })).await.data()["list"][0]["cId"].clone();
    let mut poi = site("광고주 아파트");
    poi["cId"] = advertiser_corp;
    let refused = app.post("/api/media/poi/jsonSave.do", poi).await;
    assert_eq!(refused.code(), 10400);
    let message = refused.data()["fieldErrors"]["cId"].as_str().unwrap();
    assert!(message.contains("10004"), "the error says which corp role a site needs: {message}");
}

async fn openapi(app: &TestApp) -> Value {
    let (_, _, body) = app.request(Method::GET, "/api/openapi.json", &[], vec![]).await;
    serde_json::from_slice(&body).unwrap()
}

fn concrete(path: &str) -> String {
    path.split('/').map(|seg| if seg.starts_with('{') { "1" } else { seg }).collect::<Vec<_>>().join("/")
}

#[tokio::test]
async fn every_text_field_of_every_endpoint_holds_its_declared_maximum() {
    let app = spawn().await;
    app.login_admin().await;
    let doc = openapi(&app).await;
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(op) = item.get("post") else { continue };
        if op["x-permission"] == "device-token" || path.ends_with("/logout.do") {
            continue;
        }
        let schema = &op["requestBody"]["content"]["application/json"]["schema"];
        for (field, prop) in schema["properties"].as_object().into_iter().flatten() {
            let (text, max) = match (&prop["maxLength"], &prop["items"]["maxLength"]) {
                (Value::Number(max), _) => (true, max.as_u64().unwrap()),
                (_, Value::Number(max)) => (false, max.as_u64().unwrap()),
                _ => continue,
            };
            let long = "가".repeat(max as usize + 1);
            let value = if text { json!(long) } else { json!([long]) };
            let answer = app.post(&concrete(path), json!({ field.as_str(): value })).await;
            assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{path} {field}: {:?}", answer.body);
            assert!(field_errors(&answer).contains(field), "{path} names {field}: {:?}", answer.body);
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} text fields described");
}

/// The JSON body schema of an operation (a plain body, or the `data` part of an upload) and
/// whether it is an upload.
fn body_schema(op: &Value) -> Option<(&Value, bool)> {
    let content = &op["requestBody"]["content"];
    match (content.get("application/json"), content.get("multipart/form-data")) {
        (Some(json), _) => Some((&json["schema"], false)),
        (None, Some(form)) => Some((&form["schema"], true)),
        _ => None,
    }
}

/// A text field of a schema: a string, or a list of strings (not a file part).
fn is_text(prop: &Value) -> bool {
    let string = |p: &Value| p["type"] == "string" || p["type"].as_array().is_some_and(|t| t.contains(&json!("string")));
    (string(prop) && prop["format"] != "binary") || (prop["type"] == "array" && string(&prop["items"]) && prop["items"]["format"] != "binary")
}

#[tokio::test]
async fn a_control_character_in_any_text_of_any_call_is_refused_naming_it() {
    let app = spawn().await;
    app.login_admin().await;
    let doc = openapi(&app).await;
    let (mut paths, mut queries, mut bodies) = (0, 0, 0);
    let wrong = std::cell::RefCell::new(Vec::new());
    let refused = |answer: &Answer, field: &str, what: &str| {
        if (answer.status, answer.code()) != (StatusCode::BAD_REQUEST, 10400) || !field_errors(answer).contains(&field.to_string()) {
            wrong.borrow_mut().push(format!("{what} {field}: {:?}", answer.body));
        }
    };
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, op) in item.as_object().unwrap() {
            let method = if method == "get" { Method::GET } else { Method::POST };
            let send = |uri: String, body: Vec<u8>| {
                let method = method.clone();
                let app = &app;
                async move {
                    let headers = [("content-type", "application/json"), ("x-requested-with", "XMLHttpRequest")];
                    let (status, headers, bytes) = app.request(method, &uri, &headers, body).await;
                    Answer { status, headers, body: serde_json::from_slice(&bytes).unwrap_or(Value::Null) }
                }
            };
            let empty = if method == Method::POST { b"{}".to_vec() } else { vec![] };
            if path.contains('{') {
                let with_nul = path.split('/').map(|seg| if seg.starts_with('{') { "a%00b" } else { seg }).collect::<Vec<_>>().join("/");
                refused(&send(with_nul, empty.clone()).await, "path", path);
                paths += 1;
            }
            for param in op["parameters"].as_array().into_iter().flatten().filter(|p| p["in"] == "query") {
                let name = param["name"].as_str().unwrap();
                refused(&send(format!("{}?{name}=a%00b", concrete(path)), empty.clone()).await, name, path);
                queries += 1;
            }
            if op["x-permission"] == "device-token" {
                continue;
            }
            let Some((schema, upload)) = body_schema(op) else { continue };
            for (field, prop) in schema["properties"].as_object().into_iter().flatten().filter(|(_, p)| is_text(p)) {
                let value = if prop["type"] == "array" { json!(["a\u{0}b"]) } else { json!("a\u{0}b") };
                let answer = if upload {
                    app.post_multipart(&concrete(path), json!({ field.as_str(): value }), &[]).await
                } else {
                    app.post(&concrete(path), json!({ field.as_str(): value })).await
                };
                refused(&answer, field, path);
                bodies += 1;
            }
        }
    }
    assert!(wrong.borrow().is_empty(), "not refused naming the field:\n{}", wrong.borrow().join("\n"));
    assert!(paths > 5 && queries > 20 && bodies > 300, "checked {paths} paths, {queries} query fields, {bodies} body fields");

    // A part's file name is a text too: refused (where the multipart reader stops it first, it
    // names the body).
    let png = TINY_PNG;
    let upload = app.post_multipart("/api/board/qna/jsonSave.do", json!({ "title": "제목", "body": "<p>본문</p>" }), &[("files", "a\u{1}.png", png)]).await;
    assert_eq!((upload.status, upload.code()), (StatusCode::BAD_REQUEST, 10400), "{:?}", upload.body);
}

#[tokio::test]
async fn every_body_and_every_page_is_described() {
    let app = spawn().await;
    app.login_admin().await;
    let doc = openapi(&app).await;
    let (mut open, mut unpaged, mut lists) = (Vec::new(), Vec::new(), 0);
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(op) = item.get("post") else { continue };
        let Some((schema, upload)) = body_schema(op) else { continue };
        // An upload's fields are in its `data` part; a body no field of which is named must say it takes none.
        let fields = if upload { &schema["properties"]["data"] } else { schema };
        let named = fields["properties"].as_object().is_some_and(|p| !p.is_empty());
        if !(named || fields["additionalProperties"] == false || (upload && fields.is_null())) {
            open.push(path.clone());
        }
        // A call that answers a page says how to ask for one.
        if op["x-permission"] != "device-token" && path.contains("List") {
            let answer = app.post(&concrete(path), json!({})).await;
            if answer.code() == 0 && answer.data()["totalCount"].is_number() {
                lists += 1;
                if fields["properties"].get("page").is_none() || fields["properties"].get("pageSize").is_none() {
                    unpaged.push(path.clone());
                }
            }
        }
    }
    assert!(open.is_empty(), "bodies described as any object: {open:?}");
    assert!(unpaged.is_empty(), "paged lists without page and pageSize: {unpaged:?}");
    assert!(lists > 40, "{lists} paged lists");
    let capture = &doc["paths"]["/api/player/v1/capture/{uuid}"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"];
    assert_eq!(capture["properties"]["file"]["format"], "binary", "the screenshot part");
}

#[tokio::test]
async fn a_value_of_the_wrong_json_type_is_refused_not_ignored() {
    let app = spawn().await;
    app.login_admin().await;
    let doc = openapi(&app).await;
    let (mut checked, mut wrong) = (0, Vec::new());
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(op) = item.get("post") else { continue };
        if op["x-permission"] == "device-token" || path.ends_with("/logout.do") {
            continue;
        }
        let Some((schema, false)) = body_schema(op) else { continue };
        for (field, prop) in schema["properties"].as_object().into_iter().flatten() {
            let scalar = ["string", "integer", "number"].iter().any(|t| prop["type"] == *t || prop["type"].as_array().is_some_and(|ts| ts.contains(&json!(t))));
            if !scalar {
                continue;
            }
            for value in [json!({}), json!([1])] {
                let answer = app.post(&concrete(path), json!({ field.as_str(): value })).await;
                if answer.code() != 10400 || !field_errors(&answer).iter().any(|f| f == field || f.starts_with(&format!("{field}["))) {
                    wrong.push(format!("{path} {field} = {value}: {:?}", answer.body));
                }
            }
            checked += 1;
        }
    }
    assert!(wrong.is_empty(), "not refused naming the field:\n{}", wrong.join("\n"));
    assert!(checked > 300, "only {checked} fields described");
}

#[tokio::test]
async fn early_answers_keep_the_connection_and_long_addresses_answer_the_envelope() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = spawn().await;
    let base = app.serve().await;
    let addr = base.trim_start_matches("http://").to_string();
    let mut conn = tokio::net::TcpStream::connect(&addr).await.unwrap();
    // A state-changing call without its CSRF header is refused before its body is read; the body
    // sent after the answer is read too, and the same connection serves the next request.
    let body = format!("{{\"memo\": \"{}\"}}", "x".repeat(20_000));
    let head = format!("POST /api/logout.do HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n", body.len());
    conn.write_all(head.as_bytes()).await.unwrap();
    let first = read_answer(&mut conn).await;
    assert!(first.starts_with("HTTP/1.1 403"), "{first}");
    conn.write_all(body.as_bytes()).await.unwrap();
    conn.write_all(format!("GET /healthz HTTP/1.1\r\nhost: {addr}\r\n\r\n").as_bytes()).await.unwrap();
    let second = read_answer(&mut conn).await;
    assert!(second.starts_with("HTTP/1.1 200"), "the connection stays open: {second}");

    // A body announced larger than the call takes is refused at once.
    let mut conn = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let head = format!(
        "POST /api/system/code/jsonList.do HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\nx-requested-with: XMLHttpRequest\r\ncontent-length: 600000000\r\n\r\n"
    );
    conn.write_all(head.as_bytes()).await.unwrap();
    let answer = read_answer(&mut conn).await;
    assert!(answer.starts_with("HTTP/1.1 413") && answer.contains("10413"), "{answer}");

    // An address too long for HTTP/1 itself still answers the envelope.
    let mut conn = tokio::net::TcpStream::connect(&addr).await.unwrap();
    let long = format!("GET /api/data/bcode/map?codes={} HTTP/1.1\r\nhost: {addr}\r\n\r\n", "1".repeat(100_000));
    conn.write_all(long.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    let _ = tokio::time::timeout(std::time::Duration::from_secs(10), conn.read_to_end(&mut answer)).await;
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 414"), "{answer}");
    let body: Value = serde_json::from_str(answer.split_once("\r\n\r\n").unwrap().1).unwrap();
    assert_eq!(body["code"], 10400);
}

/// One HTTP/1 answer read from a connection (its head and a body of `content-length` bytes).
async fn read_answer(conn: &mut tokio::net::TcpStream) -> String {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        let text = String::from_utf8_lossy(&got).to_string();
        if let Some((head, rest)) = text.split_once("\r\n\r\n") {
            let length = head.lines().find_map(|l| l.to_ascii_lowercase().strip_prefix("content-length: ").and_then(|n| n.trim().parse::<usize>().ok()));
            if rest.len() >= length.unwrap_or(0) {
                return text;
            }
        }
        let n = tokio::time::timeout(std::time::Duration::from_secs(10), conn.read(&mut buf)).await.expect("an answer in time").unwrap();
        assert!(n > 0, "the connection closed: {}", String::from_utf8_lossy(&got));
        got.extend_from_slice(&buf[..n]);
    }
}

#[tokio::test]
async fn every_list_refuses_a_sort_outside_its_whitelist() {
    let app = spawn().await;
    app.login_admin().await;
    let doc = openapi(&app).await;
    let mut lists = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        if item.get("post").is_none() || !path.contains("List") || item["post"]["x-permission"] == "device-token" {
            continue;
        }
        let answer = app.post(&concrete(path), json!({ "sortField": "nosuchfield; DROP TABLE user" })).await;
        assert_eq!(answer.code(), 10400, "{path}: {:?}", answer.body);
        assert!(field_errors(&answer).contains(&"sortField".to_string()), "{path}: {:?}", answer.body);
        lists += 1;
    }
    assert!(lists > 20, "{lists}");
}

#[tokio::test]
async fn a_wrong_method_answers_405_with_allow_and_the_envelope() {
    let app = spawn().await;
    app.login_admin().await;
    let (status, headers, body) = app.request(Method::GET, "/api/system/code/jsonList.do", &[], vec![]).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert_eq!(headers[header::ALLOW], "POST");
    let body: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(body["code"], 10400);
}

#[tokio::test]
async fn a_malformed_body_is_refused_even_where_no_field_is_read() {
    let app = spawn().await;
    app.login_admin().await;
    let json = [("content-type", "application/json"), ("x-requested-with", "XMLHttpRequest")];
    let bad = app.post_raw("/api/logout.do", &json, b"{not json").await;
    assert_eq!(bad.code(), 10400);
    let stranger = app.post_raw("/api/system/menu/jsonUserMenu.do", &json, br#"{"x": 1}"#).await;
    assert_eq!(stranger.code(), 10400);
    assert_eq!(app.post("/api/system/menu/jsonUserMenu.do", json!({})).await.code(), 0, "still logged in");
    assert_eq!(app.post("/api/logout.do", json!({})).await.code(), 0);
}

#[tokio::test]
async fn guessing_the_current_password_locks_the_account_like_a_login() {
    let app = spawn().await;
    app.login_as_new_user("guessed", 10003, 1).await;
    for attempt in 1..5 {
        let wrong = app
            .post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": format!("Wrong-Guess-{attempt}"), "newPassword": "Another-Pass-77" }))
            .await;
        assert_eq!(wrong.code(), 10400, "attempt {attempt}");
    }
    let fifth = app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": "Wrong-Guess-5", "newPassword": "Another-Pass-77" })).await;
    assert_eq!(fifth.code(), 10500, "the fifth miss locks the account and ends the session");
    assert_eq!(app.post("/api/system/menu/jsonUserMenu.do", json!({})).await.code(), 10500);
    let failures = townboard_server::db::entity::login_failure::Entity::find_by_id("guessed".to_string()).one(&app.state.db).await.unwrap().unwrap();
    assert!(failures.locked_at.is_some(), "the account is locked");
    app.set_cookie(None);
    assert_ne!(app.try_login("guessed", NEW_PW, None).await.code(), 0, "locked: even the right password is refused");
}

#[tokio::test]
async fn the_api_description_is_typed() {
    let app = spawn().await;
    let doc = openapi(&app).await;
    let paths = doc["paths"].as_object().unwrap();
    let body = |path: &str| paths[path]["post"]["requestBody"]["content"]["application/json"]["schema"].clone();
    let save = body("/api/media/poi/jsonSave.do");
    assert_eq!(save["properties"]["rgnCd"]["type"], "string");
    assert!(save["required"].as_array().unwrap().contains(&json!("poiNm")));
    let list = body("/api/media/poi/jsonList.do");
    assert!(list["properties"]["sortField"]["enum"].as_array().unwrap().contains(&json!("poiNm")));
    assert_eq!(list["properties"]["poiStatus"]["type"], "integer");
    let notice = &paths["/api/system/notice/jsonSave.do"]["post"]["requestBody"]["content"]["multipart/form-data"]["schema"];
    assert_eq!(notice["properties"]["files"]["items"]["format"], "binary");
    let excel = &paths["/api/media/report/excel/download.do"]["get"];
    assert!(excel["responses"]["200"]["content"].get(townboard_server::api::XLSX).is_some(), "Excel answers are files");
    assert!(excel["parameters"].as_array().unwrap().iter().any(|p| p["name"] == "kind" && p["in"] == "query"));
}

/// Whether `text` names the module `path` itself (`…::sales::x`, `…::sales;`), not one whose name
/// only starts the same (`…::sales_rows`).
fn names(text: &str, path: &str) -> bool {
    text.match_indices(path).any(|(at, _)| !text[at + path.len()..].starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// The code group keys that the server names where it checks or labels a code.
fn code_keys_named(text: &str) -> Vec<String> {
    let mut keys = Vec::new();
    for line in text.lines().filter(|l| l.contains("check.code(") || l.contains("is_code(") || l.contains("label(\"")) {
        for quoted in line.split('"').skip(1).step_by(2) {
            if quoted.len() > 2 && quoted.chars().all(|c| c.is_ascii_uppercase() || c == '_') {
                keys.push(quoted.to_string());
            }
        }
    }
    keys
}

#[test]
fn every_code_group_the_server_names_exists() {
    let mut named = Vec::new();
    let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                named.extend(code_keys_named(&std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    assert!(named.len() > 10, "{named:?}");
    let missing: Vec<&String> = named.iter().filter(|k| townboard_domain::codes::group(k).is_none()).collect();
    assert!(missing.is_empty(), "code groups named but not seeded: {missing:?}");
}

#[test]
fn no_resource_imports_another() {
    // A resource declares endpoints (a Resource, or handlers taking the state); a module of rules two
    // resources share (corp_rules, credentials) declares none and sits below both.
    let api = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/api");
    let mut resources = Vec::new();
    // `api/resource` is the mechanism every resource is built on, not a resource.
    for area in std::fs::read_dir(&api).unwrap().flatten().filter(|e| e.path().is_dir() && e.file_name() != "resource") {
        for file in std::fs::read_dir(area.path()).unwrap().flatten() {
            let text = std::fs::read_to_string(file.path()).unwrap();
            let name = file.file_name().to_string_lossy().trim_end_matches(".rs").to_string();
            // What the file declares, not what its comments say.
            let code: String = text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n");
            if name != "mod" && (code.contains("impl Resource for") || code.contains("State(state)")) {
                resources.push((area.file_name().to_string_lossy().to_string(), name, text));
            }
        }
    }
    assert!(resources.len() > 20, "{}", resources.len());
    let mut offences = Vec::new();
    for (area, name, text) in &resources {
        for (other_area, other, _) in resources.iter().filter(|(a, n, _)| !(a == area && n == name)) {
            let absolute = format!("crate::api::{other_area}::{other}");
            let sibling = format!("super::{other}::");
            if names(text, &absolute) || (other_area == area && text.contains(&sibling)) {
                offences.push(format!("{area}/{name} -> {other_area}/{other}"));
            }
        }
    }
    assert!(offences.is_empty(), "{offences:?}");
}
