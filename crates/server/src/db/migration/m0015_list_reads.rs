//! Indexes for reading lists in order (the list indexes themselves are declared by the lists,
//! `crate::db::list_indexes`). The notices of the screens' footer are found by the end of their
//! period (`to_date`), the start checked on the row: the index of the end and the start together
//! goes, so that the list sorted by the end reads its own list index in order instead. A user
//! group's member count reads the group's users by an index rather than every user.

use super::columns::index;
use sea_orm_migration::prelude::*;

pub struct Migration;

impl MigrationName for Migration {
    fn name(&self) -> &str {
        "m0015_list_reads"
    }
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, m: &SchemaManager) -> Result<(), DbErr> {
        m.create_index(index("content_notice", &["deleted_at", "to_date", "cn_idx"]).if_not_exists().to_owned()).await?;
        m.drop_index(Index::drop().name("ix_content_notice_deleted_at_to_date_from_date").table("content_notice").to_owned()).await?;
        m.create_index(index("users", &["deleted_at", "group_id"])).await
    }
}
