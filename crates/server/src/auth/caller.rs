//! The logged-in user making a request, as the guard resolved it: what handlers take to check
//! rights and scope.

use crate::db::entity::user;
use crate::error::{ApiError, ApiResult};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use std::collections::HashSet;
use townboard_domain::permission::Permission;
use townboard_domain::role::Role;

/// The logged-in user making the request.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: user::Model,
    pub role: Role,
    pub corp_name: String,
    /// Shared by the cached copies of the caller: cloned for a request, never copied.
    pub permissions: std::sync::Arc<HashSet<String>>,
    pub session_id: String,
}

impl Caller {
    pub fn has(&self, perm: Permission) -> bool {
        self.permissions.contains(&perm.code())
    }

    pub fn require(&self, perm: Permission) -> ApiResult<()> {
        if self.has(perm) { Ok(()) } else { Err(ApiError::Forbidden) }
    }

    pub fn u_idx(&self) -> i64 {
        self.user.u_idx
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        parts.extensions.get::<Caller>().cloned().ok_or(ApiError::Unauthenticated)
    }
}
