//! PostgreSQL's dead row versions, cleared from the tables written all the time.
//!
//! An update leaves the row's old version in the table and an entry in each of its indexes until
//! a vacuum clears them, and every read through those indexes steps over them. Every heartbeat
//! rewrites its screen's row of `media_beat` (100,000 screens beating once a minute: 1,700 a
//! second), the status sweep its screens' rows. PostgreSQL's autovacuum may be off on a server, or
//! come late (by default for a fifth of a table's rows, looked at once a minute): after two
//! million beats left in place, a cold page of the screen list took 105 ms at p99 where it took
//! 19 ms once they were cleared. So every [`EVERY`] each process looks at the counts of dead
//! versions PostgreSQL keeps and vacuums the tables with more than [`DEAD_SHARE`] of their live
//! rows dead (and at least [`DEAD_LEAST`]). A table another process is vacuuming is passed over
//! (`SKIP_LOCKED`): one of them clears it.

use sea_orm::{ConnectionTrait, DatabaseBackend, DatabaseConnection, DbErr, Statement};
use std::time::Duration;

/// The settings of the connection that vacuums: paced as autovacuum is (a pause of 2 ms each
/// 200 units of work), where a `VACUUM` command runs flat out. Run flat out on two cores beside
/// 10,000 heartbeats a second, each vacuum of the heartbeats' table held beats back (p99 111 and
/// 538 ms against 9 to 36 ms with no vacuum; 25 to 38 ms paced). A table passed over because
/// another process holds it (`SKIP_LOCKED`) is told as a warning, which the log would show every
/// few seconds with several processes: only errors are told to this connection.
pub const PACED: [(&str, &str); 3] = [("vacuum_cost_delay", "2"), ("vacuum_cost_limit", "200"), ("client_min_messages", "error")];
/// How often the counts are looked at.
const EVERY: Duration = Duration::from_secs(10);
/// The share of a table's live rows past which its dead versions are cleared.
const DEAD_SHARE: f64 = 0.1;
/// Dead versions never worth a vacuum of their own.
const DEAD_LEAST: i64 = 1_000;

/// Looks every [`EVERY`] and clears what [`sweep`] finds; runs for the life of the process.
pub async fn run(db: DatabaseConnection) {
    let mut every = tokio::time::interval_at(tokio::time::Instant::now() + EVERY, EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        if let Err(e) = sweep(&db).await {
            tracing::warn!(error = %e, "vacuuming the tables written all the time failed");
        }
    }
}

/// Vacuums this database's tables whose dead versions pass [`DEAD_SHARE`] of their live rows, the
/// most dead first; the tables vacuumed (or passed over, being vacuumed elsewhere).
pub async fn sweep(db: &DatabaseConnection) -> Result<Vec<String>, DbErr> {
    if db.get_database_backend() != DatabaseBackend::Postgres {
        return Ok(Vec::new());
    }
    let dead = Statement::from_sql_and_values(
        DatabaseBackend::Postgres,
        "SELECT relname::text FROM pg_stat_user_tables WHERE schemaname = current_schema() AND n_dead_tup >= $1 AND n_dead_tup > n_live_tup * $2 \
         ORDER BY n_dead_tup DESC",
        [DEAD_LEAST.into(), DEAD_SHARE.into()],
    );
    let tables: Vec<String> = db.query_all_raw(dead).await?.iter().map(|row| row.try_get_by_index::<String>(0)).collect::<Result<_, _>>()?;
    for table in &tables {
        // Outside a transaction, as VACUUM must be. Without giving the empty pages at the table's
        // end back: that takes the table from every reader and writer a moment, and the pages
        // are written again soon anyway.
        db.execute_unprepared(&format!("VACUUM (SKIP_LOCKED, TRUNCATE false) \"{}\"", table.replace('"', "\"\""))).await?;
    }
    Ok(tables)
}
