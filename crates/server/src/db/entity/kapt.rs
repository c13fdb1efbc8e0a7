use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An apartment complex from the public apartment registry (a seeded sample).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "kapt")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub kapt_code: String,
    pub kapt_name: String,
    pub as1: String,
    pub as2: String,
    pub as3: String,
    pub as4: String,
    pub rgn_cd: String,
    pub road_addr: String,
    pub dong_cnt: i32,
    pub da_cnt: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
