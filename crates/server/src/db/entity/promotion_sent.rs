use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// A promotion text sent to a corp about a coupon through the SMS provider: to which phone, what,
/// and how it went (`queued`, `sent`, `failed`).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "promotion_sent")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub sp_idx: i64,
    pub cp_idx: i64,
    #[serde(rename = "cId")]
    pub c_id: i64,
    #[serde(serialize_with = "masked")]
    pub phone: String,
    pub message: String,
    pub status: String,
    #[serde(with = "crate::time::option")]
    pub sent_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub created_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// `010-****-1234`: the first three and the last four digits.
pub fn mask(phone: &str) -> String {
    let digits: Vec<char> = phone.chars().filter(char::is_ascii_digit).collect();
    if digits.len() < 8 {
        return "*".repeat(digits.len());
    }
    let (head, rest) = digits.split_at(3);
    let (middle, tail) = rest.split_at(rest.len() - 4);
    format!("{}-{}-{}", head.iter().collect::<String>(), "*".repeat(middle.len()), tail.iter().collect::<String>())
}

fn masked<S: Serializer>(phone: &str, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&mask(phone))
}

#[cfg(test)]
mod tests {
    #[test]
    fn phones_are_masked_with_dashes() {
        assert_eq!(super::mask("010-1234-5678"), "010-****-5678");
        assert_eq!(super::mask("0212345678"), "021-***-5678");
        assert_eq!(super::mask(""), "");
        assert_eq!(super::mask("1234"), "****");
    }
}
