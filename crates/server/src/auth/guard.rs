//! Who may call an endpoint. Every route declares an [`Access`]; the guard resolves the session to a
//! [`Caller`], checks the declared permission and puts the caller into the request.

use crate::auth::session;
use crate::db::entity::{corp, role_permission, user, user_group_permission};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::Duration;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use std::collections::HashSet;
use townboard_domain::permission::{Kind, Permission};
use townboard_domain::role::Role;

#[derive(Debug, Clone, Copy)]
pub enum Access {
    /// No session needed.
    Public,
    /// Any logged-in user, even one who still has to change the initial password
    /// (mypage password change, logout, access log, menu).
    LoggedInInitialPasswordAllowed,
    /// Any logged-in user who has changed the initial password.
    LoggedIn,
    /// A logged-in user holding this permission.
    Permission(Permission),
    /// A registered player, by its bearer token (checked by the `Device` extractor).
    Device,
}

impl Access {
    pub const fn perm(program: &'static str, kind: Kind) -> Access {
        Access::Permission(Permission::new(program, kind))
    }

    /// How the access reads in the API description.
    pub fn describe(&self) -> String {
        match self {
            Access::Public => "public".into(),
            Access::Device => "device-token".into(),
            Access::LoggedInInitialPasswordAllowed | Access::LoggedIn => "logged-in".into(),
            Access::Permission(p) => p.code(),
        }
    }
}

/// The logged-in user making the request.
#[derive(Debug, Clone)]
pub struct Caller {
    pub user: user::Model,
    pub role: Role,
    pub corp_name: String,
    pub permissions: HashSet<String>,
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

/// The effective permission codes: the user's group replaces the role default.
pub async fn permission_codes(state: &AppState, u: &user::Model) -> ApiResult<HashSet<String>> {
    let codes: Vec<String> = match u.group_id {
        Some(group_id) => {
            user_group_permission::Entity::find()
                .select_only()
                .column(user_group_permission::Column::PermCode)
                .filter(user_group_permission::Column::GroupId.eq(group_id))
                .into_tuple()
                .all(&state.db)
                .await?
        }
        None => {
            role_permission::Entity::find()
                .select_only()
                .column(role_permission::Column::PermCode)
                .filter(role_permission::Column::RoleCd.eq(u.role_cd))
                .into_tuple()
                .all(&state.db)
                .await?
        }
    };
    Ok(codes.into_iter().collect())
}

/// Resolves the session into a caller, or answers 10500.
pub async fn resolve_caller(state: &AppState, headers: &axum::http::HeaderMap) -> ApiResult<Caller> {
    let Some(sess) = session::load(state, headers).await? else {
        return Err(ApiError::Unauthenticated);
    };
    let Some(u_idx) = sess.row.u_idx else {
        return Err(ApiError::Unauthenticated);
    };
    let found = user::Entity::find_by_id(u_idx).filter(user::Column::DeletedAt.is_null()).find_also_related(corp::Entity).one(&state.db).await?;
    let Some((u, corp)) = found else {
        session::delete(&state.db, &sess.row).await?;
        return Err(ApiError::Unauthenticated);
    };
    let role = Role::from_code(u.role_cd);
    let (Some(role), 1) = (role, u.u_status) else {
        session::delete(&state.db, &sess.row).await?;
        return Err(ApiError::Unauthenticated);
    };
    let now = state.clock.now();
    // Touching at most every 30 s keeps the idle rule exact to the half-minute without a write per call.
    if now - sess.row.last_access_at > Duration::seconds(30) {
        let s = crate::db::entity::session::ActiveModel { id: Set(sess.row.id.clone()), last_access_at: Set(now), ..Default::default() };
        crate::db::entity::session::Entity::update(s).exec(&state.db).await?;
        let touch = user::ActiveModel { u_idx: Set(u.u_idx), last_access_at: Set(Some(now)), ..Default::default() };
        user::Entity::update(touch).exec(&state.db).await?;
    }
    let permissions = permission_codes(state, &u).await?;
    Ok(Caller { role, corp_name: corp.map(|c| c.c_name).unwrap_or_default(), permissions, session_id: sess.row.id, user: u })
}

/// The guard middleware installed on every route with its declared access.
pub async fn guard(State((state, access)): State<(AppState, Access)>, mut req: Request, next: Next) -> Response {
    if let Access::Public | Access::Device = access {
        return next.run(req).await;
    }
    let caller = match resolve_caller(&state, req.headers()).await {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    if caller.user.init_pwd_yn == "Y" && !matches!(access, Access::LoggedInInitialPasswordAllowed) {
        return ApiError::InitialPassword.into_response();
    }
    if let Access::Permission(perm) = access
        && !caller.has(perm)
    {
        return ApiError::Forbidden.into_response();
    }
    req.extensions_mut().insert(caller);
    next.run(req).await
}
