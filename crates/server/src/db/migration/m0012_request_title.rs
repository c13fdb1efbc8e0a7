//! Substring filters: the campaign request list's index also holds the title, so the test runs
//! over index entries and only the matching campaigns' rows are read; and on PostgreSQL a
//! `likelihood(condition, probability)` function that returns its condition, so that lists can tell
//! SQLite's planner a substring test is selective with one statement for both databases.

use super::columns::index;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0012_request_title"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(index("campaign", &["deleted_at", "cmpg_status", "requested_at", "cmpg_title"])).await?;
        // The new index leads with the old one's columns and answers everything it did.
        m.drop_index(Index::drop().name("ix_campaign_deleted_at_cmpg_status_requested_at").table("campaign").to_owned()).await?;
        if m.get_database_backend() == sea_orm::DatabaseBackend::Postgres {
            // A plain SQL function: the planner inlines it and sees the condition itself.
            m.get_connection()
                .execute_unprepared(
                    "CREATE OR REPLACE FUNCTION likelihood(condition boolean, probability double precision) RETURNS boolean \
                     LANGUAGE sql IMMUTABLE AS 'SELECT condition'",
                )
                .await?;
        }
        Ok(())
    }
}
