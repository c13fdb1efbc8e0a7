use sea_orm::entity::prelude::*;

/// A counted proof-of-play batch not yet in the rollups (`crate::intake::pop`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "pop_pending")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub pending_id: i64,
    pub play_date: String,
    pub media_id: i64,
    /// `townboard_domain::pop::pending_text`
    pub items: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
