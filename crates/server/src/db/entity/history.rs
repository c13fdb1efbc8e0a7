use sea_orm::entity::prelude::*;
use serde::Serialize;

/// Who changed what and when, with the row before and after as JSON.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "history")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub h_idx: i64,
    pub target: String,
    pub target_id: String,
    pub action: String,
    #[serde(rename = "uId")]
    pub u_id: String,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    pub before: Option<String>,
    pub after: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
