//! The file store: a local directory under the data directory. Stored names are random, so a
//! user-supplied name never reaches the file system.

use std::path::{Path, PathBuf};

#[derive(Clone)]
pub struct FileStore {
    root: PathBuf,
}

impl FileStore {
    pub fn new(root: PathBuf) -> Self {
        FileStore { root }
    }

    fn path_of(&self, stored_name: &str) -> Option<PathBuf> {
        // Stored names are ours (random url-safe tokens); anything else is refused outright.
        let safe = !stored_name.is_empty() && stored_name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
        safe.then(|| self.root.join(&stored_name[..2]).join(stored_name))
    }

    /// Writes the bytes under a new random name and returns it.
    pub async fn put(&self, bytes: &[u8]) -> std::io::Result<String> {
        let name = crate::crypto::random_token();
        let path = self.path_of(&name).expect("tokens are safe names");
        tokio::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).await?;
        let tmp = path.with_extension("part");
        tokio::fs::write(&tmp, bytes).await?;
        tokio::fs::rename(&tmp, &path).await?;
        Ok(name)
    }

    /// Moves a finished temporary file (under the data directory) into the store under a new
    /// random name, without reading it into memory.
    pub async fn put_path(&self, file: &Path) -> std::io::Result<String> {
        let name = crate::crypto::random_token();
        let path = self.path_of(&name).expect("tokens are safe names");
        tokio::fs::create_dir_all(path.parent().unwrap_or(Path::new("."))).await?;
        if tokio::fs::rename(file, &path).await.is_err() {
            // Another file system: copy, then remove the original.
            let tmp = path.with_extension("part");
            tokio::fs::copy(file, &tmp).await?;
            tokio::fs::rename(&tmp, &path).await?;
            let _ = tokio::fs::remove_file(file).await;
        }
        Ok(name)
    }

    /// Where a stored file lies on disk (ffmpeg reads it there; downloads stream it from there).
    pub fn local_path(&self, stored_name: &str) -> Option<PathBuf> {
        self.path_of(stored_name)
    }

    pub async fn get(&self, stored_name: &str) -> std::io::Result<Vec<u8>> {
        let path = self.path_of(stored_name).ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "bad name"))?;
        tokio::fs::read(path).await
    }

    pub async fn delete(&self, stored_name: &str) {
        if let Some(path) = self.path_of(stored_name) {
            let _ = tokio::fs::remove_file(path).await;
        }
    }
}
