use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An urgent message (disaster alert) shown over the loop of the screens it targets.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "urgent_message")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub um_idx: i64,
    pub text: String,
    pub image_url: Option<String>,
    #[serde(with = "crate::time")]
    pub start_at: DateTimeUtc,
    #[serde(with = "crate::time")]
    pub end_at: DateTimeUtc,
    pub target_type: String,
    #[serde(with = "crate::time::option")]
    pub stopped_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub created_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
