//! The loop plans of media groups per day, slots overridden by hand, and the execution log of
//! plan generations.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0006_schedules"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("plan")
                .col(big_integer("mg_id"))
                // "YYYY-MM-DD": compared and sorted as text the same on both databases.
                .col(string_len("play_date", 10))
                // A hash of the items: players compare it to the one they hold.
                .col(string_len("version", 32))
                .col(integer("loop_sec"))
                .col(integer("ad_slot_cnt"))
                // The slot report's figures: full slots sold, half slots sold, house ads in halves.
                .col(integer("sold_full"))
                .col(integer("sold_half"))
                .col(integer("house_halves"))
                .col(text("items"))
                .col(instant("generated_at"))
                .col(big_integer_null("exec_idx"))
                .primary_key(Index::create().col("mg_id").col("play_date"))
                .take(),
            Table::create()
                .table("plan_override")
                .col(big_integer("mg_id"))
                .col(string_len("play_date", 10))
                .col(integer("seq"))
                .col(big_integer("mat_id"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .primary_key(Index::create().col("mg_id").col("play_date").col("seq"))
                .take(),
            Table::create()
                .table("exec_log")
                .col(big_pk_auto("exec_idx"))
                .col(string_len("exec_nm", 200))
                .col(big_integer_null("mg_id"))
                .col(big_integer_null("u_idx"))
                // 0 running, 1 done, 3 failed
                .col(integer("status"))
                .col(integer("progress").default(0))
                .col(integer("groups").default(0))
                .col(integer("days").default(0))
                .col(text_null("error"))
                .col(instant("created_at"))
                .col(instant_null("finished_at"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("plan", &["play_date", "mg_id"]),
            index("exec_log", &["created_at"]),
            index("exec_log", &["mg_id", "created_at"]),
            // The campaign report reads a campaign's plays by day.
            index("pop_daily", &["cmpg_id", "play_date"]),
        ] {
            m.create_index(idx).await?;
        }
        Ok(())
    }
}
