//! The push channel (api.md "Push channel"): every screen holds one WebSocket to whichever process
//! the load balancer gave it, and what any process saves for a screen reaches it at once: urgent
//! messages (the whole set in force for the screen, whenever it changes), commands, and the news
//! that its loop changed. A change is published as an [`Event`]; on PostgreSQL through
//! `NOTIFY townboard_push` (one listening connection a process), on SQLite in the process. Each
//! process then tells the screens it holds (the player API's push hub). Heartbeats stay the fallback for all of it.

pub mod client;
pub mod held;
pub mod silence;

pub use held::{Event, Push};

use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection};

/// The PostgreSQL channel the processes listen on.
pub const CHANNEL: &str = "townboard_push";

/// The most groups one loop event names (a notification carries at most 8,000 bytes).
const GROUPS_AN_EVENT: usize = 500;

/// Tells every screen of these groups that its loop of `date` changed.
pub async fn loops_changed(db: &DatabaseConnection, push: &Push, mg_ids: &[i64], date: chrono::NaiveDate) {
    let date = date.format("%Y-%m-%d").to_string();
    for piece in mg_ids.chunks(GROUPS_AN_EVENT) {
        publish(db, push, Event::Schedule { mg_ids: piece.to_vec(), date: date.clone() }).await;
    }
}

/// Tells every process of `event`: a notification on PostgreSQL (this process hears its own),
/// at once in the process on SQLite. A failure is logged: heartbeats carry the change anyway.
pub async fn publish(db: &DatabaseConnection, push: &Push, event: Event) {
    if db.get_database_backend() != DatabaseBackend::Postgres {
        let _ = push.heard.send(event);
        return;
    }
    use sea_orm::sea_query::{Expr, Func, Query};
    let payload = serde_json::to_string(&event).unwrap_or_default();
    let notify = Query::select().expr(Func::cust("pg_notify").arg(Expr::val(CHANNEL)).arg(Expr::val(payload))).to_owned();
    if let Err(e) = db.execute(&notify).await {
        tracing::error!(error = %e, ?event, "could not publish a push event");
        let _ = push.heard.send(event);
    }
}
