use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A screen at a site, bound to a device and, once its player registers, to the player's ssaid.
/// What its player last said in a heartbeat is in `media_beat`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "media")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub media_id: i64,
    pub media_nm: String,
    #[serde(rename = "cId")]
    pub c_id: i64,
    pub poi_id: i64,
    pub mg_id: Option<i64>,
    pub dvc_idx: Option<i64>,
    pub os_type: String,
    pub media_status: i32,
    pub ssaid: Option<String>,
    #[serde(skip)]
    pub token_digest: Option<String>,
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

/// A screen's row beside it in `media_beat` (same id).
impl Related<super::media_beat::Entity> for Entity {
    fn to() -> RelationDef {
        Entity::belongs_to(super::media_beat::Entity).from(Column::MediaId).to(super::media_beat::Column::MediaId).into()
    }
}
