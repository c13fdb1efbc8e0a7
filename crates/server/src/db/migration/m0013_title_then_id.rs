//! The campaign lists sorted by title break ties by id: the title index names the id right after
//! the title, so the order is read from the index as it stands, with no sort of equal titles, on
//! SQLite (where the row id otherwise comes after the status columns) and on PostgreSQL alike.

use super::columns::index;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0013_title_then_id"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(index("campaign", &["deleted_at", "cmpg_title", "cmpg_id", "cmpg_status", "end_date"])).await?;
        m.drop_index(Index::drop().name("ix_campaign_deleted_at_cmpg_title_cmpg_status_end_date").table("campaign").to_owned()).await
    }
}
