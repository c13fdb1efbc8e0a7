//! Health, the OpenAPI description, unknown paths, and the front end served for every other path.

mod common;

use axum::http::Method;
use common::*;
use serde_json::{Value, json};

#[tokio::test]
async fn health_answers_when_the_database_does() {
    let app = spawn().await;
    let (status, _, body) = app.request(Method::GET, "/healthz", &[], vec![]).await;
    assert_eq!((status.as_u16(), &body[..]), (200, &b"ok"[..]));
}

#[tokio::test]
async fn openapi_lists_every_endpoint_with_its_permission() {
    let app = spawn().await;
    let (status, _, body) = app.request(Method::GET, "/api/openapi.json", &[], vec![]).await;
    assert_eq!(status, 200);
    let doc: Value = serde_json::from_slice(&body).unwrap();
    for ep in townboard_server::api::endpoints() {
        let op = &doc["paths"][&ep.path][ep.method];
        assert!(op.is_object(), "{} {} missing", ep.method, ep.path);
        assert_eq!(op["x-permission"], ep.access.describe());
    }
    assert_eq!(doc["paths"]["/api/system/code/jsonSave.do"]["post"]["x-permission"], "system.code:write");
}

#[tokio::test]
async fn every_endpoint_refuses_anonymous_callers_unless_public() {
    let app = spawn().await;
    for ep in townboard_server::api::endpoints() {
        if ep.method != "post" || ep.access.describe() == "public" {
            continue;
        }
        let res = app.post(&ep.path, json!({})).await;
        assert_eq!((res.status.as_u16(), res.code()), (401, 10500), "{}", ep.path);
    }
}

#[tokio::test]
async fn malformed_bodies_answer_10400_on_every_endpoint() {
    let app = spawn().await;
    app.login_admin().await;
    for ep in townboard_server::api::endpoints() {
        if ep.method != "post" || ep.path.ends_with("logout.do") {
            continue;
        }
        for body in [&b"{not json"[..], b"[1,2,3]", b"\"text\"", b"{\"ids\": \"x\", \"page\": {}}"] {
            let res = app.post_raw(&ep.path, &[("x-requested-with", "XMLHttpRequest"), ("content-type", "application/json")], body).await;
            assert!(res.status.as_u16() < 500, "{} answered {} to {:?}", ep.path, res.status, String::from_utf8_lossy(body));
            assert!(res.body["code"].is_i64(), "{} envelope", ep.path);
        }
    }
}

#[tokio::test]
async fn unknown_api_paths_and_methods_answer_the_envelope() {
    let app = spawn().await;
    let res = app.post("/api/nothing/here.do", json!({})).await;
    assert_eq!((res.status.as_u16(), res.code()), (404, 10404));
    let (status, headers, body) = app.request(Method::GET, "/api/jsonLoginPrc.do", &[], vec![]).await;
    assert_eq!(status, 405);
    assert_eq!(headers["allow"], "POST");
    assert_eq!(headers["content-type"], "application/json");
    assert_eq!(serde_json::from_slice::<Value>(&body).unwrap()["code"], 10400);
}

#[tokio::test]
async fn the_front_end_answers_every_other_path_with_security_headers() {
    let app = spawn().await;
    for path in ["/", "/campaign/temp/list", "/system/code/view?cdIdx=3"] {
        let (status, headers, body) = app.request(Method::GET, path, &[], vec![]).await;
        assert_eq!(status, 200, "{path}");
        assert!(String::from_utf8_lossy(&body).contains("id=\"app\""), "{path}");
        assert!(headers["content-security-policy"].to_str().unwrap().contains("default-src 'self'"));
        assert_eq!(headers["x-content-type-options"], "nosniff");
    }
}
