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

/// A request body that the middleware keeps a hold of while a handler reads it, so that what the
/// handler left unread can still be read once the answer is made (`app::read_unread_body`).
#[derive(Clone)]
pub struct SharedBody(std::sync::Arc<std::sync::Mutex<Option<axum::body::Body>>>);

impl SharedBody {
    pub fn new(body: axum::body::Body) -> Self {
        SharedBody(std::sync::Arc::new(std::sync::Mutex::new(Some(body))))
    }

    /// The body, unless it was read to its end.
    pub fn take(&self) -> Option<axum::body::Body> {
        use http_body::Body as _;
        let body = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).take()?;
        (!body.is_end_stream()).then_some(body)
    }
}

impl http_body::Body for SharedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Self::Data>, Self::Error>>> {
        let mut held = self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        match held.as_mut() {
            Some(body) => std::pin::Pin::new(body).poll_frame(cx),
            None => std::task::Poll::Ready(None),
        }
    }

    fn is_end_stream(&self) -> bool {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref().is_none_or(|b| b.is_end_stream())
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.0.lock().unwrap_or_else(std::sync::PoisonError::into_inner).as_ref().map_or_else(|| http_body::SizeHint::with_exact(0), |b| b.size_hint())
    }
}

/// A multipart upload read through the input layer: each part's name and file name are texts like
/// any other (a control character in either is 10400 naming the part), and a stream that breaks
/// off answers 10413 (too large) or 10400.
pub struct Form(pub axum::extract::Multipart);

impl Form {
    /// The next part, checked.
    pub async fn next_field(&mut self) -> ApiResult<Option<axum::extract::multipart::Field<'_>>> {
        let field = self.0.next_field().await.map_err(|e| multipart_error(&e))?;
        if let Some(f) = &field {
            let name = f.name().unwrap_or_default();
            if has_control(name) || f.file_name().is_some_and(has_control) {
                return Err(control_refused(name));
            }
        }
        Ok(field)
    }
}

/// A multipart stream that broke off: too large (10413) or malformed (10400).
pub fn multipart_error(e: &axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE { ApiError::TooLarge } else { ApiError::invalid("body", "multipart 형식이 올바르지 않습니다.") }
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

/// Whether a text holds U+0000 or another control character other than tab, CR and LF: such a
/// string is refused wherever it comes from (no database stores NUL the same way).
pub fn has_control(text: &str) -> bool {
    text.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\r' | '\n'))
}

/// The answer to a text that may not be read: 10400 naming its field.
pub fn control_refused(field: &str) -> ApiError {
    let named: String = field.chars().filter(|c| !c.is_control()).collect();
    ApiError::invalid(if named.is_empty() { "body" } else { &named }, "제어 문자(U+0000 등)는 입력할 수 없습니다.")
}

/// The first text that may not be read, named by its field: one holding a control character (a
/// key counts as a text of its own object), or one longer than its field's maximum.
fn bad_text(value: &Value, field: &str) -> Option<ApiError> {
    match value {
        Value::String(s) if has_control(s) => Some(control_refused(field)),
        Value::String(s) if s.len() > max_chars(field) && s.chars().count() > max_chars(field) => {
            Some(ApiError::invalid(field, format!("{}자 이내로 입력하세요.", max_chars(field))))
        }
        Value::Array(items) => items.iter().find_map(|v| bad_text(v, field)),
        Value::Object(map) => map.iter().find_map(|(k, v)| if has_control(k) { Some(control_refused(k)) } else { bad_text(v, k) }),
        _ => None,
    }
}

fn check_texts(value: &Value) -> ApiResult<()> {
    bad_text(value, "body").map_or(Ok(()), Err)
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
        let map = query_texts(query)?;
        check_texts(&Value::Object(map))?;
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

/// A query string's pairs as texts (`?a=1&b=x` is `{"a": "1", "b": "x"}`).
fn query_texts(query: &str) -> ApiResult<Map<String, Value>> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query).map_err(|_| ApiError::invalid("query", "요청 주소의 형식이 올바르지 않습니다."))?;
    Ok(pairs.into_iter().map(|(k, v)| (k, Value::String(v))).collect())
}

/// Every request's path and query, before any handler reads them: a control character in a path
/// segment or in a query pair is 10400 naming the field (`path`, or the query pair's name).
pub fn check_address(uri: &axum::http::Uri) -> ApiResult<()> {
    let path = percent_decoded(uri.path());
    if has_control(&path) {
        return Err(control_refused("path"));
    }
    let query = uri.query().unwrap_or_default();
    if !query.is_empty() {
        for (key, value) in form_urlencoded::parse(query.as_bytes()) {
            if has_control(&key) || has_control(&value) {
                return Err(control_refused(&key));
            }
        }
    }
    Ok(())
}

/// `%XX` escapes decoded (invalid UTF-8 replaced), as the router decodes path segments.
fn percent_decoded(path: &str) -> String {
    let bytes = path.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (bytes[i], bytes.get(i + 1).copied().and_then(hex), bytes.get(i + 2).copied().and_then(hex)) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Reads a value already parsed as JSON, with the same length checks and error naming as a body.
pub fn from_value<T: DeserializeOwned>(value: Value) -> ApiResult<T> {
    check_texts(&value)?;
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
    fn control_characters_are_refused_naming_the_field() {
        assert_eq!(field_of(parse::<Body>(br#"{"cdKey": "a\u0000b"}"#).unwrap_err()), "cdKey");
        assert_eq!(field_of(parse::<Value>(br#"{"items": [{"memo": "\u0007"}]}"#).unwrap_err()), "memo");
        assert_eq!(field_of(parse::<Value>(br#"{"k\u0000": 1}"#).unwrap_err()), "k");
        assert!(parse::<Value>(br#"{"memo": "tab\tand\r\nlines"}"#).is_ok(), "tab, CR and LF stay");
        let uri = |s: &str| s.parse::<axum::http::Uri>().unwrap();
        assert_eq!(field_of(check_address(&uri("/api/x?uId=a%00b")).unwrap_err()), "uId");
        assert_eq!(field_of(check_address(&uri("/api/media/1/capture/result.do?uuid=%01")).unwrap_err()), "uuid");
        assert_eq!(field_of(check_address(&uri("/api/common/file/download/a/1/x%00.png")).unwrap_err()), "path");
        assert!(check_address(&uri("/api/x?q=%ED%95%9C+%EA%B8%80&a=1")).is_ok());
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
