//! List totals kept for two seconds: counting every row of a filter on every page is most of what a
//! list costs, while the total is only shown. A total is kept per database, statement and values,
//! and dropped at once when this process writes to any table the statement names (every write
//! goes through the statement counter); another process's writes show within the two seconds.

use moka::sync::Cache;
use std::collections::HashMap;
use std::sync::{LazyLock, RwLock};
use std::time::Duration;

/// Writes seen per table, by this process.
static WRITES: LazyLock<RwLock<HashMap<String, u64>>> = LazyLock::new(Default::default);
static TOTALS: LazyLock<Cache<String, (u64, u64)>> = LazyLock::new(|| Cache::builder().max_capacity(20_000).time_to_live(Duration::from_secs(2)).build());

/// The table an INSERT, UPDATE or DELETE writes to.
fn written_table(sql: &str) -> Option<&str> {
    let rest = sql.trim_start();
    let after =
        ["INSERT INTO ", "UPDATE ", "DELETE FROM "].iter().find_map(|k| rest.get(..k.len()).filter(|h| h.eq_ignore_ascii_case(k)).map(|_| &rest[k.len()..]))?;
    let quoted = after.strip_prefix('"')?;
    quoted.split('"').next()
}

/// Called for every statement run.
pub fn seen(sql: &str) {
    if let Some(table) = written_table(sql) {
        let mut writes = WRITES.write().expect("writes lock");
        *writes.entry(table.to_string()).or_default() += 1;
    }
}

/// The writes so far to the tables a statement names.
fn signature(sql: &str) -> u64 {
    WRITES.read().expect("writes lock").iter().filter(|(table, _)| sql.contains(&format!("\"{table}\""))).map(|(_, n)| *n).sum()
}

/// The key of a count statement in a database.
pub fn key(database: &str, sql: &str, values: &str) -> String {
    format!("{database}\n{sql}\n{values}")
}

pub fn get(key: &str, sql: &str) -> Option<u64> {
    TOTALS.get(key).filter(|(sig, _)| *sig == signature(sql)).map(|(_, total)| total)
}

/// Keeps a total counted with the writes seen before the count ran.
pub fn put(key: String, sig: u64, total: u64) {
    TOTALS.insert(key, (sig, total));
}

/// The signature to pass to [`put`], read before counting.
pub fn before_count(sql: &str) -> u64 {
    signature(sql)
}

#[cfg(test)]
mod tests {
    use super::written_table;

    #[test]
    fn tables_written() {
        assert_eq!(written_table(r#"INSERT INTO "media" ("a") VALUES (1)"#), Some("media"));
        assert_eq!(written_table(r#"UPDATE "users" SET "x" = 1"#), Some("users"));
        assert_eq!(written_table(r#"delete from "job" WHERE 1"#), Some("job"));
        assert_eq!(written_table(r#"SELECT * FROM "media""#), None);
    }
}
