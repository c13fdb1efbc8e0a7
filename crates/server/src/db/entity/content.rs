use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// House content played in the content slots: an image or video content material, or a text.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "content")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub ct_idx: i64,
    pub ct_nm: String,
    pub content_type: i32,
    pub mat_id: Option<i64>,
    pub text: Option<String>,
    pub seconds: i32,
    pub from_date: Option<String>,
    pub to_date: Option<String>,
    pub ct_status: i32,
    /// Stored as "0,2"; on the wire a list of numbers (empty: every template).
    #[serde(serialize_with = "template_list")]
    pub template_types: String,
    #[serde(skip)]
    pub created_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

impl Model {
    /// The template types it is limited to; empty: every template.
    pub fn templates(&self) -> Vec<i32> {
        self.template_types.split(',').filter_map(|t| t.trim().parse().ok()).collect()
    }
}

fn template_list<S: Serializer>(stored: &str, s: S) -> Result<S::Ok, S::Error> {
    let list: Vec<i32> = stored.split(',').filter_map(|t| t.trim().parse().ok()).collect();
    list.serialize(s)
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
