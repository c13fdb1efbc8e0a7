use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An ad or content file with its checks, approval and encoding state.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "material")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub mat_id: i64,
    #[serde(skip)]
    pub mat_kind: String,
    pub mat_name: String,
    #[serde(rename = "advertiserCId")]
    pub advertiser_c_id: Option<i64>,
    pub slot_type: i32,
    pub template_type: i32,
    pub mat_playtime: i32,
    pub mat_type: String,
    pub mat_status: i32,
    pub encoding_status: i32,
    pub encoding_error: Option<String>,
    pub reject_reason: Option<String>,
    pub width: i32,
    pub height: i32,
    pub duration_ms: i64,
    pub file_size: i64,
    pub file_name: String,
    #[serde(skip)]
    pub source_name: String,
    #[serde(skip)]
    pub source_type: String,
    pub created_by: Option<i64>,
    #[serde(skip)]
    pub approved_by: Option<i64>,
    #[serde(with = "crate::time::option")]
    pub approved_at: Option<DateTimeUtc>,
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
