use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A plan generation: who asked, for what, and how it went.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "exec_log")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub exec_idx: i64,
    pub exec_nm: String,
    pub mg_id: Option<i64>,
    #[serde(skip)]
    pub u_idx: Option<i64>,
    pub status: i32,
    pub progress: i32,
    pub groups: i32,
    pub days: i32,
    pub error: Option<String>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time::option")]
    pub finished_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
