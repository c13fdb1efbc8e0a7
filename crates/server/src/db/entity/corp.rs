use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "corp")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    #[serde(rename = "cId")]
    pub c_id: i64,
    #[serde(skip)]
    pub created_by: Option<i64>,
    pub c_name: String,
    pub c_rep: String,
    pub c_biz_no: String,
    pub c_status: i32,
    pub c_type: i32,
    pub c_pay_type: i32,
    pub role_cd: i32,
    pub platform: i32,
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
