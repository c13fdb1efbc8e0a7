use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "menu")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub mn_id: i64,
    pub parent_id: Option<i64>,
    pub mn_name: String,
    pub mn_dir: String,
    pub link: String,
    pub prg_code: Option<String>,
    pub mn_icon: String,
    pub sort_order: i32,
    pub use_yn: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
