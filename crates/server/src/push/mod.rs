//! The push channel (api.md "Push channel"): every screen holds one WebSocket to whichever process
//! the load balancer gave it, and what any process saves for a screen reaches it at once: urgent
//! messages (the whole set in force for the screen, whenever it changes), commands, and the news
//! that its loop changed. A change is published as an [`Event`]; on PostgreSQL through
//! `NOTIFY townboard_push` (one listening connection a process), on SQLite in the process. Each
//! process then tells the screens it holds ([`hub`]). Heartbeats stay the fallback for all of it.

pub mod channel;
pub mod client;
pub mod held;
pub mod hub;
pub mod reach;

pub use held::{Event, Push};

use crate::state::AppState;
use sea_orm::{ConnectionTrait, DatabaseBackend};
use std::time::Duration;
use tokio::sync::broadcast;

/// The PostgreSQL channel the processes listen on.
const CHANNEL: &str = "townboard_push";

/// The most groups one loop event names (a notification carries at most 8,000 bytes).
const GROUPS_AN_EVENT: usize = 500;

/// Tells every screen of these groups that its loop of `date` changed.
pub async fn loops_changed(state: &AppState, mg_ids: &[i64], date: chrono::NaiveDate) {
    let date = date.format("%Y-%m-%d").to_string();
    for piece in mg_ids.chunks(GROUPS_AN_EVENT) {
        publish(state, Event::Schedule { mg_ids: piece.to_vec(), date: date.clone() }).await;
    }
}

/// Tells every process of `event`: a notification on PostgreSQL (this process hears its own),
/// at once in the process on SQLite. A failure is logged: heartbeats carry the change anyway.
pub async fn publish(state: &AppState, event: Event) {
    if state.db.get_database_backend() != DatabaseBackend::Postgres {
        let _ = state.push.heard.send(event);
        return;
    }
    use sea_orm::sea_query::{Expr, Func, Query};
    let payload = serde_json::to_string(&event).unwrap_or_default();
    let notify = Query::select().expr(Func::cust("pg_notify").arg(Expr::val(CHANNEL)).arg(Expr::val(payload))).to_owned();
    if let Err(e) = state.db.execute(&notify).await {
        tracing::error!(error = %e, ?event, "could not publish a push event");
        let _ = state.push.heard.send(event);
    }
}

/// Starts the process's listener (PostgreSQL) and the loop that tells its screens of what it hears,
/// of urgent messages coming into force or ending on time, and of its own screens' liveness.
pub fn spawn(state: AppState) {
    if state.db.get_database_backend() == DatabaseBackend::Postgres {
        tokio::spawn(listen(state.clone()));
    }
    tokio::spawn(reach::write_loop(state.clone()));
    tokio::spawn(async move {
        let mut heard = state.push.heard.subscribe();
        loop {
            let next = hub::next_urgent_boundary(&state).await;
            let wait = next.map_or(Duration::from_secs(60), |at| (at - state.clock.now()).to_std().unwrap_or(Duration::ZERO).min(Duration::from_secs(60)));
            tokio::select! {
                event = heard.recv() => match event {
                    Ok(event) => hub::tell(&state, event).await,
                    // Events were missed: every screen's urgent set is worked out again.
                    Err(broadcast::error::RecvError::Lagged(_)) => hub::tell(&state, Event::Urgent).await,
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                _ = tokio::time::sleep(wait) => hub::tell(&state, Event::Urgent).await,
            }
        }
    });
}

/// Hears the other processes' events (and this one's) on PostgreSQL; after a lost connection,
/// which may have lost events, every screen's urgent set is worked out again.
async fn listen(state: AppState) {
    use sea_orm::sqlx::postgres::PgListener;
    let pool = state.db.get_postgres_connection_pool().clone();
    loop {
        let mut listener = match PgListener::connect_with(&pool).await {
            Ok(l) => l,
            Err(e) => {
                tracing::error!(error = %e, "push: cannot listen; trying again");
                tokio::time::sleep(Duration::from_secs(2)).await;
                continue;
            }
        };
        if let Err(e) = listener.listen(CHANNEL).await {
            tracing::error!(error = %e, "push: LISTEN failed; trying again");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        let _ = state.push.heard.send(Event::Urgent);
        loop {
            match listener.try_recv().await {
                Ok(Some(note)) => match serde_json::from_str::<Event>(note.payload()) {
                    Ok(event) => {
                        let _ = state.push.heard.send(event);
                    }
                    Err(e) => tracing::warn!(error = %e, "push: an event that does not read"),
                },
                // The connection was lost (and is made again by the next receive).
                Ok(None) => {
                    let _ = state.push.heard.send(Event::Urgent);
                }
                Err(e) => {
                    tracing::error!(error = %e, "push: listening failed");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    break;
                }
            }
        }
    }
}
