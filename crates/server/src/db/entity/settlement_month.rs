use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A month that was ever closed: `status` 0 open, 1 closed; `closing` while its job runs (the month
/// already refuses changes then). A month without a row is open.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "settlement_month")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: String,
    pub status: i32,
    pub closing: bool,
    pub progress: i32,
    pub error: Option<String>,
    pub job_id: Option<i64>,
    pub campaigns: i64,
    pub revenue: i64,
    #[serde(with = "crate::time::option")]
    pub closed_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub closed_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

pub const OPEN: i32 = 0;
pub const CLOSED: i32 = 1;
