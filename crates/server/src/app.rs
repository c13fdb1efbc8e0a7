//! Router assembly: the API endpoints behind their guards, CSRF defence, security headers, the
//! OpenAPI description, health, and the built front end for every other path.

use crate::api::{self, openapi};
use crate::error::ApiError;
use crate::session::guard::{Access, guard};
use crate::state::AppState;
use axum::Router;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

pub use crate::input::JSON_BODY_LIMIT;

pub fn router(state: AppState) -> Router {
    let endpoints = api::endpoints();
    let doc = Arc::new(openapi::document(&endpoints));
    let mut api = Router::new();
    for ep in endpoints {
        let layer = middleware::from_fn_with_state((state.clone(), ep.access), guard);
        let no_body = ep.takes_no_body();
        let mut routed = match ep.access {
            Access::Public | Access::Device | Access::DeviceOrLoggedIn => ep.router,
            _ => ep.router.route_layer(layer),
        };
        if no_body {
            routed = routed.route_layer(middleware::from_fn(empty_body));
        }
        let limit = ep.body_limit.unwrap_or(JSON_BODY_LIMIT);
        routed = routed.layer(DefaultBodyLimit::max(limit)).layer(middleware::from_fn(move |req: Request, next: Next| refuse_oversize(limit, req, next)));
        api = api.route(&ep.path, routed);
    }
    let api = api
        .route("/api/openapi.json", get(move || async move { axum::Json((*doc).clone()) }))
        .route("/api/{*rest}", any(|| async { ApiError::NotFound }))
        .layer(middleware::from_fn_with_state(state.clone(), csrf))
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(middleware::from_fn(check_address))
        .layer(middleware::from_fn(read_unread_body));

    let files = crate::web::files(state.config.web_dir.as_ref());
    let ie = files.clone();
    Router::new()
        .merge(api)
        .route("/healthz", get(health))
        .route("/metrics", get(metrics))
        .route(
            "/ie",
            get(move |req: Request| async move {
                let (mut parts, body) = req.into_parts();
                parts.uri = axum::http::Uri::from_static("/ie.html");
                crate::web::serve(State(ie), Request::from_parts(parts, body)).await
            }),
        )
        .fallback_service(axum::routing::any(crate::web::serve).with_state(files))
        .layer(middleware::from_fn(json_errors_for_api))
        .layer(middleware::from_fn_with_state(state.clone(), count_statements))
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
        // A bug that panics answers the generic -1 envelope instead of dropping the connection.
        .layer(CatchPanicLayer::custom(|_: Box<dyn std::any::Any + Send>| ApiError::internal("handler panicked").into_response()))
        .layer(middleware::from_fn(observe))
        .with_state(state)
}

/// Counts and logs every request by its route template (never its raw path, which holds ids),
/// with the caller the guard resolved.
async fn observe(req: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let route = req.extensions().get::<MatchedPath>().map_or_else(|| "fallback".to_string(), |p| p.as_str().to_string());
    let method = req.method().clone();
    let res = next.run(req).await;
    let elapsed = started.elapsed();
    let status = res.status().as_u16();
    crate::metrics::global().observe_request(&route, method.as_str(), status, elapsed.as_secs_f64());
    let duration_ms = (elapsed.as_secs_f64() * 1000.0 * 100.0).round() / 100.0;
    match res.extensions().get::<crate::session::guard::CallerId>() {
        Some(id) => tracing::info!(target: "townboard::request", route, method = method.as_str(), status, duration_ms, uIdx = id.0),
        None => tracing::info!(target: "townboard::request", route, method = method.as_str(), status, duration_ms),
    }
    res
}

/// `GET /metrics`: 404 when no token is configured, 401 without the right bearer token.
async fn metrics(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let Some(expected) = state.config.metrics_token.as_ref() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let offered = headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let authorised = offered.is_some_and(|token| crate::crypto::same(token.as_bytes(), expected.0.as_bytes()));
    if !authorised {
        return (StatusCode::UNAUTHORIZED, [(header::WWW_AUTHENTICATE, "Bearer")]).into_response();
    }
    let gauges = async {
        let queued = crate::jobs::queued(&state).await?;
        let screens = crate::jobs::status::screens_by_status(&state.db).await?;
        Ok::<_, sea_orm::DbErr>((queued, screens))
    };
    match gauges.await {
        Ok((queued, screens)) => {
            ([(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")], crate::metrics::global().render(queued, &screens)).into_response()
        }
        Err(e) => ApiError::internal(e.to_string()).into_response(),
    }
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

/// A body announced larger than the route takes is refused at once (10413), before any of it is
/// read; the connection then closes rather than read what was refused.
async fn refuse_oversize(limit: usize, req: Request, next: Next) -> Response {
    let announced = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.trim().parse::<u64>().ok());
    if announced.is_some_and(|n| n > limit as u64) {
        let mut res = ApiError::TooLarge.into_response();
        res.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
        return res;
    }
    next.run(req).await
}

/// A control character in the path or the query is refused before any handler reads them (10400).
async fn check_address(req: Request, next: Next) -> Response {
    match crate::input::check_address(req.uri()) {
        Ok(()) => next.run(req).await,
        Err(e) => e.into_response(),
    }
}

/// The most of an unread body that is read after an early answer to keep the connection open.
const UNREAD_BODY_READ: usize = JSON_BODY_LIMIT;

/// A request answered before its body was read (refused by the CSRF check or the guard, a missing
/// route) still has its body read after the answer goes out, up to the JSON limit, so that a
/// keep-alive client sending its body late finds the connection open for its next request; a
/// longer body, or one that does not come, closes the connection.
async fn read_unread_body(req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let shared = crate::input::SharedBody::new(body);
    let res = next.run(Request::from_parts(parts, axum::body::Body::new(shared.clone()))).await;
    let closing = res.headers().get(header::CONNECTION).is_some_and(|v| v.as_bytes().eq_ignore_ascii_case(b"close"));
    if let Some(rest) = shared.take().filter(|_| !closing) {
        tokio::spawn(async move {
            let _ = tokio::time::timeout(std::time::Duration::from_secs(30), axum::body::to_bytes(rest, UNREAD_BODY_READ)).await;
        });
    }
    res
}

/// Counts the statements of each request; the count is told in `x-db-statements` when configured.
/// A request sent with `Cache-Control: no-cache` (a browser's hard reload, the bench's cold pass)
/// is answered from the database, nothing kept.
async fn count_statements(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let database: std::sync::Arc<str> = state.config.database_url.0.as_str().into();
    let fresh =
        req.headers().get_all(header::CACHE_CONTROL).iter().any(|v| v.to_str().is_ok_and(|v| v.split(',').any(|d| d.trim().eq_ignore_ascii_case("no-cache"))));
    let pools = crate::kept::statements::RequestPools { pool: Some(state.db.clone()), planned: state.planned.clone() };
    let (mut res, n) = crate::kept::statements::counted(database, pools, fresh, next.run(req)).await;
    if state.config.statement_header {
        res.headers_mut().insert("x-db-statements", HeaderValue::from(n));
    }
    res
}

/// A call that takes no fields still answers 10400 to a body that is not `{}` (a malformed body is
/// never silently ignored).
async fn empty_body(req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let bytes = match axum::body::to_bytes(body, JSON_BODY_LIMIT).await {
        Ok(b) => b,
        Err(_) => return ApiError::TooLarge.into_response(),
    };
    if let Err(e) = crate::input::parse::<crate::input::NoFields>(&bytes) {
        return e.into_response();
    }
    next.run(Request::from_parts(parts, axum::body::Body::from(bytes))).await
}

/// Errors produced below our handlers (an unknown method, a body limit) still answer the envelope.
async fn json_errors_for_api(req: Request, next: Next) -> Response {
    let is_api = req.uri().path().starts_with("/api/");
    let res = next.run(req).await;
    if !is_api || res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"application/json")) {
        return res;
    }
    match res.status() {
        StatusCode::METHOD_NOT_ALLOWED => {
            // 405 keeps its Allow header and answers the envelope.
            let allow = res.headers().get(header::ALLOW).cloned();
            let mut answer = ApiError::MethodNotAllowed.into_response();
            if let Some(allow) = allow {
                answer.headers_mut().insert(header::ALLOW, allow);
            }
            answer
        }
        StatusCode::PAYLOAD_TOO_LARGE => ApiError::TooLarge.into_response(),
        StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::UnsupportedType.into_response(),
        s if s.is_client_error() && res.headers().get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes().starts_with(b"text/plain")) => {
            ApiError::invalid("body", "요청을 처리할 수 없습니다.").into_response()
        }
        _ => res,
    }
}
