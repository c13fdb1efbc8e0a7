use sea_orm::entity::prelude::*;

/// Half slots sold on a group for a day, beside what the group sells.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "slot_use")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub mg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub play_date: String,
    pub used_units: i32,
    pub capacity_units: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
