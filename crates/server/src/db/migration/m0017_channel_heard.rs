//! When each screen was last heard over its push channel, apart from the screen's row: a channel
//! marks its screen heard every third of the silence allowed, and written into `media` each mark
//! rewrote the row and every index of it (its last heartbeat leads two list orders), tens of
//! thousands a minute at the network's size. Here a mark changes one unindexed column: on
//! PostgreSQL an update in place (HOT), for which each page keeps room.

use super::columns::instant;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0017_channel_heard"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(Table::create().table("media_heard").col(big_integer("media_id").primary_key()).col(instant("heard_at")).take()).await?;
        if m.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
            m.get_connection().execute_unprepared("ALTER TABLE media_heard SET (fillfactor = 50)").await?;
        }
        Ok(())
    }
}
