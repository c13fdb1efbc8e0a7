//! `make bench`: generates the data set, starts the release server on it, loads it from this
//! second process over loopback, and prints p50/p99 latency and throughput per scenario, each as
//! a ratio to the server's bare `SELECT 1` endpoint, with the server's peak memory. Writes
//! `bench/results.json`.

mod dataset;
mod load;
mod materials;
mod money;
mod plans;

use base64::Engine;
use load::{Call, Outcome, client, reply, run, send, single};
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
    /// Minutes of fixed mixed load with the server's memory printed each minute, instead of the scenarios.
    soak_minutes: Option<u64>,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        bin: PathBuf::new(),
        dir: PathBuf::from("bench/data"),
        out: PathBuf::from("bench/results.json"),
        seconds: 5,
        clients: 8,
        port: 18090,
        soak_minutes: None,
    };
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
            "--soak-minutes" => a.soak_minutes = Some(value.parse().map_err(|_| "--soak-minutes takes a number")?),
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
    /// Thirty days from today, the period a quote asks for.
    quote_end: String,
    /// Screens' tokens with the ETag of the day their players hold.
    held: Arc<Vec<(String, String)>>,
}

/// A memory figure of the server process in MB: `VmHWM` (the peak) or `VmRSS` (now).
pub fn memory_mb(pid: u32, field: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn peak_rss_mb(pid: u32) -> Option<f64> {
    memory_mb(pid, "VmHWM:")
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

/// A fixed mixed load (lists, heartbeats, proof of play, menus) for `minutes`, printing the
/// server's memory each minute; fails when it moves more than 10 % after the first minute.
async fn soak(http: &load::Http, ctx: Arc<Ctx>, clients: usize, minutes: u64, pid: u32) -> Result<(), String> {
    println!("soak: {clients} clients, {minutes} minutes of mixed load");
    let mut rss = Vec::new();
    for minute in 1..=minutes {
        let (http, ctx) = (http.clone(), ctx.clone());
        let outcome = run("mixed", clients, Duration::from_secs(60), 1, move |w, n| {
            let c = &ctx;
            let auth = vec![("cookie".to_string(), c.cookie.clone())];
            let token = &c.tokens[((w as u64 * 2503 + n * 7) % c.tokens.len() as u64) as usize];
            let bearer = vec![("authorization".to_string(), format!("Bearer {token}"))];
            let call = match n % 4 {
                0 => Call::post_json(format!("{}/api/media/media/jsonList.do", c.base), &json!({ "page": 1 + n % 100 }), auth),
                1 => Call::post_json(format!("{}/api/player/v1/heartbeat", c.base), &json!({ "status": "ok", "playerVersion": "1.0" }), bearer),
                2 => {
                    let batch = json!({ "batchId": format!("soak-{w}-{n}"), "date": c.today, "hour": n % 24, "items": [{ "cmpgId": 1, "matId": 1, "slotType": 1, "plays": 1, "seconds": 15 }] });
                    Call::post_json(format!("{}/api/player/v1/pop", c.base), &batch, bearer)
                }
                _ => Call::post_json(format!("{}/api/system/menu/jsonUserMenu.do", c.base), &json!({}), auth),
            };
            let http = http.clone();
            async move { reply(&http, call).await }
        })
        .await;
        let now = memory_mb(pid, "VmRSS:").unwrap_or_default();
        println!("  minute {minute:>2}: {:>7.0} req/s, {} errors, RSS {now:.0} MB", outcome.throughput(), outcome.errors);
        rss.push(now);
    }
    let Some((&warm, rest)) = rss.split_first() else { return Ok(()) };
    let worst = rest.iter().map(|r| (r - warm) / warm).fold(0.0f64, |a, b| if b.abs() > a.abs() { b } else { a });
    println!("RSS after the first minute moved at most {:+.1} % (bound ±10 %)", worst * 100.0);
    if worst.abs() > 0.10 { Err("memory did not stay flat".into()) } else { Ok(()) }
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
    let db = townboard_server::db::connect(&url).await.map_err(|e| e.to_string())?.write;
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
        .env("TOWNBOARD_STATEMENT_HEADER", "1")
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
    let tokens: Vec<String> = (1..=dataset::screens()).map(dataset::token).collect();
    let tokens = Arc::new(tokens);
    let duration = Duration::from_secs(a.seconds);
    let month = dataset::busiest_month();
    let today = townboard_server::time::today(chrono::Utc::now()).format("%Y-%m-%d").to_string();
    let mut results: Vec<(Outcome, &str)> = Vec::new();

    let quote_end = (townboard_server::time::today(chrono::Utc::now()) + chrono::Duration::days(29)).format("%Y-%m-%d").to_string();
    let planned = plans::measure(&http, &base, &cookie, townboard_server::time::today(chrono::Utc::now())).await?;
    println!("plans of {} groups generated: one day in {:.1} s, today to D+7 in {:.1} s", planned.groups, planned.one_day_seconds, planned.week_seconds);
    let mut held = Vec::new();
    for token in tokens.iter().step_by(10) {
        held.push((token.clone(), plans::etag_of(&http, &base, token).await?));
    }
    let ctx = Arc::new(Ctx {
        base: base.clone(),
        cookie: cookie.clone(),
        tokens: tokens.clone(),
        month: month.clone(),
        today: today.clone(),
        quote_end,
        held: Arc::new(held),
    });
    if let Some(minutes) = a.soak_minutes {
        let flat = soak(&http, ctx, a.clients, minutes, pid).await;
        let _ = child.kill().await;
        return flat;
    }
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
        (
            "campaign run list, page 1",
            1,
            ">= 0.25x bare, p99 < 10 ms",
            Box::new(move |c: &Ctx, _, _| Call::post_json(format!("{}/api/campaign/run/jsonList.do", c.base), &json!({}), auth(c))),
        ),
        (
            "campaign end list, page 1,000 by title",
            1,
            ">= 0.25x bare, p99 < 10 ms",
            Box::new(move |c: &Ctx, _, _| {
                Call::post_json(
                    format!("{}/api/campaign/end/jsonList.do", c.base),
                    &json!({ "page": 1000, "sortField": "cmpgTitle", "sortOrder": "asc" }),
                    auth(c),
                )
            }),
        ),
        (
            "campaign request list, title filter, by request time",
            1,
            ">= 0.25x bare, p99 < 10 ms",
            Box::new(move |c: &Ctx, _, n| {
                Call::post_json(
                    format!("{}/api/campaign/request/jsonList.do", c.base),
                    &json!({ "cmpgTitle": format!("캠페인 0{}", n % 10), "sortField": "requestedAt", "sortOrder": "desc" }),
                    auth(c),
                )
            }),
        ),
        (
            "campaign detail with its price",
            1,
            ">= 0.5x bare",
            Box::new(move |c: &Ctx, _, _| {
                Call::post_json(format!("{}/api/campaign/run/jsonDetail.do", c.base), &json!({ "cmpgId": dataset::live_campaign() }), auth(c))
            }),
        ),
        (
            "campaign quote (price, slots, audience)",
            1,
            "p99 < 10 ms",
            Box::new(move |c: &Ctx, _, n| {
                let body = json!({ "cmpgTitle": "견적", "advertiserCId": dataset::ADVERTISER_CID, "platform": 1, "pkgId": "P000000003", "prdId": "PR00000001",
                    "startDate": c.today, "endDate": c.quote_end, "slotCnt": 1 + n % 2, "schdRate": 100, "targets": [{ "mgId": 1 + n % 2000 }, { "mgId": 1 + (n + 7) % 2000 }] });
                Call::post_json(format!("{}/api/campaign/regist/jsonQuote.do", c.base), &body, auth(c))
            }),
        ),
        (
            "heartbeats from 20,000 screens",
            1,
            ">= 10,000/s, p99 < 10 ms",
            Box::new(|c: &Ctx, w, n| {
                let token = &c.tokens[((w as u64 * 2503 + n * 7) % c.tokens.len() as u64) as usize];
                let beat = json!({ "status": "ok", "playerVersion": "1.0", "scheduleVersion": "" });
                Call::post_json(format!("{}/api/player/v1/heartbeat", c.base), &beat, vec![("authorization".into(), format!("Bearer {token}"))])
            }),
        ),
        (
            "player asks for the day it holds (304)",
            1,
            ">= 10,000/s, p99 < 10 ms",
            Box::new(|c: &Ctx, w, n| {
                let (token, etag) = &c.held[((w as u64 * 211 + n * 13) % c.held.len() as u64) as usize];
                Call::get(
                    format!("{}/api/player/v1/schedule", c.base),
                    vec![("authorization".into(), format!("Bearer {token}")), ("if-none-match".into(), etag.clone())],
                )
            }),
        ),
        (
            "player fetches its day (full answer)",
            1,
            "p99 < 25 ms",
            Box::new(|c: &Ctx, w, n| {
                let (token, _) = &c.held[((w as u64 * 211 + n * 13) % c.held.len() as u64) as usize];
                Call::get(format!("{}/api/player/v1/schedule", c.base), vec![("authorization".into(), format!("Bearer {token}"))])
            }),
        ),
        (
            "manager dashboard",
            1,
            "p99 < 50 ms",
            Box::new(move |c: &Ctx, _, _| Call::post_json(format!("{}/api/dashboard/manager/jsonMain.do", c.base), &json!({}), auth(c))),
        ),
        (
            "user menu (small)",
            1,
            ">= 0.5x bare",
            Box::new(move |c: &Ctx, _, _| Call::post_json(format!("{}/api/system/menu/jsonUserMenu.do", c.base), &json!({}), auth(c))),
        ),
    ];
    for (name, units, target, make) in scenarios {
        let make = Arc::new(make);
        let http = http.clone();
        let ctx = ctx.clone();
        let outcome = run(name, a.clients, duration, units, move |w, n| {
            let call = make(&ctx, w, n);
            let http = http.clone();
            async move { reply(&http, call).await }
        })
        .await;
        println!(
            "  {:<48} p50 {:>8.2} ms  p99 {:>8.2} ms  {:>9.0} req/s  {} statements/call",
            outcome.name,
            outcome.p50_ms,
            outcome.p99_ms,
            outcome.throughput(),
            outcome.statements.map(|s| format!("{s:.1}")).unwrap_or("-".into())
        );
        results.push((outcome, target));
    }
    let login_outcome = {
        let http = http.clone();
        let base = base.clone();
        run("login (RSA-OAEP + argon2id)", 2, duration, 1, move |_w, _n| {
            let http = http.clone();
            let base = base.clone();
            async move { login(&http, &base).await.map(|_| load::Reply { status: 200, statements: None }) }
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
            async move { reply(&http, call).await.map(|r| r.status) }
        })
        .await
    };
    println!("  {:<48} p50 {:>8.2} ms  p99 {:>8.2} ms", excel.name, excel.p50_ms, excel.p99_ms);
    results.push((excel, "< 1 s"));
    let figures = materials::measure(&http, &base, &cookie, &a.dir, pid).await?;
    println!(
        "  transcoding a 15 s 1080x1920 video (sd, hd, fhd, poster, thumb): {}",
        figures.transcode_seconds.map(|s| format!("{s:.1} s")).unwrap_or("did not finish".into())
    );
    println!(
        "  a 480 MB upload streamed in {:.1} s, server memory {} MB above idle",
        figures.upload_seconds,
        figures.upload_rss_above_idle_mb.map(|m| format!("{m:.0}")).unwrap_or("?".into())
    );
    let money = money::measure(&http, &base, &cookie, townboard_server::time::today(chrono::Utc::now()), pid).await?;
    println!(
        "  closing {} over {} campaigns: {:.1} s; its {} campaign lines as Excel ({:.1} MB) in {:.1} s, server memory {} MB above idle",
        money.month,
        dataset::CAMPAIGNS,
        money.close_seconds,
        money.campaign_lines,
        money.excel_bytes as f64 / 1e6,
        money.excel_seconds,
        money.excel_rss_above_idle_mb.map(|m| format!("{m:.0}")).unwrap_or("?".into())
    );

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
    println!("\n{:<48} {:>9} {:>9} {:>11} {:>12} {:>9} {:>6}  target", "scenario", "p50 ms", "p99 ms", "req/s", "units/s", "vs bare", "stmts");
    for v in &rows {
        println!(
            "{:<48} {:>9} {:>9} {:>11} {:>12} {:>9} {:>6}  {}",
            v["scenario"].as_str().unwrap_or_default(),
            v["p50Ms"],
            v["p99Ms"],
            v["requestsPerSecond"],
            v["unitsPerSecond"],
            v["throughputRatioToBaseline"].as_f64().map(|r| format!("{r:.2}x")).unwrap_or("-".into()),
            v["statementsPerCall"].as_f64().map(|r| format!("{r:.1}")).unwrap_or("-".into()),
            v["target"].as_str().unwrap_or_default()
        );
    }
    println!("server peak RSS: {} MB", rss.map(|r| format!("{r:.0}")).unwrap_or("?".into()));
    let report = json!({
        "dataset": { "rows": made.rows, "sites": dataset::SITES, "groups": dataset::SITES * dataset::GROUPS_PER_SITE, "screens": dataset::SITES * dataset::GROUPS_PER_SITE * dataset::SCREENS_PER_GROUP, "days": dataset::DAYS, "generatedSeconds": load::round(made.seconds) },
        "clients": a.clients,
        "secondsPerScenario": a.seconds,
        "serverPeakRssMb": rss.map(load::round),
        "plans": { "groups": planned.groups, "oneDaySeconds": load::round(planned.one_day_seconds), "todayToD7Seconds": load::round(planned.week_seconds) },
        "materials": {
            "transcodeSeconds15s1080x1920": figures.transcode_seconds.map(load::round),
            "upload480MbSeconds": load::round(figures.upload_seconds),
            "upload480MbRssAboveIdleMb": figures.upload_rss_above_idle_mb.map(load::round),
        },
        "money": {
            "month": money.month,
            "closeSeconds": load::round(money.close_seconds),
            "campaignLines": money.campaign_lines,
            "excelSeconds": load::round(money.excel_seconds),
            "excelRssAboveIdleMb": money.excel_rss_above_idle_mb.map(load::round),
        },
        "scenarios": rows,
    });
    std::fs::write(&a.out, serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    println!("wrote {}", a.out.display());
    Ok(())
}
