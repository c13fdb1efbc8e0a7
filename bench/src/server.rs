//! The servers under test: a fresh database for a pass, and release `serve` processes on it.

use crate::load::{Call, Http, send};
use sea_orm::{ConnectionTrait, Database};
use std::path::Path;
use std::time::{Duration, Instant};
use tokio::process::Child;

/// The database the PostgreSQL passes write their data set into (dropped and made again).
const PG_DATABASE: &str = "townboard_bench";

/// Where a pass keeps its data.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The URL of an empty database for `backend`: a new SQLite file in `dir`, or the bench database
/// made again on the PostgreSQL server at `pg_url`.
pub async fn fresh_database(backend: Backend, dir: &Path, pg_url: &str) -> Result<String, String> {
    match backend {
        Backend::Sqlite => {
            let file = dir.join("townboard.db");
            for suffix in ["", "-wal", "-shm"] {
                let _ = std::fs::remove_file(format!("{}{suffix}", file.display()));
            }
            Ok(format!("sqlite://{}?mode=rwc", file.display()))
        }
        Backend::Postgres => {
            let admin = Database::connect(format!("{pg_url}/postgres")).await.map_err(|e| format!("connecting to {pg_url}: {e}"))?;
            for sql in [format!("DROP DATABASE IF EXISTS {PG_DATABASE} WITH (FORCE)"), format!("CREATE DATABASE {PG_DATABASE}")] {
                admin.execute_unprepared(&sql).await.map_err(|e| e.to_string())?;
            }
            admin.close().await.ok();
            Ok(format!("{pg_url}/{PG_DATABASE}"))
        }
    }
}

/// Release `serve` processes on one database and file store, each on its own port.
pub struct Servers {
    children: Vec<Child>,
    pub bases: Vec<String>,
    pub pids: Vec<u32>,
}

impl Servers {
    /// Starts `processes` servers; `env` adds or overrides their environment.
    pub async fn start(
        bin: &Path,
        dir: &Path,
        database_url: &str,
        first_port: u16,
        processes: usize,
        http: &Http,
        env: &[(&str, &str)],
    ) -> Result<Servers, String> {
        let mut servers = Servers { children: Vec::new(), bases: Vec::new(), pids: Vec::new() };
        for i in 0..processes {
            let port = first_port + i as u16;
            let child = tokio::process::Command::new(bin)
                .arg("serve")
                .env("TOWNBOARD_DATA_DIR", dir)
                .env("TOWNBOARD_DATABASE_URL", database_url)
                .env("TOWNBOARD_BIND", format!("127.0.0.1:{port}"))
                .env("TOWNBOARD_WEB_DIR", dir.join("no-web"))
                .env("TOWNBOARD_LOGIN_LIMIT_PER_MINUTE", "1000000")
                // Warnings only, unless the bench itself was started with a log filter for them.
                .env("TOWNBOARD_LOG", std::env::var("TOWNBOARD_LOG").unwrap_or_else(|_| "warn".into()))
                .env("TOWNBOARD_STATEMENT_HEADER", "1")
                .envs(env.iter().copied())
                .kill_on_drop(true)
                .spawn()
                .map_err(|e| format!("starting {}: {e}", bin.display()))?;
            servers.pids.push(child.id().unwrap_or_default());
            servers.children.push(child);
            servers.bases.push(format!("http://127.0.0.1:{port}"));
        }
        for base in &servers.bases {
            wait_healthy(http, base).await?;
        }
        Ok(servers)
    }

    pub async fn stop(mut self) {
        for child in &mut self.children {
            let _ = child.kill().await;
        }
    }
}

async fn wait_healthy(http: &Http, base: &str) -> Result<(), String> {
    let started = Instant::now();
    loop {
        if let Ok((200, _, _)) = send(http, Call::get(format!("{base}/healthz"), vec![])).await {
            return Ok(());
        }
        if started.elapsed() > Duration::from_secs(60) {
            return Err(format!("{base} did not answer /healthz within 60 s"));
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}
