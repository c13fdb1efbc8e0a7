//! Boards on the screens (image, video and all-screen posts with their target groups), Q&A, and
//! the verification vendors' campaign photos. Files of all three are `stored_file` rows.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0010_boards"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("board_post")
                .col(big_pk_auto("bi_idx"))
                // "image", "video" or "all" (all-screen image posts).
                .col(string_len("board_kind", 10))
                .col(string_len("title", 200))
                .col(text("body"))
                // Dates as "YYYY-MM-DD": compared and sorted as text the same on both databases.
                .col(string_len("from_date", 10))
                .col(string_len("to_date", 10))
                .col(big_integer_null("mat_id"))
                .col(instant_null("stopped_at"))
                .col(string_len_null("stop_reason", 500))
                .col(big_integer_null("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("board_post_group")
                .col(big_integer("bi_idx"))
                .col(big_integer("mg_id"))
                .primary_key(Index::create().col("bi_idx").col("mg_id"))
                .take(),
            Table::create()
                .table("qna")
                .col(big_pk_auto("qna_idx"))
                .col(string_len("title", 200))
                .col(text("body"))
                .col(integer("status").default(0))
                .col(text_null("answer"))
                .col(big_integer_null("answered_by"))
                .col(instant_null("answered_at"))
                // When the asker last opened the question after its answer.
                .col(instant_null("answer_read_at"))
                .col(big_integer("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("campaign_photo")
                .col(big_pk_auto("photo_id"))
                .col(big_integer("cmpg_id"))
                .col(big_integer("poi_id"))
                .col(instant("taken_at"))
                .col(big_integer("created_by"))
                .col(instant("created_at"))
                .col(instant_null("deleted_at"))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("board_post", &["deleted_at", "board_kind", "bi_idx"]),
            index("board_post", &["deleted_at", "board_kind", "title"]),
            index("board_post", &["deleted_at", "board_kind", "from_date"]),
            index("board_post", &["deleted_at", "board_kind", "to_date"]),
            index("board_post", &["deleted_at", "board_kind", "created_at"]),
            // A group's posts: the player's board and the slot limit.
            index("board_post_group", &["mg_id", "bi_idx"]),
            index("qna", &["deleted_at", "qna_idx"]),
            index("qna", &["deleted_at", "created_by", "qna_idx"]),
            index("qna", &["deleted_at", "status", "qna_idx"]),
            index("qna", &["deleted_at", "title"]),
            index("qna", &["deleted_at", "created_at"]),
            index("campaign_photo", &["deleted_at", "photo_id"]),
            index("campaign_photo", &["deleted_at", "taken_at"]),
            index("campaign_photo", &["deleted_at", "cmpg_id", "taken_at"]),
            index("campaign_photo", &["deleted_at", "poi_id", "taken_at"]),
            index("campaign_photo", &["deleted_at", "created_by", "photo_id"]),
        ] {
            m.create_index(idx).await?;
        }
        Ok(())
    }
}
