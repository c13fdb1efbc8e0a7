//! Notices, stored files, news providers and corp contacts.

use super::columns::*;
use sea_orm_migration::prelude::*;
use sea_orm_migration::schema::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0002_notices_files_contacts"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table("notice")
                .col(big_pk_auto("nt_idx"))
                .col(string_len("nt_title", 200))
                .col(text("nt_content"))
                .col(string_len_null("nt_start_date", 10))
                .col(string_len_null("nt_end_date", 10))
                .col(integer("view_cnt").default(0))
                .col(big_integer("created_by"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("stored_file")
                .col(big_pk_auto("file_idx"))
                .col(string_len("target_type", 30))
                .col(big_integer("target_id"))
                .col(string_len("slot", 30))
                .col(string_len("file_name", 255))
                .col(string_len("stored_name", 100))
                .col(big_integer("file_size"))
                .col(string_len("content_type", 100))
                .col(big_integer("created_by"))
                .col(instant("created_at"))
                .take(),
            Table::create()
                .table("news_provider")
                .col(big_pk_auto("nss_id"))
                .col(string_len("nss_nm", 100))
                .col(string_len("feed_url", 500))
                .col(string_len("use_yn", 1).default("Y"))
                .col(instant("created_at"))
                .col(instant("updated_at"))
                .col(instant_null("deleted_at"))
                .take(),
            Table::create()
                .table("corp_person")
                .col(big_pk_auto("person_idx"))
                .col(big_integer("c_id"))
                .col(string_len("person_nm", 50))
                .col(string_len("person_tel", 20).default(""))
                .col(string_len("person_email", 100).default(""))
                .col(string_len("person_dept", 50).default(""))
                .take(),
        ];
        for table in tables {
            m.create_table(table).await?;
        }
        for idx in [
            index("notice", &["deleted_at", "created_at"]),
            index("notice", &["deleted_at", "nt_title"]),
            index("notice", &["deleted_at", "view_cnt"]),
            index("stored_file", &["target_type", "target_id"]),
            index("news_provider", &["deleted_at", "nss_nm"]),
            index("news_provider", &["deleted_at", "created_at"]),
            index("corp_person", &["c_id"]),
            index("user_team", &["deleted_at", "team_nm"]),
            index("user_team", &["deleted_at", "created_at"]),
            index("user_group", &["deleted_at", "group_nm"]),
            index("user_group", &["deleted_at", "created_at"]),
            index("users", &["deleted_at", "last_login_at"]),
            index("program", &["prg_name"]),
            index("program", &["sort_order"]),
        ] {
            m.create_index(idx).await?;
        }
        Ok(())
    }
}
