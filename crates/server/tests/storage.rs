//! Object storage (`TOWNBOARD_STORAGE=s3://bucket/prefix`) against a real S3-compatible server the
//! test starts itself: moto's standalone server, found by `TOWNBOARD_TEST_S3` (the path of
//! `moto_server`). Uploads, encodings and attachments land in the bucket under the prefix and
//! nowhere on local disk; downloads stream in ranges; deletions reach the bucket. Without the
//! variable the test says it is skipped and passes.

mod common;

use axum::http::{StatusCode, header};
use common::video;
use common::*;
use futures_util::TryStreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::path::Path as ObjectPath;
use object_store::{ObjectStore, ObjectStoreExt};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use townboard_server::config::{S3Storage, Secret, Storage};
use townboard_server::db::entity::{material, material_file, stored_file};
use townboard_server::jobs;

const BUCKET: &str = "townboard-test";
const PREFIX: &str = "tenant/files";

/// A moto server on a free local port, stopped when dropped.
struct Moto {
    process: Child,
    url: String,
}

impl Moto {
    /// `None` when `TOWNBOARD_TEST_S3` does not name `moto_server`.
    async fn start() -> Option<Moto> {
        let program = std::env::var("TOWNBOARD_TEST_S3").ok().filter(|p| !p.is_empty())?;
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let process = Command::new(&program)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("TOWNBOARD_TEST_S3={program} does not start: {e}"));
        let moto = Moto { process, url: format!("http://127.0.0.1:{port}") };
        for _ in 0..300 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_ok() {
                return Some(moto);
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("moto did not listen on port {port} within 30 s");
    }

    /// Creates a bucket with a plain (unsigned) `PUT /bucket`, which moto accepts.
    async fn create_bucket(&self, name: &str) {
        let address = self.url.trim_start_matches("http://");
        let mut conn = tokio::net::TcpStream::connect(address).await.unwrap();
        let request = format!("PUT /{name} HTTP/1.1\r\nHost: {address}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n");
        conn.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        conn.read_to_string(&mut answer).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 200"), "bucket not created: {answer}");
    }

    fn storage(&self) -> S3Storage {
        S3Storage {
            bucket: BUCKET.into(),
            prefix: PREFIX.into(),
            endpoint: Some(self.url.clone()),
            region: Some("us-east-1".into()),
            access_key_id: Some("testing".into()),
            secret_access_key: Some(Secret("testing".into())),
            session_token: None,
            allow_http: true,
        }
    }

    /// The whole bucket as a client outside the application sees it.
    fn bucket(&self) -> Arc<dyn ObjectStore> {
        let bucket = AmazonS3Builder::new()
            .with_bucket_name(BUCKET)
            .with_endpoint(&self.url)
            .with_region("us-east-1")
            .with_access_key_id("testing")
            .with_secret_access_key("testing")
            .with_allow_http(true)
            .build()
            .unwrap();
        Arc::new(bucket)
    }
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// Every key in the bucket.
async fn keys(bucket: &Arc<dyn ObjectStore>) -> BTreeSet<String> {
    bucket.list(None).map_ok(|meta| meta.location.to_string()).try_collect().await.unwrap()
}

/// The key a stored name has in the bucket: the prefix, then the store's own layout.
fn key(stored_name: &str) -> String {
    format!("{PREFIX}/{}/{stored_name}", &stored_name[..2])
}

/// Files under the data directory other than the database, the front end and the test's inputs.
fn local_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().to_string();
        if path.is_dir() {
            if name != "web" && name != "fixtures" {
                found.extend(local_files(&path));
            }
        } else if !name.starts_with("test.db") {
            found.push(path);
        }
    }
    found
}

async fn upload(app: &TestApp, data: Value, file: &Path) -> Answer {
    let bytes = std::fs::read(file).unwrap();
    let name = file.file_name().unwrap().to_string_lossy().to_string();
    app.post_multipart("/api/campaign/material/jsonSave.do", data, &[("file", &name, &bytes)]).await
}

async fn material_of(app: &TestApp, mat_id: i64) -> material::Model {
    material::Entity::find_by_id(mat_id).one(&app.state.db).await.unwrap().unwrap()
}

async fn renditions(app: &TestApp, mat_id: i64) -> Vec<material_file::Model> {
    material_file::Entity::find().filter(material_file::Column::MatId.eq(mat_id)).all(&app.state.db).await.unwrap()
}

/// A running moto with the test bucket, a client of that bucket, and the application storing its
/// files there; `None` (the test skipped) without `TOWNBOARD_TEST_S3`. Moto stops when the first
/// part is dropped.
async fn s3_app() -> Option<(Moto, Arc<dyn ObjectStore>, TestApp)> {
    let Some(moto) = Moto::start().await else {
        eprintln!("TOWNBOARD_TEST_S3 is not set: object storage tests skipped");
        return None;
    };
    moto.create_bucket(BUCKET).await;
    let storage = moto.storage();
    let app = spawn_with(|config| config.storage = Storage::S3(storage)).await;
    let bucket = moto.bucket();
    Some((moto, bucket, app))
}

#[tokio::test]
async fn every_file_lives_in_the_bucket_under_the_prefix() {
    let Some((_moto, bucket, app)) = s3_app().await else { return };
    let data_dir = app.state.config.data_dir.clone();
    app.login_admin().await;
    app.create_user("adv-s3", 10006, 3).await;
    let c_id = app.post("/api/common/corp/byName.do", json!({ "cName": "adv-s3" })).await.data()["list"][0]["cId"].as_i64().unwrap();
    let fixtures = data_dir.join("fixtures");
    std::fs::create_dir_all(&fixtures).unwrap();

    // A material: its source goes to the bucket, and so do its encodings.
    let fields = json!({ "matName": "버킷", "advertiserCId": c_id, "templateType": 2, "matPlaytime": 15 });
    let saved = upload(&app, fields.clone(), &video::video(&fixtures, "s3.mp4", video::small_size(2), 15.0)).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let mat_id = saved.data()["matId"].as_i64().unwrap();
    let first_source = material_of(&app, mat_id).await.source_name;
    assert!(keys(&bucket).await.contains(&key(&first_source)));
    assert!(app.state.files.local_path(&first_source).is_none());
    jobs::run_until_idle(&app.state).await;
    assert_eq!(material_of(&app, mat_id).await.encoding_status, 1, "encoded from a copy of the bucket's source");
    let first = renditions(&app, mat_id).await;
    assert_eq!(first.len(), 5, "sd, hd, fhd, thumb and poster");
    let stored = keys(&bucket).await;
    for row in &first {
        assert!(stored.contains(&key(&row.stored_name)), "{} is in the bucket", row.rendition);
    }
    assert!(stored.iter().all(|k| k.starts_with(&format!("{PREFIX}/"))), "nothing outside the prefix: {stored:?}");
    assert_eq!(local_files(&data_dir), Vec::<PathBuf>::new(), "no stored file, upload or copy stays on local disk");

    // Downloads stream from the bucket, whole or in ranges, and play.
    let url = format!("/api/material/manage/videoDownload.do?matId={mat_id}&type=hd");
    let (status, headers, whole) = app.get_bytes(&url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers[header::CONTENT_TYPE], "video/mp4");
    assert_eq!(headers[header::ACCEPT_RANGES], "bytes");
    assert_eq!(headers[header::CACHE_CONTROL], "private, max-age=3600");
    let hd = first.iter().find(|r| r.rendition == "hd").unwrap();
    assert_eq!(whole.len() as i64, hd.bytes);
    let played = fixtures.join("hd-from-bucket.mp4");
    std::fs::write(&played, &whole).unwrap();
    let (codec, width, height, _) = video::probe(&played);
    assert_eq!((codec.as_str(), width as i32, height as i32), ("h264", hd.width, hd.height));
    let (status, headers, part) = app.request(axum::http::Method::GET, &url, &[("range", "bytes=100-199")], vec![]).await;
    assert_eq!(status, StatusCode::PARTIAL_CONTENT);
    assert_eq!(headers[header::CONTENT_RANGE], format!("bytes 100-199/{}", whole.len()));
    assert_eq!(&part[..], &whole[100..200]);
    let (status, _, tail) = app.request(axum::http::Method::GET, &url, &[("range", "bytes=-50")], vec![]).await;
    assert_eq!((status, &tail[..]), (StatusCode::PARTIAL_CONTENT, &whole[whole.len() - 50..]));
    let beyond = format!("bytes={}-", whole.len());
    let (status, headers, _) = app.request(axum::http::Method::GET, &url, &[("range", &beyond)], vec![]).await;
    assert_eq!(status, StatusCode::RANGE_NOT_SATISFIABLE);
    assert_eq!(headers[header::CONTENT_RANGE], format!("bytes */{}", whole.len()));
    let (_, headers, _) = app.get_bytes(&url).await;
    let modified = headers[header::LAST_MODIFIED].to_str().unwrap().to_string();
    let (status, _, _) = app.request(axum::http::Method::GET, &url, &[("if-modified-since", &modified)], vec![]).await;
    assert_eq!(status, StatusCode::NOT_MODIFIED, "a player's cached copy stays good");

    // A new source replaces the old one in the bucket; its encodings replace the old encodings.
    let mut replaced = fields.clone();
    replaced["matId"] = json!(mat_id);
    let saved = upload(&app, replaced, &video::video(&fixtures, "s3-new.mp4", video::small_size(2), 15.0)).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let second_source = material_of(&app, mat_id).await.source_name;
    assert_ne!(second_source, first_source);
    let stored = keys(&bucket).await;
    assert!(stored.contains(&key(&second_source)) && !stored.contains(&key(&first_source)), "the old source is deleted from the bucket");
    jobs::run_until_idle(&app.state).await;
    let second = renditions(&app, mat_id).await;
    assert_eq!(second.len(), 5);
    let stored = keys(&bucket).await;
    for old in &first {
        assert!(!stored.contains(&key(&old.stored_name)), "the old {} is deleted from the bucket", old.rendition);
    }
    for new in &second {
        assert!(stored.contains(&key(&new.stored_name)), "the new {} is in the bucket", new.rendition);
    }

    // An attachment: stored in the bucket, downloaded in ranges, deleted with its row.
    let text = "점검은 새벽 2시부터 4시까지입니다.".as_bytes();
    let notice =
        app.post_multipart("/api/system/notice/jsonSave.do", json!({ "ntTitle": "점검", "ntContent": "<p>안내</p>" }), &[("files", "guide.txt", text)]).await;
    assert_eq!(notice.code(), 0, "{:?}", notice.body);
    let nt_idx = notice.data()["ntIdx"].as_i64().unwrap();
    let detail = app.post("/api/system/notice/jsonDetail.do", json!({ "ntIdx": nt_idx })).await;
    let file_idx = detail.data()["files"][0]["fileIdx"].as_i64().unwrap();
    let attachment = stored_file::Entity::find_by_id(file_idx).one(&app.state.db).await.unwrap().unwrap();
    assert!(keys(&bucket).await.contains(&key(&attachment.stored_name)));
    let download = format!("/api/common/file/download/notice/{file_idx}/guide.txt");
    let (status, headers, body) = app.get_bytes(&download).await;
    assert_eq!((status, &body[..]), (StatusCode::OK, text));
    assert_eq!(headers[header::CONTENT_DISPOSITION], "attachment; filename*=UTF-8''guide.txt");
    assert_eq!(headers[header::CACHE_CONTROL], "private, no-store");
    let (status, headers, body) = app.request(axum::http::Method::GET, &download, &[("range", "bytes=3-8")], vec![]).await;
    assert_eq!((status, &body[..]), (StatusCode::PARTIAL_CONTENT, &text[3..9]));
    assert_eq!(headers[header::CONTENT_RANGE], format!("bytes 3-8/{}", text.len()));
    let update = app
        .post_multipart(
            "/api/system/notice/jsonSave.do",
            json!({ "ntIdx": nt_idx, "ntTitle": "점검", "ntContent": "<p>안내</p>", "deleteFileIdxs": [file_idx] }),
            &[],
        )
        .await;
    assert_eq!(update.code(), 0, "{:?}", update.body);
    assert!(!keys(&bucket).await.contains(&key(&attachment.stored_name)), "the attachment is deleted from the bucket");
    let (status, _, _) = app.get_bytes(&download).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(local_files(&data_dir), Vec::<PathBuf>::new());
}

#[tokio::test]
async fn a_large_file_goes_up_in_parts_and_comes_back_whole() {
    let Some((_moto, bucket, app)) = s3_app().await else { return };
    let files = &app.state.files;
    // Three and a half parts of the store's part size, with content that shows a misplaced part.
    let content: Vec<u8> = (0..(28 * 1024 * 1024 + 12345u32)).map(|i| (i / 4096 % 251) as u8 ^ (i % 7) as u8).collect();
    let dir = app.state.config.data_dir.join("fixtures");
    std::fs::create_dir_all(&dir).unwrap();
    let source = dir.join("large.bin");
    std::fs::write(&source, &content).unwrap();
    let name = files.put_path(&source).await.unwrap();
    assert!(!source.exists(), "the uploaded file is consumed");
    let meta = bucket.head(&ObjectPath::from(key(&name))).await.unwrap();
    assert_eq!(meta.size, content.len() as u64);

    let copy = files.fetch_to_temp(&name).await.unwrap();
    assert!(copy.path().starts_with(app.state.config.data_dir.join("tmp")));
    assert!(std::fs::read(copy.path()).unwrap() == content, "the copy for ffmpeg is the file");
    let copy_path = copy.path().to_path_buf();
    drop(copy);
    assert!(!copy_path.exists(), "the copy is removed once done with");

    let mut asked = axum::http::HeaderMap::new();
    asked.insert(header::RANGE, "bytes=8388600-16777300".parse().unwrap());
    let answer = files.download(&name, &asked).await.unwrap();
    assert_eq!(answer.status(), StatusCode::PARTIAL_CONTENT);
    let body = axum::body::to_bytes(answer.into_body(), usize::MAX).await.unwrap();
    assert!(body[..] == content[8_388_600..=16_777_300], "a range across parts");

    files.delete(&name).await;
    assert!(keys(&bucket).await.is_empty());
    assert!(files.fetch_to_temp(&name).await.is_err());
    assert!(files.download(&name, &axum::http::HeaderMap::new()).await.is_err());
}
