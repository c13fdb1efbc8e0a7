use sea_orm::entity::prelude::*;
use serde::Serialize;

/// One step of a campaign's status machine: who, when, from, to, why.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "campaign_history")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    #[serde(skip)]
    pub ch_idx: i64,
    #[serde(skip)]
    pub cmpg_id: i64,
    #[serde(rename = "from")]
    pub from_status: Option<i32>,
    #[serde(rename = "to")]
    pub to_status: i32,
    pub action: String,
    pub reason: Option<String>,
    #[serde(rename = "uId")]
    pub u_id: String,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
