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
    check_image(slot.part, kind, &bytes)?;
    Ok(Upload { part: slot.part, file_name: clean_file_name(file_name), kind, bytes })
}

/// The most pixels an uploaded image may have (a 50-megapixel photo; a screen is at most 5).
pub const MAX_IMAGE_PIXELS: u64 = 50_000_000;
/// The longest side an uploaded image may have.
pub const MAX_IMAGE_SIDE: u32 = 16_384;

/// The one check of every uploaded image (materials, board posts, photos, attachments), by its
/// first bytes (`head`, which must hold its header): a PNG or JPEG whose header does not decode is
/// not an image (10415, whatever its first bytes claim); one over the pixel limits is refused
/// before anything decodes it (10400 naming the part). Other kinds pass.
pub fn check_image(part: &str, kind: FileKind, head: &[u8]) -> ApiResult<()> {
    let size = match kind {
        FileKind::Png => png_size(head),
        FileKind::Jpeg => jpeg_size(head),
        _ => return Ok(()),
    };
    let (width, height) = size.filter(|(w, h)| *w > 0 && *h > 0).ok_or(ApiError::UnsupportedType)?;
    if width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(ApiError::invalid(part, format!("이미지가 너무 큽니다: {width}×{height} (한 변 {MAX_IMAGE_SIDE}픽셀, 5천만 화소 이하)")));
    }
    Ok(())
}

/// Width and height from a PNG's IHDR chunk, which must come first.
pub fn png_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let be = |at: usize| bytes.get(at..at + 4).map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]));
    (bytes.starts_with(b"\x89PNG\r\n\x1a\n") && be(8)? == 13 && bytes.get(12..16)? == b"IHDR").then_some((be(16)?, be(20)?))
}

/// Width and height from a JPEG's frame header (SOFn), read marker by marker from the start; `None`
/// when the markers do not follow each other (not a JPEG) or the scan starts before a frame.
pub fn jpeg_size(bytes: &[u8]) -> Option<(u32, u32)> {
    let be = |at: usize| bytes.get(at..at + 2).map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])));
    let mut at = 2;
    loop {
        // Fill bytes (0xFF) may pad between segments.
        while bytes.get(at) == Some(&0xFF) && bytes.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        let (&0xFF, &marker) = (bytes.get(at)?, bytes.get(at + 1)?) else { return None };
        match marker {
            // Markers without a length.
            0x01 | 0xD0..=0xD7 => at += 2,
            // The scan (or the image's end) before any frame header: no size.
            0xD9 | 0xDA => return None,
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
                let (height, width) = (be(at + 5)?, be(at + 7)?);
                return Some((width as u32, height as u32));
            }
            _ => at += 2 + be(at + 2).filter(|len| *len >= 2)?,
        }
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

    /// A PNG header of the given size (signature and IHDR, no pixels).
    fn png(width: u32, height: u32) -> Vec<u8> {
        let mut b = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        b.extend(width.to_be_bytes());
        b.extend(height.to_be_bytes());
        b.extend([8, 2, 0, 0, 0, 0, 0, 0, 0]);
        b
    }

    /// A JPEG header: SOI, an APP0 segment, then a baseline frame of the given size.
    fn jpeg(width: u16, height: u16) -> Vec<u8> {
        let mut b = vec![0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10];
        b.extend(b"JFIF\0\x01\x01\0\0\x01\0\x01\0\0");
        b.extend([0xFF, 0xC0, 0x00, 0x11, 0x08]);
        b.extend(height.to_be_bytes());
        b.extend(width.to_be_bytes());
        b.extend([0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01]);
        b
    }

    #[test]
    fn images_are_checked_by_their_decoded_header() {
        assert_eq!(png_size(&png(1080, 1920)), Some((1080, 1920)));
        assert_eq!(jpeg_size(&jpeg(1080, 1920)), Some((1080, 1920)));
        assert!(check_image("files", FileKind::Png, &png(1080, 1920)).is_ok());
        assert!(check_image("files", FileKind::Jpeg, &jpeg(4000, 3000)).is_ok());
        for flood in [png(50_000, 50_000), png(10_800, 19_200), png(20_000, 10)] {
            assert!(matches!(check_image("files", FileKind::Png, &flood), Err(ApiError::Invalid { .. })), "a pixel flood");
        }
        let html = [&[0xFF, 0xD8, 0xFF][..], b"<html><script>alert(1)</script></html>"].concat();
        assert!(matches!(check_image("files", FileKind::Jpeg, &html), Err(ApiError::UnsupportedType)), "JPEG magic over HTML");
        assert!(matches!(check_image("files", FileKind::Png, b"\x89PNG\r\n\x1a\nnot a chunk"), Err(ApiError::UnsupportedType)));
        assert!(matches!(check_image("files", FileKind::Png, &png(0, 10)), Err(ApiError::UnsupportedType)));
        assert!(check_image("files", FileKind::Pdf, b"%PDF-1.7").is_ok(), "other kinds pass");
    }

    #[test]
    fn slots_check_size_and_type() {
        let slot = FileSlot { part: "logo", max_bytes: 100, max_count: 1, kinds: IMAGES };
        assert!(check(&slot, "a.png", png(10, 10)).is_ok());
        assert!(matches!(check(&slot, "a.png", b"%PDF-1.7".to_vec()), Err(ApiError::UnsupportedType)));
        assert!(matches!(check(&slot, "a.png", vec![0x89; 101]), Err(ApiError::TooLarge)));
        assert!(matches!(check(&slot, "a.png", vec![]), Err(ApiError::Invalid { .. })));
    }
}
