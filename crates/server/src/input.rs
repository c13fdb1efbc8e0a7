//! The JSON body extractor: malformed JSON, wrong types and unknown fields answer 10400 naming the
//! field; an oversize body answers 10413. An empty body reads as `{}`.

use crate::error::{ApiError, ApiResult};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use serde::de::DeserializeOwned;

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

pub fn parse<T: DeserializeOwned>(bytes: &[u8]) -> ApiResult<T> {
    let body: &[u8] = if bytes.iter().all(u8::is_ascii_whitespace) { b"{}" } else { bytes };
    let de = &mut serde_json::Deserializer::from_slice(body);
    serde_path_to_error::deserialize(de).map_err(|err| {
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
    })
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
}
