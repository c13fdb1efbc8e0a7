use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A change of a screen's status.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "media_status_log")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub log_idx: i64,
    pub media_id: i64,
    pub from_status: i32,
    pub to_status: i32,
    pub reason: String,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
