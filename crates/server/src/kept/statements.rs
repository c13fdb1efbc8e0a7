//! Counting the SQL statements each request runs (`x-db-statements` when asked for, and a total
//! for the metrics): the cost of a call in round trips, which the benchmark prints beside its
//! latency so that a statement added to a hot path shows.

use sea_orm::{DatabaseConnection, Statement};
use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// What a request knows of its statements: how many ran, which database they went to (and pools
/// of it), whether its client asked for a fresh answer, and the tables they wrote.
struct InRequest {
    statements: Cell<u32>,
    database: Arc<str>,
    pools: RequestPools,
    fresh: bool,
    written: RefCell<Vec<super::reads::Write>>,
}

tokio::task_local! {
    static IN_REQUEST: InRequest;
    /// The tables read by the work [`reading`] runs, as quoted names.
    static READING: RefCell<String>;
}

static TOTAL: AtomicU64 = AtomicU64::new(0);

/// Which statements are being kept whole for [`captured`] (a test of query plans turns it on):
/// none, every one the process runs, or only those run for a request.
static CAPTURING: AtomicU8 = AtomicU8::new(NOT_CAPTURING);
const NOT_CAPTURING: u8 = 0;
const CAPTURING_ALL: u8 = 1;
const CAPTURING_REQUESTS: u8 = 2;
static CAPTURED: Mutex<Vec<Statement>> = Mutex::new(Vec::new());

/// Called by the database layer for every statement it runs.
pub fn record(statement: &Statement) {
    let sql = statement.sql.as_str();
    TOTAL.fetch_add(1, Ordering::Relaxed);
    let written = super::reads::seen(sql);
    let _ = READING.try_with(|tables| super::reads::add_tables_read(sql, &mut tables.borrow_mut()));
    let in_request = IN_REQUEST.try_with(|r| {
        r.statements.set(r.statements.get() + 1);
        if let Some(write) = &written
            && !r.written.borrow().contains(write)
        {
            r.written.borrow_mut().push(write.clone());
        }
    });
    match CAPTURING.load(Ordering::Relaxed) {
        NOT_CAPTURING => {}
        CAPTURING_REQUESTS if in_request.is_err() => {}
        _ => CAPTURED.lock().expect("captured statements").push(statement.clone()),
    }
    // A request's writes are told once it is done; others as they are seen, before their commit.
    if let (Some(write), Err(_)) = (&written, in_request) {
        super::peers::tell(write, false);
    }
}

/// Pools of a request's database beside the connection its handler reads through.
#[derive(Default)]
pub struct RequestPools {
    /// For work the request starts beside it ([`pool`]).
    pub pool: Option<DatabaseConnection>,
    /// Connections that plan each statement once, for the reads whose plan holds for every value
    /// ([`planned`]).
    pub planned: Option<DatabaseConnection>,
}

/// Runs a request's future against `database` (read through `pools`, when it has them) and answers
/// its output with the statements it ran.
/// The tables it wrote are written again once it is done, after its commit (see `super::reads`),
/// and told to the other processes (`super::peers`).
/// A `fresh` request (its client sent `Cache-Control: no-cache`) is answered from the database
/// alone: no page or answer is kept for it nor read from what was kept ([`sharing`] says what it
/// shares: ways to its page, never the page).
pub async fn counted<F: Future>(database: Arc<str>, pools: RequestPools, fresh: bool, work: F) -> (F::Output, u32) {
    IN_REQUEST
        .scope(InRequest { statements: Cell::new(0), database, pools, fresh, written: RefCell::default() }, async move {
            let out = work.await;
            IN_REQUEST.with(|r| {
                for write in r.written.borrow().iter() {
                    super::reads::wrote(write);
                    super::peers::tell(write, true);
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

/// The database of the request being served if it has written nothing yet and did not ask for a
/// fresh answer: what it reads then is committed, and may be kept for other requests, or answered
/// from what was kept (`super::reads`).
pub fn keeping() -> Option<Arc<str>> {
    IN_REQUEST.try_with(|r| (!r.fresh && r.written.borrow().is_empty()).then(|| r.database.clone())).ok().flatten()
}

/// A pool of the request's database, for a read that goes on beside the request (its connection
/// may be a transaction, which the read must not outlive).
pub fn pool() -> Option<DatabaseConnection> {
    IN_REQUEST.try_with(|r| r.pools.pool.clone()).ok().flatten()
}

/// The pool that plans each statement once (PostgreSQL), while the request has written nothing:
/// what it reads there is committed, as what it reads through its own connection is.
pub fn planned() -> Option<DatabaseConnection> {
    IN_REQUEST.try_with(|r| r.pools.planned.clone().filter(|_| r.written.borrow().is_empty())).ok().flatten()
}

/// Keeps every statement this process runs from now on, with its values, until [`captured`]:
/// a request's, and those of the work it starts beside it or leaves behind (a list's marks).
pub fn capture() {
    start_capturing(CAPTURING_ALL);
}

/// Keeps the statements requests run from now on, until [`captured`]: not those of the process's
/// own clocks (the writes told to other processes, the proof of play folded, the sweeps), which
/// may run at any moment beside a request.
pub fn capture_requests() {
    start_capturing(CAPTURING_REQUESTS);
}

fn start_capturing(mode: u8) {
    CAPTURED.lock().expect("captured statements").clear();
    CAPTURING.store(mode, Ordering::Relaxed);
}

/// The statements run since [`capture`] or [`capture_requests`], which stops keeping them.
pub fn captured() -> Vec<Statement> {
    CAPTURING.store(NOT_CAPTURING, Ordering::Relaxed);
    std::mem::take(&mut *CAPTURED.lock().expect("captured statements"))
}

/// The database of the request being served if it has written nothing yet, whether or not it
/// asked for a fresh answer: a list's total and marks are facts of its condition and order, shared
/// by every page of it, and serve a fresh request's page too (a page or an answer is never kept
/// for one, nor read from what was kept).
pub fn sharing() -> Option<Arc<str>> {
    IN_REQUEST.try_with(|r| r.written.borrow().is_empty().then(|| r.database.clone())).ok().flatten()
}

/// Statements run by this process since it started.
pub fn total() -> u64 {
    TOTAL.load(Ordering::Relaxed)
}
