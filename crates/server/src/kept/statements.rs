//! Counting the SQL statements each request runs (`x-db-statements` when asked for, and a total
//! for the metrics): the cost of a call in round trips, which the benchmark prints beside its
//! latency so that a statement added to a hot path shows.

use std::cell::{Cell, RefCell};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a request knows of its statements: how many ran, which database they went to, and the
/// tables they wrote.
struct InRequest {
    statements: Cell<u32>,
    database: Arc<str>,
    written: RefCell<Vec<String>>,
}

tokio::task_local! {
    static IN_REQUEST: InRequest;
    /// The tables read by the work [`reading`] runs, as quoted names.
    static READING: RefCell<String>;
}

static TOTAL: AtomicU64 = AtomicU64::new(0);

/// Called by the database layer for every statement it runs.
pub fn record(sql: &str) {
    TOTAL.fetch_add(1, Ordering::Relaxed);
    let written = super::reads::seen(sql);
    let _ = READING.try_with(|tables| super::reads::add_tables_read(sql, &mut tables.borrow_mut()));
    let _ = IN_REQUEST.try_with(|r| {
        r.statements.set(r.statements.get() + 1);
        if let Some(table) = written
            && !r.written.borrow().iter().any(|t| t == table)
        {
            r.written.borrow_mut().push(table.to_string());
        }
    });
}

/// Runs a request's future against `database` and answers its output with the statements it ran.
/// The tables it wrote are written again once it is done, after its commit (see `super::reads`).
pub async fn counted<F: Future>(database: Arc<str>, work: F) -> (F::Output, u32) {
    IN_REQUEST
        .scope(InRequest { statements: Cell::new(0), database, written: RefCell::default() }, async move {
            let out = work.await;
            IN_REQUEST.with(|r| {
                for table in r.written.borrow().iter() {
                    super::reads::wrote(table);
                }
                (out, r.statements.get())
            })
        })
        .await
}

/// Runs `work` and answers with its output the tables its statements read, as quoted names
/// (`"corp" "user"`): what a kept read made by it must be signed with (`super::reads::signature`).
pub async fn reading<F: Future>(work: F) -> (F::Output, String) {
    READING
        .scope(RefCell::default(), async move {
            let out = work.await;
            (out, READING.with(|tables| tables.take()))
        })
        .await
}

/// The database of the request being served, if any.
pub fn database() -> Option<Arc<str>> {
    IN_REQUEST.try_with(|r| r.database.clone()).ok()
}

/// The database of the request being served if it has written nothing yet: what it reads then is
/// committed, and may be kept for other requests (`super::reads`).
pub fn keeping() -> Option<Arc<str>> {
    IN_REQUEST.try_with(|r| r.written.borrow().is_empty().then(|| r.database.clone())).ok().flatten()
}

/// Statements run by this process since it started.
pub fn total() -> u64 {
    TOTAL.load(Ordering::Relaxed)
}
