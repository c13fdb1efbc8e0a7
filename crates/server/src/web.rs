//! The built front end: embedded in the binary (compressed at build time), or read from
//! `TOWNBOARD_WEB_DIR` while developing. Hashed assets are cached for a year, everything else is
//! revalidated; a path without a file of its own is a screen of the app and gets `index.html`,
//! while a missing file (an old asset, `/favicon.ico`) is a plain 404.

use axum::Router;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use std::path::PathBuf;
use tower::ServiceExt;
use tower_http::services::ServeDir;

/// Hashed file names (`/assets/index-3f2a9c.js`) never change content.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
const REVALIDATE: &str = "no-cache";

/// The front end's files, from the directory when one is given, else from the binary.
pub fn files(dir: Option<&PathBuf>) -> Router {
    match dir {
        Some(dir) => Router::new().fallback_service(ServeDir::new(dir)),
        None => memory_serve::load!().index_file(Some("/index.html")).into_router(),
    }
}

/// Serves a request from the files, falling back to `index.html` for screens of the app.
pub async fn serve(State(files): State<Router>, req: Request) -> Response {
    if !matches!(*req.method(), Method::GET | Method::HEAD) {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    let path = req.uri().path().to_string();
    let headers = req.headers().clone();
    let mut res = files.clone().oneshot(req).await.into_response();
    if res.status() == StatusCode::NOT_FOUND && !names_a_file(&path) {
        let mut index = Request::builder().uri("/index.html").body(Body::empty()).expect("static request");
        *index.headers_mut() = headers;
        res = files.oneshot(index).await.into_response();
    }
    if res.status().is_success() || res.status() == StatusCode::NOT_MODIFIED {
        let cache = if path.starts_with("/assets/") { IMMUTABLE } else { REVALIDATE };
        res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    }
    res
}

/// A last path segment with an extension names a file, not a screen.
fn names_a_file(path: &str) -> bool {
    path.rsplit('/').next().is_some_and(|last| last.contains('.'))
}

#[cfg(test)]
mod tests {
    #[test]
    fn files_and_screens() {
        assert!(super::names_a_file("/robots.txt"));
        assert!(super::names_a_file("/assets/index-abc.js"));
        assert!(!super::names_a_file("/campaign/run/list"));
        assert!(!super::names_a_file("/"));
    }
}
