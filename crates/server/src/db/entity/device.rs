use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A screen's hardware, tracked from the warehouse on.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "device")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub dvc_idx: i64,
    pub dvc_nm: String,
    pub dvc_sn_num: String,
    pub os_type: String,
    pub wrhs_dt: String,
    pub erp_cd: String,
    pub device_status: i32,
    pub size: i32,
    pub resolution: String,
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
