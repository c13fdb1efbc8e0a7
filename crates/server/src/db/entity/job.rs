use sea_orm::entity::prelude::*;

/// A unit of background work, claimed by one worker at a time under a lease.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "job")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub job_id: i64,
    pub kind: String,
    pub payload: String,
    pub state: String,
    pub attempts: i32,
    pub max_attempts: i32,
    pub run_after: DateTimeUtc,
    pub lease_until: Option<DateTimeUtc>,
    pub leased_by: Option<String>,
    pub last_error: Option<String>,
    pub unique_key: Option<String>,
    pub progress: i32,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub done_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
