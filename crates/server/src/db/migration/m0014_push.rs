//! The push channel's records: which screens received and acknowledged each urgent message (its
//! reach), and the incidents of screens gone silent, so operators are told once per incident.

use super::columns::{index, instant, instant_null};
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0014_push"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_table(
            Table::create()
                .table("urgent_reach")
                .col(big_integer("um_idx"))
                .col(big_integer("media_id"))
                .col(instant("delivered_at"))
                .col(instant_null("acked_at"))
                .primary_key(Index::create().col("um_idx").col("media_id"))
                .take(),
        )
        .await?;
        m.create_index(index("urgent_reach", &["um_idx", "acked_at"])).await?;
        m.create_table(
            Table::create()
                .table("screen_incident")
                .col(big_pk_auto("inc_idx"))
                .col(big_integer("media_id"))
                // The status the screen fell to (off, anomaly, abnormal, fault).
                .col(integer("to_status"))
                .col(instant("started_at"))
                .col(instant_null("alerted_at"))
                .col(instant_null("recovered_at"))
                .col(instant_null("recovery_alerted_at"))
                .take(),
        )
        .await?;
        m.create_index(index("screen_incident", &["media_id", "recovered_at"])).await
    }
}
