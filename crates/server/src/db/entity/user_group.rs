use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A permission set that replaces the role default for its members.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "user_group")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub group_id: i64,
    pub group_nm: String,
    pub group_desc: String,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
