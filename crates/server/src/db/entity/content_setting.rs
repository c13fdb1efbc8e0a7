use sea_orm::entity::prelude::*;
use serde::Serialize;

/// What fills the bottom band of a media group's screens: a news provider's titles, weather,
/// content notices. A group without a row has no news, no weather and notices on.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "content_setting")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub mg_id: i64,
    pub nss_id: Option<i64>,
    pub news_yn: String,
    pub weather_yn: String,
    pub notice_yn: String,
    #[serde(skip)]
    pub updated_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
