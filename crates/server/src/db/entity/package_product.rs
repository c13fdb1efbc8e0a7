use sea_orm::entity::prelude::*;

/// A product of a package with its quantity.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "package_product")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub pkg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub prd_id: i64,
    pub qty: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
