use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A site manager responsible for a site.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "node_manager")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub nm_idx: i64,
    pub u_idx: i64,
    pub poi_id: i64,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
