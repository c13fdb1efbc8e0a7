use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A board post shown in the board area of screens: images (`image`, or `all` on every screen) or
/// a board video material (`video`), from `from_date` through `to_date` unless stopped. `body` is
/// stored safe-sanitised HTML.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "board_post")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub bi_idx: i64,
    #[serde(skip)]
    pub board_kind: String,
    pub title: String,
    pub body: String,
    pub from_date: String,
    pub to_date: String,
    pub mat_id: Option<i64>,
    #[serde(with = "crate::time::option")]
    pub stopped_at: Option<DateTimeUtc>,
    pub stop_reason: Option<String>,
    #[serde(skip)]
    pub created_by: Option<i64>,
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
