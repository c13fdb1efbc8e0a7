//! A stored file as an HTTP answer, from a local directory and a bucket alike: streamed, whole
//! (200) or one byte range (206; 416 with the size when unsatisfiable), with Last-Modified and
//! the conditional requests that go with it (304, 412). These are the answers tower-http's file
//! service gave while every file was local, so players that cache and resume see no change.

use super::FileStore;
use crate::error::{ApiError, ApiResult};
use axum::body::Body;
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use futures_util::TryStreamExt;
use object_store::{GetOptions, GetResultPayload, ObjectMeta, ObjectStoreExt};
use std::io::SeekFrom;
use std::ops::Range;
use std::time::{SystemTime, UNIX_EPOCH};
use tokio::io::{AsyncReadExt, AsyncSeekExt};

/// Chunks read from a local file (as tower-http's file service read them).
const LOCAL_CHUNK: usize = 64 * 1024;

impl FileStore {
    /// Answers a GET of a stored file (and a HEAD: the server drops the body). The caller adds its
    /// own headers (type, disposition, caching) to a successful answer.
    pub async fn download(&self, stored_name: &str, request: &HeaderMap) -> ApiResult<Response> {
        let location = self.location(stored_name).ok_or(ApiError::NotFound)?;
        let meta = self.objects.head(&location).await.map_err(store_error)?;
        let modified = seconds(meta.last_modified.into());
        if date(request, &header::IF_UNMODIFIED_SINCE).is_some_and(|since| modified > since) {
            return Ok(StatusCode::PRECONDITION_FAILED.into_response());
        }
        if date(request, &header::IF_MODIFIED_SINCE).is_some_and(|since| modified <= since) {
            return Ok(StatusCode::NOT_MODIFIED.into_response());
        }
        let size = meta.size;
        let range = match request.get(header::RANGE).and_then(|v| v.to_str().ok()) {
            None => None,
            Some(asked) => match http_range_header::parse_range_header(asked).and_then(|ranges| ranges.validate(size)) {
                Ok(ranges) if ranges.len() == 1 => Some(*ranges[0].start()..ranges[0].end() + 1),
                // Several ranges (a multipart answer) are not served, as before.
                _ => return Ok(unsatisfiable(size)),
            },
        };
        let span = range.clone().unwrap_or(0..size);
        let body = if span.is_empty() { Body::empty() } else { self.stream(&meta, span.clone()).await? };
        let mut response = body.into_response();
        let headers = response.headers_mut();
        headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        headers.insert(header::LAST_MODIFIED, http_date(meta.last_modified.into()));
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(span.end - span.start));
        if range.is_some() {
            *response.status_mut() = StatusCode::PARTIAL_CONTENT;
            let content_range = format!("bytes {}-{}/{size}", span.start, span.end - 1);
            response.headers_mut().insert(header::CONTENT_RANGE, HeaderValue::from_str(&content_range).map_err(ApiError::internal)?);
        }
        Ok(response)
    }

    /// The bytes of `span`, read as the client takes them.
    async fn stream(&self, meta: &ObjectMeta, span: Range<u64>) -> ApiResult<Body> {
        let got = self.objects.get_opts(&meta.location, GetOptions::new().with_range(Some(span.clone()))).await.map_err(store_error)?;
        Ok(match got.payload {
            // A local file: larger reads than the store's own stream makes.
            GetResultPayload::File(file, _) => {
                let mut file = tokio::fs::File::from_std(file);
                file.seek(SeekFrom::Start(span.start)).await.map_err(ApiError::internal)?;
                Body::from_stream(tokio_util::io::ReaderStream::with_capacity(file.take(span.end - span.start), LOCAL_CHUNK))
            }
            GetResultPayload::Stream(chunks) => Body::from_stream(chunks.inspect_err(|e| tracing::warn!(error = %e, "a download from the bucket broke off"))),
        })
    }
}

/// A missing file is a 404; anything else is logged and kept from the client.
fn store_error(e: object_store::Error) -> ApiError {
    match e {
        object_store::Error::NotFound { .. } => ApiError::NotFound,
        e => ApiError::internal(e),
    }
}

fn unsatisfiable(size: u64) -> Response {
    let mut response = StatusCode::RANGE_NOT_SATISFIABLE.into_response();
    let headers = response.headers_mut();
    headers.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
    if let Ok(value) = HeaderValue::from_str(&format!("bytes */{size}")) {
        headers.insert(header::CONTENT_RANGE, value);
    }
    response
}

/// Whole seconds, the precision of HTTP dates.
fn seconds(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

fn date(request: &HeaderMap, name: &HeaderName) -> Option<u64> {
    let text = request.get(name)?.to_str().ok()?;
    httpdate::parse_http_date(text).ok().map(seconds)
}

fn http_date(time: SystemTime) -> HeaderValue {
    HeaderValue::from_str(&httpdate::fmt_http_date(time)).unwrap_or_else(|_| HeaderValue::from_static("Thu, 01 Jan 1970 00:00:00 GMT"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Storage;

    async fn store_with(bytes: &[u8]) -> (FileStore, String, tempdir::Dir) {
        let dir = tempdir::Dir::new();
        let store = FileStore::open(&Storage::Local, &dir.0).await.unwrap();
        let name = store.put(bytes).await.unwrap();
        (store, name, dir)
    }

    mod tempdir {
        pub struct Dir(pub std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                let path = std::env::temp_dir().join(format!("townboard-storage-{}", crate::crypto::random_token()));
                std::fs::create_dir_all(&path).unwrap();
                Dir(path)
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    async fn ask(store: &FileStore, name: &str, headers: &[(HeaderName, &str)]) -> (StatusCode, HeaderMap, Vec<u8>) {
        let mut request = HeaderMap::new();
        for (k, v) in headers {
            request.insert(k.clone(), HeaderValue::from_str(v).unwrap());
        }
        let response = match store.download(name, &request).await {
            Ok(response) => response,
            Err(e) => e.into_response(),
        };
        let (parts, body) = response.into_parts();
        (parts.status, parts.headers, axum::body::to_bytes(body, usize::MAX).await.unwrap().to_vec())
    }

    #[tokio::test]
    async fn ranges_and_conditions() {
        let content: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        let (store, name, _dir) = store_with(&content).await;
        let (status, headers, body) = ask(&store, &name, &[]).await;
        assert_eq!((status, body.len()), (StatusCode::OK, content.len()));
        assert_eq!(headers[header::CONTENT_LENGTH], content.len().to_string().as_str());
        let modified = headers[header::LAST_MODIFIED].to_str().unwrap().to_string();

        let (status, headers, body) = ask(&store, &name, &[(header::RANGE, "bytes=70000-140000")]).await;
        assert_eq!(status, StatusCode::PARTIAL_CONTENT);
        assert_eq!(headers[header::CONTENT_RANGE], "bytes 70000-140000/200000");
        assert_eq!(body, &content[70_000..=140_000]);
        let (_, headers, body) = ask(&store, &name, &[(header::RANGE, "bytes=-10")]).await;
        assert_eq!((headers[header::CONTENT_RANGE].to_str().unwrap(), &body[..]), ("bytes 199990-199999/200000", &content[199_990..]));
        let (_, _, body) = ask(&store, &name, &[(header::RANGE, "bytes=199999-")]).await;
        assert_eq!(body, &content[199_999..]);

        for bad in ["bytes=200000-", "bytes=5-1", "bytes=0-1,5-6", "pages=1-2"] {
            let (status, headers, _) = ask(&store, &name, &[(header::RANGE, bad)]).await;
            assert_eq!(status, StatusCode::RANGE_NOT_SATISFIABLE, "{bad}");
            assert_eq!(headers[header::CONTENT_RANGE], "bytes */200000");
        }

        assert_eq!(ask(&store, &name, &[(header::IF_MODIFIED_SINCE, &modified)]).await.0, StatusCode::NOT_MODIFIED);
        assert_eq!(ask(&store, &name, &[(header::IF_MODIFIED_SINCE, "Sun, 06 Nov 1994 08:49:37 GMT")]).await.0, StatusCode::OK);
        assert_eq!(ask(&store, &name, &[(header::IF_UNMODIFIED_SINCE, "Sun, 06 Nov 1994 08:49:37 GMT")]).await.0, StatusCode::PRECONDITION_FAILED);

        assert_eq!(ask(&store, "../../etc/passwd", &[]).await.0, StatusCode::NOT_FOUND);
        store.delete(&name).await;
        assert_eq!(ask(&store, &name, &[]).await.0, StatusCode::NOT_FOUND);
    }

    #[tokio::test]
    async fn uploads_move_into_place_and_copies_stay_local() {
        let (store, _, dir) = store_with(b"x").await;
        let upload = dir.0.join("tmp-upload");
        std::fs::write(&upload, vec![7u8; 3 * 1024 * 1024]).unwrap();
        let name = store.put_path(&upload).await.unwrap();
        assert!(!upload.exists(), "moved, not copied");
        let copy = store.fetch_to_temp(&name).await.unwrap();
        assert_eq!(copy.path(), store.local_path(&name).unwrap(), "a local store hands over the file itself");
        assert_eq!(std::fs::metadata(copy.path()).unwrap().len(), 3 * 1024 * 1024);
        drop(copy);
        assert!(store.local_path(&name).unwrap().exists(), "the stored file outlives its copy");
        assert_eq!(store.get(&name).await.unwrap().len(), 3 * 1024 * 1024);
        assert!(store.fetch_to_temp("x").await.is_err());
    }
}
