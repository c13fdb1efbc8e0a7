//! Reads kept while nothing they read has changed: list totals, list pages and whole answers.
//!
//! Every statement this process runs passes through [`seen`]: a write moves the counter of the
//! table it writes, and moves it again when the request that made it ends, after its commit, so a
//! read that ran inside the writer's transaction is not kept past it. A kept read is served only
//! while the counters of the tables it names are those it was read under, and for a moment at
//! most (another process's writes show when it expires). Reads are kept per database, statement
//! and values, so callers whose scope differs never share one.

use crate::error::ApiResult;
use moka::sync::Cache;
use serde_json::Value;
use std::any::Any;
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, LazyLock, RwLock};
use std::time::{Duration, Instant};

/// How long a list total is kept at most.
const TOTAL_KEEP: Duration = Duration::from_secs(2);
/// How long a list page is kept at most: a screen's new status shows in the monitoring list of
/// another process within a second of its heartbeats being written.
const PAGE_KEEP: Duration = Duration::from_secs(1);
/// The longest an answer may ask to be kept.
const ANSWER_KEEP_MAX: Duration = Duration::from_secs(5);

/// Writes seen per table, by this process.
static WRITES: LazyLock<RwLock<HashMap<String, u64>>> = LazyLock::new(Default::default);
static TOTALS: LazyLock<Cache<String, (u64, u64)>> = LazyLock::new(|| Cache::builder().max_capacity(20_000).time_to_live(TOTAL_KEEP).build());
type Shared = Arc<dyn Any + Send + Sync>;
static PAGES: LazyLock<Cache<String, (u64, Shared)>> = LazyLock::new(|| Cache::builder().max_capacity(5_000).time_to_live(PAGE_KEEP).build());
/// An answer with the signature it was made under and when.
type Made = (u64, Instant, Arc<Value>);
static ANSWERS: LazyLock<Cache<String, Made>> = LazyLock::new(|| Cache::builder().max_capacity(10_000).time_to_live(ANSWER_KEEP_MAX).build());

/// The table an INSERT, UPDATE or DELETE writes to.
fn written_table(sql: &str) -> Option<&str> {
    let rest = sql.trim_start();
    let after =
        ["INSERT INTO ", "UPDATE ", "DELETE FROM "].iter().find_map(|k| rest.get(..k.len()).filter(|h| h.eq_ignore_ascii_case(k)).map(|_| &rest[k.len()..]))?;
    let quoted = after.strip_prefix('"')?;
    quoted.split('"').next()
}

/// Called for every statement run; answers the table it writes, if it writes one.
pub fn seen(sql: &str) -> Option<&str> {
    let table = written_table(sql)?;
    wrote(table);
    Some(table)
}

/// A table was written (or a write to it was committed): what was read from it is not kept.
pub fn wrote(table: &str) {
    let mut writes = WRITES.write().expect("writes lock");
    *writes.entry(table.to_string()).or_default() += 1;
}

/// The writes so far to the tables a statement (or a list of quoted table names) names. Read it
/// before the read it guards.
pub fn signature(sql: &str) -> u64 {
    WRITES.read().expect("writes lock").iter().filter(|(table, _)| names(sql, table)).map(|(_, n)| *n).sum()
}

fn names(sql: &str, table: &str) -> bool {
    sql.match_indices(table).any(|(at, _)| sql[..at].ends_with('"') && sql[at + table.len()..].starts_with('"'))
}

/// The key of a statement in a database.
pub fn key(database: &str, sql: &str, values: &str) -> String {
    format!("{database}\n{sql}\n{values}")
}

/// A total counted a moment ago by the same statement, if nothing it counts was written since.
pub fn total(key: &str, sql: &str) -> Option<u64> {
    TOTALS.get(key).filter(|(sig, _)| *sig == signature(sql)).map(|(_, total)| total)
}

/// Keeps a total counted under `sig`, the signature read before the count ran.
pub fn keep_total(key: String, sig: u64, total: u64) {
    TOTALS.insert(key, (sig, total));
}

/// A page read a moment ago by the same statement, if nothing it reads was written since.
pub fn page<T: Clone + Send + Sync + 'static>(key: &str, sql: &str) -> Option<T> {
    let (sig, page) = PAGES.get(key)?;
    if sig != signature(sql) {
        return None;
    }
    page.downcast_ref::<T>().cloned()
}

/// Keeps a page read under `sig`, the signature read before the page was.
pub fn keep_page<T: Send + Sync + 'static>(key: String, sig: u64, page: T) {
    PAGES.insert(key, (sig, Arc::new(page)));
}

/// The answer kept under `key` in `database` if it was made under the same signature less than
/// `keep` ago, else made afresh by `make` and kept. Without a database (outside a request, or in
/// one that has written, as the statement counter tells) nothing is kept.
/// `signature` is read before `make` runs and covers everything the answer reads.
pub async fn answer<F, Fut>(database: Option<&str>, key: String, signature: u64, keep: Duration, make: F) -> ApiResult<Arc<Value>>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = ApiResult<Value>>,
{
    let Some(database) = database else {
        return Ok(Arc::new(make().await?));
    };
    let key = format!("{database}\n{key}");
    if let Some((sig, made, value)) = ANSWERS.get(&key)
        && sig == signature
        && made.elapsed() < keep
    {
        return Ok(value);
    }
    let made = Instant::now();
    let value = Arc::new(make().await?);
    ANSWERS.insert(key, (signature, made, value.clone()));
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

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
    }

    #[test]
    fn a_write_retires_what_was_read_from_its_table() {
        let sql = r#"SELECT * FROM "kept_test_table""#;
        let key = key("db", sql, "[]");
        let before = signature(sql);
        keep_page(key.clone(), before, vec![1, 2, 3]);
        assert_eq!(page::<Vec<i32>>(&key, sql), Some(vec![1, 2, 3]));
        // A page of another type under the key is not answered as this one.
        assert_eq!(page::<Vec<i64>>(&key, sql), None);
        seen(r#"UPDATE "kept_test_table_2" SET "a" = 1"#);
        assert_eq!(page::<Vec<i32>>(&key, sql), Some(vec![1, 2, 3]));
        seen(r#"UPDATE "kept_test_table" SET "a" = 1"#);
        assert_eq!(page::<Vec<i32>>(&key, sql), None);
        keep_total(key.clone(), signature(sql), 7);
        assert_eq!(total(&key, sql), Some(7));
        wrote("kept_test_table");
        assert_eq!(total(&key, sql), None);
    }
}
