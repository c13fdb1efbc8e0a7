use sea_orm::entity::prelude::*;
use serde::Serialize;

/// Legal-dong regions: sido (level 1) and sigungu (level 2), 10-digit codes.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "region")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub rgn_cd: String,
    pub rgn_nm: String,
    pub parent_cd: Option<String>,
    pub level: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
