use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A verification vendor's photo of a campaign playing at a site; the image and its thumbnail
/// are `stored_file` rows of type `cmpgphoto` (slots `photo` and `thumb`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "campaign_photo")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub photo_id: i64,
    pub cmpg_id: i64,
    pub poi_id: i64,
    #[serde(with = "crate::time")]
    pub taken_at: DateTimeUtc,
    #[serde(skip)]
    pub created_by: i64,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
