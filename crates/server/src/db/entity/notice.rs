use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A notice; `nt_content` is stored safe-sanitised HTML.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "notice")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub nt_idx: i64,
    pub nt_title: String,
    pub nt_content: String,
    pub nt_start_date: Option<String>,
    pub nt_end_date: Option<String>,
    pub view_cnt: i32,
    pub created_by: i64,
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
