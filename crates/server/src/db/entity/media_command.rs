use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A command queued for a player, handed out on its next heartbeat.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "media_command")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub cmd_idx: i64,
    pub media_id: i64,
    pub cmd_type: String,
    pub payload: String,
    pub uuid: String,
    pub status: String,
    pub file_idx: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time::option")]
    pub delivered_at: Option<DateTimeUtc>,
    #[serde(with = "crate::time::option")]
    pub done_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
