use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A file attached to a row (`target_type`, `target_id`) in one of its slots (files, logo, licence).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "stored_file")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub file_idx: i64,
    #[serde(skip)]
    pub target_type: String,
    #[serde(skip)]
    pub target_id: i64,
    #[serde(skip)]
    pub slot: String,
    pub file_name: String,
    #[serde(skip)]
    pub stored_name: String,
    pub file_size: i64,
    #[serde(skip)]
    pub content_type: String,
    #[serde(skip)]
    pub created_by: i64,
    #[serde(skip)]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
