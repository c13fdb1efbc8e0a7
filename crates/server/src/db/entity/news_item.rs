use sea_orm::entity::prelude::*;

/// A title of a news provider's feed as last read (the latest few per provider are kept).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "news_item")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub ni_idx: i64,
    pub nss_id: i64,
    pub seq: i32,
    pub title: String,
    pub link: String,
    pub published_at: Option<DateTimeUtc>,
    pub fetched_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
