use sea_orm::entity::prelude::*;
use serde::Serialize;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "program")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub prg_idx: i64,
    pub prg_code: String,
    pub prg_name: String,
    pub prg_path: String,
    pub platform: String,
    /// Comma-separated kinds the program offers; a list on the wire.
    #[serde(serialize_with = "kinds_as_list")]
    pub prg_kinds: String,
    pub sort_order: i32,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

fn kinds_as_list<S: serde::Serializer>(kinds: &str, s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(kinds.split(',').filter(|k| !k.is_empty()))
}
