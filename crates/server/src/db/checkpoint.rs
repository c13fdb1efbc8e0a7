//! SQLite's log is copied into the database beside the writer, not by it.
//!
//! Left to itself, SQLite checkpoints in the commit that crosses a thousand log pages: that commit
//! (a heartbeat flush, an acknowledged proof-of-play group) then waits while pages are copied and
//! both files synced, and every write queued behind it waits too. Here the writer never
//! checkpoints (`wal_autocheckpoint=0`); a connection of its own copies the log every
//! [`EVERY`] without holding the writer (a passive checkpoint). A passive checkpoint never catches
//! a writer that keeps appending, and the log starts over only once it has been copied whole, so
//! when the log passes [`LOG_LIMIT`] pages a checkpoint takes the writer's turn right after a
//! passive one and a sync of the database file: only the pages appended while that one ran are
//! left to copy and sync.

use sea_orm::{ConnectionTrait, DatabaseConnection, DbErr, Statement};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// How often the log is copied.
const EVERY: Duration = Duration::from_millis(100);
/// Log pages (4 kB each) past which a checkpoint takes the writer's turn.
const LOG_LIMIT: i64 = 16_384;

/// Copies the log through `own` every [`EVERY`]; when it has grown past [`LOG_LIMIT`], once
/// more at once through `writer`; runs for the life of the process.
pub async fn run(own: DatabaseConnection, writer: DatabaseConnection) {
    let file = file_of(&own).await;
    let mut every = tokio::time::interval(EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let copied = match checkpoint(&own).await {
            Ok(log_pages) if log_pages > LOG_LIMIT => {
                // A checkpoint syncs the database file only when it has copied the whole log,
                // which only the writer's turn does: synced first here, beside the writer, the
                // pages the passive copies wrote since the last turn are on the disk before it.
                if let Some(file) = &file {
                    sync(file).await;
                }
                // Right behind the passive copy, the writer's turn copies only what was appended
                // while it ran (a moment's pages, not the 100 ms since the last one), and the
                // next write starts the log over: the writes queued behind it wait that long. Its
                // answer is not looked at: the log counts as long until that next write.
                checkpoint(&writer).await.map(|_| ())
            }
            other => other.map(|_| ()),
        };
        if let Err(e) = copied {
            tracing::warn!(error = %e, "checkpointing the SQLite log failed");
        }
    }
}

/// The main database's file, none for a database in memory.
async fn file_of(db: &DatabaseConnection) -> Option<PathBuf> {
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), "PRAGMA database_list")).await.ok()?;
    let main = rows.iter().find(|r| r.try_get_by_index::<String>(1).is_ok_and(|name| name == "main"))?;
    main.try_get_by_index::<String>(2).ok().filter(|file| !file.is_empty()).map(PathBuf::from)
}

/// Writes the database file's pages out (`fdatasync`); a failure is logged, and the writer's
/// checkpoint syncs the file anyway.
async fn sync(file: &Path) {
    let file = file.to_path_buf();
    let synced = tokio::task::spawn_blocking(move || std::fs::File::open(&file).and_then(|f| f.sync_data())).await;
    if let Ok(Err(e)) = synced {
        tracing::warn!(error = %e, "syncing the SQLite database file failed");
    }
}

/// One passive checkpoint; the log's length in pages.
async fn checkpoint(db: &DatabaseConnection) -> Result<i64, DbErr> {
    let row = db.query_one_raw(Statement::from_string(db.get_database_backend(), "PRAGMA wal_checkpoint(PASSIVE)")).await?;
    Ok(row.and_then(|r| r.try_get_by_index::<i64>(1).ok()).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_file_synced_before_the_writers_turn_is_the_databases_and_none_in_memory() {
        let dir = std::env::temp_dir().join(format!("tb_sync_{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("synced.db");
        let db = sea_orm::Database::connect(format!("sqlite://{}?mode=rwc", path.display())).await.unwrap();
        let found = file_of(&db).await.expect("a database in a file names it");
        assert_eq!(found.canonicalize().unwrap(), path.canonicalize().unwrap());
        sync(&found).await;
        let in_memory = sea_orm::Database::connect("sqlite::memory:").await.unwrap();
        assert_eq!(file_of(&in_memory).await, None);
        db.close().await.ok();
        let _ = std::fs::remove_dir_all(&dir);
    }
}
