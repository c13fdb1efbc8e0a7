use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A proof-of-play batch already counted (kept 30 days), so a resend counts once.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "pop_batch")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub batch_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_id: i64,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
