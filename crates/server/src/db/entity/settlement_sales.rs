use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A sales corp's (`u_idx` 0) or sales user's stored row of a closed month.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "settlement_sales")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub c_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub u_idx: i64,
    pub revenue: i64,
    pub rate: i32,
    pub fee: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
