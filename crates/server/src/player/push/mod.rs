//! The process's side of the push channel (api.md "Push channel"): the WebSocket each screen
//! holds ([`channel`]), the loop that tells the screens this process holds of every event it hears
//! ([`hub`]), the receipts of urgent messages written in batches ([`reach`]), and the screens whose
//! channels closed looked at once their silence runs out ([`silence`]). Events are published
//! through `crate::push`.

pub mod channel;
pub mod hub;
pub mod reach;
pub mod silence;

use crate::push::{CHANNEL, Event};
use crate::state::AppState;
use sea_orm::DatabaseBackend;
use std::time::Duration;
use tokio::sync::broadcast;

/// Starts the process's listener and the teller of its writes (PostgreSQL: `crate::kept::peers`),
/// and the loop that tells its screens of what it hears, of urgent messages coming into force or
/// ending on time, and of its own screens' liveness and silence.
pub fn spawn(state: AppState) {
    if state.db.get_database_backend() == DatabaseBackend::Postgres {
        tokio::spawn(listen(state.clone()));
        crate::kept::peers::start(state.db.clone());
    }
    tokio::spawn(reach::write_loop(state.clone()));
    tokio::spawn(silence::check_loop(state.clone()));
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

/// Hears the other processes' events (and this one's) on PostgreSQL, and their writes
/// (`crate::kept::peers`); after a lost connection, which may have lost events, every screen's
/// urgent set is worked out again and nothing kept before is served.
async fn listen(state: AppState) {
    use crate::kept::peers;
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
        if let Err(e) = listener.listen_all([CHANNEL, peers::CHANNEL]).await {
            tracing::error!(error = %e, "push: LISTEN failed; trying again");
            tokio::time::sleep(Duration::from_secs(2)).await;
            continue;
        }
        peers::lost();
        let _ = state.push.heard.send(Event::Urgent);
        loop {
            match listener.try_recv().await {
                Ok(Some(note)) if note.channel() == peers::CHANNEL => peers::heard(note.payload()),
                Ok(Some(note)) => match serde_json::from_str::<Event>(note.payload()) {
                    Ok(event) => {
                        let _ = state.push.heard.send(event);
                    }
                    Err(e) => tracing::warn!(error = %e, "push: an event that does not read"),
                },
                // The connection was lost: listen again on a new one, and only then work the
                // urgent sets out again and retire what is kept, so that nothing sent while it
                // was being made again is missed.
                Ok(None) => {
                    tracing::warn!("push: the listening connection was lost; listening again");
                    break;
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
