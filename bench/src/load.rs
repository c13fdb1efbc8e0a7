//! Load scenarios against a running server: a fixed number of concurrent clients for a fixed
//! time, each recording the latency of every request (the most the server answers), or requests
//! sent at a fixed rate whatever the answers (how long each waits at that rate).

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::{Method, Request};
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde_json::{Value, json};
use std::future::Future;
use std::sync::Arc;
use std::time::{Duration, Instant};

pub type Http = Client<HttpConnector, Full<Bytes>>;

pub fn client() -> Http {
    Client::builder(TokioExecutor::new()).pool_max_idle_per_host(64).build_http()
}

pub struct Call {
    pub method: Method,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Call {
    pub fn post_json(url: String, body: &Value, headers: Vec<(String, String)>) -> Call {
        let mut h = vec![("content-type".into(), "application/json".into()), ("x-requested-with".into(), "XMLHttpRequest".into())];
        h.extend(headers);
        Call { method: Method::POST, url, headers: h, body: body.to_string().into_bytes() }
    }
    pub fn get(url: String, headers: Vec<(String, String)>) -> Call {
        Call { method: Method::GET, url, headers, body: vec![] }
    }
}

/// What a call answered.
pub struct Reply {
    pub status: u16,
    /// The SQL statements the request ran (`x-db-statements`).
    pub statements: Option<u32>,
}

/// Sends a call; the status with the statements it ran.
pub async fn reply(http: &Http, call: Call) -> Result<Reply, String> {
    let mut req = Request::builder().method(call.method).uri(&call.url);
    for (k, v) in &call.headers {
        req = req.header(k, v);
    }
    let res = http.request(req.body(Full::new(Bytes::from(call.body))).map_err(|e| e.to_string())?).await.map_err(|e| e.to_string())?;
    let status = res.status().as_u16();
    let statements = res.headers().get("x-db-statements").and_then(|v| v.to_str().ok()).and_then(|v| v.parse().ok());
    res.into_body().collect().await.map_err(|e| e.to_string())?;
    Ok(Reply { status, statements })
}

/// Sends a call; the status, the `Set-Cookie` header and the body.
pub async fn send(http: &Http, call: Call) -> Result<(u16, Option<String>, Bytes), String> {
    let mut req = Request::builder().method(call.method).uri(&call.url);
    for (k, v) in &call.headers {
        req = req.header(k, v);
    }
    let res = http.request(req.body(Full::new(Bytes::from(call.body))).map_err(|e| e.to_string())?).await.map_err(|e| e.to_string())?;
    let status = res.status().as_u16();
    let cookie = res.headers().get("set-cookie").and_then(|v| v.to_str().ok()).map(|v| v.split(';').next().unwrap_or_default().to_string());
    let body = res.into_body().collect().await.map_err(|e| e.to_string())?.to_bytes();
    Ok((status, cookie, body))
}

pub struct Outcome {
    pub name: String,
    pub requests: u64,
    pub errors: u64,
    pub seconds: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
    /// Work units per request (proof-of-play items), for throughput in units.
    pub units_per_request: u64,
    /// SQL statements per request, on average.
    pub statements: Option<f64>,
    /// For proof of play: how long after the load a report still waited for the rollups to take
    /// every acknowledged batch (they fold in large transactions behind the acknowledgements).
    pub settled_ms: Option<f64>,
}

impl Outcome {
    pub fn throughput(&self) -> f64 {
        self.requests as f64 / self.seconds
    }
    pub fn to_json(&self, baseline: Option<&Outcome>) -> Value {
        json!({
            "scenario": self.name,
            "requests": self.requests,
            "errors": self.errors,
            "p50Ms": round(self.p50_ms),
            "p99Ms": round(self.p99_ms),
            "requestsPerSecond": round(self.throughput()),
            "unitsPerSecond": round(self.throughput() * self.units_per_request as f64),
            "throughputRatioToBaseline": baseline.map(|b| round(self.throughput() / b.throughput())),
            "p50RatioToBaseline": baseline.map(|b| round(self.p50_ms / b.p50_ms.max(0.001))),
            "statementsPerCall": self.statements.map(round),
            "settledMs": self.settled_ms.map(round),
            "sustainedUnitsPerSecond": self.settled_ms.map(|ms| round(self.requests as f64 * self.units_per_request as f64 / (self.seconds + ms / 1000.0))),
        })
    }
}

pub fn round(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

/// Counts an answer: an error when it failed or its status is not 2xx/304, else its statements.
fn tally(answer: &Result<Reply, String>, errors: &mut u64, statements: &mut (u64, u64)) {
    match answer {
        Ok(r) if (200..300).contains(&r.status) || r.status == 304 => {
            if let Some(s) = r.statements {
                *statements = (statements.0 + u64::from(s), statements.1 + 1);
            }
        }
        _ => *errors += 1,
    }
}

/// The figures of a load from its latencies (microseconds).
fn outcome(name: &str, mut all: Vec<u64>, errors: u64, statements: (u64, u64), seconds: f64, units_per_request: u64) -> Outcome {
    all.sort_unstable();
    let pct = |p: f64| all.get(((all.len() as f64 * p) as usize).min(all.len().saturating_sub(1))).copied().unwrap_or(0) as f64 / 1000.0;
    Outcome {
        name: name.into(),
        requests: all.len() as u64,
        errors,
        seconds,
        p50_ms: pct(0.50),
        p99_ms: pct(0.99),
        units_per_request,
        statements: (statements.1 > 0).then(|| statements.0 as f64 / statements.1 as f64),
        settled_ms: None,
    }
}

/// Runs `make(worker, n)` repeatedly from `clients` concurrent workers for `duration`; a request
/// counts as an error when `make` yields an error or a non-2xx/304 status.
pub async fn run<F, Fut>(name: &str, clients: usize, duration: Duration, units_per_request: u64, make: F) -> Outcome
where
    F: Fn(usize, u64) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Reply, String>> + Send,
{
    let make = Arc::new(make);
    let started = Instant::now();
    let deadline = started + duration;
    let mut tasks = Vec::new();
    for worker in 0..clients {
        let make = make.clone();
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut errors = 0u64;
            let mut statements = (0u64, 0u64);
            let mut n = 0u64;
            while Instant::now() < deadline {
                let t = Instant::now();
                let answer = make(worker, n).await;
                latencies.push(t.elapsed().as_micros() as u64);
                tally(&answer, &mut errors, &mut statements);
                n += 1;
            }
            (latencies, errors, statements)
        }));
    }
    let mut all = Vec::new();
    let mut errors = 0;
    let mut statements = (0u64, 0u64);
    for t in tasks {
        let (l, e, s) = t.await.unwrap_or_default();
        all.extend(l);
        errors += e;
        statements = (statements.0 + s.0, statements.1 + s.1);
    }
    outcome(name, all, errors, statements, started.elapsed().as_secs_f64(), units_per_request)
}

/// The most requests of a paced load in flight at once.
const IN_FLIGHT: usize = 256;

/// Sends `make(worker, n)` at `rate` requests a second for `duration`, whatever the answers (an
/// open load, as a network of screens beating on their own clocks sends): each request's latency
/// counts from when it was due, not from when it went out, so a server falling behind shows in
/// the figures instead of slowing the load (no coordinated omission). `workers` spreads the
/// requests over the servers as [`run`]'s workers do.
pub async fn paced<F, Fut>(name: &str, rate: u64, workers: usize, duration: Duration, units_per_request: u64, make: F) -> Outcome
where
    F: Fn(usize, u64) -> Fut + Send + Sync + 'static,
    Fut: Future<Output = Result<Reply, String>> + Send + 'static,
{
    let make = Arc::new(make);
    let started = Instant::now();
    let due = |n: u64| started + Duration::from_secs_f64(n as f64 / rate as f64);
    let total = (duration.as_secs_f64() * rate as f64) as u64;
    let mut tasks = tokio::task::JoinSet::new();
    // As many requests in flight as connections the clients keep: a request due while all are
    // busy waits for one (and that wait counts), rather than opening connection after connection.
    let connections = Arc::new(tokio::sync::Semaphore::new(IN_FLIGHT));
    let mut n = 0u64;
    while n < total {
        // Everything due by now goes out; the loop wakes every half millisecond.
        let now = Instant::now();
        while n < total && due(n) <= now {
            let (make, at) = (make.clone(), due(n));
            let connection = connections.clone().acquire_owned().await.expect("the bound is never closed");
            tasks.spawn(async move {
                let answer = make(n as usize % workers.max(1), n).await;
                drop(connection);
                (at.elapsed().as_micros() as u64, answer)
            });
            n += 1;
        }
        tokio::time::sleep(Duration::from_micros(500)).await;
    }
    let mut all = Vec::with_capacity(total as usize);
    let mut errors = 0;
    let mut statements = (0u64, 0u64);
    while let Some(done) = tasks.join_next().await {
        let Ok((latency, answer)) = done else {
            errors += 1;
            continue;
        };
        all.push(latency);
        tally(&answer, &mut errors, &mut statements);
    }
    outcome(name, all, errors, statements, started.elapsed().as_secs_f64(), units_per_request)
}

/// One request timed alone, `times` times: for scenarios that are a single large request.
pub async fn single<F, Fut>(name: &str, times: usize, make: F) -> Outcome
where
    F: Fn() -> Fut,
    Fut: Future<Output = Result<u16, String>>,
{
    let started = Instant::now();
    let mut all = Vec::new();
    let mut errors = 0;
    for _ in 0..times {
        let t = Instant::now();
        if !matches!(make().await, Ok(s) if (200..300).contains(&s)) {
            errors += 1;
        }
        all.push(t.elapsed().as_micros() as u64);
    }
    outcome(name, all, errors, (0, 0), started.elapsed().as_secs_f64(), 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_paced_load_sends_at_its_rate_and_counts_a_slow_answer_from_when_it_was_due() {
        // 200 requests due over 0.2 s; every 50th answers after 30 ms, every 7th fails.
        let out = paced("paced", 1_000, 4, Duration::from_millis(200), 1, |_, n| async move {
            if n % 50 == 0 {
                tokio::time::sleep(Duration::from_millis(30)).await;
            }
            Ok(Reply { status: if n % 7 == 0 { 500 } else { 200 }, statements: Some(1) })
        })
        .await;
        assert_eq!(out.requests, 200);
        assert_eq!(out.errors, (0..200).filter(|n| n % 7 == 0).count() as u64);
        assert!(out.seconds < 0.5, "the load keeps its clock whatever the answers: {} s", out.seconds);
        assert!(out.p99_ms >= 30.0, "the slow answers show in the p99: {} ms", out.p99_ms);
        assert!(out.p50_ms < 5.0, "the rest answer at once: {} ms", out.p50_ms);
    }
}
