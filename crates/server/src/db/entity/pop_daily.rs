use sea_orm::entity::prelude::*;
use serde::Serialize;

/// Plays per day, screen, campaign, material and slot type.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "pop_daily")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub play_date: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub cmpg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub mat_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub slot_type: i32,
    pub plays: i64,
    pub seconds: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
