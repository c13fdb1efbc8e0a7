//! Counting the SQL statements each request runs (`x-db-statements` when asked for, and a total
//! for the metrics): the cost of a call in round trips, which the benchmark prints beside its
//! latency so that a statement added to a hot path shows.

use std::cell::Cell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a request knows of its statements: how many ran, and which database they went to.
struct InRequest {
    statements: Cell<u32>,
    database: Arc<str>,
}

tokio::task_local! {
    static IN_REQUEST: InRequest;
}

static TOTAL: AtomicU64 = AtomicU64::new(0);

/// Called by the database layer for every statement it runs.
pub fn record(sql: &str) {
    TOTAL.fetch_add(1, Ordering::Relaxed);
    super::counts::seen(sql);
    let _ = IN_REQUEST.try_with(|r| r.statements.set(r.statements.get() + 1));
}

/// Runs a request's future against `database` and answers its output with the statements it ran.
pub async fn counted<F: Future>(database: Arc<str>, work: F) -> (F::Output, u32) {
    IN_REQUEST
        .scope(InRequest { statements: Cell::new(0), database }, async move {
            let out = work.await;
            (out, IN_REQUEST.with(|r| r.statements.get()))
        })
        .await
}

/// The database of the request being served, if any.
pub fn database() -> Option<Arc<str>> {
    IN_REQUEST.try_with(|r| r.database.clone()).ok()
}

/// Statements run by this process since it started.
pub fn total() -> u64 {
    TOTAL.load(Ordering::Relaxed)
}
