//! The save endpoint: a JSON or multipart body, create or update in the caller's transaction
//! with uniqueness, related rows, files and the history row.

use crate::auth::Caller;
use crate::error::{ApiError, ApiResult, ok};
use crate::files::Upload;
use crate::input::parse;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::header;
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Map, json};
use townboard_domain::permission::{Kind, Permission};

use super::delete::id_text;
use super::*;

/// The general history row of a change made by a caller.
pub use crate::changes::by_caller as record;

/// A save body: the JSON data and, for resources with file slots, the files and which to drop.
pub(super) struct SaveBody<I> {
    input: I,
    uploads: Vec<Upload>,
    delete_file_idxs: Vec<i64>,
    /// Single slots the user emptied (`delete{Part}: true`, e.g. `deleteLogo`).
    cleared_slots: Vec<&'static str>,
}

pub(super) fn delete_flag(part: &str) -> String {
    let mut name = String::from("delete");
    let mut chars = part.chars();
    if let Some(first) = chars.next() {
        name.extend(first.to_uppercase());
        name.extend(chars);
    }
    name
}

pub(super) async fn read_save_body<R: Resource>(req: Request) -> ApiResult<SaveBody<R::Input>> {
    let is_multipart = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| v.starts_with("multipart/form-data"));
    if !is_multipart {
        let bytes = Bytes::from_request(req, &()).await.map_err(|_| ApiError::TooLarge)?;
        return Ok(SaveBody { input: parse(&bytes)?, uploads: vec![], delete_file_idxs: vec![], cleared_slots: vec![] });
    }
    let mut multipart =
        crate::input::Form(Multipart::from_request(req, &()).await.map_err(|_| ApiError::invalid("body", "multipart 형식이 올바르지 않습니다."))?);
    let mut data: Option<Map<String, serde_json::Value>> = None;
    let mut uploads = Vec::new();
    while let Some(field) = multipart.next_field().await? {
        let name = field.name().unwrap_or_default().to_string();
        if name == "data" {
            let bytes = field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?;
            data = Some(parse(&bytes)?);
            continue;
        }
        let slot = R::file_slots().iter().find(|s| s.part == name).ok_or_else(|| ApiError::invalid(&name, "알 수 없는 항목입니다."))?;
        let file_name = field.file_name().unwrap_or("file").to_string();
        let bytes = field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?;
        if uploads.iter().filter(|u: &&Upload| u.part == slot.part).count() >= slot.max_count {
            return Err(ApiError::invalid(slot.part, format!("파일은 {}개까지 올릴 수 있습니다.", slot.max_count)));
        }
        uploads.push(crate::files::check(slot, &file_name, bytes.to_vec())?);
    }
    let mut data = data.ok_or_else(|| ApiError::invalid("data", "필수 항목입니다."))?;
    let delete_file_idxs = match data.remove("deleteFileIdxs") {
        None | Some(serde_json::Value::Null) => vec![],
        Some(v) => serde_json::from_value(v).map_err(|_| ApiError::invalid("deleteFileIdxs", "숫자 목록이어야 합니다."))?,
    };
    let mut cleared_slots = Vec::new();
    for slot in R::file_slots().iter().filter(|s| s.single()) {
        if data.remove(&delete_flag(slot.part)).is_some_and(|v| v == json!(true)) {
            cleared_slots.push(slot.part);
        }
    }
    let input = parse(&serde_json::to_vec(&data).map_err(ApiError::internal)?)?;
    Ok(SaveBody { input, uploads, delete_file_idxs, cleared_slots })
}

/// Saves one row in the caller's transaction: create or update, uniqueness, related rows, files
/// and the history row. Returns the saved row.
pub(super) async fn save<R: Resource>(State(state): State<AppState>, caller: Caller, req: Request) -> ApiResult<Response> {
    let body = read_save_body::<R>(req).await?;
    let now = state.clock.now();
    let ctx = SaveContext { caller: &caller, now };
    let txn = crate::db::begin_write(&state.writer).await?;
    let existing = match R::input_id(&body.input) {
        Some(id) => {
            caller.require(Permission::new(R::PROGRAM, Kind::Update))?;
            Some(find_visible::<R>(&txn, &caller, id).await?)
        }
        None => None,
    };
    let (row, extra) = R::build(&txn, body.input, existing.as_ref(), &ctx).await?;
    if let Some((cond, field)) = R::unique(&row) {
        // Uniqueness is over every live row, not just the caller's scope.
        let mut q = R::Entity::find().filter(cond);
        if let Some(col) = R::deleted_at() {
            q = q.filter(col.is_null());
        }
        if let Some(e) = &existing {
            q = q.filter(R::id_column().ne(R::id_of(e)));
        }
        if q.one(&txn).await?.is_some() {
            return Err(ApiError::Conflict {
                message: "이미 등록된 값입니다.".into(), data: json!({ "fieldErrors": { field: "이미 등록된 값입니다." } })
            });
        }
    }
    let saved = match &existing {
        Some(_) => row.update(&txn).await?,
        None => row.insert(&txn).await?,
    };
    let id = R::id_of(&saved);
    R::after_save(&txn, &ctx, &saved, extra).await?;
    let mut dropped = Vec::new();
    if existing.is_some() && !R::file_slots().is_empty() {
        dropped.extend(crate::files::detach(&txn, R::FILE_TYPE, id, &body.delete_file_idxs, None).await?);
        for slot in R::file_slots().iter().filter(|s| s.single()) {
            if body.cleared_slots.contains(&slot.part) || body.uploads.iter().any(|u| u.part == slot.part) {
                dropped.extend(crate::files::detach(&txn, R::FILE_TYPE, id, &[], Some(slot.part)).await?);
            }
        }
    }
    if !body.uploads.is_empty() {
        for slot in R::file_slots().iter().filter(|s| !s.single()) {
            let kept = crate::files::of_row(&txn, R::FILE_TYPE, id).await?.iter().filter(|f| f.slot == slot.part).count();
            let added = body.uploads.iter().filter(|u| u.part == slot.part).count();
            if kept + added > slot.max_count {
                return Err(ApiError::invalid(slot.part, format!("파일은 {}개까지 올릴 수 있습니다.", slot.max_count)));
            }
        }
        crate::files::attach(&state, &txn, R::FILE_TYPE, id, body.uploads, caller.u_idx()).await?;
    }
    if R::FILES_REQUIRED {
        let files = crate::files::of_row(&txn, R::FILE_TYPE, id).await?;
        if let Some(empty) = R::file_slots().iter().find(|slot| !files.iter().any(|f| f.slot == slot.part)) {
            return Err(ApiError::invalid(empty.part, "파일을 하나 이상 올리세요."));
        }
    }
    let action = if existing.is_some() { "update" } else { "create" };
    record(&txn, &caller, now, R::PROGRAM, id_text::<R>(id), action, existing.as_ref(), Some(&saved)).await?;
    txn.commit().await?;
    R::committed(&state, &[id]).await;
    for name in dropped {
        state.files.delete(&name).await;
    }
    Ok(ok(json!({ R::ID_FIELD: R::wire_id(id) })))
}
