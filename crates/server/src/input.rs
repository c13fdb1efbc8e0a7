//! The request layer every endpoint reads through: the JSON body ([`Input`]) and the query string
//! ([`Params`]). Malformed JSON, wrong types and unknown fields answer 10400 naming the field; an
//! oversize body answers 10413; an empty body reads as `{}`. Every text is held to its field's
//! declared maximum ([`max_chars`]) before any handler sees it, so no endpoint can forget one.

use crate::error::{ApiError, ApiResult};
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::StatusCode;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

/// JSON bodies are small; uploads get their own limit on their routes.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

pub struct Input<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Input<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
                ApiError::TooLarge
            } else {
                ApiError::invalid("body", "요청 본문을 읽을 수 없습니다.")
            }
        })?;
        parse(&bytes).map(Input)
    }
}

/// The longest text most fields take: names, titles, codes, reasons, short notes.
pub const DEFAULT_MAX_CHARS: usize = 2000;
/// Bodies written in the editor (notices, board posts, answers) are HTML and may be long.
const LONG_TEXT_FIELDS: &[(&str, usize)] = &[("ntContent", 100_000), ("body", 100_000), ("answer", 100_000)];

/// The declared maximum length of a text field, by its wire name; the API description states the
/// same figure as `maxLength`.
pub fn max_chars(field: &str) -> usize {
    LONG_TEXT_FIELDS.iter().find(|(name, _)| *name == field).map_or(DEFAULT_MAX_CHARS, |(_, max)| *max)
}

/// The first text longer than its field's maximum, named by the field.
fn over_long(value: &Value, field: &str) -> Option<String> {
    match value {
        Value::String(s) if s.len() > max_chars(field) && s.chars().count() > max_chars(field) => Some(field.to_string()),
        Value::Array(items) => items.iter().find_map(|v| over_long(v, field)),
        Value::Object(map) => map.iter().find_map(|(k, v)| over_long(v, k)),
        _ => None,
    }
}

fn check_lengths(value: &Value) -> ApiResult<()> {
    match over_long(value, "body") {
        Some(field) => {
            let max = max_chars(&field);
            Err(ApiError::invalid(&field, format!("{max}자 이내로 입력하세요.")))
        }
        None => Ok(()),
    }
}

/// A body that must be `{}` (or empty).
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoFields {}

/// The query string, read like a JSON body: `?page=2&cmpgTitle=x` is `{"page": "2", "cmpgTitle": "x"}`
/// (numbers arrive as text; typed fields accept both).
pub struct Params<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Params<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let query = parts.uri.query().unwrap_or_default();
        let pairs: Vec<(String, String)> =
            serde_urlencoded::from_str(query).map_err(|_| ApiError::invalid("query", "요청 주소의 형식이 올바르지 않습니다."))?;
        let map: Map<String, Value> = pairs.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
        check_lengths(&Value::Object(map))?;
        // The typed reader of query strings reads numbers from their text.
        let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(de).map(Params).map_err(|err| {
            let path = err.path().to_string();
            let text = err.into_inner().to_string();
            match text.strip_prefix("missing field `").and_then(|rest| rest.split('`').next()) {
                Some(name) => ApiError::invalid(name, "필수 항목입니다."),
                None if path == "." || path == "?" || path.is_empty() => ApiError::invalid("query", "값의 형식이 올바르지 않습니다."),
                None => ApiError::invalid(&path, "값의 형식이 올바르지 않습니다."),
            }
        })
    }
}

/// Reads a value already parsed as JSON, with the same length checks and error naming as a body.
pub fn from_value<T: DeserializeOwned>(value: Value) -> ApiResult<T> {
    check_lengths(&value)?;
    serde_path_to_error::deserialize(value).map_err(named_error)
}

pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> ApiResult<T> {
    let body: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    if let Ok(value) = serde_json::from_slice::<Value>(body) {
        return from_value(value);
    }
    // Not JSON at all: the typed reader names where it broke off.
    let de = &mut serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(de).map_err(named_error)
}

fn named_error(err: serde_path_to_error::Error<serde_json::Error>) -> ApiError {
    {
        let path = err.path().to_string();
        let inner = err.into_inner();
        let text = inner.to_string();
        if let Some(rest) = text.strip_prefix("unknown field `") {
            let name = rest.split('`').next().unwrap_or_default();
            // The path already ends with the unknown key, except at the top level.
            let field = if path == "." || path == "?" { name.to_string() } else { path };
            return ApiError::invalid(&field, "알 수 없는 항목입니다.");
        }
        if let Some(rest) = text.strip_prefix("missing field `") {
            let name = rest.split('`').next().unwrap_or_default();
            return ApiError::invalid(name, "필수 항목입니다.");
        }
        let field = if path == "." || path == "?" || path.is_empty() { "body".to_string() } else { path };
        match inner.classify() {
            serde_json::error::Category::Syntax | serde_json::error::Category::Eof => ApiError::invalid(&field, "JSON 형식이 올바르지 않습니다."),
            _ => ApiError::invalid(&field, "값의 형식이 올바르지 않습니다."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Deserialize, Debug)]
    #[serde(deny_unknown_fields, rename_all = "camelCase")]
    #[allow(dead_code)]
    struct Body {
        page: Option<u32>,
        cd_key: String,
    }

    fn field_of(err: ApiError) -> String {
        match err {
            ApiError::Invalid { field_errors, .. } => field_errors.keys().next().cloned().unwrap(),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn names_the_field_at_fault() {
        assert_eq!(field_of(parse::<Body>(br#"{"cdKey": 5}"#).unwrap_err()), "cdKey");
        assert_eq!(field_of(parse::<Body>(br#"{"cdKey": "A", "page": "x"}"#).unwrap_err()), "page");
        assert_eq!(field_of(parse::<Body>(br#"{"cdKey": "A", "evil": 1}"#).unwrap_err()), "evil");
        assert_eq!(field_of(parse::<Body>(br#"{}"#).unwrap_err()), "cdKey");
        assert_eq!(field_of(parse::<Body>(br#"{"cdKey": "#).unwrap_err()), "cdKey");
        assert_eq!(field_of(parse::<Body>(b"nonsense").unwrap_err()), "body");
        assert_eq!(parse::<Body>(br#"{"cdKey":"A"}"#).unwrap().cd_key, "A");
        assert!(parse::<serde_json::Value>(b"  ").is_ok());
    }

    #[test]
    fn texts_are_held_to_their_field_maximum() {
        let long = "가".repeat(DEFAULT_MAX_CHARS + 1);
        let body = serde_json::json!({ "cdKey": long }).to_string();
        assert_eq!(field_of(parse::<Body>(body.as_bytes()).unwrap_err()), "cdKey");
        let nested = serde_json::json!({ "cdKey": "A", "items": [{ "memo": long }] }).to_string();
        assert_eq!(field_of(parse::<serde_json::Value>(nested.as_bytes()).unwrap_err()), "memo");
        let html = serde_json::json!({ "ntContent": long }).to_string();
        assert!(parse::<serde_json::Value>(html.as_bytes()).is_ok(), "editor bodies may be long");
        let at_max = serde_json::json!({ "cdKey": "가".repeat(DEFAULT_MAX_CHARS) }).to_string();
        assert!(parse::<Body>(at_max.as_bytes()).is_ok());
    }
}
