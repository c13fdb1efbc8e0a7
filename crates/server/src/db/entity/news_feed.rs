use sea_orm::entity::prelude::*;

/// The last reading of a news provider's feed: when it succeeded, how many items, the last error.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "news_feed")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub nss_id: i64,
    pub fetched_at: Option<DateTimeUtc>,
    pub item_cnt: i32,
    pub last_error: Option<String>,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
