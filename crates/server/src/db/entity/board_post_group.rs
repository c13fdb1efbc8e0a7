use sea_orm::entity::prelude::*;

/// A media group a board post runs on.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "board_post_group")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub bi_idx: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub mg_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
