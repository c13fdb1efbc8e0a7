use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A site's stored row of a closed month: its owner then, its screens, the month's revenue and the
/// media fee at the rate in force.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "settlement_site")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub month: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub poi_id: i64,
    pub c_id: i64,
    pub screens: i64,
    pub revenue: i64,
    pub rate: i32,
    pub fee: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
