//! Starting the application: connect, migrate, seed, and build the state every command shares
//! (`serve`, `seed-demo`, the tests).

use crate::config::Config;
use crate::state::{AppState, Clock};
use std::sync::Arc;

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
    let (generated, login_key) = prepare(&pools.write, config.admin_password.as_ref().map(|s| s.0.as_str())).await?;
    if let Some(password) = generated {
        // Told once, on the first start only, to the operator's terminal and never to the log;
        // the account must change it at first login.
        tracing::warn!("created the manager account 'admin'; its initial password is on standard error");
        eprintln!("initial password of 'admin': {password}");
    }
    let files = crate::storage::FileStore::open(&config.storage, &config.data_dir).await?;
    let clock = Clock::with_offset(config.clock_offset);
    crate::changes::spawn(pools.read.clone());
    let http = crate::outbound::client(config.ca_file.as_deref())?;
    let state = AppState::new(crate::state::Shared {
        http,
        files,
        db: pools.read.clone(),
        writer: pools.write.clone(),
        planned: pools.planned.clone(),
        clock,
        config: Arc::new(config),
        login_key: Arc::new(login_key),
        jobs: Arc::new(crate::state::Jobs::new()),
        callers: Default::default(),
        devices: Default::default(),
        beats: Default::default(),
        push: Default::default(),
        memo: Default::default(),
        ingestion: crate::intake::pop::Ingestion::start(pools.write.clone(), pools.read.clone()),
    });
    // Heartbeats wait for the writer's flush wherever the state serves them (serve, seed-demo).
    if state.config.heartbeat_group_commit {
        crate::player::beat_writer::spawn(state.clone(), crate::player::beat_writer::GATHER);
    }
    crate::player::push::spawn(state.clone());
    Ok(state)
}

/// Brings a database to what every command expects: migrated, seeded (the manager account with
/// `admin_password`, or a generated password, returned, on an empty database), its lists' indexes
/// made and its login key made or loaded. Nothing else is started.
pub async fn prepare(db: &sea_orm::DatabaseConnection, admin_password: Option<&str>) -> Result<(Option<String>, crate::auth::keys::LoginKey), String> {
    let generated = crate::db::prepare(db, admin_password).await.map_err(|e| format!("database setup: {e}"))?;
    crate::db::list_indexes::ensure(db, crate::api::endpoints().into_iter().flat_map(|e| e.indexes)).await.map_err(|e| format!("list indexes: {e}"))?;
    let login_key = crate::auth::keys::LoginKey::load_or_create(db).await.map_err(|e| format!("login key: {e}"))?;
    Ok((generated, login_key))
}
