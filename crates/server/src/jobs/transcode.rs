//! Transcoding a material (a heavy job): sd, hd and fhd H.264 renditions at 0.5, 0.75 and 1.0 of
//! the template's resolution, a poster and a 5-second thumb (stills get sized copies and a poster,
//! no video work). Encoding status goes 0 → 2 → 1, or 3 with the reason once the attempts are
//! spent. The renditions replace the old ones in one transaction: all of them or none.

use super::Ctx;
use crate::db::entity::{material, material_file};
use crate::state::AppState;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;
use townboard_domain::material::encoding::{ENCODED, ENCODING, FAILED, NOT_ENCODED};
use townboard_domain::material::{RENDITIONS, rendition_size};

pub const KIND: &str = "transcode";

/// Queues the encoding of a material's current source; an older job of the same material finds
/// itself superseded and ends without work.
pub async fn enqueue(state: &AppState, m: &material::Model) -> Result<Option<i64>, sea_orm::DbErr> {
    super::enqueue(state, KIND, json!({ "matId": m.mat_id, "source": m.source_name, "templateType": m.template_type }), None, None).await
}

async fn set_status(state: &AppState, mat_id: i64, status: i32, error: Option<String>) -> Result<(), String> {
    let row = material::ActiveModel {
        mat_id: Set(mat_id),
        encoding_status: Set(status),
        encoding_error: Set(error),
        updated_at: Set(state.clock.now()),
        ..Default::default()
    };
    material::Entity::update(row).exec(&state.db).await.map(|_| ()).map_err(|e| e.to_string())
}

pub async fn run(ctx: &Ctx<'_>) -> Result<(), String> {
    let state = ctx.state;
    let mat_id = ctx.payload["matId"].as_i64().ok_or("matId가 없습니다.")?;
    let source = ctx.payload["source"].as_str().unwrap_or_default().to_string();
    let Some(m) = material::Entity::find_by_id(mat_id).one(&state.db).await.map_err(|e| e.to_string())? else {
        return Ok(());
    };
    // A newer upload or template superseded this job: its own job encodes it.
    if m.deleted_at.is_some() || m.source_name != source || ctx.payload["templateType"].as_i64() != Some(i64::from(m.template_type)) {
        return Ok(());
    }
    set_status(state, mat_id, ENCODING, None).await?;
    match encode(ctx, &m).await {
        Ok(()) => Ok(()),
        Err(error) => {
            let last = ctx.job.attempts >= ctx.job.max_attempts;
            set_status(state, mat_id, if last { FAILED } else { NOT_ENCODED }, Some(error.clone())).await?;
            Err(error)
        }
    }
}

async fn encode(ctx: &Ctx<'_>, m: &material::Model) -> Result<(), String> {
    let state = ctx.state;
    // ffmpeg reads a file on local disk: the stored one, or a copy of it from object storage.
    let source_copy = state.files.fetch_to_temp(&m.source_name).await.map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => "원본 파일이 없습니다.".to_string(),
        _ => e.to_string(),
    })?;
    let source = source_copy.path().to_path_buf();
    let work = state.config.data_dir.join("tmp").join(format!("encode-{}-{}", m.mat_id, crate::crypto::random_token()));
    tokio::fs::create_dir_all(&work).await.map_err(|e| e.to_string())?;
    let sizes: Vec<(&'static str, (u32, u32))> = RENDITIONS
        .iter()
        .map(|(name, percent)| rendition_size(m.template_type, *percent).map(|size| (*name, size)))
        .collect::<Option<_>>()
        .ok_or("알 수 없는 템플릿입니다.")?;
    let probe = crate::video::probe(&source).await?;
    let plan = crate::video::Plan {
        source: &source,
        out_dir: &work,
        sizes: &sizes,
        still: m.mat_type == "image",
        still_jpeg: m.source_type == "image/jpeg",
        duration_ms: m.duration_ms,
        has_audio: probe.has_audio,
        preset: &state.config.encode_preset,
    };
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel();
    let encoded = crate::video::encode(&plan, |p| {
        let _ = tx.send(p);
    });
    tokio::pin!(encoded);
    let outputs = loop {
        tokio::select! {
            done = &mut encoded => break done,
            Some(p) = rx.recv() => ctx.progress(p).await,
        }
    };
    let result = match outputs {
        Ok(outputs) => store(state, m, outputs).await,
        Err(e) => Err(e),
    };
    let _ = tokio::fs::remove_dir_all(&work).await;
    result
}

/// Moves the outputs into the store and swaps the renditions in one transaction.
async fn store(state: &AppState, m: &material::Model, outputs: Vec<crate::video::Output>) -> Result<(), String> {
    let mut rows = Vec::new();
    for out in outputs {
        let stored = state.files.put_path(&out.path).await.map_err(|e| e.to_string())?;
        rows.push(material_file::ActiveModel {
            mat_id: Set(m.mat_id),
            rendition: Set(out.rendition.to_string()),
            stored_name: Set(stored),
            content_type: Set(out.content_type.to_string()),
            width: Set(out.width as i32),
            height: Set(out.height as i32),
            bytes: Set(out.bytes as i64),
            duration_ms: Set(out.duration_ms),
        });
    }
    let new_names: Vec<String> = rows.iter().map(|r| r.stored_name.clone().unwrap()).collect();
    let swap = async {
        let txn = crate::db::begin_write(&state.writer).await?;
        let current = material::Entity::find_by_id(m.mat_id).one(&txn).await?;
        if current.as_ref().is_none_or(|c| c.source_name != m.source_name || c.template_type != m.template_type) {
            return Ok(None);
        }
        let old = material_file::Entity::find().filter(material_file::Column::MatId.eq(m.mat_id)).all(&txn).await?;
        material_file::Entity::delete_many().filter(material_file::Column::MatId.eq(m.mat_id)).exec(&txn).await?;
        material_file::Entity::insert_many(rows).exec_without_returning(&txn).await?;
        let done = material::ActiveModel {
            mat_id: Set(m.mat_id),
            encoding_status: Set(ENCODED),
            encoding_error: Set(None),
            updated_at: Set(state.clock.now()),
            ..Default::default()
        };
        material::Entity::update(done).exec(&txn).await?;
        txn.commit().await?;
        Ok::<_, sea_orm::DbErr>(Some(old))
    };
    match swap.await {
        Ok(Some(old)) => {
            for f in old {
                state.files.delete(&f.stored_name).await;
            }
            Ok(())
        }
        // Superseded while encoding: the new outputs are not needed.
        Ok(None) => {
            for name in new_names {
                state.files.delete(&name).await;
            }
            Ok(())
        }
        Err(e) => {
            for name in new_names {
                state.files.delete(&name).await;
            }
            Err(e.to_string())
        }
    }
}
