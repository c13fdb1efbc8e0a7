use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One entry of an owner's point ledger, with the balance after it.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "point_ledger")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub pt_idx: i64,
    #[serde(skip)]
    pub owner_type: String,
    #[serde(skip)]
    pub owner_id: i64,
    pub pt_type: String,
    pub amount: i64,
    pub balance: i64,
    pub ref_type: Option<String>,
    pub ref_id: Option<String>,
    pub memo: String,
    #[serde(rename = "uId")]
    pub u_id: String,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
