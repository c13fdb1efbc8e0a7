use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};

/// A contact person of a corp.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, Deserialize)]
#[sea_orm(table_name = "corp_person")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub person_idx: i64,
    #[serde(rename = "cId")]
    pub c_id: i64,
    pub person_nm: String,
    pub person_tel: String,
    pub person_email: String,
    pub person_dept: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
