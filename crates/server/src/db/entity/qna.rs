use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A question to the operators and its answer; `body` and `answer` are stored safe-sanitised HTML.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "qna")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub qna_idx: i64,
    pub title: String,
    pub body: String,
    pub status: i32,
    pub answer: Option<String>,
    #[serde(skip)]
    pub answered_by: Option<i64>,
    #[serde(with = "crate::time::option")]
    pub answered_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub answer_read_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub created_by: i64,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
