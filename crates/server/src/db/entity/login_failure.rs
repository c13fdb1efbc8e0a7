use sea_orm::entity::prelude::*;

/// Consecutive failed logins per case-folded user id, known or not.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "login_failure")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub u_id_key: String,
    pub fail_cnt: i32,
    pub last_failed_at: DateTimeUtc,
    pub locked_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
