//! A screen's last heartbeat, its player's and loop's versions and its last error move from
//! `media` to `media_beat`, a row for every screen. Every beat wrote them, and in `media` a write
//! of the last heartbeat (which leads two list orders) rewrote the row and each of its indexes: on
//! PostgreSQL fifteen index entries a beat. Here a beat writes a narrow row and its few indexes.
//! The row also holds copies of what the lists in the heartbeat's order check, the screen's
//! soft delete and status, so that such a list is a range of one index of this table. Triggers
//! make the row with the screen and keep the copies, however the screen is made or changed (the
//! API, the heartbeats, the sweep, a demo network, the bench's data set); status moves are rare.

use super::columns::instant_null;
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0018_media_beat"
    }
}

const MOVED: [&str; 4] = ["last_heartbeat_at", "player_version", "schedule_version", "last_error"];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let db = m.get_connection();
        let backend = m.get_database_backend();
        m.create_table(
            Table::create()
                .table("media_beat")
                .col(big_integer("media_id").primary_key())
                .col(instant_null("deleted_at"))
                .col(integer("media_status"))
                .col(instant_null("last_heartbeat_at"))
                .col(string_len("player_version", 50).default(""))
                .col(string_len("schedule_version", 64).default(""))
                .col(string_len("last_error", 500).default(""))
                .foreign_key(ForeignKey::create().from("media_beat", "media_id").to("media", "media_id").on_delete(ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        db.execute_unprepared(&format!(
            "INSERT INTO media_beat (media_id, deleted_at, media_status, {cols}) SELECT media_id, deleted_at, media_status, {cols} FROM media",
            cols = MOVED.join(", ")
        ))
        .await?;
        let made = "INSERT INTO media_beat (media_id, deleted_at, media_status) VALUES (NEW.media_id, NEW.deleted_at, NEW.media_status) ON CONFLICT DO NOTHING";
        let copied = "UPDATE media_beat SET deleted_at = NEW.deleted_at, media_status = NEW.media_status WHERE media_id = NEW.media_id";
        let trigger = match backend {
            DatabaseBackend::Postgres => vec![
                format!("CREATE FUNCTION media_beat_made() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {made}; RETURN NULL; END $$"),
                "CREATE TRIGGER media_beat_made AFTER INSERT ON media FOR EACH ROW EXECUTE FUNCTION media_beat_made()".into(),
                format!("CREATE FUNCTION media_beat_copied() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN {copied}; RETURN NULL; END $$"),
                "CREATE TRIGGER media_beat_copied AFTER UPDATE OF deleted_at, media_status ON media FOR EACH ROW \
                 WHEN (OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.media_status IS DISTINCT FROM NEW.media_status) \
                 EXECUTE FUNCTION media_beat_copied()"
                    .into(),
            ],
            _ => vec![
                format!("CREATE TRIGGER media_beat_made AFTER INSERT ON media BEGIN {made}; END"),
                format!(
                    "CREATE TRIGGER media_beat_copied AFTER UPDATE OF deleted_at, media_status ON media \
                     WHEN OLD.deleted_at IS NOT NEW.deleted_at OR OLD.media_status IS NOT NEW.media_status BEGIN {copied}; END"
                ),
            ],
        };
        for sql in trigger {
            db.execute_unprepared(&sql).await?;
        }
        // SQLite drops no column an index holds: the indexes that hold them go first (PostgreSQL
        // drops them with the column).
        if backend == DatabaseBackend::Sqlite {
            let held = "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'media' AND sql LIKE '%last_heartbeat_at%'";
            for row in db.query_all_raw(Statement::from_string(backend, held)).await? {
                let name: String = row.try_get_by_index(0)?;
                db.execute_unprepared(&format!(r#"DROP INDEX "{name}""#)).await?;
            }
        }
        for col in MOVED {
            m.alter_table(Table::alter().table("media").drop_column(col).take()).await?;
        }
        Ok(())
    }
}
