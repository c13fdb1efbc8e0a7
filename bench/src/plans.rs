//! Loop plans at scale: how long a generation of every group takes (one day, then today to D+7),
//! and the ETags players hold afterwards, for the scenario of players asking for a day they have.

use crate::load::{Call, Http, send};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

pub struct Figures {
    pub one_day_seconds: f64,
    pub week_seconds: f64,
    pub groups: i64,
}

fn post(base: &str, path: &str, body: Value, cookie: &str) -> Call {
    Call::post_json(format!("{base}{path}"), &body, vec![("cookie".into(), cookie.to_string())])
}

/// Runs a generation of every group from `from` to `to` and waits for it to finish.
async fn generate(http: &Http, base: &str, cookie: &str, from: &str, to: &str) -> Result<(f64, i64), String> {
    let started = Instant::now();
    let (_, _, body) = send(http, post(base, "/api/schedule/schedule/jsonGenerate.do", json!({ "fromDate": from, "toDate": to }), cookie)).await?;
    let answer: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
    let exec_idx = answer["data"]["execIdx"].as_i64().ok_or(format!("generate answered {answer}"))?;
    loop {
        let (_, _, body) = send(http, post(base, "/api/schedule/schedule/jsonExecDetail.do", json!({ "execIdx": exec_idx }), cookie)).await?;
        let detail: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
        match detail["data"]["status"].as_i64() {
            Some(1) => return Ok((started.elapsed().as_secs_f64(), detail["data"]["groups"].as_i64().unwrap_or(0))),
            Some(3) => return Err(format!("the generation failed: {detail}")),
            _ if started.elapsed() > Duration::from_secs(600) => return Err("the generation did not finish within 10 minutes".into()),
            _ => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
}

pub async fn measure(http: &Http, base: &str, cookie: &str, today: chrono::NaiveDate) -> Result<Figures, String> {
    let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();
    let (one_day_seconds, groups) = generate(http, base, cookie, &day(today), &day(today)).await?;
    let (week_seconds, _) = generate(http, base, cookie, &day(today), &day(today + chrono::Duration::days(7))).await?;
    Ok(Figures { one_day_seconds, week_seconds, groups })
}

/// The ETag of a screen's day, as its player holds it after its first ask.
pub async fn etag_of(http: &Http, base: &str, token: &str) -> Result<String, String> {
    let req = Request::builder()
        .method(Method::GET)
        .uri(format!("{base}/api/player/v1/schedule"))
        .header("authorization", format!("Bearer {token}"))
        .body(Full::new(Bytes::new()))
        .map_err(|e| e.to_string())?;
    let res = http.request(req).await.map_err(|e| e.to_string())?;
    let etag = res.headers().get("etag").and_then(|v| v.to_str().ok()).map(String::from);
    res.into_body().collect().await.map_err(|e| e.to_string())?;
    etag.ok_or_else(|| "the schedule came without an ETag".into())
}
