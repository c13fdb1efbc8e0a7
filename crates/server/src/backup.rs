//! `townboard backup PATH`: a consistent copy of the SQLite database while `serve` runs, taken
//! with `VACUUM INTO` (one read transaction: the copy is the database as of one instant, compacted).
//! Restoring is starting `serve` on the copy. PostgreSQL has its own tool for this: `pg_dump`.

use crate::config::Config;
use sea_orm::ConnectionTrait;
use std::path::Path;

pub async fn run(config: Config, path: &Path) -> Result<(), String> {
    let url = &config.database_url.0;
    if !url.starts_with("sqlite:") {
        return Err("backup copies SQLite databases; back up PostgreSQL with pg_dump (pg_dump -Fc -f townboard.dump DATABASE_URL)".into());
    }
    if path.exists() {
        return Err(format!("{} exists already; a backup never overwrites a file", path.display()));
    }
    let target = path.to_str().ok_or("the backup path must be valid UTF-8")?;
    let pools = crate::db::connect(url).await.map_err(|e| format!("database: {e}"))?;
    // `VACUUM INTO` takes no bound parameter: the path is a string literal, its quotes doubled.
    let sql = format!("VACUUM INTO '{}'", target.replace('\'', "''"));
    pools.write.execute_unprepared(&sql).await.map_err(|e| format!("backup to {}: {e}", path.display()))?;
    println!("backup written to {}", path.display());
    Ok(())
}
