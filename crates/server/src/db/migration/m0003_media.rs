//! Sites, devices, screens, groups, players, node managers, status log, player commands and
//! proof-of-play (raw batches and the daily rollup).

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0003_media"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("kapt")
                .col(string_len("kapt_code", 20).primary_key())
                .col(string_len("kapt_name", 100))
                .col(string_len("as1", 30))
                .col(string_len("as2", 30))
                .col(string_len("as3", 30))
                .col(string_len("as4", 30).default(""))
                .col(string_len("rgn_cd", 10))
                .col(string_len("road_addr", 200))
                .col(integer("dong_cnt"))
                .col(integer("da_cnt"))
                .take(),
            Table::create()
                .table("poi")
                .col(big_pk_auto("poi_id"))
                .col(string_len("poi_nm", 100))
                .col(big_integer("c_id"))
                .col(integer("poi_status"))
                .col(string_len("road_addr", 200))
                .col(string_len("rgn_cd", 10))
                .col(string_len_null("kapt_code", 20))
                .col(string_len("open_time", 5))
                .col(string_len("close_time", 5))
                .col(integer("dong_cnt"))
                .col(integer("da_cnt"))
                .col(string_len("media_grade", 10))
                .col(integer("display_num"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("node_manager")
                .col(big_pk_auto("nm_idx"))
                .col(big_integer("u_idx"))
                .col(big_integer("poi_id"))
                .col(instant("created_at"))
                .take(),
            Table::create()
                .table("device")
                .col(big_pk_auto("dvc_idx"))
                .col(string_len("dvc_nm", 100))
                .col(string_len("dvc_sn_num", 100))
                .col(string_len("os_type", 10))
                .col(string_len("wrhs_dt", 10))
                .col(string_len("erp_cd", 50).default(""))
                .col(integer("device_status"))
                .col(integer("size"))
                .col(string_len("resolution", 10))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("media_group")
                .col(big_pk_auto("mg_id"))
                .col(string_len("mg_nm", 100))
                .col(big_integer("poi_id"))
                .col(integer("layout"))
                .col(integer("template_type"))
                .col(integer("schd_group"))
                .col(integer("ad_slot_cnt"))
                .col(integer("slot_sec"))
                .col(integer("board_slot_cnt"))
                .col(integer("media_group_status"))
                .col(string_len_null("demolish_date", 10))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("media")
                .col(big_pk_auto("media_id"))
                .col(string_len("media_nm", 100))
                .col(big_integer("c_id"))
                .col(big_integer("poi_id"))
                .col(big_integer_null("mg_id"))
                .col(big_integer_null("dvc_idx"))
                .col(string_len("os_type", 10))
                .col(integer("media_status"))
                .col(string_len_null("ssaid", 100))
                .col(string_len_null("token_digest", 64))
                .col(string_len("player_version", 50).default(""))
                .col(string_len("schedule_version", 64).default(""))
                .col(string_len("last_error", 500).default(""))
                .col(instant_null("last_heartbeat_at"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("player")
                .col(big_pk_auto("ply_idx"))
                .col(string_len("os_type", 10))
                .col(string_len("ply_type", 20))
                .col(string_len("ply_version", 50))
                .col(string_len("ply_desc", 500).default(""))
                .col(string_len("ply_deploy_yn", 1).default("N"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("media_status_log")
                .col(big_pk_auto("log_idx"))
                .col(big_integer("media_id"))
                .col(integer("from_status"))
                .col(integer("to_status"))
                .col(string_len("reason", 200))
                .col(instant("created_at"))
                .take(),
            Table::create()
                .table("media_command")
                .col(big_pk_auto("cmd_idx"))
                .col(big_integer("media_id"))
                .col(string_len("cmd_type", 20))
                .col(text("payload"))
                .col(string_len("uuid", 40).default(""))
                .col(string_len("status", 10))
                .col(big_integer_null("file_idx"))
                .col(instant("created_at"))
                .col(instant_null("delivered_at"))
                .col(instant_null("done_at"))
                .take(),
            Table::create()
                .table("pop_batch")
                .col(string_len("batch_id", 100))
                .col(big_integer("media_id"))
                .col(instant("created_at"))
                .primary_key(Index::create().col("media_id").col("batch_id"))
                .take(),
            Table::create()
                .table("pop_daily")
                .col(string_len("play_date", 10))
                .col(big_integer("media_id"))
                .col(big_integer("cmpg_id"))
                .col(big_integer("mat_id"))
                .col(integer("slot_type"))
                .col(big_integer("plays"))
                .col(big_integer("seconds"))
                .primary_key(Index::create().col("play_date").col("media_id").col("cmpg_id").col("mat_id").col("slot_type"))
                .take(),
            Table::create()
                .table("pop_media_day")
                .col(string_len("play_date", 10))
                .col(big_integer("media_id"))
                .col(big_integer("plays"))
                .col(big_integer("seconds"))
                .primary_key(Index::create().col("play_date").col("media_id"))
                .take(),
            Table::create()
                .table("pop_media_month")
                .col(string_len("play_month", 7))
                .col(big_integer("media_id"))
                .col(big_integer("plays"))
                .col(big_integer("seconds"))
                .primary_key(Index::create().col("play_month").col("media_id"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("kapt", &["kapt_name"]),
            index("kapt", &["rgn_cd"]),
            index("poi", &["deleted_at", "poi_nm"]),
            index("poi", &["deleted_at", "c_id"]),
            index("poi", &["deleted_at", "poi_status"]),
            index("poi", &["deleted_at", "rgn_cd"]),
            index("poi", &["deleted_at", "updated_at"]),
            unique("node_manager", &["u_idx", "poi_id"]),
            index("node_manager", &["poi_id"]),
            index("device", &["deleted_at", "dvc_sn_num"]),
            index("device", &["deleted_at", "dvc_nm"]),
            index("device", &["deleted_at", "device_status"]),
            index("device", &["deleted_at", "created_at"]),
            index("media_group", &["deleted_at", "poi_id"]),
            index("media_group", &["deleted_at", "mg_nm"]),
            index("media_group", &["deleted_at", "media_group_status"]),
            index("media_group", &["deleted_at", "created_at"]),
            index("media", &["deleted_at", "c_id"]),
            index("media", &["deleted_at", "poi_id"]),
            index("media", &["deleted_at", "mg_id"]),
            index("media", &["deleted_at", "dvc_idx"]),
            index("media", &["deleted_at", "media_nm"]),
            index("media", &["deleted_at", "media_status"]),
            index("media", &["deleted_at", "ssaid"]),
            index("media", &["deleted_at", "token_digest"]),
            index("media", &["deleted_at", "created_at"]),
            index("media", &["deleted_at", "last_heartbeat_at"]),
            index("player", &["deleted_at", "os_type", "ply_type"]),
            index("player", &["deleted_at", "created_at"]),
            index("media_status_log", &["media_id", "created_at"]),
            index("media_status_log", &["created_at"]),
            index("media_command", &["media_id", "status"]),
            index("media_command", &["uuid"]),
            index("pop_batch", &["created_at"]),
            index("pop_daily", &["media_id", "play_date"]),
            index("pop_media_day", &["play_date", "plays", "media_id"]),
            index("pop_media_month", &["play_month", "plays", "media_id"]),
        ] {
            m.create_index(idx).await?;
        }
        Ok(())
    }
}
