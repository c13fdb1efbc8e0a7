use sea_orm::entity::prelude::*;
use serde::Serialize;

/// The screens of one site that play one loop.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "media_group")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub mg_id: i64,
    pub mg_nm: String,
    pub poi_id: i64,
    pub layout: i32,
    pub template_type: i32,
    pub schd_group: i32,
    pub ad_slot_cnt: i32,
    pub slot_sec: i32,
    pub board_slot_cnt: i32,
    pub media_group_status: i32,
    pub demolish_date: Option<String>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {
    #[sea_orm(belongs_to = "super::poi::Entity", from = "Column::PoiId", to = "super::poi::Column::PoiId")]
    Site,
}

impl Related<super::poi::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Site.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
