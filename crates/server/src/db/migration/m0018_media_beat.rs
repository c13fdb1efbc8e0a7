//! A screen's last heartbeat, its player's and loop's versions and its last error move from
//! `media` to `media_beat`, a row for every screen. Every beat wrote them, and in `media` a write
//! of the last heartbeat (which leads two list orders) rewrote the row and each of its indexes: on
//! PostgreSQL fifteen index entries a beat, which halved the beats a second (measured). Here a beat
//! writes a narrow row with three indexes. A trigger makes the row with the screen, however the
//! screen is made (the API, a demo network, the bench's data set), so a list in the order of the
//! last heartbeat walks this table's index and finds every screen.

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
                .col(instant_null("last_heartbeat_at"))
                .col(string_len("player_version", 50).default(""))
                .col(string_len("schedule_version", 64).default(""))
                .col(string_len("last_error", 500).default(""))
                .foreign_key(ForeignKey::create().from("media_beat", "media_id").to("media", "media_id").on_delete(ForeignKeyAction::Cascade))
                .take(),
        )
        .await?;
        db.execute_unprepared(&format!("INSERT INTO media_beat (media_id, {cols}) SELECT media_id, {cols} FROM media", cols = MOVED.join(", "))).await?;
        let trigger = match backend {
            DatabaseBackend::Postgres => vec![
                "CREATE FUNCTION media_beat_made() RETURNS trigger LANGUAGE plpgsql AS $$ \
                 BEGIN INSERT INTO media_beat (media_id) VALUES (NEW.media_id) ON CONFLICT DO NOTHING; RETURN NULL; END $$"
                    .to_string(),
                "CREATE TRIGGER media_beat_made AFTER INSERT ON media FOR EACH ROW EXECUTE FUNCTION media_beat_made()".to_string(),
            ],
            _ => vec![
                "CREATE TRIGGER media_beat_made AFTER INSERT ON media BEGIN \
                 INSERT INTO media_beat (media_id) VALUES (NEW.media_id) ON CONFLICT DO NOTHING; END"
                    .to_string(),
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
