use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A screen at a site, bound to a device and, once its player registers, to the player's ssaid.
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
    pub player_version: String,
    pub schedule_version: String,
    pub last_error: String,
    #[serde(with = "crate::time::option")]
    pub last_heartbeat_at: Option<DateTimeUtc>,
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

/// The column every heartbeat writes: a list in its order pages by offset (a mark in it would be
/// retired by the next beat), and no second index of it is kept (each would cost every beat).
pub const WRITTEN_BY_HEARTBEATS: Column = Column::LastHeartbeatAt;
