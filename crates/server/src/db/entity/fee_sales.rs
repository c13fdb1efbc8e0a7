use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A sales fee rate from a date on: a sales corp's own (`u_idx` 0), or one of its users'. The rate
/// is in hundredths of a percent.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "fee_sales")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub fee_idx: i64,
    #[serde(rename = "cId")]
    pub c_id: i64,
    #[serde(serialize_with = "super::fee_media::zero_as_null")]
    pub u_idx: i64,
    #[serde(serialize_with = "super::fee_media::rate")]
    pub rate: i32,
    pub from_date: String,
    #[serde(skip)]
    pub sort_c_name: String,
    #[serde(skip)]
    pub created_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(skip)]
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
