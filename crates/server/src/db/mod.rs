//! Database: connection, migrations, entities and seed data.

pub mod checkpoint;
pub mod entity;
pub mod like;
pub mod list_indexes;
pub mod literal_limits;
pub mod migration;
pub mod pieces;
pub mod regions;
pub mod seed;
pub mod vacuum;

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbErr, SqliteTransactionMode, TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use std::time::Duration;

/// The connections of the application: readers, and the connection writes go through.
#[derive(Clone)]
pub struct Pools {
    pub read: DatabaseConnection,
    /// SQLite has one writer at a time: writes queue for a single connection here instead of
    /// sleeping in SQLite's busy handler. On PostgreSQL, the same pool as reads.
    pub write: DatabaseConnection,
    /// PostgreSQL: connections that run each statement by its one plan made without the values
    /// (`plan_cache_mode = force_generic_plan`), for reads whose plan holds for every value
    /// ([`literal_limits`]); a share of the pool's connections, none for a pool under four. SQLite
    /// plans every connection's statements so already (`stable_plans`).
    pub planned: Option<DatabaseConnection>,
}

/// Connections a process keeps to PostgreSQL: `TOWNBOARD_DB_POOL` (2-200), else 32, a quarter of
/// them planning once ([`Pools::planned`]). Processes sharing one server together stay under its
/// `max_connections` (100 by default), each also holding one connection to listen for pushes
/// and, a moment every 10 s, one to vacuum.
fn pg_pool_size() -> u32 {
    std::env::var("TOWNBOARD_DB_POOL").ok().and_then(|v| v.trim().parse().ok()).filter(|n| (2..=200).contains(n)).unwrap_or(32)
}

/// How long a pooled PostgreSQL connection sits idle before it is tried before use (a server,
/// proxy or firewall may have dropped it meanwhile). Tried at every use, as the pool does by
/// default, each statement cost one more round trip to the server (on SQLite, where nothing can
/// hang up, one more trip to the connection's thread): never on SQLite.
const IDLE_BEFORE_PING: Duration = Duration::from_secs(30);

/// Opens the database. SQLite runs in WAL mode (readers never wait for the writer) with
/// `synchronous=NORMAL` (durable at each checkpoint, and a committed transaction survives a process
/// crash), its log checkpointed beside the writer ([`checkpoint`]), a busy timeout for the
/// writer's rare waits, foreign keys, a pool of readers beside one writer, sqlx's
/// per-connection cache of prepared statements, and the file read through a map
/// ([`MMAP_SIZE`]). PostgreSQL gets one pool sized for the process, without JIT compilation, and
/// its dead row versions cleared ([`vacuum`]).
pub async fn connect(url: &str) -> Result<Pools, DbErr> {
    if !url.starts_with("sqlite:") {
        // Each connection's settings: no JIT (compiling one cold report page's statement took
        // 13.7 ms, and every statement here reads one page or one batch, where compiling costs
        // more than it saves), then `more`.
        let postgres = |max: u32, min: u32, more: &'static [(&'static str, &'static str)]| {
            let mut opts = ConnectOptions::new(url);
            opts.sqlx_logging(false)
                .test_before_acquire_if_idle_for(IDLE_BEFORE_PING)
                .acquire_timeout(Duration::from_secs(10))
                .max_connections(max)
                .min_connections(min)
                .map_sqlx_postgres_opts(move |o| o.options([("jit", "off")]).options(more.iter().copied()));
            opts
        };
        // A quarter of the pool plans once a connection: PostgreSQL otherwise plans a page read from
        // a mark again at each run (its plan for the values bound looks cheaper than the plan for
        // any value, and planning it cost three times running it).
        let size = pg_pool_size();
        let planned_size = size / 4;
        let db = counted(Database::connect(postgres(size - planned_size, 2, &[])).await?);
        let planned = match planned_size {
            0 => None,
            n => Some(counted(Database::connect(postgres(n, 0, &[("plan_cache_mode", "force_generic_plan")])).await?)),
        };
        // A connection of its own, as SQLite's checkpoints have (its statements are not the
        // requests'), opened when it looks and closed a second after: with push's listener, a
        // process holds its pool and two more at most.
        let mut own = postgres(1, 0, &vacuum::PACED);
        own.idle_timeout(Duration::from_secs(1));
        tokio::spawn(vacuum::run(Database::connect(own).await?));
        return Ok(Pools { read: db.clone(), write: db, planned });
    }
    without_memory_statistics();
    let sqlite = |max: u32| {
        use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
        let mut opts = ConnectOptions::new(url);
        opts.sqlx_logging(false)
            .test_before_acquire(false)
            .acquire_timeout(Duration::from_secs(30))
            .max_connections(max)
            .min_connections(1)
            .map_sqlx_sqlite_opts(|o| {
                o.journal_mode(SqliteJournalMode::Wal)
                    .synchronous(SqliteSynchronous::Normal)
                    .busy_timeout(Duration::from_secs(10))
                    .foreign_keys(true)
                    .create_if_missing(true)
                    .statement_cache_capacity(256)
                    .pragma("wal_autocheckpoint", "0")
                    .pragma("mmap_size", MMAP_SIZE)
            });
        opts
    };
    let readers = std::thread::available_parallelism().map_or(4, |n| n.get() as u32 * 2).max(4);
    let write = counted(Database::connect(sqlite(1)).await?);
    let read = counted(Database::connect(sqlite(readers)).await?);
    tokio::spawn(checkpoint::run(Database::connect(sqlite(1)).await?, write.clone()));
    Ok(Pools { read, write, planned: None })
}

/// SQLite counts the memory it allocates under one mutex that every allocation of every
/// connection takes, so the readers' threads queue on it; nothing here reads those counts. The
/// setting is accepted before SQLite starts (the first connection of the process) and refused,
/// harmlessly, after. Every connection opened after it plans with [`stable_plans`].
fn without_memory_statistics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    // SAFETY: `sqlite3_config` with an integer argument, as SQLITE_CONFIG_MEMSTATUS takes, and an
    // entry point of the signature `sqlite3_auto_extension` calls; once, before any connection of
    // this process is opened.
    ONCE.call_once(|| {
        let refused = unsafe { libsqlite3_sys::sqlite3_config(libsqlite3_sys::SQLITE_CONFIG_MEMSTATUS, 0 as std::ffi::c_int) };
        if refused != libsqlite3_sys::SQLITE_OK {
            tracing::debug!(refused, "SQLite had started: its memory counts stay on");
        }
        let refused = unsafe { libsqlite3_sys::sqlite3_auto_extension(Some(stable_plans)) };
        if refused != libsqlite3_sys::SQLITE_OK {
            tracing::warn!(refused, "SQLite's plans stay tied to the values bound");
        }
    });
}

/// A connection's plans made without the values bound to its statements. SQLite otherwise reads
/// some bound values while planning (a value compared with an indexed column, against the
/// samples `ANALYZE` keeps; a `LIKE` pattern; a `LIMIT`) and then parses and plans the statement
/// again whenever one of them is bound anew: every list page, at each call, whatever the
/// statement cache holds (a fifth of the server's time under cold list pages). A list's `LIMIT`
/// is written into its text instead, where the planner still reads it ([`literal_limits`]).
unsafe extern "C" fn stable_plans(
    db: *mut libsqlite3_sys::sqlite3,
    _: *mut *mut std::ffi::c_char,
    _: *const libsqlite3_sys::sqlite3_api_routines,
) -> std::ffi::c_int {
    // SAFETY: SQLite calls this with the connection it opens; the option takes an int and an
    // optional int pointer for the setting it leaves.
    unsafe {
        libsqlite3_sys::sqlite3_db_config(db, libsqlite3_sys::SQLITE_DBCONFIG_ENABLE_QPSG, 1 as std::ffi::c_int, std::ptr::null_mut::<std::ffi::c_int>())
    };
    libsqlite3_sys::SQLITE_OK
}

/// SQLite's largest map of the database file (its own limit, 2 GB less 64 kB): a page the map
/// holds is read in place, where a page read otherwise is copied from the operating system's cache
/// into a connection's own cache, one copy per connection.
const MMAP_SIZE: &str = "2147418112";

fn counted(mut db: DatabaseConnection) -> DatabaseConnection {
    db.set_metric_callback(|info| crate::kept::statements::record(info.statement));
    db
}

/// Brings the schema up to date and seeds an empty database. Returns the generated admin password
/// when one had to be made up.
pub async fn prepare(db: &DatabaseConnection, admin_password: Option<&str>) -> Result<Option<String>, DbErr> {
    migration::Migrator::up(db, None).await?;
    regions::seed(db).await?;
    let generated = seed::seed_if_empty(db, admin_password).await?;
    seed::add_missing_code_groups(db).await?;
    seed::add_missing_env(db).await?;
    Ok(generated)
}

/// A write transaction. On SQLite it takes the write lock at BEGIN, so two writers queue on the
/// busy timeout instead of failing when a read turns into a write.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() }).await
}

/// Waits until no other process holds the lock `key`, and holds it until the transaction returned
/// ends (PostgreSQL's advisory lock on one of `db`'s connections). Processes on SQLite are one: no
/// lock, `None`.
pub async fn hold_lock(db: &DatabaseConnection, key: i64) -> Result<Option<DatabaseTransaction>, DbErr> {
    if db.get_database_backend() != sea_orm::DatabaseBackend::Postgres {
        return Ok(None);
    }
    let txn = db.begin().await?;
    txn.execute_unprepared(&format!("SELECT pg_advisory_xact_lock({key})")).await?;
    Ok(Some(txn))
}

/// Ids written by hand leave PostgreSQL's sequences behind, so the next row made by the application
/// would collide: moves each `(table, id column)` sequence past the highest id. Nothing on SQLite.
pub async fn catch_up_sequences(db: &impl ConnectionTrait, ids: &[(&str, &str)]) -> Result<(), DbErr> {
    if db.get_database_backend() != sea_orm::DatabaseBackend::Postgres {
        return Ok(());
    }
    for (table, id) in ids {
        db.execute_unprepared(&format!("SELECT setval(pg_get_serial_sequence('{table}', '{id}'), (SELECT MAX({id}) FROM {table}))")).await?;
    }
    Ok(())
}

pub async fn ping(db: &DatabaseConnection) -> Result<(), DbErr> {
    db.execute_unprepared("SELECT 1").await.map(|_| ())
}

#[cfg(test)]
mod tests {
    use libsqlite3_sys as ffi;
    use std::ffi::{CString, c_int};

    /// A statement run again with other values is not parsed and planned again: the values a
    /// planner would read (a `LIMIT`, a `LIKE` pattern, a value against an analysed index) no
    /// longer tie the plan to them.
    #[test]
    fn a_connection_runs_a_prepared_statement_again_without_preparing_it_again() {
        super::without_memory_statistics();
        // SAFETY: a private in-memory database, its statements finalized and it closed before the
        // end; every pointer passed is the one SQLite gave or a live C string.
        unsafe {
            let mut db = std::ptr::null_mut();
            assert_eq!(ffi::sqlite3_open(c":memory:".as_ptr(), &mut db), ffi::SQLITE_OK);
            let mut stable: c_int = 0;
            ffi::sqlite3_db_config(db, ffi::SQLITE_DBCONFIG_ENABLE_QPSG, -1 as c_int, &mut stable as *mut c_int);
            assert_eq!(stable, 1, "plans made without the values bound");
            let setup = "CREATE TABLE t (a INTEGER, b TEXT); CREATE INDEX t_a ON t (a);
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) INSERT INTO t SELECT i % 7, 'x' || i FROM n;
                ANALYZE;";
            let setup = CString::new(setup).expect("no NUL");
            assert_eq!(ffi::sqlite3_exec(db, setup.as_ptr(), None, std::ptr::null_mut(), std::ptr::null_mut()), ffi::SQLITE_OK);
            let sql = CString::new("SELECT b FROM t WHERE a = ?1 AND b LIKE ?2 ORDER BY b LIMIT ?3").expect("no NUL");
            let mut stmt = std::ptr::null_mut();
            assert_eq!(ffi::sqlite3_prepare_v2(db, sql.as_ptr(), -1, &mut stmt, std::ptr::null_mut()), ffi::SQLITE_OK);
            for call in 0..5 {
                ffi::sqlite3_reset(stmt);
                ffi::sqlite3_bind_int(stmt, 1, call % 7);
                let pattern = CString::new(format!("x{call}%")).expect("no NUL");
                ffi::sqlite3_bind_text(stmt, 2, pattern.as_ptr(), -1, ffi::SQLITE_TRANSIENT());
                ffi::sqlite3_bind_int(stmt, 3, 10 + call);
                while ffi::sqlite3_step(stmt) == ffi::SQLITE_ROW {}
            }
            let prepared_again = ffi::sqlite3_stmt_status(stmt, ffi::SQLITE_STMTSTATUS_REPREPARE, 0);
            ffi::sqlite3_finalize(stmt);
            ffi::sqlite3_close(db);
            assert_eq!(prepared_again, 0);
        }
    }

    /// Every connection to a SQLite file reads its pages through a map of the file.
    #[tokio::test]
    async fn sqlite_connections_map_the_database_file() {
        use sea_orm::ConnectionTrait;
        let dir = std::env::temp_dir().join(format!("townboard-mmap-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let pools = super::connect(&format!("sqlite://{}?mode=rwc", dir.join("t.db").display())).await.expect("connect");
        for db in [&pools.read, &pools.write] {
            let row = db.query_one_raw(sea_orm::Statement::from_string(db.get_database_backend(), "PRAGMA mmap_size")).await.expect("pragma").expect("a row");
            assert_eq!(row.try_get_by_index::<i64>(0).expect("a size"), super::MMAP_SIZE.parse::<i64>().expect("a number"));
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
