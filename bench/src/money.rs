//! Money at scale: how long closing last month takes over the data set's 100,000 campaigns, and
//! how long the campaigns' settlement Excel of that month takes, with the server's memory above
//! idle while it is written.

use crate::load::{Call, Http, send};
use crate::resident_mb;
use chrono::Datelike;
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub struct Figures {
    pub month: String,
    pub close_seconds: f64,
    pub campaign_lines: i64,
    pub excel_seconds: f64,
    pub excel_bytes: usize,
    pub excel_rss_above_idle_mb: Option<f64>,
}

async fn post(http: &Http, base: &str, cookie: &str, path: &str, body: Value) -> Result<Value, String> {
    let call = Call::post_json(format!("{base}{path}"), &body, vec![("cookie".into(), cookie.to_string())]);
    let (_, _, bytes) = send(http, call).await?;
    let answer: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    if answer["code"] != 0 {
        return Err(format!("{path} answered {answer}"));
    }
    Ok(answer["data"].clone())
}

/// The highest resident memory of `pid` seen every 10 ms until `done`, in MB.
fn sample_rss(pid: u32, done: Arc<AtomicBool>) -> tokio::task::JoinHandle<f64> {
    let peak = Arc::new(AtomicU64::new(0));
    tokio::spawn(async move {
        while !done.load(Ordering::Relaxed) {
            let now = resident_mb(pid).unwrap_or_default();
            peak.fetch_max(now.to_bits(), Ordering::Relaxed);
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        f64::from_bits(peak.load(Ordering::Relaxed))
    })
}

/// Closes the month before `today`'s and downloads its campaigns' settlement as Excel.
pub async fn measure(http: &Http, base: &str, cookie: &str, today: chrono::NaiveDate, pid: u32) -> Result<Figures, String> {
    let first = today.with_day0(0).ok_or("no first day")?;
    let month = (first - chrono::Duration::days(1)).format("%Y-%m").to_string();
    let started = Instant::now();
    post(http, base, cookie, "/api/settlement/closing/jsonClose.do", json!({ "month": month })).await?;
    loop {
        let progress = post(http, base, cookie, "/api/settlement/closing/jsonProgress.do", json!({ "month": month })).await?;
        if let Some(error) = progress["error"].as_str() {
            return Err(format!("closing {month} failed: {error}"));
        }
        if progress["closing"] == false && progress["status"] != 0 {
            break;
        }
        if started.elapsed() > Duration::from_secs(600) {
            return Err(format!("closing {month} did not finish within 10 minutes"));
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let close_seconds = started.elapsed().as_secs_f64();
    let lines = post(http, base, cookie, "/api/campaign/jungsan/jsonList.do", json!({ "month": month, "pageSize": 1 })).await?;
    let campaign_lines = lines["totalCount"].as_i64().unwrap_or_default();

    let idle = resident_mb(pid);
    let done = Arc::new(AtomicBool::new(false));
    let sampler = sample_rss(pid, done.clone());
    let started = Instant::now();
    let url = format!("{base}/api/settlement/excel/download.do?list=jungsan&month={month}");
    let (status, _, body) = send(http, Call::get(url, vec![("cookie".into(), cookie.to_string())])).await?;
    let excel_seconds = started.elapsed().as_secs_f64();
    done.store(true, Ordering::Relaxed);
    let peak = sampler.await.map_err(|e| e.to_string())?;
    if status != 200 || !body.starts_with(b"PK") {
        return Err(format!("the settlement Excel answered {status}"));
    }
    Ok(Figures { month, close_seconds, campaign_lines, excel_seconds, excel_bytes: body.len(), excel_rss_above_idle_mb: idle.map(|i| (peak - i).max(0.0)) })
}
