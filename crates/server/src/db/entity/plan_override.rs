use sea_orm::entity::prelude::*;

/// A slot of a day's loop set by hand to another material.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "plan_override")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub mg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub play_date: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub seq: i32,
    pub mat_id: i64,
    pub created_by: Option<i64>,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
