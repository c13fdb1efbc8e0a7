//! A fixed-window count of login attempts per client address and minute (the brute-force brake,
//! 10429). The counts live in the database: every process on one PostgreSQL shares the limit, and
//! one upsert per attempt is small beside the password hash a login costs anyway.

use chrono::{DateTime, Duration, Utc};
use sea_orm::{ConnectionTrait, DatabaseBackend, DbErr, Statement};
use std::net::IpAddr;

/// Counts one attempt of `client` now; false when it is over `limit` for this minute.
pub async fn allow(db: &impl ConnectionTrait, client: Option<IpAddr>, limit: u32, now: DateTime<Utc>) -> Result<bool, DbErr> {
    let backend = db.get_database_backend();
    let p = |i: usize| if backend == DatabaseBackend::Postgres { format!("${i}") } else { format!("?{i}") };
    let sql = format!(
        "INSERT INTO login_rate (client, window_minute, attempts) VALUES ({}, {}, 1) \
         ON CONFLICT (client, window_minute) DO UPDATE SET attempts = login_rate.attempts + 1 RETURNING attempts",
        p(1),
        p(2)
    );
    let client = client.map_or_else(|| "unknown".to_string(), |ip| ip.to_string());
    let minute = now.timestamp().div_euclid(60);
    let row = db.query_one_raw(Statement::from_sql_and_values(backend, sql, [client.into(), minute.into()])).await?;
    let attempts: i32 = match row {
        Some(row) => row.try_get("", "attempts")?,
        None => 1,
    };
    Ok(attempts as i64 <= limit as i64)
}

/// Forgets the counts of minutes long past.
pub async fn prune(db: &impl ConnectionTrait, now: DateTime<Utc>) -> Result<u64, DbErr> {
    let backend = db.get_database_backend();
    let p = if backend == DatabaseBackend::Postgres { "$1" } else { "?1" };
    let before = (now - Duration::hours(1)).timestamp().div_euclid(60);
    let sql = format!("DELETE FROM login_rate WHERE window_minute < {p}");
    Ok(db.execute_raw(Statement::from_sql_and_values(backend, sql, [before.into()])).await?.rows_affected())
}
