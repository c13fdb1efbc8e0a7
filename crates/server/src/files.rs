//! Uploaded files: what a resource accepts (its slots), recognising types by content, and the rows
//! of `stored_file` that tie a file to a row.

use crate::db::entity::stored_file;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};

/// A file type recognised by its first bytes, never by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileKind {
    Png,
    Jpeg,
    Gif,
    Pdf,
    /// Zip containers: zip, xlsx, docx, pptx, hwpx.
    Zip,
    /// OLE compound documents: hwp, xls, doc.
    Ole,
    Text,
    /// Windows executables and Linux ELF binaries (player builds only).
    Executable,
    /// ISO media files (`ftyp` box): MP4, and QuickTime MOV by its brand.
    Mp4,
    Mov,
    /// Matroska files of the WebM doctype.
    Webm,
}

impl FileKind {
    pub fn detect(bytes: &[u8]) -> Option<FileKind> {
        let starts = |sig: &[u8]| bytes.starts_with(sig);
        if bytes.len() >= 12 && &bytes[4..8] == b"ftyp" {
            Some(if &bytes[8..12] == b"qt  " { FileKind::Mov } else { FileKind::Mp4 })
        } else if starts(&[0x1A, 0x45, 0xDF, 0xA3]) && bytes.windows(4).take(64).any(|w| w == b"webm") {
            Some(FileKind::Webm)
        } else if starts(b"\x89PNG\r\n\x1a\n") {
            Some(FileKind::Png)
        } else if starts(&[0xFF, 0xD8, 0xFF]) {
            Some(FileKind::Jpeg)
        } else if starts(b"GIF87a") || starts(b"GIF89a") {
            Some(FileKind::Gif)
        } else if starts(b"%PDF-") {
            Some(FileKind::Pdf)
        } else if starts(b"PK\x03\x04") {
            Some(FileKind::Zip)
        } else if starts(&[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]) {
            Some(FileKind::Ole)
        } else if starts(b"MZ") || starts(b"\x7fELF") {
            Some(FileKind::Executable)
        } else if !bytes.is_empty() && !bytes.contains(&0) && std::str::from_utf8(bytes).is_ok() {
            Some(FileKind::Text)
        } else {
            None
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            FileKind::Png => "image/png",
            FileKind::Jpeg => "image/jpeg",
            FileKind::Gif => "image/gif",
            FileKind::Pdf => "application/pdf",
            FileKind::Zip | FileKind::Ole | FileKind::Executable => "application/octet-stream",
            FileKind::Text => "text/plain; charset=utf-8",
            FileKind::Mp4 => "video/mp4",
            FileKind::Mov => "video/quicktime",
            FileKind::Webm => "video/webm",
        }
    }
}

pub const DOCUMENTS: &[FileKind] = &[FileKind::Png, FileKind::Jpeg, FileKind::Gif, FileKind::Pdf, FileKind::Zip, FileKind::Ole, FileKind::Text];
pub const IMAGES: &[FileKind] = &[FileKind::Png, FileKind::Jpeg];
pub const VIDEOS: &[FileKind] = &[FileKind::Mp4, FileKind::Mov, FileKind::Webm];
/// What a material may be: a video or a still.
pub const MATERIALS: &[FileKind] = &[FileKind::Mp4, FileKind::Mov, FileKind::Webm, FileKind::Png, FileKind::Jpeg];
/// Player builds: Android packages (zip), Windows and Linux executables.
pub const PLAYER_BUILDS: &[FileKind] = &[FileKind::Zip, FileKind::Executable];
pub const SCANS: &[FileKind] = &[FileKind::Png, FileKind::Jpeg, FileKind::Pdf];

/// A multipart part a resource accepts, e.g. notices' `files` or a corp's `licence`.
#[derive(Debug, Clone, Copy)]
pub struct FileSlot {
    pub part: &'static str,
    pub max_bytes: usize,
    pub max_count: usize,
    pub kinds: &'static [FileKind],
}

impl FileSlot {
    /// A slot holding one file: a new upload replaces the old one.
    pub fn single(&self) -> bool {
        self.max_count == 1
    }
}

/// A file received in a request, checked against its slot.
pub struct Upload {
    pub part: &'static str,
    pub file_name: String,
    pub kind: FileKind,
    pub bytes: Vec<u8>,
}

/// Keeps the last path segment of a browser-supplied name, without control characters.
pub fn clean_file_name(name: &str) -> String {
    let base = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    let trimmed = cleaned.trim().trim_start_matches('.').to_string();
    if trimmed.is_empty() { "file".into() } else { trimmed }
}

pub fn check(slot: &FileSlot, file_name: &str, bytes: Vec<u8>) -> ApiResult<Upload> {
    if bytes.is_empty() {
        return Err(ApiError::invalid(slot.part, "빈 파일은 올릴 수 없습니다."));
    }
    if bytes.len() > slot.max_bytes {
        return Err(ApiError::TooLarge);
    }
    let kind = FileKind::detect(&bytes).filter(|k| slot.kinds.contains(k)).ok_or(ApiError::UnsupportedType)?;
    Ok(Upload { part: slot.part, file_name: clean_file_name(file_name), kind, bytes })
}

/// A multipart stream that broke off: too large (10413) or malformed (10400).
pub fn multipart_error(e: &axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        ApiError::TooLarge
    } else {
        ApiError::invalid("body", "multipart 형식이 올바르지 않습니다.")
    }
}

pub async fn of_row(db: &impl ConnectionTrait, target: &str, id: i64) -> ApiResult<Vec<stored_file::Model>> {
    Ok(stored_file::Entity::find()
        .filter(stored_file::Column::TargetType.eq(target))
        .filter(stored_file::Column::TargetId.eq(id))
        .order_by_asc(stored_file::Column::FileIdx)
        .all(db)
        .await?)
}

/// Stores uploads for a row. The bytes are written before the row that names them, so a crash
/// leaves at worst an orphan file, never a row without its file.
pub async fn attach(state: &AppState, db: &impl ConnectionTrait, target: &str, id: i64, uploads: Vec<Upload>, by: i64) -> ApiResult<()> {
    for upload in uploads {
        let stored_name = state.files.put(&upload.bytes).await.map_err(ApiError::internal)?;
        let row = stored_file::ActiveModel {
            target_type: Set(target.to_string()),
            target_id: Set(id),
            slot: Set(upload.part.to_string()),
            file_name: Set(upload.file_name),
            stored_name: Set(stored_name),
            file_size: Set(upload.bytes.len() as i64),
            content_type: Set(upload.kind.content_type().to_string()),
            created_by: Set(by),
            created_at: Set(state.clock.now()),
            ..Default::default()
        };
        stored_file::Entity::insert(row).exec_without_returning(db).await?;
    }
    Ok(())
}

/// Removes the listed files of a row (ids of other rows are ignored); returns the stored names to
/// delete from the store once the transaction commits.
pub async fn detach(db: &impl ConnectionTrait, target: &str, id: i64, file_idxs: &[i64], slot: Option<&str>) -> ApiResult<Vec<String>> {
    let mut q = stored_file::Entity::find().filter(stored_file::Column::TargetType.eq(target)).filter(stored_file::Column::TargetId.eq(id));
    q = match slot {
        Some(slot) => q.filter(stored_file::Column::Slot.eq(slot)),
        None => q.filter(stored_file::Column::FileIdx.is_in(file_idxs.to_vec())),
    };
    let rows = q.all(db).await?;
    if !rows.is_empty() {
        stored_file::Entity::delete_many().filter(stored_file::Column::FileIdx.is_in(rows.iter().map(|r| r.file_idx))).exec(db).await?;
    }
    Ok(rows.into_iter().map(|r| r.stored_name).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_by_content_not_name() {
        assert_eq!(FileKind::detect(b"\x89PNG\r\n\x1a\nrest"), Some(FileKind::Png));
        assert_eq!(FileKind::detect(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(FileKind::Jpeg));
        assert_eq!(FileKind::detect(b"%PDF-1.7"), Some(FileKind::Pdf));
        assert_eq!(FileKind::detect(b"PK\x03\x04...."), Some(FileKind::Zip));
        assert_eq!(FileKind::detect("안내문입니다\n".as_bytes()), Some(FileKind::Text));
        assert_eq!(FileKind::detect(b"MZ\x90\x00\x03\x00\x00\x00"), Some(FileKind::Executable));
        assert!(!DOCUMENTS.contains(&FileKind::Executable), "documents never accept executables");
        assert_eq!(FileKind::detect(b""), None);
        assert_eq!(FileKind::detect(b"\0\0\0\x20ftypisom\0\0\x02\0"), Some(FileKind::Mp4));
        assert_eq!(FileKind::detect(b"\0\0\0\x14ftypqt  \0\0\x02\0"), Some(FileKind::Mov));
        assert_eq!(FileKind::detect(b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x84webm"), Some(FileKind::Webm));
        assert_eq!(FileKind::detect(b"\x1a\x45\xdf\xa3\x9f\x42\x86\x81\x01\x42\x82\x88matroska"), None, "Matroska that is not WebM");
    }

    #[test]
    fn names_lose_their_paths() {
        assert_eq!(clean_file_name("../../etc/passwd"), "passwd");
        assert_eq!(clean_file_name("C:\\Users\\me\\보고서.pdf"), "보고서.pdf");
        assert_eq!(clean_file_name("..."), "file");
        assert_eq!(clean_file_name("a\u{0}b.txt"), "ab.txt");
    }

    #[test]
    fn slots_check_size_and_type() {
        let slot = FileSlot { part: "logo", max_bytes: 10, max_count: 1, kinds: IMAGES };
        assert!(check(&slot, "a.png", b"\x89PNG\r\n\x1a\n".to_vec()).is_ok());
        assert!(matches!(check(&slot, "a.png", b"%PDF-1.7".to_vec()), Err(ApiError::UnsupportedType)));
        assert!(matches!(check(&slot, "a.png", vec![0x89; 11]), Err(ApiError::TooLarge)));
        assert!(matches!(check(&slot, "a.png", vec![]), Err(ApiError::Invalid { .. })));
    }
}
