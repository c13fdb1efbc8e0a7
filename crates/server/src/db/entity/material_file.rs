use sea_orm::entity::prelude::*;

/// One rendition of a material: `sd`, `hd`, `fhd`, `poster` or `thumb`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "material_file")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub mat_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub rendition: String,
    pub stored_name: String,
    pub content_type: String,
    pub width: i32,
    pub height: i32,
    pub bytes: i64,
    pub duration_ms: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
