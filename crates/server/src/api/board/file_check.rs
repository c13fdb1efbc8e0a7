//! `GET /api/board/file/check/{type}/{id}/{index}`: whether a file of a board post (`image`), a
//! question (`qna`) or a campaign photo (`cmpgphoto`) exists and may be read by the caller, with
//! its name and size; anything the caller may not read answers 10404 like a missing file.

use super::{qna_rules, rules};
use crate::api::campaign_photo::rules as photo_rules;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ok};
use crate::state::AppState;
use axum::extract::{Path, State};
use axum::response::Response;
use serde_json::json;

pub async fn check(State(state): State<AppState>, caller: Caller, Path((kind, id, index)): Path<(String, i64, usize)>) -> ApiResult<Response> {
    let files = match kind.as_str() {
        "image" => {
            rules::readable_post(&state.db, &caller, id).await?;
            crate::files::of_row(&state.db, rules::FILE_TYPE, id).await?
        }
        "qna" => {
            qna_rules::readable(&state.db, &caller, id).await?;
            crate::files::of_row(&state.db, qna_rules::FILE_TYPE, id).await?
        }
        "cmpgphoto" => {
            photo_rules::readable(&state.db, &caller, id).await?;
            crate::files::of_row(&state.db, photo_rules::FILE_TYPE, id).await?.into_iter().filter(|f| f.slot == photo_rules::PHOTO).collect()
        }
        _ => return Err(ApiError::NotFound),
    };
    let file = files.into_iter().nth(index).ok_or(ApiError::NotFound)?;
    Ok(ok(json!({ "exists": true, "name": file.file_name, "size": file.file_size })))
}
