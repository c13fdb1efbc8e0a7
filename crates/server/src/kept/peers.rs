//! Writes told to the other processes on one PostgreSQL database, and heard from them: what one
//! process keeps ([`super::reads`]) is retired by another's write within a moment of its commit,
//! not only when its keep runs out. Each process gathers the tables (and columns) it wrote for
//! [`GATHER`] and publishes them in one `NOTIFY` on [`CHANNEL`]; the others count them as writes
//! of their own. A write made outside a request (a job, a batch writer) is seen before its commit,
//! so it is told once more a second later; a lost listening connection retires everything
//! ([`lost`]). On SQLite one process serves the database and nothing is told.

use super::reads::{self, Write};
use sea_orm::sea_query::{Expr, Func, Query};
use sea_orm::{ConnectionTrait, DatabaseConnection};
use serde::{Deserialize, Serialize};
use std::hash::{BuildHasher, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{LazyLock, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;

/// The PostgreSQL channel writes are told on.
pub const CHANNEL: &str = "townboard_writes";
/// How long writes are gathered before they are told: a process tells at most this often.
const GATHER: Duration = Duration::from_millis(50);
/// When a write seen before its commit is told again.
const AGAIN_AFTER: Duration = Duration::from_secs(1);
/// The longest payload sent (PostgreSQL takes at most 8,000 bytes).
const PAYLOAD_MAX: usize = 7_000;

/// This process, so that it passes over its own writes when it hears them.
static ME: LazyLock<u64> = LazyLock::new(|| std::collections::hash_map::RandomState::new().build_hasher().finish());

/// A write to tell, and whether it was committed when seen.
type Told = (Write, bool);

/// The publishers started in this process (one a database a test runs; one in a server).
static OUTBOXES: Mutex<Vec<mpsc::UnboundedSender<Told>>> = Mutex::new(Vec::new());
/// Whether a publisher was ever started: on SQLite none is, and a write statement passes by
/// without taking the outboxes' lock.
static TELLING: AtomicBool = AtomicBool::new(false);

#[derive(Serialize, Deserialize)]
struct Note {
    from: u64,
    writes: Vec<Write>,
}

/// Starts telling this process's writes on `db` (PostgreSQL only).
pub fn start(db: DatabaseConnection) {
    let (tx, rx) = mpsc::unbounded_channel();
    OUTBOXES.lock().expect("outboxes lock").push(tx);
    TELLING.store(true, Ordering::Release);
    tokio::spawn(publish_loop(db, rx));
}

/// Tells the other processes of a write: `committed` when its transaction has ended (a request's
/// writes, told once it is done), else it is told again after [`AGAIN_AFTER`].
pub fn tell(write: &Write, committed: bool) {
    if !TELLING.load(Ordering::Acquire) {
        return;
    }
    let mut outboxes = OUTBOXES.lock().expect("outboxes lock");
    if !outboxes.is_empty() {
        outboxes.retain(|tx| tx.send((write.clone(), committed)).is_ok());
    }
}

/// A note heard on [`CHANNEL`]: another process's writes, counted as this one's.
pub fn heard(payload: &str) {
    match serde_json::from_str::<Note>(payload) {
        Ok(note) if note.from != *ME => note.writes.iter().for_each(reads::wrote),
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "writes told by another process that do not read"),
    }
}

/// The listening connection was lost or made again: writes told meanwhile were missed, so nothing
/// kept before is served.
pub fn lost() {
    reads::wrote_everything();
}

async fn publish_loop(db: DatabaseConnection, mut rx: mpsc::UnboundedReceiver<Told>) {
    let mut again: Vec<(tokio::time::Instant, Write)> = Vec::new();
    loop {
        let first_again = again.first().map(|(at, _)| *at);
        let first = tokio::select! {
            told = rx.recv() => match told { Some(told) => Some(told), None => return },
            _ = tokio::time::sleep_until(first_again.unwrap_or_else(|| tokio::time::Instant::now() + Duration::from_secs(3600))), if first_again.is_some() => None,
        };
        tokio::time::sleep(GATHER).await;
        let mut writes: Vec<Write> = Vec::new();
        let mut add = |write: Write, committed: bool, writes: &mut Vec<Write>| {
            // Told again a second after its latest sighting (kept in order of when it is due).
            if !committed {
                again.retain(|(_, w)| *w != write);
                again.push((tokio::time::Instant::now() + AGAIN_AFTER, write.clone()));
            }
            if !writes.contains(&write) {
                writes.push(write);
            }
        };
        if let Some((write, committed)) = first {
            add(write, committed, &mut writes);
        }
        while let Ok((write, committed)) = rx.try_recv() {
            add(write, committed, &mut writes);
        }
        let now = tokio::time::Instant::now();
        let due = again.iter().take_while(|(at, _)| *at <= now).count();
        for (_, write) in again.drain(..due) {
            if !writes.contains(&write) {
                writes.push(write);
            }
        }
        for payload in payloads(writes) {
            let notify = Query::select().expr(Func::cust("pg_notify").arg(Expr::val(CHANNEL)).arg(Expr::val(payload))).to_owned();
            if let Err(e) = db.execute(&notify).await {
                tracing::warn!(error = %e, "could not tell the other processes of writes");
            }
        }
    }
}

/// The notes telling `writes`, each under [`PAYLOAD_MAX`] bytes.
fn payloads(writes: Vec<Write>) -> Vec<String> {
    let mut payloads = Vec::new();
    let mut note = Note { from: *ME, writes: Vec::new() };
    for write in writes {
        note.writes.push(write);
        if note.writes.len() > 1 && serde_json::to_string(&note).map_or(0, |s| s.len()) > PAYLOAD_MAX {
            let last = note.writes.pop().expect("a write");
            payloads.push(serde_json::to_string(&note).unwrap_or_default());
            note.writes = vec![last];
        }
    }
    if !note.writes.is_empty() {
        payloads.push(serde_json::to_string(&note).unwrap_or_default());
    }
    payloads
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(table: &str, columns: &[&str]) -> Write {
        Write { table: table.into(), columns: columns.iter().map(|c| c.to_string()).collect() }
    }

    #[test]
    fn many_writes_are_told_in_notes_postgresql_takes() {
        let writes: Vec<Write> = (0..400).map(|n| write(&format!("table_{n:03}"), &["a_column", "another_column"])).collect();
        let told = payloads(writes.clone());
        assert!(told.len() > 1, "split");
        assert!(told.iter().all(|p| p.len() <= PAYLOAD_MAX), "each under the limit");
        let heard: Vec<Write> = told.iter().flat_map(|p| serde_json::from_str::<Note>(p).expect("a note").writes).collect();
        assert_eq!(heard, writes, "every write, once, in order");
    }

    #[test]
    fn a_note_from_another_process_is_counted_and_one_of_its_own_is_not() {
        let sql = r#"SELECT COUNT(*) FROM "peers_test_table""#;
        let before = reads::signature(sql);
        let note = |from: u64| serde_json::to_string(&Note { from, writes: vec![write("peers_test_table", &[])] }).unwrap();
        heard(&note(*ME));
        assert_eq!(reads::signature(sql), before, "its own writes were counted when made");
        heard(&note(*ME ^ 1));
        assert_eq!(reads::signature(sql), before + 1, "another's write retires what was read before it");
        heard("not a note");
        assert_eq!(reads::signature(sql), before + 1);
    }
}
