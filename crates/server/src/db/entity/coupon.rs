use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A biz coupon for small-merchant advertisers: an amount (KRW) or a percentage (PCT) off a
/// campaign's adjusted price, usable within its period up to `max_uses` campaigns.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "coupon")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub cp_idx: i64,
    pub cp_nm: String,
    pub discount_type: String,
    pub discount_value: i64,
    pub from_date: String,
    pub to_date: String,
    pub max_uses: i32,
    pub used: i32,
    pub cp_status: i32,
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
