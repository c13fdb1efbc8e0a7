use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A change request on an approved or live campaign (write type 1 targets, 2 materials, 3
/// mid-termination), decided like a new campaign and applied from the next day.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "campaign_change")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub chg_idx: i64,
    pub cmpg_id: i64,
    pub write_type: i32,
    /// 0 pending, 1 approved, 2 rejected.
    #[serde(rename = "status")]
    pub chg_status: i32,
    /// `{targets?, materials?, endDate?}` as JSON text.
    #[serde(skip)]
    pub payload: String,
    pub price_diff: Option<i64>,
    pub refund: Option<i64>,
    pub reason: Option<String>,
    pub reject_reason: Option<String>,
    #[serde(skip)]
    pub created_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time::option")]
    pub decided_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub decided_by: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

pub const PENDING: i32 = 0;
pub const APPROVED: i32 = 1;
pub const REJECTED: i32 = 2;
