//! The files of materials: `GET /api/material/manage/videoDownload.do?matId=&type=` (a rendition,
//! with HTTP Range for seeking and resumable downloads) and `GET /api/material/image.do?matId=`
//! (the image of an image material, else the poster). The caller must be able to see the
//! material under its kind's program and scope.

use super::kinds::rules_of;
use crate::auth::Caller;
use crate::db::entity::material;
use crate::error::{ApiError, ApiResult};
use crate::input::Params;
use crate::renditions::{NAMES, find, send};
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::response::Response;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde::Deserialize;
use townboard_domain::permission::{Kind, Permission};

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileQuery {
    mat_id: i64,
    /// sd (default), hd, fhd, thumb or poster.
    #[serde(rename = "type")]
    rendition: Option<String>,
}

/// The material if the caller may see it, else 10404 as for a missing one.
async fn visible(state: &AppState, caller: &Caller, mat_id: i64) -> ApiResult<material::Model> {
    let m = material::Entity::find_by_id(mat_id).filter(material::Column::DeletedAt.is_null()).one(&state.db).await?.ok_or(ApiError::NotFound)?;
    let (program, scope) = rules_of(&m.mat_kind).ok_or(ApiError::NotFound)?;
    if !caller.has(Permission::new(program, Kind::View)) {
        return Err(ApiError::NotFound);
    }
    if let Some(cond) = scope(caller) {
        material::Entity::find_by_id(mat_id).filter(cond).one(&state.db).await?.ok_or(ApiError::NotFound)?;
    }
    Ok(m)
}

pub async fn video(State(state): State<AppState>, caller: Caller, Params(q): Params<FileQuery>, req: Request) -> ApiResult<Response> {
    let name = q.rendition.as_deref().unwrap_or("sd");
    if !NAMES.contains(&name) {
        return Err(ApiError::invalid("type", "sd, hd, fhd, thumb, poster 중 하나여야 합니다."));
    }
    let m = visible(&state, &caller, q.mat_id).await?;
    let file = find(&state, m.mat_id, name).await?;
    send(&state, &file, req).await
}

pub async fn image(State(state): State<AppState>, caller: Caller, Params(q): Params<FileQuery>, req: Request) -> ApiResult<Response> {
    let m = visible(&state, &caller, q.mat_id).await?;
    let name = if m.mat_type == "image" { "fhd" } else { "poster" };
    let file = find(&state, m.mat_id, name).await?;
    send(&state, &file, req).await
}
