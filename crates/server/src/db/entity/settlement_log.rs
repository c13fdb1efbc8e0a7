use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A close or a reopen of a month: who, when, why (a reopen's reason), and what the month held.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "settlement_log")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    #[serde(skip)]
    pub sl_idx: i64,
    pub month: String,
    pub action: String,
    pub reason: Option<String>,
    #[serde(skip)]
    pub u_idx: Option<i64>,
    pub campaigns: i64,
    pub revenue: i64,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
