//! Materials under load: how long the renditions of a 15-second 1080×1920 video take, and how much
//! memory the server takes while a near-500 MB upload streams through it.

use crate::dataset::ADVERTISER_CID;
use crate::load::{Call, Http, send};
use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use serde_json::{Value, json};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub struct Figures {
    pub transcode_seconds: Option<f64>,
    pub upload_rss_above_idle_mb: Option<f64>,
    pub upload_seconds: f64,
}

fn multipart(data: &Value, file: &[u8]) -> (String, Vec<u8>) {
    let boundary = "----townboard-bench";
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"data\"\r\nContent-Type: application/json\r\n\r\n{data}\r\n").into_bytes();
    body.extend_from_slice(
        format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"bench.mp4\"\r\nContent-Type: video/mp4\r\n\r\n").as_bytes(),
    );
    body.extend_from_slice(file);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

async fn upload(http: &Http, base: &str, cookie: &str, file: &[u8]) -> Result<Value, String> {
    let data = json!({ "matName": "벤치 소재", "advertiserCId": ADVERTISER_CID, "templateType": 2, "matPlaytime": 15 });
    let (content_type, body) = multipart(&data, file);
    let req = hyper::Request::builder()
        .method("POST")
        .uri(format!("{base}/api/campaign/material/jsonSave.do"))
        .header("content-type", content_type)
        .header("x-requested-with", "XMLHttpRequest")
        .header("cookie", cookie)
        .body(Full::new(Bytes::from(body)))
        .map_err(|e| e.to_string())?;
    let res = http.request(req).await.map_err(|e| e.to_string())?;
    let bytes = res.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    serde_json::from_slice(&bytes).map_err(|e| e.to_string())
}

pub async fn measure(http: &Http, base: &str, cookie: &str, dir: &Path, pid: u32) -> Result<Figures, String> {
    let video = dir.join("bench-1080x1920.mp4");
    let made = tokio::process::Command::new("ffmpeg")
        .args([
            "-nostdin",
            "-y",
            "-v",
            "error",
            "-f",
            "lavfi",
            "-i",
            "testsrc2=size=1080x1920:rate=30",
            "-t",
            "15",
            "-pix_fmt",
            "yuv420p",
            "-c:v",
            "libx264",
            "-preset",
            "ultrafast",
        ])
        .arg(&video)
        .status()
        .await
        .map_err(|e| format!("ffmpeg: {e}"))?;
    if !made.success() {
        return Err("ffmpeg could not make the test video".into());
    }
    let file = std::fs::read(&video).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let saved = upload(http, base, cookie, &file).await?;
    let mat_id = saved["data"]["matId"].as_i64().ok_or(format!("upload refused: {saved}"))?;
    let mut transcode_seconds = None;
    while started.elapsed() < Duration::from_secs(900) {
        let call = Call::post_json(format!("{base}/api/campaign/material/jsonDetail.do"), &json!({ "matId": mat_id }), vec![("cookie".into(), cookie.into())]);
        let (_, _, body) = send(http, call).await?;
        let detail: Value = serde_json::from_slice(&body).map_err(|e| e.to_string())?;
        match detail["data"]["encodingStatus"].as_i64() {
            Some(1) => {
                transcode_seconds = Some(started.elapsed().as_secs_f64());
                break;
            }
            Some(3) => return Err(format!("encoding failed: {}", detail["data"]["encodingError"])),
            _ => tokio::time::sleep(Duration::from_millis(250)).await,
        }
    }

    // A near-500 MB upload (a real file header, then filler): streamed to disk, never held.
    let mut big = file[..64.min(file.len())].to_vec();
    big.resize(480 * 1024 * 1024, 0);
    let idle = crate::resident_mb(pid).unwrap_or_default();
    let peak_kb = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let sampling = {
        let (peak_kb, stop) = (peak_kb.clone(), stop.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let now = crate::resident_mb(pid).unwrap_or_default();
                peak_kb.fetch_max((now * 1024.0) as u64, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        })
    };
    let t = Instant::now();
    // Refused once streamed (the filler is no video): what matters is the memory on the way.
    let _ = upload(http, base, cookie, &big).await;
    let upload_seconds = t.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    let _ = sampling.await;
    let peak = peak_kb.load(Ordering::Relaxed) as f64 / 1024.0;
    Ok(Figures { transcode_seconds, upload_rss_above_idle_mb: (peak > 0.0).then_some(peak - idle), upload_seconds })
}
