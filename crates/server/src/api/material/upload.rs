//! Receiving a material upload: the multipart body streamed part by part, the file written to a
//! temporary file as it arrives (never held whole in memory), refused with 10413 the moment it
//! passes the limit, and typed by its first bytes. A refused upload leaves nothing behind.

use crate::error::{ApiError, ApiResult};
use crate::files::FileKind;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header;
use serde_json::{Map, Value};
use std::path::{Path, PathBuf};
use tokio::io::AsyncWriteExt;

/// A received file in the temporary directory; removed when dropped unless it was kept.
pub struct TempFile {
    pub path: PathBuf,
    pub file_name: String,
    pub kind: FileKind,
    pub bytes: u64,
    kept: bool,
}

impl TempFile {
    /// The store took the file: nothing to remove.
    pub fn keep(mut self) -> PathBuf {
        self.kept = true;
        self.path.clone()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        if !self.kept {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// What an upload carried: the `data` part and the file, if any.
pub struct Received {
    pub data: Map<String, Value>,
    pub file: Option<TempFile>,
}

/// The first bytes kept of a file: enough to tell its type and to read an image's header.
const SNIFF: usize = 256 * 1024;

/// Reads an upload (or a plain JSON body when no file is sent).
pub async fn receive(req: Request, tmp_dir: &Path, kinds: &[FileKind], max_bytes: u64) -> ApiResult<Received> {
    let content_type = req.headers().get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or_default().to_string();
    if !content_type.starts_with("multipart/form-data") {
        let bytes = axum::body::Bytes::from_request(req, &()).await.map_err(|_| ApiError::TooLarge)?;
        return Ok(Received { data: crate::input::parse(&bytes)?, file: None });
    }
    let mut form = crate::input::Form(Multipart::from_request(req, &()).await.map_err(|_| ApiError::invalid("body", "multipart 형식이 올바르지 않습니다."))?);
    let mut data = None;
    let mut file = None;
    while let Some(mut field) = form.next_field().await? {
        match field.name().unwrap_or_default() {
            "data" => {
                let bytes = field.bytes().await.map_err(|e| crate::input::multipart_error(&e))?;
                if bytes.len() > crate::input::JSON_BODY_LIMIT {
                    return Err(ApiError::TooLarge);
                }
                data = Some(crate::input::parse(&bytes)?);
            }
            "file" if file.is_none() => {
                let file_name = crate::files::clean_file_name(field.file_name().unwrap_or("file"));
                tokio::fs::create_dir_all(tmp_dir).await.map_err(ApiError::internal)?;
                let path = tmp_dir.join(format!("{}.upload", crate::crypto::random_token()));
                let mut out = tokio::fs::File::create(&path).await.map_err(ApiError::internal)?;
                // From here the guard removes the file whatever happens.
                let mut received = TempFile { path, file_name, kind: FileKind::Text, bytes: 0, kept: false };
                let mut head = Vec::with_capacity(SNIFF);
                while let Some(chunk) = field.chunk().await.map_err(|e| crate::input::multipart_error(&e))? {
                    received.bytes += chunk.len() as u64;
                    if received.bytes > max_bytes {
                        return Err(ApiError::TooLarge);
                    }
                    if head.len() < SNIFF {
                        head.extend_from_slice(&chunk[..chunk.len().min(SNIFF - head.len())]);
                    }
                    out.write_all(&chunk).await.map_err(ApiError::internal)?;
                }
                out.flush().await.map_err(ApiError::internal)?;
                if received.bytes == 0 {
                    return Err(ApiError::invalid("file", "빈 파일은 올릴 수 없습니다."));
                }
                received.kind = FileKind::detect(&head).filter(|k| kinds.contains(k)).ok_or(ApiError::UnsupportedType)?;
                crate::files::check_image("file", received.kind, &head)?;
                file = Some(received);
            }
            other => return Err(ApiError::invalid(other, "알 수 없는 항목입니다.")),
        }
    }
    Ok(Received { data: data.ok_or_else(|| ApiError::invalid("data", "필수 항목입니다."))?, file })
}
