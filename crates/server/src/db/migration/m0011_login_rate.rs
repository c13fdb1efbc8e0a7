//! Login attempts per client address and minute, in the database so that every `serve` process
//! on one PostgreSQL counts against the same limit.

use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0011_login_rate"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("login_rate")
                .col(string_len("client", 64))
                // The minute counted, as seconds since the epoch divided by 60.
                .col(big_integer("window_minute"))
                .col(integer("attempts"))
                .primary_key(Index::create().col("client").col("window_minute"))
                .take(),
        )
        .await
    }
}
