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
