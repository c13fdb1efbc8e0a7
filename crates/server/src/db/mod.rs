//! Database: connection, migrations, entities and seed data.

pub mod entity;
pub mod migration;
pub mod seed;

use sea_orm::{
    ConnectOptions, ConnectionTrait, Database, DatabaseConnection, DatabaseTransaction, DbErr, SqliteTransactionMode, TransactionOptions, TransactionTrait,
};
use sea_orm_migration::MigratorTrait;
use std::time::Duration;

pub async fn connect(url: &str) -> Result<DatabaseConnection, DbErr> {
    let mut opts = ConnectOptions::new(url);
    opts.sqlx_logging(false).acquire_timeout(Duration::from_secs(10));
    if url.starts_with("sqlite:") {
        use sea_orm::sqlx::sqlite::{SqliteJournalMode, SqliteSynchronous};
        opts.max_connections(8).min_connections(1).map_sqlx_sqlite_opts(|o| {
            o.journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true)
                .create_if_missing(true)
        });
    } else {
        opts.max_connections(16).min_connections(1);
    }
    Database::connect(opts).await
}

/// Brings the schema up to date and seeds an empty database. Returns the generated admin password
/// when one had to be made up.
pub async fn prepare(db: &DatabaseConnection, admin_password: Option<&str>) -> Result<Option<String>, DbErr> {
    migration::Migrator::up(db, None).await?;
    seed::seed_if_empty(db, admin_password).await
}

/// A write transaction. On SQLite it takes the write lock at BEGIN, so two writers queue on the
/// busy timeout instead of failing when a read turns into a write.
pub async fn begin_write(db: &DatabaseConnection) -> Result<DatabaseTransaction, DbErr> {
    db.begin_with_options(TransactionOptions { sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate), ..Default::default() }).await
}

pub async fn ping(db: &DatabaseConnection) -> Result<(), DbErr> {
    db.execute_unprepared("SELECT 1").await.map(|_| ())
}
