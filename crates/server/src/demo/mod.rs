//! `townboard seed-demo`: a plausible network in an empty database, with six weeks of history.
//!
//! The demo is made the way a real network would have grown, through the server's own code:
//! one manager account is written like `admin`; everything else is a call of the API through the
//! real router, as the user who would make it (the operator approves, sales agents write
//! campaigns for the advertisers they bring in, the installer registers devices...), on days
//! reached by moving the application clock back and forward ([`timeline`]); the jobs
//! (transcoding, plans, daily campaign steps, status sweeps, the month's closing) run as they
//! would. Only proof of play is written straight into its daily rollups ([`playback`]).
//!
//! Whose data a database holds is told by [`marker`]: the demo fills only a database the server
//! has just set up, and a second run on the demo's own, unchanged data changes nothing and
//! announces the same logins.

mod assets;
mod campaigns;
mod cast;
mod client;
mod marker;
mod materials;
mod money;
mod network;
mod notices;
mod playback;
mod story;
mod timeline;
mod world;

use crate::config::Config;
use std::time::Instant;
use tracing::instrument::WithSubscriber;

/// The demo users' password when `TOWNBOARD_DEMO_PASSWORD` is not set.
pub const DEFAULT_PASSWORD: &str = "Townboard-Demo-2026";

/// The password every demo user gets, checked against the password policy for each of them.
fn password() -> Result<(String, bool), String> {
    let (password, given) = match std::env::var("TOWNBOARD_DEMO_PASSWORD") {
        Ok(p) if !p.is_empty() => (p, true),
        _ => (DEFAULT_PASSWORD.to_string(), false),
    };
    for (_, u_id) in cast::LOGINS {
        if let Err(problem) = townboard_domain::password::check_password(&password, u_id) {
            return Err(format!("TOWNBOARD_DEMO_PASSWORD does not suit the demo user {u_id}: {}", problem.message()));
        }
    }
    Ok((password, given))
}

/// The log while the story plays, when the log is left at its defaults: the story's hundreds of
/// API calls are nobody's requests, so their request lines are left out. A filter or a format
/// asked for (`TOWNBOARD_LOG`, `TOWNBOARD_LOG_FORMAT`) is kept as it is.
fn story_log() -> Option<tracing::Dispatch> {
    let format = std::env::var("TOWNBOARD_LOG_FORMAT").unwrap_or_default();
    let defaults = std::env::var_os("TOWNBOARD_LOG").is_none() && matches!(format.trim(), "" | "text");
    let filter = format!("info,sqlx=warn,sea_orm=warn,memory_serve=warn,{}=warn", crate::logging::REQUEST_TARGET);
    defaults.then(|| tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::new(filter)).finish().into())
}

/// The default password, told when it is the one the demo users have.
fn announce_password(password: &str) {
    println!("demo-password {password} (set TOWNBOARD_DEMO_PASSWORD to choose another)");
}

/// One line per demo login on stdout (`demo-login <roleCd> <uId>`).
fn announce_logins() {
    for (role, u_id) in cast::LOGINS {
        println!("demo-login {} {u_id}", role.code());
    }
}

/// Whether the database holds the demo, as the demo left it (true) or nothing but what the
/// server made on its first start (false); anything else is refused with what was found.
async fn holds_the_demo(db: &sea_orm::DatabaseConnection) -> Result<bool, String> {
    let found = marker::fingerprint(db).await.map_err(|e| e.to_string())?;
    match marker::read(db).await? {
        marker::Mark::Done(left) => {
            let changed = marker::differences(&found, &left, "the demo");
            if changed.is_empty() {
                return Ok(true);
            }
            Err(format!("the database holds the demo with data the demo did not make ({}); seed-demo changed nothing", changed.join("; ")))
        }
        marker::Mark::Unfinished => {
            Err("an earlier seed-demo stopped before it finished (env DEMO_DATA says seeding); start again on an empty database".into())
        }
        marker::Mark::Absent => {
            let changed = marker::differences(&found, &marker::fresh_fingerprint().await?, "a new database");
            if changed.is_empty() {
                return Ok(false);
            }
            Err(format!("the database holds data the demo did not make ({}); seed-demo fills only an empty database and changed nothing", changed.join("; ")))
        }
    }
}

pub async fn seed(mut config: Config) -> Result<(), String> {
    let (password, given) = password()?;
    // The demo's generated clips are tiny; unless told otherwise they encode at the fastest preset.
    if std::env::var_os("TOWNBOARD_ENCODE_PRESET").is_none() {
        config.encode_preset = "ultrafast".into();
    }
    let state = crate::boot::start(config).await?;
    if holds_the_demo(&state.db).await? {
        tracing::info!("the database already holds the demo: nothing to do");
        if !given && cast::manager_password_is(&state, &password).await? {
            announce_password(&password);
        }
        announce_logins();
        return Ok(());
    }
    assets::check_tools().await?;
    let started = Instant::now();
    marker::begin(&state.db).await?;
    let mut demo = world::Demo::new(&state, password.clone(), assets::work_dir(&state.config.data_dir));
    let played = match story_log() {
        Some(log) => story::play(&mut demo).with_subscriber(log).await,
        None => story::play(&mut demo).await,
    };
    demo.time.present();
    let _ = tokio::fs::remove_dir_all(&demo.work).await;
    played.map_err(|e| format!("seed-demo stopped: {e} (the database is partly filled: start again on an empty database)"))?;
    marker::finish(&state.db).await?;
    tracing::info!(seconds = started.elapsed().as_secs_f64(), "demo seeded");
    if !given {
        announce_password(&password);
    }
    announce_logins();
    Ok(())
}
