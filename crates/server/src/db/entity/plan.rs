use sea_orm::entity::prelude::*;

/// The loop of a media group for a day, as generated.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[sea_orm(table_name = "plan")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub mg_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub play_date: String,
    pub version: String,
    pub loop_sec: i32,
    pub ad_slot_cnt: i32,
    pub sold_full: i32,
    pub sold_half: i32,
    /// House ads in half slots (a house ad filling a free half counts one).
    pub house_halves: i32,
    /// The loop items as JSON (`townboard_domain::schedule::LoopItem`s).
    #[serde(skip)]
    pub items: String,
    #[serde(with = "crate::time")]
    pub generated_at: DateTimeUtc,
    pub exec_idx: Option<i64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
