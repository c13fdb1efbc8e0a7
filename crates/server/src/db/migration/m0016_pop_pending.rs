//! Proof of play waiting for the rollups: a counted batch is kept as one row, appended where the
//! table ends, and acknowledged once that row is committed; batches are folded into the rollups
//! later, many in one sorted transaction (`crate::intake::pop`). The daily rollup's index by
//! screen goes: no query reads it, and every new row paid for it.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0016_pop_pending"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("pop_pending")
                .col(big_pk_auto("pending_id"))
                .col(string_len("play_date", 10))
                .col(big_integer("media_id"))
                // `townboard_domain::pop::pending_text`
                .col(text("items"))
                .take(),
        )
        .await?;
        m.drop_index(Index::drop().name("ix_pop_daily_media_id_play_date").table("pop_daily").to_owned()).await
    }
}
