use sea_orm::entity::prelude::*;

/// Half slots one campaign holds on a group for a day.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "slot_hold")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub cmpg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub mg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub play_date: String,
    pub units: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
