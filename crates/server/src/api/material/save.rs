//! `{kind}/jsonSave.do`: a material's upload (multipart: `data` and `file`) or an edit of its
//! fields. The file is checked by its bytes (type), by ffprobe (picture size, duration) against
//! the template and play time, then moved into the file store and encoded by a job. Editing an
//! approved material sends it back for approval.

use super::kind::{MaterialInput, MaterialKind, Materials};
use super::upload::receive;
use crate::api::resource::record;
use crate::auth::Caller;
use crate::db::entity::material::{ActiveModel, Model};
use crate::error::{ApiError, ApiResult, FieldErrors, ok};
use crate::files::FileKind;
use crate::state::AppState;
use axum::extract::{Request, State};
use axum::response::Response;
use sea_orm::{ActiveModelTrait, ActiveValue::Set};
use serde_json::{Value, json};
use townboard_domain::material::{PLAY_TIMES, approval, encoding, fits, template};
use townboard_domain::permission::{Kind, Permission};

pub async fn save<K: MaterialKind>(State(state): State<AppState>, caller: Caller, req: Request) -> ApiResult<Response> {
    let received = receive(req, &state.config.data_dir.join("tmp"), K::FILE_KINDS, state.config.max_upload_bytes).await?;
    let input: MaterialInput = crate::input::from_value(Value::Object(received.data))?;
    let probed = match &received.file {
        Some(f) => Some(crate::video::probe(&f.path).await.map_err(|cause| {
            tracing::info!(%cause, "an upload could not be probed");
            ApiError::invalid("file", "영상이나 이미지를 읽을 수 없습니다.")
        })?),
        None => None,
    };
    let now = state.clock.now();
    let txn = crate::db::begin_write(&state.writer).await?;
    let existing = match input.mat_id {
        Some(id) => {
            caller.require(Permission::new(K::PROGRAM, Kind::Update))?;
            Some(Materials::<K>::find(&txn, &caller, id).await?)
        }
        None => None,
    };
    let mut errors = FieldErrors::new();
    let owner = Materials::<K>::owner(&txn, &caller, &input, existing.as_ref(), &mut errors).await?;
    let name = input.mat_name.trim().to_string();
    if name.is_empty() || name.chars().count() > 100 {
        errors.insert("matName".into(), "1~100자로 입력하세요.".into());
    }
    if template(input.template_type).is_none() {
        errors.insert("templateType".into(), "0~4 중 하나여야 합니다.".into());
    }
    if !PLAY_TIMES.contains(&input.mat_playtime) {
        errors.insert("matPlaytime".into(), "15 또는 30이어야 합니다.".into());
    }
    // The picture checked: the new file's, or the stored one's when only the fields change.
    let picture = match (&received.file, probed, &existing) {
        (Some(f), Some(p), _) => {
            let still = matches!(f.kind, FileKind::Png | FileKind::Jpeg);
            Some((p.width, p.height, if still { None } else { Some(p.duration_ms.unwrap_or(0)) }))
        }
        (None, _, Some(e)) => Some((e.width as u32, e.height as u32, (e.mat_type == "video").then_some(e.duration_ms))),
        _ => {
            errors.insert("file".into(), "파일을 올리세요.".into());
            None
        }
    };
    if let Some((w, h, duration)) = picture
        && template(input.template_type).is_some()
        && PLAY_TIMES.contains(&input.mat_playtime)
        && let Err(misfit) = fits(input.template_type, input.mat_playtime, w, h, duration)
    {
        errors.insert("file".into(), misfit.message().into());
    }
    if !errors.is_empty() {
        return Err(ApiError::invalid_fields(errors));
    }
    let (width, height, duration) = picture.expect("checked above");
    let new_file = match received.file {
        Some(f) => {
            let (file_name, kind, bytes) = (f.file_name.clone(), f.kind, f.bytes);
            let stored = state.files.put_path(&f.keep()).await.map_err(ApiError::internal)?;
            Some((stored, file_name, kind, bytes))
        }
        None => None,
    };
    let reencode = new_file.is_some() || existing.as_ref().is_some_and(|e| e.template_type != input.template_type);
    let row = ActiveModel {
        mat_id: existing.as_ref().map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.mat_id)),
        mat_kind: Set(K::KIND.into()),
        mat_name: Set(name),
        advertiser_c_id: Set(owner.advertiser_c_id),
        slot_type: Set(owner.slot_type),
        template_type: Set(input.template_type),
        mat_playtime: Set(input.mat_playtime),
        mat_type: Set(if duration.is_some() { "video" } else { "image" }.into()),
        // A new material, and any edit of one, waits for approval.
        mat_status: Set(approval::REQUESTED),
        encoding_status: Set(if reencode { encoding::NOT_ENCODED } else { existing.as_ref().map_or(encoding::NOT_ENCODED, |e| e.encoding_status) }),
        encoding_error: Set(if reencode { None } else { existing.as_ref().and_then(|e| e.encoding_error.clone()) }),
        reject_reason: Set(None),
        width: Set(width as i32),
        height: Set(height as i32),
        duration_ms: Set(duration.unwrap_or(0)),
        file_size: Set(new_file.as_ref().map_or_else(|| existing.as_ref().map_or(0, |e| e.file_size), |f| f.3 as i64)),
        file_name: Set(new_file.as_ref().map_or_else(|| existing.as_ref().map(|e| e.file_name.clone()).unwrap_or_default(), |f| f.1.clone())),
        source_name: Set(new_file.as_ref().map_or_else(|| existing.as_ref().map(|e| e.source_name.clone()).unwrap_or_default(), |f| f.0.clone())),
        source_type: Set(new_file.as_ref().map_or_else(|| existing.as_ref().map(|e| e.source_type.clone()).unwrap_or_default(), |f| f.2.content_type().into())),
        created_by: Set(existing.as_ref().map_or(Some(caller.u_idx()), |e| e.created_by)),
        approved_by: Set(None),
        approved_at: Set(None),
        created_at: Set(existing.as_ref().map_or(now, |e| e.created_at)),
        updated_at: Set(now),
        deleted_at: Set(None),
    };
    let saved: Model = match &existing {
        Some(_) => row.update(&txn).await?,
        None => row.insert(&txn).await?,
    };
    record(&txn, &caller, now, K::PROGRAM, saved.mat_id, if existing.is_some() { "update" } else { "create" }, existing.as_ref(), Some(&saved)).await?;
    txn.commit().await?;
    if let (Some(old), Some(_)) = (&existing, &new_file) {
        state.files.delete(&old.source_name).await;
    }
    if reencode {
        crate::jobs::transcode::enqueue(&state, &saved).await.map_err(ApiError::from)?;
    }
    Ok(ok(json!({ "matId": saved.mat_id })))
}
