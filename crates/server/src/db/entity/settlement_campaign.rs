use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A campaign's stored line of a closed month (`campaign/jungsan`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "settlement_campaign")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub cmpg_id: i64,
    pub live_days: i64,
    pub period_days: i64,
    pub supply: i64,
    pub revenue: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
