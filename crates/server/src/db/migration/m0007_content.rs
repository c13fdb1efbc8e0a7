//! The content area: content notices (footer text with a period), urgent messages with their
//! targets, house contents for the content slots, the lower content settings of each media group,
//! and the news items read from the providers' feeds with each feed's last reading.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0007_content"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("content_notice")
                .col(big_pk_auto("cn_idx"))
                .col(string_len("text", 200))
                // Dates as "YYYY-MM-DD": compared and sorted as text the same on both databases.
                .col(string_len("from_date", 10))
                .col(string_len("to_date", 10))
                // The one site a site manager's notice shows at; none: every site.
                .col(big_integer_null("poi_id"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("urgent_message")
                .col(big_pk_auto("um_idx"))
                .col(string_len("text", 500))
                .col(string_len_null("image_url", 500))
                .col(instant("start_at"))
                .col(instant("end_at"))
                // all, sido, sigungu, poi
                .col(string_len("target_type", 10))
                .col(instant_null("stopped_at"))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            // A region (sido or sigungu code) or a site an urgent message addresses: one of the two
            // is set, the other left at its empty value, so the pair can be the key.
            Table::create()
                .table("urgent_target")
                .col(big_integer("um_idx"))
                .col(string_len("rgn_cd", 10).default(""))
                .col(big_integer("poi_id").default(0))
                .primary_key(Index::create().col("um_idx").col("rgn_cd").col("poi_id"))
                .take(),
            Table::create()
                .table("content")
                .col(big_pk_auto("ct_idx"))
                .col(string_len("ct_nm", 100))
                // 10 image, 20 video, 30 text
                .col(integer("content_type"))
                .col(big_integer_null("mat_id"))
                .col(string_len_null("text", 500))
                .col(integer("seconds"))
                .col(string_len_null("from_date", 10))
                .col(string_len_null("to_date", 10))
                .col(integer("ct_status"))
                // Template types it plays on, "0,2"; empty: every template.
                .col(string_len("template_types", 20).default(""))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            // A media group without a row has the defaults: no news, no weather, notices on.
            Table::create()
                .table("content_setting")
                .col(big_integer("mg_id").primary_key())
                .col(big_integer_null("nss_id"))
                .col(yn("news_yn"))
                .col(yn("weather_yn"))
                .col(string_len("notice_yn", 1).default("Y"))
                .col(big_integer_null("updated_by"))
                .col(instant("updated_at"))
                .take(),
            Table::create()
                .table("news_item")
                .col(big_pk_auto("ni_idx"))
                .col(big_integer("nss_id"))
                // Position in the feed as read (0 first): the order when items carry no date.
                .col(integer("seq"))
                .col(string_len("title", 500))
                .col(string_len("link", 1000).default(""))
                .col(instant_null("published_at"))
                .col(instant("fetched_at"))
                .take(),
            Table::create()
                .table("news_feed")
                .col(big_integer("nss_id").primary_key())
                .col(instant_null("fetched_at"))
                .col(integer("item_cnt").default(0))
                .col(string_len_null("last_error", 1000))
                .col(instant("updated_at"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("content_notice", &["deleted_at", "cn_idx"]),
            index("content_notice", &["deleted_at", "text"]),
            index("content_notice", &["deleted_at", "from_date"]),
            // The time status filters and the footer's notices in progress.
            index("content_notice", &["deleted_at", "to_date", "from_date"]),
            index("content_notice", &["deleted_at", "created_at"]),
            index("content_notice", &["deleted_at", "poi_id"]),
            index("urgent_message", &["deleted_at", "um_idx"]),
            index("urgent_message", &["deleted_at", "text"]),
            index("urgent_message", &["deleted_at", "target_type"]),
            index("urgent_message", &["deleted_at", "start_at"]),
            // The messages not stopped nor ended (kept in memory for heartbeats), and the status filters.
            index("urgent_message", &["deleted_at", "stopped_at", "end_at"]),
            index("urgent_message", &["deleted_at", "end_at"]),
            index("urgent_message", &["deleted_at", "created_at"]),
            index("urgent_target", &["poi_id"]),
            index("content", &["deleted_at", "ct_idx"]),
            index("content", &["deleted_at", "ct_nm"]),
            index("content", &["deleted_at", "content_type"]),
            // The contents in force for the loop.
            index("content", &["deleted_at", "ct_status", "from_date"]),
            index("content", &["deleted_at", "seconds"]),
            index("content", &["deleted_at", "created_at"]),
            index("content", &["mat_id"]),
            index("content_setting", &["nss_id"]),
            index("news_item", &["nss_id", "published_at"]),
            index("news_item", &["nss_id", "seq"]),
        ] {
            m.create_index(idx).await?;
        }
        Ok(())
    }
}
