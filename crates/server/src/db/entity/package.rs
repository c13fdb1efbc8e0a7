use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// Products sold together, priced with VAT on top (`priceGrossYn` N) or included (Y). On the wire
/// its id is text, `P` and nine digits (`P000000003`, the default package).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "package")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    #[serde(serialize_with = "wire")]
    pub pkg_id: i64,
    pub pkg_nm: String,
    pub price_gross_yn: String,
    pub pkg_status: i32,
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

const PREFIX: &str = "P";
const DIGITS: usize = 9;

/// `P000000003`.
pub fn wire_id(id: i64) -> String {
    format!("{PREFIX}{id:0DIGITS$}")
}

/// The id of `P000000003`; `None` for anything else.
pub fn parse_id(text: &str) -> Option<i64> {
    let digits = text.trim().strip_prefix(PREFIX)?;
    (digits.len() == DIGITS && digits.bytes().all(|b| b.is_ascii_digit())).then(|| digits.parse().ok()).flatten()
}

fn wire<S: Serializer>(id: &i64, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&wire_id(*id))
}
