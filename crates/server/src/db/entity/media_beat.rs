use sea_orm::entity::prelude::*;
use serde::Serialize;

/// What a screen's player last said in a heartbeat, apart from the screen's row: every beat
/// writes it, and written into `media` each beat rewrote the row and every index of it. A row for
/// every screen, made with it and holding copies of its soft delete and status (triggers of
/// `m0018_media_beat`), so a list in the order of the last heartbeat is a range of this table's
/// index.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "media_beat")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub media_id: i64,
    /// Copies of the screen's (`media`), kept by triggers: what the lists in the heartbeat's order check.
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub media_status: i32,
    #[serde(with = "crate::time::option")]
    pub last_heartbeat_at: Option<DateTimeUtc>,
    pub player_version: String,
    pub schedule_version: String,
    pub last_error: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
