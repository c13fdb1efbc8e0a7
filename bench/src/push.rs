//! The push scenario (issue "the network at the market leader's size"): screens of the data set
//! hold the push channel at once, spread over the `serve` processes and over client processes on
//! several loopback source addresses (one address has about 28,000 ports, a process 20,000 open
//! files); an urgent message targeted at every screen is saved through the API, and each screen's
//! latency from the save's answer to the message's receipt is measured, with the servers' memory
//! per connection; then a command to one screen among them.

use crate::load::{Call, Http, send};
use serde_json::{Value, json};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncBufReadExt, BufReader};

/// Screens one client process holds at most (its open-file limit is 20,000, one source address
/// has about 28,000 ports).
const PER_CLIENT: usize = 12_000;
/// Screens of the first client that drop at once in the silent-screens step.
pub const DROPPED: usize = 1_000;

fn now_ms() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// What the scenario measured.
pub struct Figures {
    pub screens: usize,
    pub processes: usize,
    pub reached: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub within_2s_pct: f64,
    pub server_rss_mb: f64,
    pub rss_per_connection_kb: f64,
    pub command_ms: Option<f64>,
    pub silent: Option<Silent>,
}

/// The silent-screens step: `dropped` screens closed their channels at once; how long until the
/// status sweep showed every one of them as a fault, and how many the operators were told of.
pub struct Silent {
    pub dropped: usize,
    pub shown_within_s: Option<f64>,
    pub alerted: usize,
}

/// Where the step looks: the database (the screens' statuses, as the monitoring list reads them)
/// and the alerts the servers sent to the bench's webhook.
pub struct SilentCheck<'a> {
    pub db: &'a sea_orm::DatabaseConnection,
    pub alerts: &'a crate::webhook::Alerts,
}

/// `townboard-bench push-client --bases A,B --from M --count N --source 127.0.0.K --out FILE`: holds
/// the channels of screens M.. M+N-1 (screen i to base i mod bases), prints `ready <held>`, records
/// when each receives an urgent message with something in force and when a command comes, and
/// writes `{urgent: [ms...], command: [ms...]}` to FILE once its standard input closes.
pub async fn client_main(args: &[String]) -> Result<(), String> {
    let mut bases = Vec::new();
    let (mut from, mut count, mut source, mut out) = (1i64, 0usize, String::from("127.0.0.1"), String::new());
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?.clone();
        match flag.as_str() {
            "--bases" => bases = value.split(',').map(String::from).collect(),
            "--from" => from = value.parse().map_err(|_| "--from takes a number")?,
            "--count" => count = value.parse().map_err(|_| "--count takes a number")?,
            "--source" => source = value,
            "--out" => out = value,
            other => return Err(format!("unknown option {other}")),
        }
    }
    let source: std::net::IpAddr = source.parse().map_err(|e| format!("--source: {e}"))?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<(&'static str, f64)>();
    use std::sync::atomic::{AtomicUsize, Ordering};
    let held = std::sync::Arc::new(AtomicUsize::new(0));
    let failed = std::sync::Arc::new(AtomicUsize::new(0));
    let opening = std::sync::Arc::new(tokio::sync::Semaphore::new(64));
    let mut tasks = tokio::task::JoinSet::new();
    let mut handles = Vec::with_capacity(count);
    for i in 0..count {
        let m = from + i as i64;
        let base = bases[i % bases.len()].clone();
        let (tx, held, failed, opening) = (tx.clone(), held.clone(), failed.clone(), opening.clone());
        handles.push(tasks.spawn(async move {
            let open = || async {
                let _turn = opening.acquire().await.map_err(|e| e.to_string())?;
                let addr: std::net::SocketAddr = base.trim_start_matches("http://").parse().map_err(|e| format!("{e}"))?;
                let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
                socket.bind((source, 0).into()).map_err(|e| e.to_string())?;
                let stream = socket.connect(addr).await.map_err(|e| e.to_string())?;
                townboard_server::push::client::open(&base, &crate::dataset::token(m), Some(stream)).await
            };
            // As players do: a refused or failed opening is tried again after a pause with jitter.
            let mut opened = open().await;
            for attempt in 1..6u64 {
                if opened.is_ok() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(500 * attempt + (m as u64 * 37) % 500)).await;
                opened = open().await;
            }
            let Ok(mut channel) = opened else {
                failed.fetch_add(1, Ordering::Relaxed);
                return;
            };
            held.fetch_add(1, Ordering::Relaxed);
            while let Some(message) = channel.next().await {
                let at = now_ms();
                match message["type"].as_str() {
                    Some("urgent") if message["urgent"].as_array().is_some_and(|u| !u.is_empty()) => {
                        let _ = tx.send(("urgent", at));
                    }
                    Some("command") => {
                        let _ = tx.send(("command", at));
                    }
                    Some("closed") => break,
                    _ => {}
                }
                if let Some(id) = message["id"].as_str() {
                    let _ = channel.ack(id).await;
                }
            }
        }));
    }
    drop(tx);
    // Ready once every screen holds its channel or gave up.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(300);
    while held.load(Ordering::Relaxed) + failed.load(Ordering::Relaxed) < count && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!("ready {}", held.load(Ordering::Relaxed));
    let mut stdin = BufReader::new(tokio::io::stdin()).lines();
    let mut urgent = Vec::new();
    let mut command = Vec::new();
    loop {
        tokio::select! {
            line = stdin.next_line() => match line {
                // `drop N`: the first N screens go away at once, their connections closed.
                Ok(Some(line)) => if let Some(n) = line.strip_prefix("drop ").and_then(|n| n.trim().parse::<usize>().ok()) {
                    handles.iter().take(n).for_each(tokio::task::AbortHandle::abort);
                },
                _ => break,
            },
            got = rx.recv() => match got {
                Some(("urgent", at)) => urgent.push(at),
                Some((_, at)) => command.push(at),
                None => break,
            },
        }
    }
    while let Ok((kind, at)) = rx.try_recv() {
        if kind == "urgent" { urgent.push(at) } else { command.push(at) }
    }
    std::fs::write(&out, json!({ "urgent": urgent, "command": command }).to_string()).map_err(|e| e.to_string())?;
    tasks.abort_all();
    Ok(())
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Runs the scenario over `screens` screens of the data set, held through `bases`; with `silent`,
/// then the silent-screens step. `settle` is how long after the servers' start the held screens
/// are first measured: the screens nobody holds have gone silent by then and been swept.
pub async fn measure(
    http: &Http,
    servers: &crate::server::Servers,
    cookie: &str,
    screens: usize,
    dir: &std::path::Path,
    settle: tokio::time::Instant,
    silent: Option<SilentCheck<'_>>,
) -> Result<Figures, String> {
    let (bases, pids) = (&servers.bases, &servers.pids);
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let rss = |pids: &[u32]| pids.iter().filter_map(|p| crate::resident_mb(*p)).sum::<f64>();
    let before = rss(pids);
    let mut children = Vec::new();
    let clients = screens.div_ceil(PER_CLIENT);
    for c in 0..clients {
        let from = 1 + c * PER_CLIENT;
        let count = PER_CLIENT.min(screens - c * PER_CLIENT);
        let out = dir.join(format!("push-client-{c}.json"));
        let mut child = tokio::process::Command::new(&exe)
            .args(["push-client", "--bases", &bases.join(","), "--from", &from.to_string(), "--count", &count.to_string()])
            .args(["--source", &format!("127.0.0.{}", 2 + c), "--out", &out.display().to_string()])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("starting a push client: {e}"))?;
        let stdout = child.stdout.take().ok_or("a client's output")?;
        children.push((child, BufReader::new(stdout).lines(), out));
    }
    let mut held = 0;
    for (_, lines, _) in &mut children {
        let line = lines.next_line().await.map_err(|e| e.to_string())?.unwrap_or_default();
        held += line.strip_prefix("ready ").and_then(|n| n.parse::<usize>().ok()).unwrap_or(0);
    }
    // Connections settle (welcomes sent, initial messages) before memory is read.
    tokio::time::sleep(Duration::from_secs(2)).await;
    tokio::time::sleep_until(settle).await;
    let after = rss(pids);
    let at = |minutes: i64| townboard_server::time::format(&(chrono::Utc::now() + chrono::Duration::minutes(minutes)));
    let body = json!({ "text": "[벤치] 재난 안내 시험 발송", "startAt": at(-1), "endAt": at(10), "targetType": "all" });
    let headers = vec![("cookie".to_string(), cookie.to_string())];
    let (status, _, answer) = send(http, Call::post_json(format!("{}/api/content/urgentMsg/jsonSave.do", bases[0]), &body, headers.clone())).await?;
    let saved_at = now_ms();
    let answer: Value = serde_json::from_slice(&answer).unwrap_or(Value::Null);
    if status != 200 {
        return Err(format!("saving the urgent message answered {status}: {answer}"));
    }
    tokio::time::sleep(Duration::from_secs(8)).await;
    // A command to one screen among them: a capture of screen 1.
    let (status, _, _) = send(http, Call::post_json(format!("{}/api/media/1/capture.do", bases[0]), &json!({}), headers.clone())).await?;
    let asked_at = now_ms();
    if status != 200 {
        return Err(format!("asking for a capture answered {status}"));
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let silent = match silent {
        Some(check) => Some(drop_and_watch(&mut children[0].0, check).await?),
        None => None,
    };
    let mut latencies = Vec::new();
    let mut command_ms = None;
    for (mut child, _, out) in children {
        drop(child.stdin.take());
        let _ = tokio::time::timeout(Duration::from_secs(30), child.wait()).await;
        let got: Value = serde_json::from_str(&std::fs::read_to_string(&out).unwrap_or_default()).unwrap_or(Value::Null);
        latencies.extend(got["urgent"].as_array().into_iter().flatten().filter_map(Value::as_f64).map(|t| (t - saved_at).max(0.0)));
        if let Some(t) = got["command"].as_array().and_then(|c| c.first()).and_then(Value::as_f64) {
            command_ms = Some((t - asked_at).max(0.0));
        }
    }
    let um_idx = answer["data"]["umIdx"].clone();
    let _ = send(http, Call::post_json(format!("{}/api/content/urgentMsg/jsonStop.do", bases[0]), &json!({ "umIdx": um_idx }), headers)).await;
    latencies.sort_by(f64::total_cmp);
    let within = latencies.iter().filter(|l| **l <= 2000.0).count();
    Ok(Figures {
        screens: held,
        processes: bases.len(),
        reached: latencies.len(),
        p50_ms: percentile(&latencies, 0.5),
        p99_ms: percentile(&latencies, 0.99),
        within_2s_pct: if held > 0 { within as f64 * 100.0 / held as f64 } else { 0.0 },
        server_rss_mb: after,
        rss_per_connection_kb: if held > 0 { (after - before).max(0.0) * 1024.0 / held as f64 } else { 0.0 },
        command_ms,
        silent,
    })
}

/// Drops the first [`DROPPED`] screens of the first client and watches, four times a second for up
/// to five minutes, until every one shows as a fault (anomaly, abnormal or fault) and the operators
/// were told of each.
async fn drop_and_watch(client: &mut tokio::process::Child, check: SilentCheck<'_>) -> Result<Silent, String> {
    use sea_orm::{ConnectionTrait, Statement};
    use tokio::io::AsyncWriteExt;
    let stdin = client.stdin.as_mut().ok_or("the first client's input")?;
    stdin.write_all(format!("drop {DROPPED}\n").as_bytes()).await.map_err(|e| e.to_string())?;
    stdin.flush().await.map_err(|e| e.to_string())?;
    let dropped_at = tokio::time::Instant::now();
    let count = format!("SELECT COUNT(*) AS n FROM media WHERE media_id <= {DROPPED} AND media_status IN (2, 3, 4)");
    let mut shown_within_s = None;
    while dropped_at.elapsed() < Duration::from_secs(300) {
        tokio::time::sleep(Duration::from_millis(250)).await;
        if shown_within_s.is_none() {
            let row = check.db.query_one_raw(Statement::from_string(check.db.get_database_backend(), count.clone())).await.map_err(|e| e.to_string())?;
            let shown: i64 = row.and_then(|r| r.try_get("", "n").ok()).unwrap_or(0);
            if shown as usize >= DROPPED {
                shown_within_s = Some(dropped_at.elapsed().as_secs_f64());
            }
        }
        if shown_within_s.is_some() && check.alerts.silent_among(1..=DROPPED as i64) >= DROPPED {
            break;
        }
    }
    Ok(Silent { dropped: DROPPED, shown_within_s, alerted: check.alerts.silent_among(1..=DROPPED as i64) })
}
