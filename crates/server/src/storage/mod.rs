//! The file store: every stored file (material sources and renditions, attachments, captures,
//! board and photo files) under a random name, in a local directory (`files` under the data
//! directory) or in an S3-compatible bucket under a prefix (`TOWNBOARD_STORAGE`). Both keep one
//! layout, `<first two characters>/<name>`. Stored names are random url-safe tokens, so a
//! user-supplied name never reaches a file system or a bucket key.

mod download;

use crate::config::{S3Storage, Storage};
use axum::body::Bytes;
use futures_util::TryStreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path as ObjectPath;
use object_store::prefix::PrefixStore;
use object_store::{ClientOptions, ObjectStore, ObjectStoreExt, PutPayload, WriteMultipart};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Files up to this size go up in one request; larger ones in parts of this size, so memory holds
/// a few parts at most whatever the size of the file (S3 wants parts of 5 MiB or more).
const PART_BYTES: usize = 8 * 1024 * 1024;
/// Parts of one file uploaded at the same time.
const PARTS_IN_FLIGHT: usize = 2;

#[derive(Clone)]
pub struct FileStore {
    objects: Arc<dyn ObjectStore>,
    /// The same store when it is a local directory: uploads are moved into it rather than copied,
    /// and ffmpeg reads its files in place.
    local: Option<Arc<LocalFileSystem>>,
    /// Where temporary copies of remote files are made for ffmpeg.
    temp_dir: PathBuf,
}

/// A stored file on local disk for a program that needs a path (ffmpeg): the stored file itself
/// in a local store, else a temporary copy removed when this is dropped.
pub struct LocalCopy {
    path: PathBuf,
    temporary: bool,
}

impl LocalCopy {
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for LocalCopy {
    fn drop(&mut self) {
        if self.temporary {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl FileStore {
    /// The store the configuration names. A bucket is listed once, so that a wrong bucket,
    /// endpoint or key stops the start rather than the first upload.
    pub async fn open(storage: &Storage, data_dir: &Path) -> Result<FileStore, String> {
        let temp_dir = data_dir.join("tmp");
        match storage {
            Storage::Local => {
                let root = data_dir.join("files");
                let refused = |e: &dyn std::fmt::Display| format!("file store {}: {e}", root.display());
                std::fs::create_dir_all(&root).map_err(|e| refused(&e))?;
                let local = Arc::new(LocalFileSystem::new_with_prefix(&root).map_err(|e| refused(&e))?);
                Ok(FileStore { objects: local.clone(), local: Some(local), temp_dir })
            }
            Storage::S3(s3) => {
                let where_ = format!("TOWNBOARD_STORAGE s3://{}/{}", s3.bucket, s3.prefix);
                let objects = bucket(s3).map_err(|e| format!("{where_}: {e}"))?;
                objects.list_with_delimiter(Some(&ObjectPath::from("start-check"))).await.map_err(|e| format!("{where_} cannot be read: {e}"))?;
                Ok(FileStore { objects, local: None, temp_dir })
            }
        }
    }

    /// Where a stored name lies in the store; `None` for anything that is not one of our names.
    fn location(&self, stored_name: &str) -> Option<ObjectPath> {
        let ours = stored_name.len() >= 2 && stored_name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        ours.then(|| ObjectPath::from_iter([&stored_name[..2], stored_name]))
    }

    fn new_location() -> (String, ObjectPath) {
        let name = crate::crypto::random_token();
        let location = ObjectPath::from_iter([&name[..2], name.as_str()]);
        (name, location)
    }

    /// Writes the bytes under a new random name and returns it.
    pub async fn put(&self, bytes: &[u8]) -> io::Result<String> {
        let (name, location) = Self::new_location();
        self.objects.put(&location, PutPayload::from(Bytes::copy_from_slice(bytes))).await?;
        Ok(name)
    }

    /// Stores a finished file (under the data directory) under a new random name and removes it:
    /// moved into a local store, uploaded to a bucket in parts (never read whole into memory).
    pub async fn put_path(&self, file: &Path) -> io::Result<String> {
        let (name, location) = Self::new_location();
        match &self.local {
            Some(local) => {
                let path = local.path_to_filesystem(&location)?;
                tokio::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).await?;
                if tokio::fs::rename(file, &path).await.is_err() {
                    // Another file system: copy, then remove the original.
                    let tmp = path.with_extension("part");
                    tokio::fs::copy(file, &tmp).await?;
                    tokio::fs::rename(&tmp, &path).await?;
                    let _ = tokio::fs::remove_file(file).await;
                }
            }
            None => {
                self.upload(file, &location).await?;
                let _ = tokio::fs::remove_file(file).await;
            }
        }
        Ok(name)
    }

    async fn upload(&self, file: &Path, location: &ObjectPath) -> io::Result<()> {
        let mut source = tokio::fs::File::open(file).await?;
        let size = source.metadata().await?.len();
        if size <= PART_BYTES as u64 {
            let mut bytes = Vec::with_capacity(size as usize);
            source.read_to_end(&mut bytes).await?;
            self.objects.put(location, PutPayload::from(bytes)).await?;
            return Ok(());
        }
        let mut parts = WriteMultipart::new_with_chunk_size(self.objects.put_multipart(location).await?, PART_BYTES);
        let mut buffer = vec![0; 1024 * 1024];
        let copied = async {
            loop {
                parts.wait_for_capacity(PARTS_IN_FLIGHT).await?;
                let read = source.read(&mut buffer).await?;
                if read == 0 {
                    return Ok::<_, io::Error>(());
                }
                parts.write(&buffer[..read]);
            }
        }
        .await;
        match copied {
            Ok(()) => parts.finish().await.map(|_| ()).map_err(io::Error::from),
            Err(e) => {
                // Parts already sent would otherwise be kept (and billed) by the bucket.
                let _ = parts.abort().await;
                Err(e)
            }
        }
    }

    /// Where a stored file lies on disk when the store is a local directory (`None` on object
    /// storage).
    pub fn local_path(&self, stored_name: &str) -> Option<PathBuf> {
        self.local.as_ref()?.path_to_filesystem(&self.location(stored_name)?).ok()
    }

    /// A stored file as a file on local disk, for ffmpeg: see [`LocalCopy`]. A copy is written
    /// under the data directory as it streams in.
    pub async fn fetch_to_temp(&self, stored_name: &str) -> io::Result<LocalCopy> {
        let location = self.location(stored_name).ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "not a stored name"))?;
        if let Some(path) = self.local_path(stored_name) {
            tokio::fs::metadata(&path).await?;
            return Ok(LocalCopy { path, temporary: false });
        }
        tokio::fs::create_dir_all(&self.temp_dir).await?;
        // From here the guard removes the copy whatever happens.
        let copy = LocalCopy { path: self.temp_dir.join(format!("{}.fetch", crate::crypto::random_token())), temporary: true };
        let mut out = tokio::fs::File::create(&copy.path).await?;
        let mut chunks = self.objects.get(&location).await?.into_stream();
        while let Some(chunk) = chunks.try_next().await? {
            out.write_all(&chunk).await?;
        }
        out.flush().await?;
        Ok(copy)
    }

    /// A whole stored file in memory (images, attachments put in a zip: small files only; large
    /// ones are streamed with [`FileStore::download`]).
    pub async fn get(&self, stored_name: &str) -> io::Result<Vec<u8>> {
        let location = self.location(stored_name).ok_or_else(|| io::Error::new(io::ErrorKind::NotFound, "not a stored name"))?;
        Ok(Vec::from(self.objects.get(&location).await?.bytes().await?))
    }

    pub async fn delete(&self, stored_name: &str) {
        let Some(location) = self.location(stored_name) else {
            return;
        };
        match self.objects.delete(&location).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => {}
            // The row naming the file is gone already: a leftover costs space, never correctness.
            Err(e) => tracing::warn!(error = %e, "a stored file could not be deleted"),
        }
    }
}

/// An S3-compatible bucket, seen from under the prefix.
fn bucket(s3: &S3Storage) -> object_store::Result<Arc<dyn ObjectStore>> {
    // No limit on a whole request: a player may take minutes to download a large rendition that
    // is streamed from the bucket as it goes. A stalled read still fails.
    let client = ClientOptions::new().with_timeout_disabled().with_read_timeout(Duration::from_secs(60)).with_allow_http(s3.allow_http);
    let mut builder = AmazonS3Builder::new().with_client_options(client).with_bucket_name(&s3.bucket);
    if let Some(endpoint) = &s3.endpoint {
        builder = builder.with_endpoint(endpoint);
    }
    if let Some(region) = &s3.region {
        builder = builder.with_region(region);
    }
    if let Some(key_id) = &s3.access_key_id {
        builder = builder.with_access_key_id(key_id);
    }
    if let Some(secret) = &s3.secret_access_key {
        builder = builder.with_secret_access_key(&secret.0);
    }
    if let Some(token) = &s3.session_token {
        builder = builder.with_token(&token.0);
    }
    let bucket = builder.build()?;
    Ok(if s3.prefix.is_empty() { Arc::new(bucket) } else { Arc::new(PrefixStore::new(bucket, s3.prefix.as_str())) })
}
