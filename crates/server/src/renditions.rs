//! The encoded files of materials, sent to the back office and to players alike: HTTP Range for
//! seeking and resumable downloads, conditional requests for players that keep a cache.

use crate::db::entity::material_file;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::Request;
use axum::http::{HeaderValue, header};
use axum::response::Response;
use sea_orm::EntityTrait;

/// The names a rendition may have.
pub const NAMES: [&str; 5] = ["sd", "hd", "fhd", "thumb", "poster"];

/// A stored rendition of a material, or 10404 while it is not encoded.
pub async fn find(state: &AppState, mat_id: i64, name: &str) -> ApiResult<material_file::Model> {
    material_file::Entity::find_by_id((mat_id, name.to_string())).one(&state.db).await?.ok_or(ApiError::NotFoundWith("아직 인코딩되지 않았습니다."))
}

/// Streams a stored rendition, answering Range requests (206) and conditional ones.
pub async fn send(state: &AppState, file: &material_file::Model, req: Request) -> ApiResult<Response> {
    let mut res = state.files.download(&file.stored_name, req.headers()).await?;
    if res.status().is_success() {
        let headers = res.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&file.content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=3600"));
    }
    Ok(res)
}
