use sea_orm::entity::prelude::*;

/// A browser session. `id` is the SHA-256 of the cookie token, so a copy of the table opens no session.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "session")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub u_idx: Option<i64>,
    /// Pre-login state (captcha, pending SMS step) as JSON.
    pub data: String,
    pub created_at: DateTimeUtc,
    pub last_access_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
