use sea_orm::entity::prelude::*;

/// An urgent message received by a screen (over the push channel or in a heartbeat's answer), and
/// when the screen acknowledged it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "urgent_reach")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub um_idx: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_id: i64,
    pub delivered_at: DateTimeUtc,
    pub acked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
