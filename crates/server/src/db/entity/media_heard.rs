use sea_orm::entity::prelude::*;

/// When a screen was last heard over its push channel (`crate::player::beat_writer`); its
/// heartbeats are in `media`. The status sweep counts a screen's silence from the later of both.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "media_heard")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_id: i64,
    pub heard_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
