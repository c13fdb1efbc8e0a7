use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A site: an apartment complex with screens.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "poi")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub poi_id: i64,
    pub poi_nm: String,
    #[serde(rename = "cId")]
    pub c_id: i64,
    pub poi_status: i32,
    pub road_addr: String,
    pub rgn_cd: String,
    pub kapt_code: Option<String>,
    pub open_time: String,
    pub close_time: String,
    pub dong_cnt: i32,
    pub da_cnt: i32,
    pub media_grade: String,
    pub display_num: i32,
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
