use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// What a campaign buys: a slot of a play time on a platform, at a unit price per slot, screen
/// and 30 days. On the wire its id is text, `PR` and eight digits (`PR00000001`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "product")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    #[serde(serialize_with = "wire")]
    pub prd_id: i64,
    pub prd_nm: String,
    pub slot_type: i32,
    pub playtime: i32,
    pub unit_price: i64,
    pub platform: i32,
    pub prd_status: i32,
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

const PREFIX: &str = "PR";
const DIGITS: usize = 8;

/// `PR00000001`.
pub fn wire_id(id: i64) -> String {
    format!("{PREFIX}{id:0DIGITS$}")
}

/// The id of `PR00000001`; `None` for anything else.
pub fn parse_id(text: &str) -> Option<i64> {
    let digits = text.trim().strip_prefix(PREFIX)?;
    (digits.len() == DIGITS && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok()).flatten()
}

fn wire<S: Serializer>(id: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&wire_id(*id))
}
