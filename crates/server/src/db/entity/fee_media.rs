use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// A media fee rate from a date on: a media owner corp's own (`poi_id` 0), or a site's override.
/// The rate is in hundredths of a percent.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "fee_media")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub fee_idx: i64,
    #[serde(rename = "cId")]
    pub c_id: i64,
    #[serde(serialize_with = "zero_as_null")]
    pub poi_id: i64,
    #[serde(serialize_with = "rate")]
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

/// A rate in hundredths of a percent as the wire shows it: `12.5`.
pub fn rate<S: Serializer>(hundredths: &i32, s: S) -> Result<S::Ok, S::Error> {
    townboard_domain::fixed::serialize(i64::from(*hundredths), 2, s)
}

/// An id that is 0 for "none" (the corp's own row) as null.
pub fn zero_as_null<S: Serializer>(id: &i64, s: S) -> Result<S::Ok, S::Error> {
    if *id == 0 { s.serialize_none() } else { s.serialize_i64(*id) }
}
