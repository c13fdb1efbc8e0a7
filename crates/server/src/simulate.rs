//! `townboard simulate-players`: players over plain HTTP, for tests and the benchmark. Each
//! registers by device serial and fetches its day's loop, holds the push channel (acknowledging
//! what it is told, answering captures, opening it again with backoff and jitter when lost), and
//! every round asks for the loop again (304 while it holds the current version), sends a
//! heartbeat, answers capture commands with a generated screenshot, and reports the plays of the
//! loops that fit in the round as proof of play.

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

type Http = Client<HttpConnector, Full<Bytes>>;
/// Plays and seconds by (campaign, material, slot type).
type Counted = std::collections::BTreeMap<(Option<i64>, Option<i64>, i64), (i64, i64)>;

pub struct Options {
    pub server: String,
    pub serials: Vec<String>,
    pub rounds: u32,
    pub interval: Duration,
}

impl Options {
    /// `--server URL (--serials A,B | --serial-prefix P --count N) [--rounds R] [--interval-secs S]`
    pub fn parse(args: &[String]) -> Result<Options, String> {
        let mut server = None;
        let mut serials = Vec::new();
        let mut prefix = None;
        let mut count = 0usize;
        let mut rounds = 1;
        let mut interval = Duration::from_secs(60);
        let mut it = args.iter();
        while let Some(flag) = it.next() {
            let mut value = || it.next().cloned().ok_or(format!("{flag} needs a value"));
            match flag.as_str() {
                "--server" => server = Some(value()?.trim_end_matches('/').to_string()),
                "--serials" => serials = value()?.split(',').map(str::trim).filter(|s| !s.is_empty()).map(String::from).collect(),
                "--serial-prefix" => prefix = Some(value()?),
                "--count" => count = value()?.parse().map_err(|_| "--count takes a number")?,
                "--rounds" => rounds = value()?.parse().map_err(|_| "--rounds takes a number")?,
                "--interval-secs" => interval = Duration::from_secs_f64(value()?.parse().map_err(|_| "--interval-secs takes a number")?),
                other => return Err(format!("unknown option {other}")),
            }
        }
        if let Some(p) = prefix {
            serials.extend((1..=count).map(|i| format!("{p}{i:05}")));
        }
        if serials.is_empty() {
            return Err("name the devices: --serials A,B or --serial-prefix P --count N".into());
        }
        Ok(Options { server: server.ok_or("--server is required")?, serials, rounds, interval })
    }
}

async fn call(http: &Http, method: Method, url: &str, token: Option<&str>, content_type: &str, body: Vec<u8>) -> Result<(u16, Value), String> {
    let mut req = Request::builder().method(method).uri(url).header("content-type", content_type);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let res = http.request(req.body(Full::new(Bytes::from(body))).map_err(|e| e.to_string())?).await.map_err(|e| e.to_string())?;
    let status = res.status().as_u16();
    let bytes = res.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    Ok((status, serde_json::from_slice(&bytes).unwrap_or(Value::Null)))
}

/// A small valid PNG (64x36, a grey gradient) standing in for a screenshot.
pub const SCREENSHOT_PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x40, 0x00, 0x00, 0x00, 0x24, 0x08, 0x00,
    0x00, 0x00, 0x00, 0x1C, 0x67, 0x63, 0x4E, 0x00, 0x00, 0x00, 0x62, 0x49, 0x44, 0x41, 0x54, 0x78, 0xDA, 0x63, 0xD0, 0xD0, 0xD6, 0x33, 0x34, 0x31, 0xB7, 0xB2,
    0x75, 0x70, 0x76, 0xF3, 0xF4, 0xF1, 0x0F, 0x0A, 0x8D, 0x88, 0x8E, 0x4B, 0x4C, 0x49, 0xCF, 0xCA, 0x2D, 0x28, 0x2E, 0xAB, 0xAC, 0xA9, 0x6F, 0x6A, 0xED, 0xE8,
    0xEE, 0x9B, 0x38, 0x65, 0xFA, 0xAC, 0xB9, 0x0B, 0x16, 0x2F, 0x5B, 0xB9, 0x66, 0xFD, 0xA6, 0xAD, 0x3B, 0x76, 0xEF, 0x3B, 0x78, 0xE4, 0xF8, 0xA9, 0xB3, 0x17,
    0x2E, 0x5F, 0xBB, 0x79, 0xE7, 0xFE, 0xA3, 0xA7, 0x0C, 0xA3, 0x06, 0x8C, 0x1A, 0x30, 0x6A, 0xC0, 0xA8, 0x01, 0xA3, 0x06, 0x8C, 0x1A, 0x30, 0x6A, 0xC0, 0xA8,
    0x01, 0xC3, 0xCF, 0x00, 0x00, 0xAA, 0x7B, 0xBA, 0xBD, 0xB8, 0xE1, 0x4B, 0x99, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

struct Player {
    serial: String,
    token: String,
    batches: u64,
    /// The ETag of the loop held, and the loop.
    version: Option<String>,
    loop_sec: u64,
    items: Vec<Value>,
    /// Loops played since the start (their parity picks the halves).
    loops_played: u64,
}

impl Player {
    /// Asks for the day's loop, keeping the one held when the server answers 304.
    async fn refresh(&mut self, http: &Http, server: &str) -> Result<(), String> {
        let mut req =
            Request::builder().method(Method::GET).uri(format!("{server}/api/player/v1/schedule")).header("authorization", format!("Bearer {}", self.token));
        if let Some(v) = &self.version {
            req = req.header("if-none-match", v);
        }
        let res = http.request(req.body(Full::new(Bytes::new())).map_err(|e| e.to_string())?).await.map_err(|e| e.to_string())?;
        if res.status().as_u16() == 304 {
            return Ok(());
        }
        let etag = res.headers().get("etag").and_then(|v| v.to_str().ok()).map(String::from);
        let bytes = res.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
        let answer: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
        let day = &answer["data"];
        self.version = etag;
        self.loop_sec = day["loopSec"].as_u64().unwrap_or(0);
        self.items = day["loop"].as_array().cloned().unwrap_or_default();
        Ok(())
    }

    /// The plays of the loops that fit in `seconds` (an hour at most), by campaign, material and
    /// slot type; house screens and notices without a material count too, with null ids.
    fn plays(&mut self, seconds: u64) -> Vec<Value> {
        let loops = seconds.min(3600).checked_div(self.loop_sec).map_or(0, |n| n.max(1));
        let mut counted: Counted = Default::default();
        for n in self.loops_played..self.loops_played + loops {
            for item in &self.items {
                let plays_now = match item["loops"].as_str() {
                    Some("even") => n % 2 == 0,
                    Some("odd") => n % 2 == 1,
                    _ => true,
                };
                if plays_now {
                    let entry = counted.entry((item["cmpgId"].as_i64(), item["matId"].as_i64(), item["slotType"].as_i64().unwrap_or(2))).or_default();
                    entry.0 += 1;
                    entry.1 += item["seconds"].as_i64().unwrap_or(0);
                }
            }
        }
        self.loops_played += loops;
        counted
            .into_iter()
            .map(|((cmpg_id, mat_id, slot_type), (plays, secs))| json!({ "cmpgId": cmpg_id, "matId": mat_id, "slotType": slot_type, "plays": plays, "seconds": secs }))
            .collect()
    }
}

async fn register(http: &Http, server: &str, serial: &str) -> Result<Player, String> {
    let body = json!({ "dvcSnNum": serial, "ssaid": format!("sim-{serial}"), "osType": "AND", "playerVersion": "sim-1.0" });
    let (_, answer) = call(http, Method::POST, &format!("{server}/api/player/v1/register"), None, "application/json", body.to_string().into_bytes()).await?;
    let token = answer["data"]["deviceToken"].as_str().ok_or(format!("{serial}: register answered {answer}"))?.to_string();
    let mut p = Player { serial: serial.to_string(), token, batches: 0, version: None, loop_sec: 0, items: vec![], loops_played: 0 };
    p.refresh(http, server).await?;
    Ok(p)
}

async fn round(http: &Http, server: &str, p: &mut Player, seconds: u64) -> Result<(), String> {
    p.refresh(http, server).await?;
    let held = p.version.clone().unwrap_or_default().trim_matches('"').to_string();
    let hb = json!({ "status": "ok", "errors": [], "playerVersion": "sim-1.0", "scheduleVersion": held });
    let (_, answer) =
        call(http, Method::POST, &format!("{server}/api/player/v1/heartbeat"), Some(&p.token), "application/json", hb.to_string().into_bytes()).await?;
    for cmd in answer["data"]["commands"].as_array().cloned().unwrap_or_default() {
        if cmd["type"] == "capture"
            && let Some(uuid) = cmd["payload"]["uuid"].as_str()
        {
            call(http, Method::POST, &format!("{server}/api/player/v1/capture/{uuid}"), Some(&p.token), "image/png", SCREENSHOT_PNG.to_vec()).await?;
        }
    }
    p.batches += 1;
    let now = chrono::Utc::now().with_timezone(&crate::time::offset());
    let items = p.plays(seconds);
    if items.is_empty() {
        return Ok(());
    }
    let batch = json!({ "batchId": format!("{}-{}", p.serial, p.batches), "date": now.format("%Y-%m-%d").to_string(), "hour": now.format("%H").to_string().parse::<i32>().unwrap_or(0), "items": items });
    let (status, answer) =
        call(http, Method::POST, &format!("{server}/api/player/v1/pop"), Some(&p.token), "application/json", batch.to_string().into_bytes()).await?;
    if status != 200 {
        return Err(format!("{}: pop answered {answer}", p.serial));
    }
    Ok(())
}

/// The wait before the `attempt`-th reconnection: doubling from a second to a minute, ±50 %.
pub fn retry_delay(attempt: u32) -> Duration {
    let base = Duration::from_secs(1 << attempt.min(6)).min(Duration::from_secs(60));
    let jitter = crate::crypto::random_token().bytes().fold(0u32, |n, b| n.wrapping_mul(31).wrapping_add(u32::from(b))) % 1000;
    base.mul_f64(0.5 + f64::from(jitter) / 1000.0)
}

/// Holds a player's push channel until the process ends: acknowledges every message, uploads a
/// screenshot for a capture, and opens the channel again after a loss.
async fn hold_channel(http: Http, server: String, token: String) {
    let mut attempt = 0;
    loop {
        let Ok(mut channel) = crate::push::client::open(&server, &token, None).await else {
            tokio::time::sleep(retry_delay(attempt)).await;
            attempt += 1;
            continue;
        };
        attempt = 0;
        while let Some(message) = channel.next().await {
            if message["type"] == "closed" {
                break;
            }
            if message["type"] == "command"
                && message["command"]["type"] == "capture"
                && let Some(uuid) = message["command"]["payload"]["uuid"].as_str()
            {
                let _ = call(&http, Method::POST, &format!("{server}/api/player/v1/capture/{uuid}"), Some(&token), "image/png", SCREENSHOT_PNG.to_vec()).await;
            }
            if let Some(id) = message["id"].as_str()
                && channel.ack(id).await.is_err()
            {
                break;
            }
        }
        tokio::time::sleep(retry_delay(attempt)).await;
        attempt += 1;
    }
}

pub async fn run(opts: Options) -> Result<(), String> {
    let http: Http = Client::builder(TokioExecutor::new()).build_http();
    let started = Instant::now();
    let mut players = Vec::new();
    for serial in &opts.serials {
        players.push(register(&http, &opts.server, serial).await?);
    }
    println!("registered {} players in {:?}", players.len(), started.elapsed());
    let channels: Vec<_> = players.iter().map(|p| tokio::spawn(hold_channel(http.clone(), opts.server.clone(), p.token.clone()))).collect();
    for r in 0..opts.rounds {
        if r > 0 {
            tokio::time::sleep(opts.interval).await;
        }
        let mut tasks = Vec::new();
        for mut p in std::mem::take(&mut players) {
            let http = http.clone();
            let server = opts.server.clone();
            let seconds = opts.interval.as_secs().max(1);
            tasks.push(tokio::spawn(async move { round(&http, &server, &mut p, seconds).await.map(|_| p) }));
        }
        for t in tasks {
            players.push(t.await.map_err(|e| e.to_string())??);
        }
        println!("round {} done: {} heartbeats and proof-of-play batches", r + 1, players.len());
    }
    channels.iter().for_each(tokio::task::JoinHandle::abort);
    Ok(())
}
