//! Command line: `townboard serve` (the default).

use crate::config::Config;
use crate::state::{AppState, Clock};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;
use tracing_subscriber::EnvFilter;

const USAGE: &str = "usage: townboard [serve] | simulate-players --server URL (--serials A,B | --serial-prefix P --count N) [--rounds R] [--interval-secs S]";

pub async fn run(args: Vec<String>) -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("TOWNBOARD_LOG").unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,sea_orm=warn,memory_serve=warn")))
        .init();
    if args.first().map(String::as_str) == Some("simulate-players") {
        let outcome = match crate::simulate::Options::parse(&args[1..]) {
            Ok(opts) => crate::simulate::run(opts).await,
            Err(e) => Err(format!("{e}\n{USAGE}")),
        };
        return match outcome {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("{e}");
                ExitCode::FAILURE
            }
        };
    }
    let config = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("configuration: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match args.first().map(String::as_str) {
        None | Some("serve") => serve(config).await,
        Some(other) => Err(format!("unknown command {other}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            ExitCode::FAILURE
        }
    }
}

/// Connects, migrates, seeds and builds the state shared by every command.
pub async fn start(config: Config) -> Result<AppState, String> {
    crate::time::set_offset(config.tz_offset_secs);
    if !config.clock_offset.is_zero() {
        tracing::warn!(offset_secs = config.clock_offset.num_seconds(), "the application clock is shifted (TOWNBOARD_CLOCK_OFFSET)");
    }
    if config.database_url.0.starts_with("sqlite:") {
        std::fs::create_dir_all(&config.data_dir).map_err(|e| format!("data directory {}: {e}", config.data_dir.display()))?;
    }
    let pools = crate::db::connect(&config.database_url.0).await.map_err(|e| format!("database: {e}"))?;
    let db = pools.write.clone();
    let generated = crate::db::prepare(&db, config.admin_password.as_ref().map(|s| s.0.as_str())).await.map_err(|e| format!("database setup: {e}"))?;
    if let Some(password) = generated {
        // Printed once, on the first start only; the account must change it at first login.
        tracing::warn!("created the manager account 'admin' with the initial password: {password}");
    }
    let login_key = crate::auth::keys::LoginKey::load_or_create(&db).await.map_err(|e| format!("login key: {e}"))?;
    let files = crate::storage::FileStore::new(config.data_dir.join("files"));
    let login_limiter = Arc::new(crate::auth::limiter::RateLimiter::new(config.login_limit_per_minute, Duration::from_secs(60)));
    let clock = Clock::with_offset(config.clock_offset);
    Ok(AppState {
        files,
        db: pools.read.clone(),
        writer: pools.write.clone(),
        clock,
        config: Arc::new(config),
        login_key: Arc::new(login_key),
        login_limiter,
        jobs: Arc::new(crate::state::Jobs::new()),
        callers: Default::default(),
        devices: Default::default(),
        beats: Default::default(),
        memo: Default::default(),
        ingestion: crate::player::pop::Ingestion::start(pools.write.clone()),
    })
}

async fn serve(config: Config) -> Result<(), String> {
    let bind = config.bind;
    let state = start(config).await?;
    crate::jobs::spawn(state.clone());
    if state.config.heartbeat_flush_ms > 0 {
        crate::player::beat_writer::spawn(state.clone(), Duration::from_millis(state.config.heartbeat_flush_ms));
    }
    let app = crate::app::router(state);
    let listener = tokio::net::TcpListener::bind(bind).await.map_err(|e| format!("bind {bind}: {e}"))?;
    tracing::info!("listening on http://{bind}");
    axum::serve(listener, app.into_make_service_with_connect_info::<std::net::SocketAddr>())
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await
        .map_err(|e| e.to_string())
}
