//! `make bench`: generates the data set, starts the release server on it, loads it from this
//! second process over loopback, and prints p50/p99 latency, throughput and statements per call
//! per scenario, each as a ratio to the server's bare `SELECT 1` endpoint, with the server's peak
//! memory. It does so in passes (SQLite, PostgreSQL, and two processes on one PostgreSQL), then
//! prints the passes side by side. Writes `bench/results.json`.

mod dataset;
mod load;
mod materials;
mod money;
mod plans;
mod push;
mod scenarios;
mod server;
mod webhook;

use base64::Engine;
use load::{Call, Outcome, client, reply, run, send, single};
use scenarios::Ctx;
use serde_json::{Value, json};
use server::{Backend, Servers};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// One configuration the scenarios run against.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Pass {
    backend: Backend,
    processes: usize,
}

impl Pass {
    fn parse(name: &str) -> Result<Pass, String> {
        match name {
            "sqlite" => Ok(Pass { backend: Backend::Sqlite, processes: 1 }),
            "postgres" => Ok(Pass { backend: Backend::Postgres, processes: 1 }),
            other => match other.strip_prefix("postgres-x").and_then(|n| n.parse::<usize>().ok()) {
                Some(processes) if (1..=16).contains(&processes) => Ok(Pass { backend: Backend::Postgres, processes }),
                _ => Err(format!("unknown pass {other} (sqlite, postgres, postgres-xN with N processes)")),
            },
        }
    }
    fn label(&self) -> String {
        let db = match self.backend {
            Backend::Sqlite => "SQLite",
            Backend::Postgres => "PostgreSQL",
        };
        if self.processes == 1 { db.to_string() } else { format!("{db} x{}", self.processes) }
    }
}

struct Args {
    bin: PathBuf,
    dir: PathBuf,
    out: PathBuf,
    seconds: u64,
    clients: usize,
    port: u16,
    /// Minutes of fixed mixed load with the server's memory printed each minute, instead of the scenarios.
    soak_minutes: Option<u64>,
    /// The PostgreSQL server of the PostgreSQL passes, without a database name.
    pg_url: String,
    passes: Vec<Pass>,
    /// Runs only the load scenarios whose name holds this text (and the bare one), nothing else.
    only: Option<String>,
    /// The open-file limit of a process (the push scenario's bound on screens a server holds).
    open_files: u64,
    /// The first pass takes the data set a previous run left (PostgreSQL's database, SQLite's file
    /// under `--dir`) instead of making one: runs of two binaries alternated on one data set.
    reuse_data: bool,
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
        pg_url: "postgres://postgres@127.0.0.1:5432".into(),
        passes: ["sqlite", "postgres", "postgres-x6"].into_iter().map(Pass::parse).collect::<Result<_, _>>()?,
        only: None,
        open_files: 1024,
        reuse_data: false,
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
            "--pg-url" => a.pg_url = value.trim_end_matches('/').to_string(),
            "--only" => a.only = Some(value),
            "--screens" => dataset::size(value.parse().map_err(|_| "--screens takes a number")?)?,
            "--passes" => a.passes = value.split(',').map(|p| Pass::parse(p.trim())).collect::<Result<_, _>>()?,
            "--reuse-data" => {
                a.reuse_data = match value.as_str() {
                    "yes" => true,
                    "no" => false,
                    _ => return Err("--reuse-data takes yes or no".into()),
                }
            }
            other => return Err(format!("unknown option {other}")),
        }
    }
    if a.bin.as_os_str().is_empty() {
        return Err("--bin names the release server binary".into());
    }
    if a.passes.is_empty() {
        return Err("--passes names at least one pass".into());
    }
    Ok(a)
}

/// The server's resident memory now in MB, less the pages of the SQLite database file it maps
/// (`mmap_size`): those are the operating system's cache of the file, which reads without the map
/// fill as well, uncounted to the process. What the memory targets speak of is the rest.
pub fn resident_mb(pid: u32) -> Option<f64> {
    Some(memory_mb(pid, "VmRSS:")? - mapped_database_mb(pid))
}

/// The resident pages of the mappings of a `.db` file, in MB.
fn mapped_database_mb(pid: u32) -> f64 {
    let Ok(smaps) = std::fs::read_to_string(format!("/proc/{pid}/smaps")) else { return 0.0 };
    let (mut in_database, mut kb) = (false, 0.0);
    for line in smaps.lines() {
        match line.split_whitespace().next() {
            // A mapping's first line: its addresses, permissions, offset, device, inode and path.
            Some(first) if !first.ends_with(':') => in_database = line.ends_with(".db"),
            Some("Rss:") if in_database => kb += line.split_whitespace().nth(1).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0),
            _ => {}
        }
    }
    kb / 1024.0
}

/// A memory figure of the server process in MB: `VmHWM` (the peak, with any mapped database
/// pages) or `VmRSS` (now).
pub fn memory_mb(pid: u32, field: &str) -> Option<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// One heartbeat from every screen to every process: players call every minute, so in steady state
/// every screen is known to the process that answers it.
async fn beat_once(http: &load::Http, bases: &[String], tokens: &Arc<Vec<String>>, clients: usize) -> Result<(), String> {
    let started = std::time::Instant::now();
    let mut tasks = Vec::new();
    for w in 0..clients.max(1) {
        let (http, bases, tokens) = (http.clone(), bases.to_vec(), tokens.clone());
        tasks.push(tokio::spawn(async move {
            for token in tokens.iter().skip(w).step_by(clients.max(1)) {
                for base in &bases {
                    let beat = json!({ "status": "ok", "playerVersion": "1.0", "scheduleVersion": "" });
                    let (status, _, _) = send(&http, Call::post_json(format!("{base}/api/player/v1/heartbeat"), &beat, scenarios::bearer(token))).await?;
                    if status != 200 {
                        return Err(format!("a warm-up heartbeat answered {status}"));
                    }
                }
            }
            Ok::<(), String>(())
        }));
    }
    for t in tasks {
        t.await.map_err(|e| e.to_string())??;
    }
    println!("every screen beat once in {:.1} s", started.elapsed().as_secs_f64());
    // The beats are written together about a second later: the scenarios start after that write.
    tokio::time::sleep(Duration::from_secs(3)).await;
    Ok(())
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

/// Each list's whitelisted sorts by path, from the server's API description.
async fn list_sorts(http: &load::Http, base: &str) -> Result<HashMap<String, Vec<String>>, String> {
    let (_, _, doc) = send(http, Call::get(format!("{base}/api/openapi.json"), vec![])).await?;
    let doc: Value = serde_json::from_slice(&doc).map_err(|e| e.to_string())?;
    let mut sorts = HashMap::new();
    for (path, item) in doc["paths"].as_object().ok_or("no paths in the API description")? {
        let sort = &item["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]["sortField"]["enum"];
        if let Some(names) = sort.as_array() {
            sorts.insert(path.clone(), names.iter().filter_map(|n| n.as_str().map(str::to_string)).collect());
        }
    }
    Ok(sorts)
}

/// A fixed mixed load (lists, heartbeats, proof of play, menus) for `minutes`, printing the
/// server's memory each minute; fails when it moves more than 10 % after the first minute. A
/// minute's memory is the mean of a sample every five seconds, so the buffers of one moment (a
/// batch being written, pages being answered) do not read as growth; its peak is printed beside.
async fn soak(http: &load::Http, ctx: Arc<Ctx>, clients: usize, minutes: u64, pid: u32) -> Result<(), String> {
    println!("soak: {clients} clients, {minutes} minutes of mixed load");
    let mut rss = Vec::new();
    for minute in 1..=minutes {
        let (http, ctx) = (http.clone(), ctx.clone());
        let load = run("mixed", clients, Duration::from_secs(60), 1, move |w, n| {
            let c = &ctx;
            let token = &c.tokens[((w as u64 * 2503 + n * 7) % c.tokens.len() as u64) as usize];
            let bearer = scenarios::bearer(token);
            let call = match n % 4 {
                0 => c.user_call(w, "/api/media/media/jsonList.do", &json!({ "page": 1 + n % 100 })),
                1 => Call::post_json(format!("{}/api/player/v1/heartbeat", c.at(w)), &json!({ "status": "ok", "playerVersion": "1.0" }), bearer),
                2 => {
                    let batch = json!({ "batchId": format!("soak-{}-{w}-{n}", c.run), "date": c.today, "hour": n % 24, "items": [{ "cmpgId": 1, "matId": 1, "slotType": 1, "plays": 1, "seconds": 15 }] });
                    Call::post_json(format!("{}/api/player/v1/pop", c.at(w)), &batch, bearer)
                }
                _ => c.user_call(w, "/api/system/menu/jsonUserMenu.do", &json!({})),
            };
            let http = http.clone();
            async move { reply(&http, call).await }
        });
        let (outcome, samples) = tokio::join!(load, samples_of_rss(pid, 12, Duration::from_secs(5)));
        let mean = samples.iter().sum::<f64>() / samples.len().max(1) as f64;
        let peak = samples.iter().copied().fold(0.0, f64::max);
        println!("  minute {minute:>2}: {:>7.0} req/s, {} errors, RSS {mean:.0} MB (peak {peak:.0})", outcome.throughput(), outcome.errors);
        rss.push(mean);
    }
    let Some((&warm, rest)) = rss.split_first() else { return Ok(()) };
    let worst = rest.iter().map(|r| (r - warm) / warm).fold(0.0f64, |a, b| if b.abs() > a.abs() { b } else { a });
    println!("RSS after the first minute moved at most {:+.1} % (bound ±10 %)", worst * 100.0);
    if worst.abs() > 0.10 { Err("memory did not stay flat".into()) } else { Ok(()) }
}

/// The server's RSS in MB, `count` times, one every `every`.
async fn samples_of_rss(pid: u32, count: usize, every: Duration) -> Vec<f64> {
    let mut samples = Vec::with_capacity(count);
    for _ in 0..count {
        tokio::time::sleep(every).await;
        samples.extend(resident_mb(pid));
    }
    samples
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "push-client") {
        if let Err(e) = push::client_main(&args[1..]).await {
            eprintln!("push client: {e}");
            std::process::exit(1);
        }
        return;
    }
    if let Err(e) = bench().await {
        eprintln!("bench: {e}");
        std::process::exit(1);
    }
}

/// The open-file limits, soft and hard, after raising the soft one to the hard one: the push
/// scenario holds thousands of connections, in the bench's processes and the servers it starts.
fn raise_open_files() -> (u64, u64) {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit and setrlimit read and write the struct given, nothing else.
    unsafe {
        if libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) == 0 {
            limit.rlim_cur = limit.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &limit);
            libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit);
        }
    }
    (limit.rlim_cur, limit.rlim_max)
}

async fn bench() -> Result<(), String> {
    let mut a = args()?;
    let (soft, hard) = raise_open_files();
    a.open_files = soft;
    println!("open files: soft limit {soft}, hard limit {hard}");
    if !a.reuse_data {
        let _ = std::fs::remove_dir_all(&a.dir);
    }
    std::fs::create_dir_all(&a.dir).map_err(|e| e.to_string())?;
    let mut reports: Vec<(String, Value)> = Vec::new();
    let mut previous: Option<Pass> = None;
    for pass in &a.passes {
        println!("\n== {} ==", pass.label());
        // A pass on the backend of the pass before it reuses its data set (what that pass wrote
        // included), as the first does with `--reuse-data yes`.
        let reuse = previous.is_some_and(|p| p.backend == pass.backend) || (previous.is_none() && a.reuse_data);
        let report = run_pass(&a, *pass, reuse).await?;
        let Some(report) = report else { return Ok(()) };
        reports.push((pass.label(), report));
        previous = Some(*pass);
    }
    if reports.len() > 1 {
        print_side_by_side(&reports);
    }
    let report = json!({ "passes": reports.iter().map(|(label, r)| json!({ "pass": label, "report": r })).collect::<Vec<_>>() });
    std::fs::write(&a.out, serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?).map_err(|e| e.to_string())?;
    println!("wrote {}", a.out.display());
    Ok(())
}

/// Each scenario's p99 and throughput (and its ratio to bare) in every pass, one row a scenario.
fn print_side_by_side(reports: &[(String, Value)]) {
    print!("\n{:<48}", "p99 ms / requests a second / vs bare");
    for (label, _) in reports {
        print!(" | {label:^28}");
    }
    println!();
    let Some(first) = reports[0].1["scenarios"].as_array() else { return };
    for row in first {
        let name = row["scenario"].as_str().unwrap_or_default();
        print!("{name:<48}");
        for (_, report) in reports {
            let same = report["scenarios"].as_array().and_then(|rows| rows.iter().find(|r| r["scenario"] == name));
            let cell = same.map_or("-".to_string(), |r| {
                let ratio = r["throughputRatioToBaseline"].as_f64().map(|x| format!("{x:.2}x")).unwrap_or("-".into());
                format!("{:>8} {:>9} {:>6}", r["p99Ms"], r["unitsPerSecond"], ratio)
            });
            print!(" | {cell:>28}");
        }
        println!();
    }
}

/// One pass: the data set (made, or the previous pass's), the servers, the scenarios and, with one
/// process, the bulk figures (plans, materials, money). `None` after a soak.
async fn run_pass(a: &Args, pass: Pass, reuse: bool) -> Result<Option<Value>, String> {
    let dir = a.dir.join(pass.label().replace(' ', "-").to_lowercase());
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let (url, made) = match pass.backend {
        Backend::Postgres if reuse => (format!("{}/townboard_bench", a.pg_url), None),
        Backend::Sqlite if reuse && dir.join("townboard.db").exists() => (format!("sqlite://{}?mode=rwc", dir.join("townboard.db").display()), None),
        _ => {
            let url = server::fresh_database(pass.backend, &dir, &a.pg_url).await?;
            println!("generating the data set ...");
            let db = townboard_server::db::connect(&url).await.map_err(|e| e.to_string())?.write;
            let made = dataset::generate(&db).await?;
            db.close().await.ok();
            println!("{} rows in {:.1} s", made.rows, made.seconds);
            (url, Some(made))
        }
    };
    let http = client();
    let pool = pool_per_process(pass);
    let servers = Servers::start(&a.bin, &dir, &url, a.port, pass.processes, &http, &[("TOWNBOARD_DB_POOL", pool.as_str())]).await?;
    let pid = servers.pids[0];
    let base = servers.bases[0].clone();
    let cookie = login(&http, &base).await?;
    let tokens: Arc<Vec<String>> = Arc::new((1..=dataset::screens()).map(dataset::token).collect());
    let month = dataset::busiest_month();
    let today = townboard_server::time::today(chrono::Utc::now());
    let day = |d: chrono::NaiveDate| d.format("%Y-%m-%d").to_string();

    // A run of the push scenario alone needs neither plans nor players that know their day.
    let push_only = a.only.as_ref().is_some_and(|o| "push".contains(o.as_str()) || "silent".contains(o.as_str()));
    let mut held = Vec::new();
    let mut planned = plans::Figures { one_day_seconds: 0.0, week_seconds: 0.0, groups: 0 };
    if !push_only {
        planned = plans::measure(&http, &base, &cookie, today).await?;
        println!("plans of {} groups generated: one day in {:.1} s, today to D+7 in {:.1} s", planned.groups, planned.one_day_seconds, planned.week_seconds);
        for (i, token) in tokens.iter().step_by(10).enumerate() {
            held.push((token.clone(), plans::etag_of(&http, &servers.bases[i % servers.bases.len()], token).await?));
        }
        beat_once(&http, &servers.bases, &tokens, a.clients).await?;
    }
    let ctx = Arc::new(Ctx {
        bases: servers.bases.clone(),
        cookie: cookie.clone(),
        tokens,
        month: month.clone(),
        today: day(today),
        quote_end: day(today + chrono::Duration::days(29)),
        held: Arc::new(held),
        run: format!("{}-{}", pass.label().replace(' ', ""), chrono::Utc::now().timestamp()),
        sorts: Arc::new(list_sorts(&http, &base).await?),
    });
    if let Some(minutes) = a.soak_minutes {
        let flat = soak(&http, ctx, a.clients, minutes, pid).await;
        servers.stop().await;
        return flat.map(|_| None);
    }
    println!("scenarios ({} clients over {} process(es), {} s each):", a.clients, pass.processes, a.seconds);
    let duration = Duration::from_secs(a.seconds);
    let mut results: Vec<(Outcome, &str)> = Vec::new();
    for (i, (name, units, target, make)) in scenarios::all().into_iter().enumerate() {
        if i > 0 && a.only.as_ref().is_some_and(|only| !name.contains(only.as_str())) {
            continue;
        }
        let make = Arc::new(make);
        let (http, ctx) = (http.clone(), ctx.clone());
        let clients = if [scenarios::POP_BURST, scenarios::BEATS_AT_ONCE].contains(&name) { scenarios::POP_BURST_PLAYERS } else { a.clients };
        let settle_ctx = ctx.clone();
        let call = move |w, n| {
            let call = make(&ctx, w, n);
            let http = http.clone();
            async move { reply(&http, call).await }
        };
        let mut outcome = if name == scenarios::BEATS_PACED {
            load::paced(name, scenarios::BEATS_RATE, scenarios::POP_BURST_PLAYERS, duration, units, call).await
        } else {
            run(name, clients, duration, units, call).await
        };
        if units > 1 {
            // A report settles the rollups first: its wait is what the load left to fold.
            let started = std::time::Instant::now();
            let chart = settle_ctx.user_call(0, "/api/media/report/jsonChart.do", &json!({ "month": &settle_ctx.today[..7] }));
            reply(&client(), chart).await?;
            outcome.settled_ms = Some(started.elapsed().as_secs_f64() * 1000.0);
        }
        println!(
            "  {:<48} p50 {:>8.2} ms  p99 {:>8.2} ms  {:>9.0} req/s  {} statements/call{}",
            outcome.name,
            outcome.p50_ms,
            outcome.p99_ms,
            outcome.throughput(),
            outcome.statements.map(|s| format!("{s:.1}")).unwrap_or("-".into()),
            if outcome.errors > 0 { format!("  ({} errors)", outcome.errors) } else { String::new() }
        );
        if let Some(ms) = outcome.settled_ms {
            let items = outcome.requests as f64 * units as f64;
            println!("  {:<48} rollups settled {ms:.0} ms after the load: {:.0} items/s sustained", "", items / (outcome.seconds + ms / 1000.0));
        }
        results.push((outcome, target));
    }
    let loaded = results.len();
    // A run of chosen scenarios leaves out the rest.
    let whole = a.only.is_none();
    if whole {
        let login_outcome = {
            let (http, bases) = (http.clone(), servers.bases.clone());
            run("login (RSA-OAEP + argon2id)", 2, duration, 1, move |w, _n| {
                let http = http.clone();
                let base = bases[w % bases.len()].clone();
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
        results.push((login_outcome, "p99 < 100 ms"));
        let excel = {
            let http = http.clone();
            let url = format!("{base}/api/media/report/excel/download.do?kind=month&month={month}");
            let cookie = cookie.clone();
            single(&format!("monthly usage report, all {} screens (Excel)", dataset::screens()), 3, move || {
                let http = http.clone();
                let call = Call::get(url.clone(), vec![("cookie".into(), cookie.clone())]);
                async move { reply(&http, call).await.map(|r| r.status) }
            })
            .await
        };
        println!("  {:<48} p50 {:>8.2} ms  p99 {:>8.2} ms", excel.name, excel.p50_ms, excel.p99_ms);
        results.push((excel, "< 2 s"));
    }

    let mut report = json!({
        "clients": a.clients,
        "processes": pass.processes,
        "secondsPerScenario": a.seconds,
        "plans": { "groups": planned.groups, "oneDaySeconds": load::round(planned.one_day_seconds), "todayToD7Seconds": load::round(planned.week_seconds) },
    });
    if let Some(made) = &made {
        report["dataset"] = json!({ "rows": made.rows, "sites": dataset::sites(), "groups": dataset::groups(), "screens": dataset::screens(), "days": dataset::DAYS, "generatedSeconds": load::round(made.seconds) });
    }
    // The bulk figures are a single process's: materials and money write the data set, once.
    if pass.processes == 1 && whole {
        let figures = materials::measure(&http, &base, &cookie, &dir, pid).await?;
        println!(
            "  transcoding a 15 s 1080x1920 video (sd, hd, fhd, poster, thumb): {}",
            figures.transcode_seconds.map(|s| format!("{s:.1} s")).unwrap_or("did not finish".into())
        );
        println!(
            "  a 480 MB upload streamed in {:.1} s, server memory {} MB above idle",
            figures.upload_seconds,
            figures.upload_rss_above_idle_mb.map(|m| format!("{m:.0}")).unwrap_or("?".into())
        );
        let money = money::measure(&http, &base, &cookie, today, pid).await?;
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
        report["materials"] = json!({
            "transcodeSeconds15s1080x1920": figures.transcode_seconds.map(load::round),
            "upload480MbSeconds": load::round(figures.upload_seconds),
            "upload480MbRssAboveIdleMb": figures.upload_rss_above_idle_mb.map(load::round),
        });
        report["money"] = json!({
            "month": money.month,
            "closeSeconds": load::round(money.close_seconds),
            "campaignLines": money.campaign_lines,
            "excelSeconds": load::round(money.excel_seconds),
            "excelRssAboveIdleMb": money.excel_rss_above_idle_mb.map(load::round),
        });
    }
    let rss: Vec<Option<f64>> = servers.pids.iter().map(|p| memory_mb(*p, "VmHWM:")).collect();
    servers.stop().await;
    if whole || push_only {
        let (push, silent) = push_and_silent(a, pass, &url, &dir, &http).await?;
        report["push"] = push;
        report["silent"] = silent;
    }
    let baseline = &results[0].0;
    let rows: Vec<Value> = results
        .iter()
        .enumerate()
        .map(|(i, (o, target))| {
            // Load scenarios against the bare one; login (two clients) and the Excel (one at a time) stand alone.
            let compared = i > 0 && i < loaded;
            let mut v = o.to_json(compared.then_some(baseline));
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
    let shown: Vec<String> = rss.iter().map(|r| r.map(|r| format!("{r:.0}")).unwrap_or("?".into())).collect();
    println!("server peak RSS (with the database pages it maps): {} MB", shown.join(" + "));
    report["serverPeakRssMb"] = json!(rss.iter().map(|r| r.map(load::round)).collect::<Vec<_>>());
    report["scenarios"] = json!(rows);
    Ok(Some(report))
}

/// Silence the servers allow a screen in the push pass, and how often they sweep (shortened from
/// 3 minutes and 1 minute so the silent-screens step ends within the run).
const BENCH_SILENT_SECONDS: u64 = 60;
const BENCH_SWEEP_SECONDS: u64 = 10;

/// The push channel and silent screens, on servers of their own: as many screens as the servers'
/// open files allow hold the channel and are told of an urgent message; then a command to one;
/// then 1,000 of them drop and are shown as faults and alerted to the bench's webhook.
async fn push_and_silent(a: &Args, pass: Pass, url: &str, dir: &std::path::Path, http: &load::Http) -> Result<(Value, Value), String> {
    let (hook, alerts) = webhook::listen().await?;
    let db = townboard_server::db::connect(url).await.map_err(|e| e.to_string())?.write;
    for (key, value) in [("ALERT_PROVIDER", "webhook"), ("ALERT_WEBHOOK_URL", hook.as_str())] {
        let sql = sea_orm::Statement::from_sql_and_values(
            db.get_database_backend(),
            match db.get_database_backend() {
                sea_orm::DatabaseBackend::Postgres => "UPDATE env SET env_value = $1 WHERE env_key = $2",
                _ => "UPDATE env SET env_value = ? WHERE env_key = ?",
            },
            [value.into(), key.into()],
        );
        sea_orm::ConnectionTrait::execute_raw(&db, sql).await.map_err(|e| e.to_string())?;
    }
    let (silent, sweep) = (BENCH_SILENT_SECONDS.to_string(), BENCH_SWEEP_SECONDS.to_string());
    let pool = pool_per_process(pass);
    let env = [("TOWNBOARD_SCREEN_SILENT_SECONDS", silent.as_str()), ("TOWNBOARD_STATUS_SWEEP_SECONDS", sweep.as_str()), ("TOWNBOARD_DB_POOL", pool.as_str())];
    let servers = Servers::start(&a.bin, dir, url, a.port, pass.processes, http, &env).await?;
    // Screens nobody holds go silent a minute after the start and are swept: measured after that.
    let settle = tokio::time::Instant::now() + Duration::from_secs(BENCH_SILENT_SECONDS + 2 * BENCH_SWEEP_SECONDS + 5);
    let cookie = login(http, &servers.bases[0]).await?;
    // A process holds what its open files allow, some kept for its database and files.
    let per_process = (a.open_files.saturating_sub(2_000) as usize).clamp(1_000, 18_000);
    let screens = (per_process * pass.processes).min(dataset::screens() as usize);
    println!(
        "  push: {screens} screens over {} process(es); silence allowed {BENCH_SILENT_SECONDS} s, swept every {BENCH_SWEEP_SECONDS} s (3 min and 1 min in service)",
        pass.processes
    );
    let check = push::SilentCheck { db: &db, alerts: &alerts };
    let push = push::measure(http, &servers, &cookie, screens, dir, settle, Some(check)).await;
    servers.stop().await;
    db.close().await.ok();
    let push = push?;
    println!(
        "  push: {} screens held, {} reached; p50 {:.0} ms, p99 {:.0} ms, {:.1} % within 2 s; servers {:.0} MB ({:.1} kB a connection); a command to one screen in {}",
        push.screens,
        push.reached,
        push.p50_ms,
        push.p99_ms,
        push.within_2s_pct,
        push.server_rss_mb,
        push.rss_per_connection_kb,
        push.command_ms.map(|m| format!("{m:.0} ms")).unwrap_or("- (not received)".into())
    );
    let figures = json!({
        "screens": push.screens, "processes": push.processes, "reached": push.reached, "p50Ms": load::round(push.p50_ms),
        "p99Ms": load::round(push.p99_ms), "within2sPct": load::round(push.within_2s_pct), "serverRssMb": load::round(push.server_rss_mb),
        "rssPerConnectionKb": load::round(push.rss_per_connection_kb), "commandMs": push.command_ms.map(load::round),
    });
    let mut silent_figures = Value::Null;
    if let Some(silent) = push.silent {
        println!(
            "  silent screens: {} dropped, all shown as faults {}, {} alerted (silence allowed {BENCH_SILENT_SECONDS} s)",
            silent.dropped,
            silent.shown_within_s.map(|s| format!("within {s:.1} s")).unwrap_or("- (not all within 5 min)".into()),
            silent.alerted
        );
        silent_figures = json!({
            "dropped": silent.dropped, "shownWithinS": silent.shown_within_s.map(load::round), "alerted": silent.alerted,
            "silentAfterS": BENCH_SILENT_SECONDS, "sweepEveryS": BENCH_SWEEP_SECONDS,
        });
    }
    Ok((figures, silent_figures))
}

/// Connections each server keeps to PostgreSQL: 32, or fewer when the pass's processes would pass
/// 90 together (the server allows 100, some kept for the bench's own reads and each one's push).
fn pool_per_process(pass: Pass) -> String {
    (90 / pass.processes.max(1) - 1).clamp(2, 32).to_string()
}
