use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// A proposal ("가상 리포트"): what a campaign would buy, where and when, for an advertiser named
/// by text. Its price is quoted again with the current products whenever it is read; `media_cnt`
/// and `total` keep the figures of its last save for the list.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "report_temp")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub rt_idx: i64,
    pub title: String,
    pub advertiser_name: String,
    #[serde(serialize_with = "package_id")]
    pub pkg_id: i64,
    #[serde(serialize_with = "product_id")]
    pub prd_id: i64,
    pub slot_cnt: i32,
    pub schd_rate: i32,
    pub start_date: String,
    pub end_date: String,
    pub extra_type: Option<String>,
    pub extra_value: Option<i64>,
    pub memo: String,
    pub media_cnt: i64,
    pub total: i64,
    /// The corp of the user who wrote it: the corp whose sales people see it.
    #[serde(skip)]
    pub c_id: i64,
    #[serde(skip)]
    pub created_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

fn package_id<S: Serializer>(id: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&super::package::wire_id(*id))
}

fn product_id<S: Serializer>(id: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&super::product::wire_id(*id))
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
