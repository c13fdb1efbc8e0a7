//! An endpoint: path, method, declared access and summary beside its handler. The list of all
//! endpoints (`api::endpoints`) is both the router and the audit table of who may do what.

use crate::auth::guard::Access;
use crate::state::AppState;
use axum::handler::Handler;
use axum::routing::MethodRouter;

pub struct Endpoint {
    pub method: &'static str,
    pub path: String,
    pub access: Access,
    pub summary: String,
    pub router: MethodRouter<AppState>,
    /// A body limit other than the JSON default, for uploads.
    pub body_limit: Option<usize>,
}

impl Endpoint {
    pub fn with_body_limit(mut self, bytes: usize) -> Self {
        self.body_limit = (bytes > crate::app::JSON_BODY_LIMIT).then_some(bytes);
        self
    }
}

pub fn post<H, T>(path: impl Into<String>, access: Access, summary: impl Into<String>, handler: H) -> Endpoint
where
    H: Handler<T, AppState>,
    T: 'static,
{
    Endpoint { method: "post", path: path.into(), access, summary: summary.into(), router: axum::routing::post(handler), body_limit: None }
}

pub fn get<H, T>(path: impl Into<String>, access: Access, summary: impl Into<String>, handler: H) -> Endpoint
where
    H: Handler<T, AppState>,
    T: 'static,
{
    Endpoint { method: "get", path: path.into(), access, summary: summary.into(), router: axum::routing::get(handler), body_limit: None }
}
