use sea_orm::entity::prelude::*;

/// The one use of a coupon a campaign counted at its approval.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "coupon_use")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub cmpg_id: i64,
    pub cp_idx: i64,
    pub u_id: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
