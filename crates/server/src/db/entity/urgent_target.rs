use sea_orm::entity::prelude::*;

/// A region (`rgn_cd`, `poi_id` 0) or a site (`poi_id`, `rgn_cd` empty) an urgent message addresses.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "urgent_target")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub um_idx: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub rgn_cd: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub poi_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
