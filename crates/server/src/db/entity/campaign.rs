use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// An advertiser's campaign: what it buys, where and when it plays, its status and the price as
/// last saved or approved. Dates are `YYYY-MM-DD` text; drafts may leave most fields empty.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "campaign")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub cmpg_id: i64,
    pub cmpg_title: String,
    #[serde(rename = "advertiserCId")]
    pub advertiser_c_id: i64,
    #[serde(rename = "agentCId")]
    pub agent_c_id: Option<i64>,
    pub sales_u_idx: Option<i64>,
    pub platform: i32,
    #[serde(serialize_with = "package_id")]
    pub pkg_id: Option<i64>,
    #[serde(serialize_with = "product_id")]
    pub prd_id: Option<i64>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub slot_cnt: Option<i32>,
    pub schd_rate: i32,
    pub extra_type: Option<String>,
    pub extra_value: Option<i64>,
    pub cp_idx: Option<i64>,
    pub memo: String,
    pub cmpg_status: i32,
    #[serde(skip)]
    pub cancelled_by_owner: bool,
    pub price_gross_yn: String,
    pub days: Option<i64>,
    pub media_cnt: Option<i64>,
    pub unit_price: Option<i64>,
    pub base: Option<i64>,
    pub slot_discount: Option<i64>,
    pub period_discount: Option<i64>,
    pub net: Option<i64>,
    pub adjusted: Option<i64>,
    pub coupon: Option<i64>,
    pub supply: Option<i64>,
    pub vat: Option<i64>,
    pub total: Option<i64>,
    pub audience: Option<i64>,
    pub paid_points: i64,
    #[serde(with = "crate::time::option")]
    pub requested_at: Option<DateTimeUtc>,
    #[serde(with = "crate::time::option")]
    pub approved_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub approved_by: Option<i64>,
    pub reject_reason: Option<String>,
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

fn package_id<S: Serializer>(id: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match id {
        Some(id) => s.serialize_str(&super::package::wire_id(*id)),
        None => s.serialize_none(),
    }
}

fn product_id<S: Serializer>(id: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match id {
        Some(id) => s.serialize_str(&super::product::wire_id(*id)),
        None => s.serialize_none(),
    }
}
