//! `make bench`: generates the data set, starts the release server on it, loads it from this
//! second process over loopback, and prints p50/p99 latency and throughput per scenario, each as
//! a ratio to the server's bare `SELECT 1` endpoint, with the server's peak memory. Writes
//! `bench/results.json`.

mod dataset;
mod load;

use base64::Engine;
use load::{Call, Outcome, client, run, send, single};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Args {
    bin: PathBuf,
    dir: PathBuf,
    out: PathBuf,
    seconds: u64,
    clients: usize,
    port: u16,
}

fn args() -> Result<Args, String> {
    let mut a = Args { bin: PathBuf::new(), dir: PathBuf::from("bench/data"), out: PathBuf::from("bench/results.json"), seconds: 5, clients: 8, port: 18090 };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--bin" => a.bin = PathBuf::from(value),
            "--dir" => a.dir = PathBuf::from(value),
            "--out" => a.out = PathBuf::from(value),
            "--seconds" => a.seconds = value.parse().map_err(|_| "--seconds takes a number")?,
            "--clients" => a.clients = value.parse().map_err(|_| "--clients takes a number")?,
            "--port" => a.port = value.parse().map_err(|_| "--port takes a number")?,
            other => return Err(format!("unknown option {other}")),
        }
    }
    if a.bin.as_os_str().is_empty() {
        return Err("--bin names the release server binary".into());
    }
    Ok(a)
}

/// What the scenarios need to build their calls.
struct Ctx {
    base: String,
    cookie: String,
    tokens: Arc<Vec<String>>,
    month: String,
    today: String,
}

fn peak_rss_mb(pid: u32) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

async fn login(http: &load::Http, base: &str) -> Result<String, String> {
    let (_, _, key) = send(http, Call::post_json(format!("{base}/api/jsonPublicKey.do"), &json!({}), vec![])).await?;
    let key: Value = serde_json::from_slice(&key).map_err(|e| e.to_string())?;
    let pem = key["data"]["publicKey"].as_str().ok_or("no public key")?;
    let plain = json!({ "uId": "admin", "uPw": dataset::ADMIN_PASSWORD, "ts": chrono::Utc::now().timestamp_millis() }).to_string();
    let credential = base64::engine::general_purpose::STANDARD.encode(townboard_server::auth::keys::LoginKey::encrypt_for_tests(pem, plain.as_bytes()));
    let body = json!({ "keyId": key["data"]["keyId"], "credential": credential });
    let (status, cookie, answer) = send(http, Call::post_json(format!("{base}/api/jsonLoginPrc.do"), &body, vec![])).await?;
    if status != 200 {
        return Err(format!("login answered {status}: {}", String::from_utf8_lossy(&answer)));
    }
    cookie.ok_or("no session cookie".into())
}

#[tokio::main]
async fn main() {
    if let Err(e) = bench().await {
        eprintln!("bench: {e}");
        std::process::exit(1);
    }
}

async fn bench() -> Result<(), String> {
    let a = args()?;
    let _ = std::fs::remove_dir_all(&a.dir);
    std::fs::create_dir_all(&a.dir).map_err(|e| e.to_string())?;
    let url = format!("sqlite://{}?mode=rwc", a.dir.join("townboard.db").display());
    println!("generating the data set in {} ...", a.dir.display());
    let db = townboard_server::db::connect(&url).await.map_err(|e| e.to_string())?;
    let made = dataset::generate(&db).await?;
    db.close().await.ok();
    println!("{} rows in {:.1} s", made.rows, made.seconds);

    let base = format!("http://127.0.0.1:{}", a.port);
    let mut child = tokio::process::Command::new(&a.bin)
        .arg("serve")
        .env("TOWNBOARD_DATA_DIR", &a.dir)
        .env("TOWNBOARD_BIND", format!("127.0.0.1:{}", a.port))
        .env("TOWNBOARD_WEB_DIR", a.dir.join("no-web"))
        .env("TOWNBOARD_LOGIN_LIMIT_PER_MINUTE", "1000000")
        .env("TOWNBOARD_LOG", "warn")
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("starting {}: {e}", a.bin.display()))?;
    let pid = child.id().unwrap_or_default();
    let http = client();
    let started = Instant::now();
    loop {
        if let Ok((200, _, _)) = send(&http, Call::get(format!("{base}/healthz"), vec![])).await {
            break;
        }
        if started.elapsed() > Duration::from_secs(60) {
            return Err("the server did not answer /healthz within 60 s".into());
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }

    let cookie = login(&http, &base).await?;
    let mut tokens = Vec::new();
    for i in 1..=200 {
        let body = json!({ "dvcSnNum": format!("BENCH{i:05}"), "ssaid": format!("bench-{i}"), "osType": "AND", "playerVersion": "1.0" });
        let (_, _, answer) = send(&http, Call::post_json(format!("{base}/api/player/v1/register"), &body, vec![])).await?;
        let answer: Value = serde_json::from_slice(&answer).map_err(|e| e.to_string())?;
        tokens.push(answer["data"]["deviceToken"].as_str().ok_or("register failed")?.to_string());
    }
    let tokens = Arc::new(tokens);
    let duration = Duration::from_secs(a.seconds);
    let month = dataset::busiest_month();
    let today = townboard_server::time::today(chrono::Utc::now()).format("%Y-%m-%d").to_string();
    let mut results: Vec<(Outcome, &str)> = Vec::new();

    let ctx = Arc::new(Ctx { base: base.clone(), cookie: cookie.clone(), tokens: tokens.clone(), month: month.clone(), today: today.clone() });
    println!("scenarios ({} clients, {} s each):", a.clients, a.seconds);
    let auth = |c: &Ctx| vec![("cookie".to_string(), c.cookie.clone())];
    type MakeCall = Box<dyn Fn(&Ctx, usize, u64) -> Call + Send + Sync>;
    let scenarios: Vec<(&str, u64, &str, MakeCall)> = vec![
        ("bare SELECT 1 (GET /healthz)", 1, "", Box::new(|c: &Ctx, _, _| Call::get(format!("{}/healthz", c.base), vec![]))),
        (
            "screen list, page 1",
            1,
            "p99 < 25 ms",
            Box::new(move |c: &Ctx, _, _| Call::post_json(format!("{}/api/media/media/jsonList.do", c.base), &json!({}), auth(c))),
        ),
        (
            "screen list, page 1,000 sorted by name",
            1,
            "p99 < 25 ms",
            Box::new(move |c: &Ctx, _, _| {
                Call::post_json(
                    format!("{}/api/media/media/jsonList.do", c.base),
                    &json!({ "page": 1000, "sortField": "mediaNm", "sortOrder": "desc" }),
                    auth(c),
                )
            }),
        ),
        (
            "screen list, filtered by status, by heartbeat",
            1,
            "p99 < 25 ms",
            Box::new(move |c: &Ctx, _, n| {
                Call::post_json(
                    format!("{}/api/media/media/jsonList.do", c.base),
                    &json!({ "mediaStatus": n % 5, "sortField": "lastHeartbeatAt", "page": 1 + n % 50 }),
                    auth(c),
                )
            }),
        ),
        (
            "site list, by name, page 50",
            1,
            "p99 < 25 ms",
            Box::new(move |c: &Ctx, _, _| {
                Call::post_json(format!("{}/api/media/poi/jsonList.do", c.base), &json!({ "poiNm": "벤치", "page": 50, "sortField": "poiNm" }), auth(c))
            }),
        ),
        (
            "common code list, filtered",
            1,
            "p99 < 25 ms",
            Box::new(move |c: &Ctx, _, _| {
                Call::post_json(format!("{}/api/system/code/jsonList.do", c.base), &json!({ "cdKey": "CMPG_STATUS", "sortField": "cdOrder" }), auth(c))
            }),
        ),
        (
            "monthly usage report, page 1 by plays",
            1,
            "p99 < 25 ms",
            Box::new(move |c: &Ctx, _, _| Call::post_json(format!("{}/api/media/report/jsonMonthList.do", c.base), &json!({ "month": c.month }), auth(c))),
        ),
        (
            "proof-of-play ingestion (20 items a batch)",
            20,
            ">= 100,000 items/s",
            Box::new(|c: &Ctx, w, n| {
                let token = &c.tokens[(w * 25 + n as usize) % c.tokens.len()];
                let items: Vec<Value> = (0..20).map(|i| json!({ "cmpgId": i, "matId": i * 10, "slotType": 1, "plays": 10, "seconds": 150 })).collect();
                let batch = json!({ "batchId": format!("b-{w}-{n}"), "date": c.today, "hour": (n % 24), "items": items });
                Call::post_json(format!("{}/api/player/v1/pop", c.base), &batch, vec![("authorization".into(), format!("Bearer {token}"))])
            }),
        ),
    ];
    for (name, units, target, make) in scenarios {
        let make = Arc::new(make);
        let http = http.clone();
        let ctx = ctx.clone();
        let outcome = run(name, a.clients, duration, units, move |w, n| {
            let call = make(&ctx, w, n);
            let http = http.clone();
            async move { send(&http, call).await.map(|r| r.0) }
        })
        .await;
        println!("  {:<48} p50 {:>8.2} ms  p99 {:>8.2} ms  {:>9.0} req/s", outcome.name, outcome.p50_ms, outcome.p99_ms, outcome.throughput());
        results.push((outcome, target));
    }
    let login_outcome = {
        let http = http.clone();
        let base = base.clone();
        run("login (RSA-OAEP + argon2id)", 2, duration, 1, move |_w, _n| {
            let http = http.clone();
            let base = base.clone();
            async move { login(&http, &base).await.map(|_| 200) }
        })
        .await
    };
    println!(
        "  {:<48} p50 {:>8.2} ms  p99 {:>8.2} ms  {:>9.0} req/s",
        login_outcome.name,
        login_outcome.p50_ms,
        login_outcome.p99_ms,
        login_outcome.throughput()
    );
    results.push((login_outcome, "p99 < 150 ms"));
    let excel = {
        let http = http.clone();
        let url = format!("{base}/api/media/report/excel/download.do?kind=month&month={month}");
        let cookie = cookie.clone();
        single("monthly usage report, all 20,000 screens (Excel)", 3, move || {
            let http = http.clone();
            let call = Call::get(url.clone(), vec![("cookie".into(), cookie.clone())]);
            async move { send(&http, call).await.map(|r| r.0) }
        })
        .await
    };
    println!("  {:<48} p50 {:>8.2} ms  p99 {:>8.2} ms", excel.name, excel.p50_ms, excel.p99_ms);
    results.push((excel, "< 1 s"));

    let rss = peak_rss_mb(pid);
    let _ = child.kill().await;
    let baseline = &results[0].0;
    let rows: Vec<Value> = results
        .iter()
        .map(|(o, target)| {
            let mut v = o.to_json(if o.name == baseline.name { None } else { Some(baseline) });
            v["target"] = json!(target);
            v
        })
        .collect();
    println!("\n{:<48} {:>9} {:>9} {:>11} {:>12} {:>9}  target", "scenario", "p50 ms", "p99 ms", "req/s", "units/s", "vs bare");
    for v in &rows {
        println!(
            "{:<48} {:>9} {:>9} {:>11} {:>12} {:>9}  {}",
            v["scenario"].as_str().unwrap_or_default(),
            v["p50Ms"],
            v["p99Ms"],
            v["requestsPerSecond"],
            v["unitsPerSecond"],
            v["throughputRatioToBaseline"].as_f64().map(|r| format!("{r:.2}x")).unwrap_or("-".into()),
            v["target"].as_str().unwrap_or_default()
        );
    }
    println!("server peak RSS: {} MB", rss.map(|r| format!("{r:.0}")).unwrap_or("?".into()));
    let report = json!({
        "dataset": { "rows": made.rows, "sites": dataset::SITES, "groups": dataset::SITES * dataset::GROUPS_PER_SITE, "screens": dataset::SITES * dataset::GROUPS_PER_SITE * dataset::SCREENS_PER_GROUP, "days": dataset::DAYS, "generatedSeconds": load::round(made.seconds) },
        "clients": a.clients,
        "secondsPerScenario": a.seconds,
        "serverPeakRssMb": rss.map(load::round),
        "scenarios": rows,
    });
    std::fs::write(&a.out, serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    println!("wrote {}", a.out.display());
    Ok(())
}
