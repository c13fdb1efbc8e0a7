//! Field checks for save bodies, collecting every problem before answering 10400.

use crate::error::{ApiError, ApiResult, FieldErrors};

#[derive(Default)]
pub struct Check {
    errors: FieldErrors,
}

impl Check {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fail(&mut self, field: &str, message: impl Into<String>) {
        self.errors.entry(field.to_string()).or_insert_with(|| message.into());
    }

    /// Required text of at most `max` characters.
    pub fn required(&mut self, field: &str, value: &str, max: usize) {
        if value.trim().is_empty() {
            self.fail(field, "필수 항목입니다.");
        } else {
            self.max_len(field, value, max);
        }
    }

    pub fn max_len(&mut self, field: &str, value: &str, max: usize) {
        if value.chars().count() > max {
            self.fail(field, format!("{max}자 이하로 입력하세요."));
        }
    }

    /// An upper-case key: letters, digits and underscores.
    pub fn key(&mut self, field: &str, value: &str, max: usize) {
        self.required(field, value, max);
        if !value.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_') {
            self.fail(field, "영문 대문자, 숫자, _만 사용할 수 있습니다.");
        }
    }

    pub fn yn(&mut self, field: &str, value: &str) {
        if value != "Y" && value != "N" {
            self.fail(field, "Y 또는 N이어야 합니다.");
        }
    }

    pub fn range(&mut self, field: &str, value: i64, min: i64, max: i64) {
        if !(min..=max).contains(&value) {
            self.fail(field, format!("{min}~{max} 사이여야 합니다."));
        }
    }

    pub fn code(&mut self, field: &str, cd_key: &str, value: &str) {
        if !townboard_domain::codes::is_code(cd_key, value) {
            self.fail(field, "허용되지 않는 값입니다.");
        }
    }

    pub fn finish(self) -> ApiResult<()> {
        if self.errors.is_empty() { Ok(()) } else { Err(ApiError::invalid_fields(self.errors)) }
    }
}

/// Trims surrounding white space, the form every stored text takes.
pub fn clean(s: String) -> String {
    let t = s.trim();
    if t.len() == s.len() { s } else { t.to_string() }
}

/// Checks permission codes against the programs and the kinds each offers; sorted and unique.
pub async fn valid_codes(db: &impl sea_orm::ConnectionTrait, codes: &[String]) -> crate::error::ApiResult<Vec<String>> {
    use sea_orm::EntityTrait;
    let programs = crate::db::entity::program::Entity::find().all(db).await?;
    let mut out = std::collections::BTreeSet::new();
    for code in codes {
        let offered = code.rsplit_once(':').is_some_and(|(prg, kind)| programs.iter().any(|p| p.prg_code == prg && p.prg_kinds.split(',').any(|k| k == kind)));
        if !offered {
            return Err(crate::error::ApiError::invalid("permCodes", format!("허용되지 않는 권한입니다: {}", code.chars().take(80).collect::<String>())));
        }
        out.insert(code.clone());
    }
    Ok(out.into_iter().collect())
}
