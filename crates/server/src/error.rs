//! The one error type of the API and the envelope `{code, message, data}` it becomes.
//! Internal causes are logged with a reference and never sent to the client.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use sea_orm::{DbErr, SqlErr};
use serde::Serialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

pub type FieldErrors = BTreeMap<String, String>;
/// An unexpected error kept whole, so that the log shows every error in its chain of sources.
pub type Cause = Box<dyn std::error::Error + Send + Sync>;
pub type ApiResult<T> = Result<T, ApiError>;

#[derive(Debug)]
pub enum ApiError {
    /// 10400: invalid input, with the fields at fault.
    Invalid { message: String, field_errors: FieldErrors },
    /// 10500: not logged in, or the session expired.
    Unauthenticated,
    /// 10300: the initial password must be changed first.
    InitialPassword,
    /// 10401: login failed (one answer for unknown user, wrong password, locked account).
    LoginFailed { captcha_required: bool },
    /// 10402: captcha required or wrong.
    CaptchaRequired,
    /// 10211: SMS code wrong, expired or used.
    SmsCodeInvalid,
    /// 10403: no permission.
    Forbidden,
    /// 10404: not found or outside the caller's data scope.
    NotFound,
    /// 10404 with a message of its own.
    NotFoundWith(&'static str),
    /// 10409: conflict with the current state.
    Conflict { message: String, data: Value },
    /// HTTP 405 with code 10400: the path answers another method (the answer carries `Allow`).
    MethodNotAllowed,
    /// 10413
    TooLarge,
    /// 10415
    UnsupportedType,
    /// 10429
    TooManyRequests,
    /// -1: anything unexpected; the cause, with the chain of errors beneath it, goes to the log only.
    Internal(Cause),
}

impl ApiError {
    pub fn invalid(field: &str, message: impl Into<String>) -> Self {
        let message = message.into();
        ApiError::Invalid { message: format!("입력값을 확인하세요: {field}"), field_errors: FieldErrors::from([(field.to_string(), message)]) }
    }

    pub fn invalid_fields(field_errors: FieldErrors) -> Self {
        let names: Vec<&str> = field_errors.keys().map(String::as_str).collect();
        ApiError::Invalid { message: format!("입력값을 확인하세요: {}", names.join(", ")), field_errors }
    }

    pub fn conflict(message: impl Into<String>) -> Self {
        ApiError::Conflict { message: message.into(), data: Value::Null }
    }

    /// An unexpected error: an error value (its sources kept) or a message.
    pub fn internal(cause: impl Into<Cause>) -> Self {
        ApiError::Internal(cause.into())
    }

    /// The unexpected error beneath an internal error.
    pub fn cause(&self) -> Option<&(dyn std::error::Error + Send + Sync + 'static)> {
        match self {
            ApiError::Internal(cause) => Some(cause.as_ref()),
            _ => None,
        }
    }

    pub fn code(&self) -> i32 {
        match self {
            ApiError::Invalid { .. } | ApiError::MethodNotAllowed => 10400,
            ApiError::Unauthenticated => 10500,
            ApiError::InitialPassword => 10300,
            ApiError::LoginFailed { .. } => 10401,
            ApiError::CaptchaRequired => 10402,
            ApiError::SmsCodeInvalid => 10211,
            ApiError::Forbidden => 10403,
            ApiError::NotFound | ApiError::NotFoundWith(_) => 10404,
            ApiError::Conflict { .. } => 10409,
            ApiError::TooLarge => 10413,
            ApiError::UnsupportedType => 10415,
            ApiError::TooManyRequests => 10429,
            ApiError::Internal(_) => -1,
        }
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::Invalid { .. } => StatusCode::BAD_REQUEST,
            ApiError::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Unauthenticated | ApiError::LoginFailed { .. } | ApiError::CaptchaRequired | ApiError::SmsCodeInvalid => StatusCode::UNAUTHORIZED,
            ApiError::InitialPassword | ApiError::Forbidden => StatusCode::FORBIDDEN,
            ApiError::NotFound | ApiError::NotFoundWith(_) => StatusCode::NOT_FOUND,
            ApiError::Conflict { .. } => StatusCode::CONFLICT,
            ApiError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnsupportedType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::TooManyRequests => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn message(&self) -> String {
        match self {
            ApiError::Invalid { message, .. } | ApiError::Conflict { message, .. } => message.clone(),
            ApiError::Unauthenticated => "로그인이 필요합니다.".into(),
            ApiError::InitialPassword => "초기 비밀번호를 변경한 후 이용할 수 있습니다.".into(),
            ApiError::LoginFailed { .. } => "아이디 또는 비밀번호가 올바르지 않습니다.".into(),
            ApiError::CaptchaRequired => "자동입력 방지 문자를 정확히 입력하세요.".into(),
            ApiError::SmsCodeInvalid => "인증번호가 올바르지 않거나 만료되었습니다.".into(),
            ApiError::Forbidden => "권한이 없습니다.".into(),
            ApiError::NotFound => "대상을 찾을 수 없습니다.".into(),
            ApiError::NotFoundWith(message) => (*message).into(),
            ApiError::MethodNotAllowed => "허용되지 않는 요청 방식입니다.".into(),
            ApiError::TooLarge => "요청 크기가 너무 큽니다.".into(),
            ApiError::UnsupportedType => "허용되지 않는 파일 형식입니다.".into(),
            ApiError::TooManyRequests => "요청이 너무 많습니다. 잠시 후 다시 시도하세요.".into(),
            ApiError::Internal(_) => "요청을 처리하는 중 오류가 발생했습니다.".into(),
        }
    }

    fn data(&self) -> Value {
        match self {
            ApiError::Invalid { field_errors, .. } => json!({ "fieldErrors": field_errors }),
            ApiError::LoginFailed { captcha_required } => json!({ "captchaRequired": captcha_required }),
            ApiError::CaptchaRequired => json!({ "captchaRequired": true }),
            ApiError::Conflict { data, .. } => data.clone(),
            _ => Value::Null,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if let ApiError::Internal(cause) = &self {
            tracing::error!(cause = %chain(cause.as_ref()), "request failed");
        }
        let body = Envelope { code: self.code(), message: &self.message(), data: self.data() };
        (self.status(), Json(body)).into_response()
    }
}

impl From<DbErr> for ApiError {
    fn from(err: DbErr) -> Self {
        match err.sql_err() {
            Some(SqlErr::UniqueConstraintViolation(_)) => ApiError::conflict("이미 등록된 값입니다."),
            Some(SqlErr::ForeignKeyConstraintViolation(_)) => ApiError::conflict("연결된 데이터가 있어 처리할 수 없습니다."),
            _ => ApiError::Internal(Box::new(err)),
        }
    }
}

/// An error and each of its sources, outermost first: `a: b: c`.
pub fn chain(err: &(dyn std::error::Error + 'static)) -> String {
    let mut text = err.to_string();
    let mut source = err.source();
    while let Some(inner) = source {
        let more = inner.to_string();
        // Some errors repeat their source's text in their own.
        if !text.ends_with(&more) {
            text.push_str(": ");
            text.push_str(&more);
        }
        source = inner.source();
    }
    text
}

/// Both results, or every field error of both (a request is told all that is wrong at once).
pub fn together<A, B>(a: ApiResult<A>, b: ApiResult<B>) -> ApiResult<(A, B)> {
    match (a, b) {
        (Ok(a), Ok(b)) => Ok((a, b)),
        (Err(ApiError::Invalid { field_errors: mut first, .. }), Err(ApiError::Invalid { field_errors: second, .. })) => {
            first.extend(second);
            Err(ApiError::invalid_fields(first))
        }
        (Err(e), _) | (_, Err(e)) => Err(e),
    }
}

/// A successful envelope: `{code: 0, message: "", data}`.
pub fn ok<T: Serialize>(data: T) -> Response {
    with_code(0, "", data)
}

/// An envelope with a non-error code of its own (10210 SMS sent).
pub fn with_code<T: Serialize>(code: i32, message: &str, data: T) -> Response {
    Json(Envelope { code, message, data }).into_response()
}

/// The envelope every answer is written in. Its data is written out as it is: built with `json!`,
/// the data was first copied whole into a JSON value (a page of rows copied once more).
#[derive(Serialize)]
struct Envelope<'a, T> {
    code: i32,
    message: &'a str,
    data: T,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Outer(std::io::Error);

    impl std::fmt::Display for Outer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("reading the plan failed")
        }
    }

    impl std::error::Error for Outer {
        fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
            Some(&self.0)
        }
    }

    #[test]
    fn an_internal_error_keeps_its_chain_for_the_log_and_tells_the_client_nothing_of_it() {
        let err = ApiError::internal(Outer(std::io::Error::other("disk full")));
        let ApiError::Internal(cause) = &err else { panic!("internal") };
        assert_eq!(chain(cause.as_ref()), "reading the plan failed: disk full");
        assert_eq!(err.code(), -1);
        assert!(!err.message().contains("disk"));
        assert_eq!(chain(ApiError::internal("just a message").cause().expect("cause")), "just a message");
    }

    /// The body of a response, as JSON.
    async fn body(response: Response) -> Value {
        let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.expect("body");
        serde_json::from_slice(&bytes).expect("JSON")
    }

    #[tokio::test]
    async fn answers_and_errors_are_written_in_the_one_envelope() {
        assert_eq!(
            body(ok(json!({ "list": [{ "a": 1 }], "totalCount": 1 }))).await,
            json!({ "code": 0, "message": "", "data": { "list": [{ "a": 1 }], "totalCount": 1 } })
        );
        assert_eq!(body(with_code(10210, "발송되었습니다.", ())).await, json!({ "code": 10210, "message": "발송되었습니다.", "data": null }));
        let refused = ApiError::invalid("cmpgTitle", "필수 항목입니다.").into_response();
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
        let refused = body(refused).await;
        assert_eq!(refused["code"], 10400);
        assert_eq!(refused["data"]["fieldErrors"]["cmpgTitle"], "필수 항목입니다.");
    }
}
