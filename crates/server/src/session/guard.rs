//! Who may call an endpoint. Every route declares an [`Access`]; the guard resolves the session to a
//! [`Caller`], checks the declared permission and puts the caller into the request.

use crate::db::entity::{corp, role_permission, user, user_group_permission};
use crate::error::{ApiError, ApiResult};
use crate::session;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use chrono::Duration;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
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
    /// A player by its bearer token, or a logged-in user: the handler resolves which (the
    /// player API's `DeviceOrCaller` extractor).
    DeviceOrLoggedIn,
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
            Access::DeviceOrLoggedIn => "device-token or logged-in".into(),
            Access::LoggedInInitialPasswordAllowed | Access::LoggedIn => "logged-in".into(),
            Access::Permission(p) => p.code(),
        }
    }
}

use crate::auth::Caller;

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

/// Resolves the session into a caller, or answers 10500: from the caller cache when it holds the
/// session (no statement but the half-minute touch), else from the database.
pub async fn resolve_caller(state: &AppState, headers: &axum::http::HeaderMap) -> ApiResult<Caller> {
    let Some(id) = session::id_from(state, headers) else {
        return Err(ApiError::Unauthenticated);
    };
    let now = state.clock.now();
    if let Some(cached) = state.callers.get(&id) {
        if state.session_limits().is_expired(cached.created_at, cached.last_access_at, now) {
            state.callers.forget(&id);
            crate::db::entity::session::Entity::delete_by_id(id).exec(&state.db).await?;
            return Err(ApiError::Unauthenticated);
        }
        if now - cached.last_access_at > TOUCH_EVERY {
            touch(state, &id, cached.caller.u_idx(), now).await?;
            state.callers.touched(&cached, now);
        }
        return Ok(cached.caller.clone());
    }
    let epoch = state.callers.epoch();
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
    let mut last_access = sess.row.last_access_at;
    if now - last_access > TOUCH_EVERY {
        touch(state, &sess.row.id, u.u_idx, now).await?;
        last_access = now;
    }
    let permissions = permission_codes(state, &u).await?;
    let caller = Caller {
        role,
        corp_name: corp.map(|c| c.c_name).unwrap_or_default(),
        permissions: std::sync::Arc::new(permissions),
        session_id: sess.row.id.clone(),
        user: u,
    };
    state.callers.put(caller.clone(), sess.row.created_at, last_access, epoch);
    Ok(caller)
}

/// Touching at most every 30 s keeps the idle rule exact to the half-minute without a write per call.
const TOUCH_EVERY: Duration = Duration::seconds(30);

async fn touch(state: &AppState, session_id: &str, u_idx: i64, now: chrono::DateTime<chrono::Utc>) -> ApiResult<()> {
    use crate::db::entity::session as sessions;
    use sea_orm::sea_query::Expr;
    // Plain updates: nothing is read back.
    sessions::Entity::update_many()
        .col_expr(sessions::Column::LastAccessAt, Expr::value(now))
        .filter(sessions::Column::Id.eq(session_id))
        .exec(&state.writer)
        .await?;
    user::Entity::update_many().col_expr(user::Column::LastAccessAt, Expr::value(Some(now))).filter(user::Column::UIdx.eq(u_idx)).exec(&state.writer).await?;
    Ok(())
}

/// The guard middleware installed on every route with its declared access.
pub async fn guard(State((state, access)): State<(AppState, Access)>, mut req: Request, next: Next) -> Response {
    if let Access::Public | Access::Device | Access::DeviceOrLoggedIn = access {
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
    let id = CallerId(caller.user.u_idx);
    req.extensions_mut().insert(caller);
    let mut res = next.run(req).await;
    res.extensions_mut().insert(id);
    res
}

/// The user a request was made by, told to the request log through the answer's extensions.
#[derive(Clone, Copy)]
pub struct CallerId(pub i64);
