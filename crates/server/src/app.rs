//! Router assembly: the API endpoints behind their guards, CSRF defence, security headers, the
//! OpenAPI description, health, and the built front end for every other path.

use crate::api::{self, openapi};
use crate::auth::guard::{Access, guard};
use crate::error::ApiError;
use crate::state::AppState;
use axum::Router;
use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;

/// JSON bodies are small; uploads get their own limit on their routes.
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

pub fn router(state: AppState) -> Router {
    let endpoints = api::endpoints();
    let doc = Arc::new(openapi::document(&endpoints));
    let mut api = Router::new();
    for ep in endpoints {
        let layer = middleware::from_fn_with_state((state.clone(), ep.access), guard);
        let mut routed = match ep.access {
            Access::Public | Access::Device => ep.router,
            _ => ep.router.route_layer(layer),
        };
        if let Some(limit) = ep.body_limit {
            routed = routed.layer(DefaultBodyLimit::max(limit));
        }
        api = api.route(&ep.path, routed);
    }
    let api = api
        .route("/api/openapi.json", get(move || async move { axum::Json((*doc).clone()) }))
        .route("/api/{*rest}", any(|| async { ApiError::NotFound }))
        .layer(middleware::from_fn_with_state(state.clone(), csrf))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT));

    let web = &state.config.web_dir;
    let spa = ServeDir::new(web).fallback(ServeFile::new(web.join("index.html")));
    Router::new()
        .merge(api)
        .route("/healthz", get(health))
        .route_service("/ie", ServeFile::new(web.join("ie.html")))
        .fallback_service(spa)
        .layer(middleware::from_fn(json_errors_for_api))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::if_not_present(header::REFERRER_POLICY, HeaderValue::from_static("same-origin")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(
                "default-src 'self'; img-src 'self' data: blob:; media-src 'self' blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; frame-ancestors 'none'; base-uri 'self'",
            ),
        ))
        .layer(CompressionLayer::new())
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// `GET /healthz`: 200 when the database answers. Also the bare `SELECT 1` baseline of the benchmark.
async fn health(State(state): State<AppState>) -> Response {
    match crate::db::ping(&state.db).await {
        Ok(()) => (StatusCode::OK, "ok").into_response(),
        Err(e) => {
            tracing::error!(error = %e, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable").into_response()
        }
    }
}

/// State-changing calls must say `X-Requested-With: XMLHttpRequest` and, when an `Origin` is sent,
/// come from this server's own origin.
async fn csrf(State(_state): State<AppState>, req: Request, next: Next) -> Response {
    let changes_state = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if changes_state && !req.uri().path().starts_with("/api/player/") {
        let headers = req.headers();
        let ajax = headers.get("x-requested-with").and_then(|v| v.to_str().ok()).is_some_and(|v| v.eq_ignore_ascii_case("XMLHttpRequest"));
        let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
        let same_origin = match headers.get(header::ORIGIN).map(|v| v.to_str().unwrap_or("")) {
            None => true,
            Some(origin) => {
                let origin_host = origin.split_once("://").map(|(_, rest)| rest.trim_end_matches('/'));
                origin_host.is_some() && origin_host == host
            }
        };
        if !ajax || !same_origin {
            return ApiError::Forbidden.into_response();
        }
    }
    next.run(req).await
}

/// Errors produced below our handlers (an unknown method, a body limit) still answer the envelope.
async fn json_errors_for_api(req: Request, next: Next) -> Response {
    let is_api = req.uri().path().starts_with("/api/");
    let res = next.run(req).await;
    if !is_api || res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json")) {
        return res;
    }
    match res.status() {
        StatusCode::METHOD_NOT_ALLOWED => ApiError::invalid("method", "허용되지 않는 요청 방식입니다.").into_response(),
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge.into_response(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedType.into_response(),
        s if s.is_client_error() && res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/plain")) => {
            ApiError::invalid("body", "요청을 처리할 수 없습니다.").into_response()
        }
        _ => res,
    }
}
