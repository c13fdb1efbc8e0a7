use sea_orm::entity::prelude::*;

/// A screen gone silent or at fault, from the status it fell to until it recovered, with when the
/// operators on duty were told of each.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "screen_incident")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub inc_idx: i64,
    pub media_id: i64,
    pub to_status: i32,
    pub started_at: DateTimeUtc,
    pub alerted_at: Option<DateTimeUtc>,
    pub recovered_at: Option<DateTimeUtc>,
    pub recovery_alerted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
