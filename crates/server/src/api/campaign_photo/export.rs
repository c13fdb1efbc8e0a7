//! Downloads of campaign photos under the list's filters: `GET /api/cmpgphoto/zip.do?cmpgId=`
//! streams the photos as a zip (one folder per site), `GET /api/cmpgphoto/excel.do` the list.

use super::rules::{FILE_TYPE, PHOTO, downloadable, file_names};
use crate::auth::Caller;
use crate::db::entity::{campaign, campaign_photo, poi, stored_file, user};
use crate::error::{ApiError, ApiResult};
use crate::excel::{Cell, Sheet};
use crate::input::Params;
use crate::state::AppState;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::collections::HashMap;
use std::io::Write;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ExportQuery {
    cmpg_id: Option<i64>,
    poi_id: Option<i64>,
    /// `YYYY-MM-DD`
    from_date: Option<String>,
    /// `YYYY-MM-DD`
    to_date: Option<String>,
}

impl ExportQuery {
    fn filters(&self) -> Map<String, Value> {
        let pairs = [
            ("cmpgId", self.cmpg_id.map(|v| json!(v))),
            ("poiId", self.poi_id.map(|v| json!(v))),
            ("fromDate", self.from_date.as_ref().map(|v| json!(v))),
            ("toDate", self.to_date.as_ref().map(|v| json!(v))),
        ];
        pairs.into_iter().filter_map(|(key, v)| Some((key.to_string(), v?))).collect()
    }
}

/// Names of the rows' sites, campaigns and uploaders.
async fn names<E: EntityTrait>(db: &impl ConnectionTrait, key: E::Column, name: E::Column, ids: Vec<i64>) -> ApiResult<HashMap<i64, String>>
where
    E::Column: ColumnTrait,
{
    if ids.is_empty() {
        return Ok(HashMap::new());
    }
    let rows: Vec<(i64, String)> = E::find().select_only().columns([key, name]).filter(key.is_in(ids)).into_tuple().all(db).await?;
    Ok(rows.into_iter().collect())
}

/// A name safe as a path segment of a zip entry.
fn segment(text: &str) -> String {
    let cleaned: String = text.chars().map(|c| if c.is_control() || "/\\:*?\"<>|".contains(c) { '_' } else { c }).collect();
    let trimmed = cleaned.trim().trim_matches('.').to_string();
    if trimmed.is_empty() { "_".into() } else { trimmed }
}

/// Forwards what the zip writer writes to the response, in chunks.
struct ChannelWriter {
    tx: tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>,
    buf: Vec<u8>,
}

const CHUNK: usize = 256 * 1024;

impl ChannelWriter {
    fn send(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let chunk = Bytes::from(std::mem::take(&mut self.buf));
        self.tx.blocking_send(Ok(chunk)).map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "the client went away"))
    }
}

impl Write for ChannelWriter {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= CHUNK {
            self.send()?;
        }
        Ok(data.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.send()
    }
}

/// `GET /api/cmpgphoto/zip.do?cmpgId=`: the campaign's photos the caller may see, streamed as a
/// zip while the files are read one by one.
pub async fn zip(State(state): State<AppState>, caller: Caller, Params(q): Params<ExportQuery>) -> ApiResult<Response> {
    let Some(cmpg_id) = q.cmpg_id else {
        return Err(ApiError::invalid("cmpgId", "필수 항목입니다."));
    };
    let photos = downloadable(&caller, &q.filters())?.all(&state.db).await?;
    if photos.is_empty() {
        return Err(ApiError::NotFound);
    }
    let sites = names::<poi::Entity>(&state.db, poi::Column::PoiId, poi::Column::PoiNm, photos.iter().map(|p| p.poi_id).collect()).await?;
    let files: HashMap<i64, stored_file::Model> = stored_file::Entity::find()
        .filter(stored_file::Column::TargetType.eq(FILE_TYPE))
        .filter(stored_file::Column::Slot.eq(PHOTO))
        .filter(stored_file::Column::TargetId.is_in(photos.iter().map(|p| p.photo_id)))
        .all(&state.db)
        .await?
        .into_iter()
        .map(|f| (f.target_id, f))
        .collect();
    let entries: Vec<(String, String)> = photos
        .iter()
        .filter_map(|p| {
            let file = files.get(&p.photo_id)?;
            let ext = if file.content_type == "image/png" { "png" } else { "jpg" };
            let site = segment(sites.get(&p.poi_id).map_or("site", String::as_str));
            let taken = crate::time::format(&p.taken_at).replace(['-', ':'], "").replace(' ', "_");
            Some((format!("{site}/{taken}_{}.{ext}", p.photo_id), file.stored_name.clone()))
        })
        .collect();
    let (tx, rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(4);
    let store = state.files.clone();
    let runtime = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || {
        let failed = tx.clone();
        let mut zip = zip::ZipWriter::new_stream(ChannelWriter { tx, buf: Vec::new() });
        let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored).large_file(false);
        let written = (|| -> Result<(), String> {
            for (name, stored) in entries {
                let bytes = runtime.block_on(store.get(&stored)).map_err(|e| e.to_string())?;
                zip.start_file(name, options).map_err(|e| e.to_string())?;
                zip.write_all(&bytes).map_err(|e| e.to_string())?;
            }
            let mut inner = zip.finish().map_err(|e| e.to_string())?.into_inner();
            inner.flush().map_err(|e| e.to_string())
        })();
        if let Err(cause) = written {
            // The client sees a broken download rather than a zip with photos missing.
            tracing::warn!(%cause, "a photo zip could not be written");
            let _ = failed.blocking_send(Err(std::io::Error::other("zip")));
        }
    });
    // Fused: the compression layer may poll the body once more after its end.
    let stream = futures_util::StreamExt::fuse(futures_util::stream::unfold(rx, |mut rx| async move { rx.recv().await.map(|chunk| (chunk, rx)) }));
    let disposition = format!("attachment; filename=\"cmpgphoto_{cmpg_id}.zip\"");
    Ok((
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/zip")),
            (header::CONTENT_DISPOSITION, HeaderValue::from_str(&disposition).map_err(ApiError::internal)?),
            (header::CACHE_CONTROL, HeaderValue::from_static("private, no-store")),
        ],
        Body::from_stream(stream),
    )
        .into_response())
}

/// `GET /api/cmpgphoto/excel.do`: the photo list under the list's filters.
pub async fn excel(State(state): State<AppState>, caller: Caller, Params(q): Params<ExportQuery>) -> ApiResult<Response> {
    let photos: Vec<campaign_photo::Model> = downloadable(&caller, &q.filters())?.all(&state.db).await?;
    let ids = |f: fn(&campaign_photo::Model) -> i64| photos.iter().map(f).collect::<Vec<_>>();
    let sites = names::<poi::Entity>(&state.db, poi::Column::PoiId, poi::Column::PoiNm, ids(|p| p.poi_id)).await?;
    let campaigns = names::<campaign::Entity>(&state.db, campaign::Column::CmpgId, campaign::Column::CmpgTitle, ids(|p| p.cmpg_id)).await?;
    let users = names::<user::Entity>(&state.db, user::Column::UIdx, user::Column::UName, ids(|p| p.created_by)).await?;
    let files = file_names(&state.db, ids(|p| p.photo_id)).await?;
    let mut sheet = Sheet::new("캠페인 사진", &["사진 번호", "캠페인 번호", "캠페인", "사이트", "촬영 시각", "파일명", "등록자", "등록 시각"])?;
    let text = |map: &HashMap<i64, String>, id: i64| Cell::Text(map.get(&id).cloned().unwrap_or_default());
    for p in &photos {
        sheet.add(vec![
            Cell::Number(p.photo_id as f64),
            Cell::Number(p.cmpg_id as f64),
            text(&campaigns, p.cmpg_id),
            text(&sites, p.poi_id),
            Cell::Text(crate::time::format(&p.taken_at)),
            text(&files, p.photo_id),
            text(&users, p.created_by),
            Cell::Text(crate::time::format(&p.created_at)),
        ])?;
    }
    Ok(crate::excel::download("캠페인사진.xlsx", sheet.finish()?))
}
