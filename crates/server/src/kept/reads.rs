//! Reads kept while nothing they read has changed: list totals, list pages and whole answers.
//!
//! Every statement this process runs passes through [`seen`]: a write moves the counter of the
//! table it writes, and moves it again when the request that made it ends, after its commit, so a
//! read that ran inside the writer's transaction is not kept past it. A kept read is served only
//! while the counters of the tables it names are those it was read under, and for a moment at
//! most. On PostgreSQL the other processes' writes move the counters too, a moment after their
//! commit ([`super::peers`]); the keep bounds what no process tells. Reads are kept per database,
//! statement and values, so callers whose scope differs never share one.

use crate::error::{ApiError, ApiResult};
use moka::sync::Cache;
use std::any::Any;
use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, LazyLock, RwLock};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, OnceCell, SetError};

/// How long a list total is kept at most.
const TOTAL_KEEP: Duration = Duration::from_secs(2);
/// How long a list page is kept at most: a screen's new status shows in the monitoring list of
/// another process within a second of its heartbeats being written.
const PAGE_KEEP: Duration = Duration::from_secs(1);
/// How long a list's marks are kept at most: they are a fact of the list's order and condition,
/// retired by any write that may move a row in it (as a total is), this process's or another's
/// ([`super::peers`]), and renewed from the database at least this often for a write no process
/// told (made outside the servers).
pub const MARKS_KEEP: Duration = Duration::from_secs(30);
/// The longest an answer may ask to be kept.
const ANSWER_KEEP_MAX: Duration = Duration::from_secs(5);

/// Writes that may have been to any table: those missed while the other processes' writes could
/// not be heard.
static EVERYTHING: AtomicU64 = AtomicU64::new(0);

/// Writes seen per table, by this process.
static WRITES: LazyLock<RwLock<HashMap<String, Writes>>> = LazyLock::new(Default::default);

/// A table's writes: those that may add, remove or change any column of a row, and updates by the
/// columns they set.
#[derive(Default)]
struct Writes {
    any: u64,
    by_column: HashMap<String, u64>,
}

/// A write to a table: to the columns an UPDATE sets, or to any (an INSERT, a DELETE, an update
/// whose assignments are not plain).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Write {
    pub table: String,
    pub columns: Vec<String>,
}
/// A list total: the signature it was counted under, the count, when, and whether a caller is
/// counting it afresh.
struct Total {
    sig: u64,
    total: u64,
    at: Instant,
    renewing: AtomicBool,
}
static TOTALS: LazyLock<Cache<String, Arc<Total>>> = LazyLock::new(|| Cache::builder().max_capacity(20_000).time_to_live(TOTAL_KEEP).build());
type Shared = Arc<dyn Any + Send + Sync>;
/// A read under way or done: when it began and what it read. Callers that miss at the same moment
/// share one, so one of them reads and the others wait for its answer instead of running the same
/// statement (and queueing for the same few connections) beside it. Near the end of its keep, one
/// caller reads it afresh while the others are still answered from it, so a read kept busy is
/// renewed before it runs out and no caller waits for it. (Marks are read beside their callers,
/// none of whom waits: `renewing` is then also their first read under way, see [`marks`].)
#[derive(Default)]
struct Read {
    value: OnceCell<(Instant, Shared)>,
    renewing: AtomicBool,
}
/// Pages and answers by key and the signature they were read under: a write changes the
/// signature, so a read made before it is no longer found.
type Reads = Cache<String, Arc<Read>>;
static PAGES: LazyLock<Reads> = LazyLock::new(|| Cache::builder().max_capacity(5_000).time_to_live(PAGE_KEEP).build());
static MARKS: LazyLock<Reads> = LazyLock::new(|| Cache::builder().max_capacity(2_000).time_to_live(MARKS_KEEP).build());
static ANSWERS: LazyLock<Reads> = LazyLock::new(|| Cache::builder().max_capacity(10_000).time_to_live(ANSWER_KEEP_MAX).build());

/// The table an INSERT, UPDATE or DELETE writes to.
fn written_table(sql: &str) -> Option<&str> {
    let rest = sql.trim_start();
    let after =
        ["INSERT INTO ", "UPDATE ", "DELETE FROM "].iter().find_map(|k| rest.get(..k.len()).filter(|h| h.eq_ignore_ascii_case(k)).map(|_| &rest[k.len()..]))?;
    let quoted = after.strip_prefix('"')?;
    quoted.split('"').next()
}

/// The columns an `UPDATE "t" SET "a" = …, "b" = … WHERE …` sets; none when an assignment is not
/// a plain column set to values (a subquery, a function, a text), which counts as a write to any.
fn set_columns(sql: &str) -> Vec<String> {
    let Some((_, rest)) = sql.split_once(" SET ") else { return Vec::new() };
    let assignments = [" WHERE ", " RETURNING "].iter().filter_map(|k| rest.find(k)).min().map_or(rest, |end| &rest[..end]);
    if assignments.contains(['(', '\'']) {
        return Vec::new();
    }
    let column = |a: &str| a.trim().strip_prefix('"')?.split_once("\" =").map(|(c, _)| c.to_string()).filter(|c| !c.contains('"'));
    assignments.split(',').map(column).collect::<Option<Vec<_>>>().unwrap_or_default()
}

/// Called for every statement run; answers what it writes, if it writes a table.
pub fn seen(sql: &str) -> Option<Write> {
    let table = written_table(sql)?.to_string();
    let columns = if sql.trim_start().get(..7).is_some_and(|h| h.eq_ignore_ascii_case("UPDATE ")) { set_columns(sql) } else { Vec::new() };
    let write = Write { table, columns };
    wrote(&write);
    Some(write)
}

/// Adds to `tables` (quoted names, each once) the tables a statement reads: those named after
/// `FROM` or `JOIN`.
pub fn add_tables_read(sql: &str, tables: &mut String) {
    let upper = sql.to_ascii_uppercase();
    for keyword in ["FROM \"", "JOIN \""] {
        for (at, _) in upper.match_indices(keyword) {
            let start = at + keyword.len() - 1;
            let Some(end) = sql[start + 1..].find('"') else { continue };
            let quoted = &sql[start..start + end + 2];
            if !tables.split(' ').any(|t| t == quoted) {
                if !tables.is_empty() {
                    tables.push(' ');
                }
                tables.push_str(quoted);
            }
        }
    }
}

/// A table was written (or a write to it was committed): what was read from it is not kept.
pub fn wrote(write: &Write) {
    let mut writes = WRITES.write().expect("writes lock");
    let table = writes.entry(write.table.clone()).or_default();
    if write.columns.is_empty() {
        table.any += 1;
    }
    for column in &write.columns {
        *table.by_column.entry(column.clone()).or_default() += 1;
    }
}

/// Writes to any table may have been missed: nothing read before is served.
pub fn wrote_everything() {
    EVERYTHING.fetch_add(1, Ordering::AcqRel);
}

/// The writes so far to the tables a statement (or a list of quoted table names) names. Read it
/// before the read it guards.
pub fn signature(sql: &str) -> u64 {
    let named = quoted(sql);
    let writes = WRITES.read().expect("writes lock");
    let tables = named.iter().filter_map(|name| writes.get(*name));
    tables.map(|w| w.any + w.by_column.values().sum::<u64>()).sum::<u64>() + EVERYTHING.load(Ordering::Acquire)
}

/// The writes so far that may change what a count names: any write to a table it names but an
/// update that sets none of the columns it names. A list's total is counted by its condition, so
/// a screen's heartbeat (its time and versions) leaves the total of every screen list but those
/// by status as it was. What a total is kept under: read it before the count runs.
pub fn total_signature(sql: &str) -> u64 {
    let named = quoted(sql);
    let writes = WRITES.read().expect("writes lock");
    let tables = named.iter().filter_map(|name| writes.get(*name));
    let by_named_columns = |w: &Writes| w.by_column.iter().filter(|(c, _)| named.contains(c.as_str())).map(|(_, n)| *n).sum::<u64>();
    tables.map(|w| w.any + by_named_columns(w)).sum::<u64>() + EVERYTHING.load(Ordering::Acquire)
}

/// What `sql` names as quoted identifiers: the text between each two quotes that follow one
/// another (so also what separates two identifiers, which names no table or column). Read in one
/// pass: searched for each table written, a list's statement of a few thousand characters cost a
/// cold page some forty searches of its text.
fn quoted(sql: &str) -> std::collections::HashSet<&str> {
    let mut parts = sql.split('"').skip(1).peekable();
    let mut named = std::collections::HashSet::new();
    while let Some(part) = parts.next() {
        // The text after the last quote is not between two.
        if parts.peek().is_some() && part.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
            named.insert(part);
        }
    }
    named
}

/// Whether `sql` names `name` as a quoted identifier.
#[cfg(test)]
fn names(sql: &str, name: &str) -> bool {
    quoted(sql).contains(name)
}

/// The key of a statement in a database.
pub fn key(database: &str, sql: &str, values: &str) -> String {
    format!("{database}\n{sql}\n{values}")
}

/// A total counted a moment ago by the same statement, if nothing it counts was written since.
/// Near the end of its keep, one caller is answered none, counts it afresh and keeps it again,
/// while the others are still answered the kept one: a list asked all the time is counted once
/// a keep, not by every caller that finds its total gone at the same moment.
pub fn total(key: &str, sql: &str) -> Option<u64> {
    let kept = TOTALS.get(key).filter(|t| t.sig == total_signature(sql))?;
    let renew = kept.at.elapsed() >= TOTAL_KEEP - TOTAL_KEEP / 4 && !kept.renewing.swap(true, Ordering::AcqRel);
    (!renew).then_some(kept.total)
}

/// Forgets every kept total: a test of query plans asks each page with its total unknown, so that
/// a page past the end of a small list is still read (and explained) rather than answered empty.
pub fn forget_totals() {
    TOTALS.invalidate_all();
}

/// Keeps a total counted under `sig`, the [`total_signature`] read before the count ran.
pub fn keep_total(key: String, sig: u64, total: u64) {
    TOTALS.insert(key, Arc::new(Total { sig, total, at: Instant::now(), renewing: AtomicBool::new(false) }));
}

/// The page `sql` read a moment ago under `key`, if nothing it reads was written since; else the
/// page `load` reads, kept. Callers missing the same page at once wait for one `load`.
pub async fn page<T, F, Fut>(key: &str, sql: &str, load: F) -> ApiResult<T>
where
    T: Clone + Send + Sync + 'static,
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<T>>,
{
    read(&PAGES, key, signature(sql), PAGE_KEEP, load).await
}

/// A list's marks: the id and the sort value (none when empty) of every few rows in its order
/// (`super::marks`).
pub type Marks = Arc<Vec<(i64, Option<sea_orm::Value>)>>;

/// Reads of marks under way, each in a task of its own ([`marks`]), and their end told.
static MARKS_READING: AtomicUsize = AtomicUsize::new(0);
static MARKS_READ: LazyLock<Notify> = LazyLock::new(Notify::new);

/// The marks `sql` read under `key` a moment ago, if nothing that may move a row of the list was
/// written since (an insert, a delete, an update of a column `sql` names). When they are missing,
/// or near the end of their keep, `load` reads them in a task of its own, one read at a time, and
/// no caller waits for it: reading them walks the whole list (tens of milliseconds for a long
/// one), and a page read by its offset meanwhile costs less than the wait. A read that fails, or
/// whose task ends unfinished, leaves the next caller to start another.
pub fn marks<Fut>(key: &str, sql: &str, load: impl FnOnce() -> Fut + Send + 'static) -> Option<Marks>
where
    Fut: Future<Output = ApiResult<Marks>> + Send + 'static,
{
    marks_kept_for(MARKS_KEEP, key, sql, load)
}

/// [`marks`], kept for `keep` (at most [`MARKS_KEEP`]).
fn marks_kept_for<Fut>(keep: Duration, key: &str, sql: &str, load: impl FnOnce() -> Fut + Send + 'static) -> Option<Marks>
where
    Fut: Future<Output = ApiResult<Marks>> + Send + 'static,
{
    let key = read_key::<Marks>(key, total_signature(sql));
    let stale = |read: &Arc<Read>| read.value.get().is_some_and(|(began, _)| began.elapsed() >= keep);
    let read = MARKS.entry(key.clone()).or_insert_with_if(Default::default, stale).into_value();
    let kept = read.value.get().map(|(began, value)| (*began, of_type::<Marks>(value).ok()));
    let due = kept.as_ref().is_none_or(|(began, _)| began.elapsed() >= keep - keep / 4);
    if due && !read.renewing.swap(true, Ordering::AcqRel) {
        let reading = MarksReading::start(read.clone());
        tokio::spawn(async move {
            let began = Instant::now();
            match load().await {
                Ok(marks) => {
                    let value = (began, Arc::new(marks) as Shared);
                    // Marks read afresh near the end of their keep replace them.
                    if let Err(SetError::AlreadyInitializedError(value) | SetError::InitializingError(value)) = read.value.set(value) {
                        MARKS.insert(key, Arc::new(Read { value: OnceCell::new_with(Some(value)), renewing: AtomicBool::new(false) }));
                    }
                }
                Err(e) => tracing::warn!(error = ?e, "reading a list's marks"),
            }
            drop(reading);
        });
    }
    kept.and_then(|(_, marks)| marks)
}

/// A read of marks under way: counted while its task holds it; ended (read or not), the next
/// caller may start another.
struct MarksReading(Arc<Read>);

impl MarksReading {
    fn start(read: Arc<Read>) -> Self {
        MARKS_READING.fetch_add(1, Ordering::AcqRel);
        Self(read)
    }
}

impl Drop for MarksReading {
    fn drop(&mut self) {
        self.0.renewing.store(false, Ordering::Release);
        if MARKS_READING.fetch_sub(1, Ordering::AcqRel) == 1 {
            MARKS_READ.notify_waiters();
        }
    }
}

/// Waits until no marks are being read: a test asks a list's next page once the marks the last
/// one started reading are kept.
pub async fn marks_read() {
    loop {
        let told = MARKS_READ.notified();
        if MARKS_READING.load(Ordering::Acquire) == 0 {
            return;
        }
        told.await;
    }
}

/// The marks kept under `key` if they were read and still hold, without reading them.
pub fn kept_marks(key: &str, sql: &str) -> Option<Marks> {
    kept(&MARKS, key, total_signature(sql))
}

/// What `kept` holds under `key` and `signature`, if it was read, without reading it.
fn kept<T: Clone + Send + Sync + 'static>(kept: &Reads, key: &str, signature: u64) -> Option<T> {
    let read = kept.get(&read_key::<T>(key, signature))?;
    read.value.get().and_then(|(_, value)| value.downcast_ref::<T>().cloned())
}

/// The answer kept under `key` in `database` if it was made under the same signature less than
/// `keep` ago, else made afresh by `make` (once for the callers that ask at the same moment) and
/// kept. Without a database (outside a request, or in one that has written, as the statement
/// counter tells) nothing is kept. `signature` is read before `make` runs and covers everything
/// the answer reads.
pub async fn answer<T, F, Fut>(database: Option<&str>, key: String, signature: u64, keep: Duration, make: F) -> ApiResult<Arc<T>>
where
    T: Send + Sync + 'static,
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<T>>,
{
    let Some(database) = database else {
        return Ok(Arc::new(make().await?));
    };
    read(&ANSWERS, &format!("{database}\n{key}"), signature, keep, || async { Ok(Arc::new(make().await?)) }).await
}

/// What `load` reads, kept in `kept` under `key` and `signature` for `keep`: one `load` at a time
/// for a key and signature, the callers beside it waiting for its answer (a load that fails, or
/// whose caller goes away, leaves the next waiter to load), and one caller renewing it in the last
/// quarter of its keep while the others are answered from it.
async fn read<T, F, Fut>(kept: &Reads, key: &str, signature: u64, keep: Duration, load: F) -> ApiResult<T>
where
    T: Clone + Send + Sync + 'static,
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<T>>,
{
    let key = read_key::<T>(key, signature);
    let stale = |read: &Arc<Read>| read.value.get().is_some_and(|(began, _)| began.elapsed() >= keep);
    let read = kept.entry(key.clone()).or_insert_with_if(Default::default, stale).into_value();
    if let Some((began, value)) = read.value.get() {
        if began.elapsed() < keep - keep / 4 || read.renewing.swap(true, Ordering::AcqRel) {
            return of_type(value);
        }
        // Should this caller go away mid-read, the read runs out at its keep and is read again then.
        let began = Instant::now();
        let value = load().await.inspect_err(|_| read.renewing.store(false, Ordering::Release))?;
        let renewed = Read { value: OnceCell::new_with(Some((began, Arc::new(value.clone()) as Shared))), renewing: AtomicBool::new(false) };
        kept.insert(key, Arc::new(renewed));
        return Ok(value);
    }
    let (_, value) = read
        .value
        .get_or_try_init(|| async {
            let began = Instant::now();
            Ok::<_, ApiError>((began, Arc::new(load().await?) as Shared))
        })
        .await?;
    of_type(value)
}

fn of_type<T: Clone + 'static>(value: &Shared) -> ApiResult<T> {
    value.downcast_ref::<T>().cloned().ok_or_else(|| ApiError::internal("a kept read of another type"))
}

/// The type is part of the key: two reads of one statement into different types never meet.
fn read_key<T>(key: &str, signature: u64) -> String {
    format!("{key}\n{signature}\n{}", std::any::type_name::<T>())
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_tables_a_statement_reads() {
        let mut tables = String::new();
        super::add_tables_read(r#"SELECT "c"."c_name" FROM "corp" AS "c" LEFT JOIN "user" ON x WHERE "c_id" IN (SELECT 1 FROM "corp")"#, &mut tables);
        super::add_tables_read(r#"select * from "point_balance""#, &mut tables);
        assert_eq!(tables, r#""corp" "user" "point_balance""#);
        super::seen(r#"DELETE FROM "point_balance""#);
        assert!(super::signature(&tables) > 0, "a write to a table read moves the signature");
    }

    use super::*;
    use std::sync::atomic::AtomicU32;

    #[test]
    fn tables_written() {
        assert_eq!(written_table(r#"INSERT INTO "media" ("a") VALUES (1)"#), Some("media"));
        assert_eq!(written_table(r#"UPDATE "users" SET "x" = 1"#), Some("users"));
        assert_eq!(written_table(r#"delete from "job" WHERE 1"#), Some("job"));
        assert_eq!(written_table(r#"SELECT * FROM "media""#), None);
    }

    #[test]
    fn a_table_is_named_whole() {
        assert!(names(r#"SELECT * FROM "media" WHERE 1"#, "media"));
        assert!(!names(r#"SELECT * FROM "media_group""#, "media"));
        assert!(!names(r#"SELECT "media_id" FROM "x""#, "media"));
        assert!(names(r#""campaign" "slot_use""#, "slot_use"));
        assert!(names(r#"SELECT "campaign"."cmpg_id" FROM "campaign""#, "cmpg_id"));
        assert!(!names(r#"SELECT "a" FROM "b" WHERE x = 'campaign'"#, "campaign"), "a literal is not an identifier");
        assert!(!names(r#"SELECT "a", "b""#, ", "), "nor what separates two");
        assert!(!names(r#"SELECT "campaign"#, "campaign"), "an identifier is closed");
    }

    /// Reads the page under `key` with a load that counts its runs and answers `rows`.
    async fn read_page<T: Clone + Send + Sync + 'static>(key: &str, sql: &str, loads: &AtomicU32, rows: T) -> T {
        page(key, sql, || async {
            loads.fetch_add(1, Ordering::SeqCst);
            Ok(rows)
        })
        .await
        .expect("page")
    }

    #[test]
    fn an_update_writes_the_columns_it_sets() {
        let set = |sql| seen(sql).map(|w| w.columns);
        assert_eq!(set(r#"UPDATE "cols_t" SET "a" = $1, "b" = "b" + $2 WHERE "cols_t"."id" IN ($3, $4)"#), Some(vec!["a".to_string(), "b".to_string()]));
        assert_eq!(set(r#"UPDATE "cols_t" SET "a" = $1 RETURNING "a", "c""#), Some(vec!["a".to_string()]));
        // Assignments that are not plain count as a write to every column.
        assert_eq!(set(r#"UPDATE "cols_t" SET "a" = (SELECT "c" FROM "x"), "b" = $1"#), Some(vec![]));
        assert_eq!(set(r#"UPDATE "cols_t" SET "a" = 'x, "c" = 1'"#), Some(vec![]));
        assert_eq!(set(r#"UPDATE "cols_t" SET a = 1"#), Some(vec![]));
        assert_eq!(set(r#"INSERT INTO "cols_t" ("a") VALUES ($1)"#), Some(vec![]));
    }

    #[test]
    fn a_total_outlives_updates_of_columns_it_does_not_count_by() {
        let all = r#"SELECT COUNT(*) FROM "totals_t" WHERE "totals_t"."deleted_at" IS NULL"#;
        let by_status = r#"SELECT COUNT(*) FROM "totals_t" WHERE "totals_t"."deleted_at" IS NULL AND "totals_t"."status" = $1"#;
        keep_total(key("db", all, "[]"), total_signature(all), 10);
        keep_total(key("db", by_status, "[1]"), total_signature(by_status), 4);
        let page = r#"SELECT "totals_t"."beat_at" FROM "totals_t""#;
        let page_signature = signature(page);
        seen(r#"UPDATE "totals_t" SET "beat_at" = $1 WHERE "totals_t"."id" IN ($2)"#);
        assert_eq!(total(&key("db", all, "[]"), all), Some(10));
        assert_eq!(total(&key("db", by_status, "[1]"), by_status), Some(4));
        assert_ne!(signature(page), page_signature, "a page that shows the column is retired");
        seen(r#"UPDATE "totals_t" SET "status" = $1 WHERE "totals_t"."id" IN ($2)"#);
        assert_eq!(total(&key("db", all, "[]"), all), Some(10));
        assert_eq!(total(&key("db", by_status, "[1]"), by_status), None);
        seen(r#"UPDATE "totals_t" SET "deleted_at" = $1 WHERE "totals_t"."id" = $2"#);
        assert_eq!(total(&key("db", all, "[]"), all), None);
    }

    #[test]
    fn near_the_end_of_its_keep_one_caller_counts_a_total_afresh_while_the_others_are_answered() {
        let sql = r#"SELECT COUNT(*) FROM "renewed_totals_t""#;
        let key = key("db", sql, "[]");
        keep_total(key.clone(), total_signature(sql), 10);
        assert_eq!((total(&key, sql), total(&key, sql)), (Some(10), Some(10)));
        std::thread::sleep(TOTAL_KEEP - TOTAL_KEEP / 4 + Duration::from_millis(50));
        assert_eq!(total(&key, sql), None, "the first caller near the end counts it");
        assert_eq!((total(&key, sql), total(&key, sql)), (Some(10), Some(10)), "the others are answered while it counts");
        keep_total(key.clone(), total_signature(sql), 11);
        assert_eq!((total(&key, sql), total(&key, sql)), (Some(11), Some(11)));
    }

    #[tokio::test]
    async fn a_write_retires_what_was_read_from_its_table() {
        let sql = r#"SELECT * FROM "kept_test_table""#;
        let key = key("db", sql, "[]");
        let loads = AtomicU32::new(0);
        assert_eq!(read_page(&key, sql, &loads, vec![1, 2, 3]).await, vec![1, 2, 3]);
        assert_eq!(read_page(&key, sql, &loads, vec![9]).await, vec![1, 2, 3]);
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        assert_eq!(kept::<Vec<i32>>(&PAGES, &key, signature(sql)), Some(vec![1, 2, 3]));
        // A page of another type under the key is read afresh, not answered as this one.
        assert_eq!(read_page(&key, sql, &loads, vec![4_i64]).await, vec![4_i64]);
        seen(r#"UPDATE "kept_test_table_2" SET "a" = 1"#);
        assert_eq!(read_page(&key, sql, &loads, vec![9]).await, vec![1, 2, 3]);
        seen(r#"UPDATE "kept_test_table" SET "a" = 1"#);
        assert_eq!(kept::<Vec<i32>>(&PAGES, &key, signature(sql)), None);
        assert_eq!(read_page(&key, sql, &loads, vec![5]).await, vec![5]);
        assert_eq!(loads.load(Ordering::SeqCst), 3);
        keep_total(key.clone(), total_signature(sql), 7);
        assert_eq!(total(&key, sql), Some(7));
        seen(r#"INSERT INTO "kept_test_table" ("a") VALUES (1)"#);
        assert_eq!(total(&key, sql), None);
    }

    /// Marks of `ids` named as their rows' sort values.
    fn named_marks(ids: &[i64]) -> Vec<(i64, Option<sea_orm::Value>)> {
        ids.iter().map(|id| (*id, Some(sea_orm::Value::from(format!("name {id}"))))).collect()
    }

    /// Asks for the marks under `key`, a read of `ids` started when they are due, counted in
    /// `loads`; answers what the caller is given at once.
    fn ask_marks(key: &str, sql: &str, loads: &Arc<AtomicU32>, ids: &[i64]) -> Option<Vec<(i64, Option<sea_orm::Value>)>> {
        ask_marks_kept_for(MARKS_KEEP, key, sql, loads, ids)
    }

    fn ask_marks_kept_for(keep: Duration, key: &str, sql: &str, loads: &Arc<AtomicU32>, ids: &[i64]) -> Option<Vec<(i64, Option<sea_orm::Value>)>> {
        let (loads, read) = (loads.clone(), named_marks(ids));
        marks_kept_for(keep, key, sql, || async move {
            loads.fetch_add(1, Ordering::SeqCst);
            Ok(Arc::new(read))
        })
        .map(|marks| marks.to_vec())
    }

    #[tokio::test]
    async fn marks_outlive_updates_of_columns_they_do_not_order_or_filter_by() {
        let sql = r#"SELECT "id" FROM "marks_test_table" WHERE "deleted_at" IS NULL ORDER BY "name", "id""#;
        let key = key("db", sql, "[]");
        let loads = Arc::new(AtomicU32::new(0));
        assert_eq!(ask_marks(&key, sql, &loads, &[1, 250]), None, "the first caller goes without and starts the read");
        marks_read().await;
        assert_eq!(ask_marks(&key, sql, &loads, &[]), Some(named_marks(&[1, 250])));
        seen(r#"UPDATE "marks_test_table" SET "last_heartbeat_at" = $1 WHERE "id" = $2"#);
        assert_eq!(kept_marks(&key, sql).as_deref(), Some(&named_marks(&[1, 250])), "a heartbeat moves no row of the list");
        seen(r#"UPDATE "marks_test_table" SET "name" = $1 WHERE "id" = $2"#);
        assert_eq!(kept_marks(&key, sql), None, "a new name may move a row");
        assert_eq!(ask_marks(&key, sql, &loads, &[2, 260]), None);
        marks_read().await;
        assert_eq!(kept_marks(&key, sql).as_deref(), Some(&named_marks(&[2, 260])));
        seen(r#"INSERT INTO "marks_test_table" ("name") VALUES ($1)"#);
        assert_eq!(kept_marks(&key, sql), None, "a new row moves the rows after it");
        assert_eq!(loads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn callers_missing_one_page_at_once_share_one_read() {
        let sql = r#"SELECT * FROM "kept_herd_table""#;
        let key = Arc::new(key("db", sql, "[]"));
        let loads = Arc::new(AtomicU32::new(0));
        let callers = (0..8).map(|_| {
            let (key, loads) = (key.clone(), loads.clone());
            tokio::spawn(async move {
                page(&key, sql, || async {
                    loads.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    Ok(vec![1_u8])
                })
                .await
            })
        });
        for caller in callers.collect::<Vec<_>>() {
            assert_eq!(caller.await.expect("caller").expect("page"), vec![1]);
        }
        assert_eq!(loads.load(Ordering::SeqCst), 1);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn no_caller_waits_for_marks_being_read() {
        let sql = r#"SELECT "id" FROM "marks_wait_table" ORDER BY "id""#;
        let key = key("db", sql, "[]");
        let (reading, read) = (Arc::new(Notify::new()), Arc::new(Notify::new()));
        let first = {
            let (reading, read) = (reading.clone(), read.clone());
            marks(&key, sql, || async move {
                reading.notify_one();
                read.notified().await;
                Ok(Arc::new(named_marks(&[1, 251])))
            })
        };
        assert!(first.is_none(), "the caller that starts the read goes without");
        reading.notified().await;
        let loads = Arc::new(AtomicU32::new(0));
        assert_eq!(ask_marks(&key, sql, &loads, &[]), None, "a caller beside the read goes without");
        assert_eq!(loads.load(Ordering::SeqCst), 0, "and starts no read of its own");
        read.notify_one();
        marks_read().await;
        assert_eq!(ask_marks(&key, sql, &loads, &[]), Some(named_marks(&[1, 251])), "the next caller has the marks read");
        assert_eq!(loads.load(Ordering::SeqCst), 0);
    }

    #[tokio::test]
    async fn a_failed_read_of_marks_leaves_the_next_caller_to_start_another() {
        let sql = r#"SELECT "id" FROM "marks_failing_table" ORDER BY "id""#;
        let key = key("db", sql, "[]");
        assert!(marks(&key, sql, || async { Err(ApiError::internal("down")) }).is_none());
        marks_read().await;
        let loads = Arc::new(AtomicU32::new(0));
        assert_eq!(ask_marks(&key, sql, &loads, &[1]), None);
        marks_read().await;
        assert_eq!(loads.load(Ordering::SeqCst), 1, "the next caller started a read");
        assert_eq!(kept_marks(&key, sql).as_deref(), Some(&named_marks(&[1])));
    }

    #[tokio::test]
    async fn marks_near_the_end_of_their_keep_are_read_again_while_callers_have_them() {
        let sql = r#"SELECT "id" FROM "marks_renewed_table" ORDER BY "id""#;
        let key = key("db", sql, "[]");
        let loads = Arc::new(AtomicU32::new(0));
        // Kept a second (as marks kept [`MARKS_KEEP`] are renewed in the last quarter of theirs).
        let keep = Duration::from_secs(1);
        ask_marks_kept_for(keep, &key, sql, &loads, &[1]);
        marks_read().await;
        tokio::time::sleep(keep - keep / 5).await;
        assert_eq!(ask_marks_kept_for(keep, &key, sql, &loads, &[2]), Some(named_marks(&[1])), "the marks kept, while they are read again");
        marks_read().await;
        assert_eq!(ask_marks_kept_for(keep, &key, sql, &loads, &[3]), Some(named_marks(&[2])), "the marks read again");
        assert_eq!(loads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_failed_read_leaves_the_next_caller_to_read() {
        let sql = r#"SELECT * FROM "kept_failing_table""#;
        let key = key("db", sql, "[]");
        let failed = page::<Vec<u8>, _, _>(&key, sql, || async { Err(ApiError::internal("down")) }).await;
        assert!(failed.is_err());
        let loads = AtomicU32::new(0);
        assert_eq!(read_page(&key, sql, &loads, vec![2_u8]).await, vec![2]);
        assert_eq!(loads.load(Ordering::SeqCst), 1);
    }

    #[tokio::test]
    async fn an_answer_is_made_again_once_older_than_asked() {
        let makes = AtomicU32::new(0);
        let make = || async {
            makes.fetch_add(1, Ordering::SeqCst);
            Ok(serde_json::Value::from(1))
        };
        let keep = Duration::from_millis(50);
        answer(Some("db"), "answer_test".into(), 0, keep, make).await.expect("answer");
        answer(Some("db"), "answer_test".into(), 0, keep, make).await.expect("answer");
        assert_eq!(makes.load(Ordering::SeqCst), 1);
        tokio::time::sleep(Duration::from_millis(60)).await;
        answer(Some("db"), "answer_test".into(), 0, keep, make).await.expect("answer");
        assert_eq!(makes.load(Ordering::SeqCst), 2);
        // Another signature (a write in between) is made afresh; without a database, always.
        answer(Some("db"), "answer_test".into(), 1, keep, make).await.expect("answer");
        answer(None, "answer_test".into(), 1, keep, make).await.expect("answer");
        assert_eq!(makes.load(Ordering::SeqCst), 4);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn near_the_end_of_its_keep_one_caller_renews_while_the_others_are_answered() {
        let keep = Duration::from_secs(2);
        let makes = Arc::new(AtomicU32::new(0));
        let make = |n: u32, wait: u64| {
            let makes = makes.clone();
            move || async move {
                makes.fetch_add(1, Ordering::SeqCst);
                tokio::time::sleep(Duration::from_millis(wait)).await;
                Ok(serde_json::Value::from(n))
            }
        };
        let ask = |n: u32, wait: u64| answer(Some("db"), "renew_test".into(), 0, keep, make(n, wait));
        assert_eq!(*ask(1, 0).await.expect("answer"), serde_json::Value::from(1));
        tokio::time::sleep(Duration::from_millis(1600)).await;
        let renewing = tokio::spawn(ask(2, 300));
        tokio::time::sleep(Duration::from_millis(50)).await;
        // While one caller renews it, another is answered from the kept answer without making it.
        assert_eq!(*ask(3, 0).await.expect("answer"), serde_json::Value::from(1));
        assert_eq!(*renewing.await.expect("renewing").expect("answer"), serde_json::Value::from(2));
        assert_eq!(*ask(4, 0).await.expect("answer"), serde_json::Value::from(2));
        assert_eq!(makes.load(Ordering::SeqCst), 2);
    }
}
