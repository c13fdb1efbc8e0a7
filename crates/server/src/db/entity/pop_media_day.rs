use sea_orm::entity::prelude::*;
use serde::Serialize;

/// Plays per screen and day, rolled up at ingestion.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "pop_media_day")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub play_date: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_id: i64,
    pub plays: i64,
    pub seconds: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
