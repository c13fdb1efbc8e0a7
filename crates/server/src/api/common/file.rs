//! `GET /api/common/file/download/{type}/{id}/{fileName}`: a stored file, when the caller may see
//! the row it belongs to. Only the id finds the file; the name must match and never touches the disk.

use crate::api::visible;
use crate::auth::Caller;
use crate::db::entity::{media_command, notice, stored_file};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::Response;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use townboard_domain::permission::{Kind, Permission};

/// RFC 5987 encoding of a file name for Content-Disposition.
fn disposition(name: &str) -> HeaderValue {
    let encoded: String =
        name.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-._~".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect();
    HeaderValue::from_str(&format!("attachment; filename*=UTF-8''{encoded}")).unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

pub async fn download(
    State(state): State<AppState>,
    caller: Caller,
    Path((kind, id, file_name)): Path<(String, i64, String)>,
    request: HeaderMap,
) -> ApiResult<Response> {
    let file = stored_file::Entity::find_by_id(id).filter(stored_file::Column::TargetType.eq(kind.as_str())).one(&state.db).await?.ok_or(ApiError::NotFound)?;
    if file.file_name != file_name {
        return Err(ApiError::NotFound);
    }
    // The caller must be able to see the row the file belongs to.
    match kind.as_str() {
        "notice" => {
            notice::Entity::find_by_id(file.target_id).filter(notice::Column::DeletedAt.is_null()).one(&state.db).await?.ok_or(ApiError::NotFound)?;
        }
        "news" => {
            caller.require(Permission::new("system.newsmng", Kind::View))?;
            visible::news_provider(&state.db, file.target_id).await?;
        }
        "corp" => {
            let as_corp = caller.has(Permission::new("account.corp", Kind::View)) && visible::corp(&state.db, &caller, file.target_id).await.is_ok();
            let as_advertiser =
                caller.has(Permission::new("account.advertiser", Kind::View)) && visible::advertiser(&state.db, &caller, file.target_id).await.is_ok();
            if !as_corp && !as_advertiser {
                return Err(ApiError::NotFound);
            }
        }
        "player" => {
            caller.require(Permission::new("media.player", Kind::Download))?;
            visible::player(&state.db, file.target_id).await?;
        }
        "capture" => {
            caller.require(Permission::new("media.media", Kind::View))?;
            let cmd = media_command::Entity::find_by_id(file.target_id).one(&state.db).await?.ok_or(ApiError::NotFound)?;
            visible::screen(&state.db, &caller, cmd.media_id).await?;
        }
        "board" => {
            crate::api::board::rules::readable_post(&state.db, &caller, file.target_id).await?;
        }
        "qna" => {
            crate::api::board::qna_rules::readable(&state.db, &caller, file.target_id).await?;
        }
        "cmpgphoto" => {
            crate::api::campaign_photo::rules::readable(&state.db, &caller, file.target_id).await?;
        }
        _ => return Err(ApiError::NotFound),
    }
    // Streamed from the store, in ranges when asked (a large player build resumes).
    let mut res = state.files.download(&file.stored_name, &request).await?;
    if res.status().is_success() {
        let headers = res.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_str(&file.content_type).unwrap_or(HeaderValue::from_static("application/octet-stream")));
        headers.insert(header::CONTENT_DISPOSITION, disposition(&file.file_name));
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    }
    Ok(res)
}
