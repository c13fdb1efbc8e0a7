use sea_orm::entity::prelude::*;

/// A media group a campaign plays on.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "campaign_target")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub cmpg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub mg_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
