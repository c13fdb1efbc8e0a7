use sea_orm::entity::prelude::*;

/// The points an owner holds: an advertiser corp, a sales corp or a sales user.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "point_balance")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub owner_type: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub owner_id: i64,
    pub balance: i64,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
