use sea_orm::entity::prelude::*;

/// A material a campaign plays.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "campaign_material")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub cmpg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub mat_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
