//! When a photo was taken: the EXIF `DateTimeOriginal` (else `DateTime`) of a JPEG or PNG, read as
//! local time of the configured zone.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};

pub fn taken_at(bytes: &[u8]) -> Option<DateTime<Utc>> {
    let data = exif::Reader::new().read_from_container(&mut std::io::Cursor::new(bytes)).ok()?;
    let field = [exif::Tag::DateTimeOriginal, exif::Tag::DateTime].into_iter().find_map(|tag| data.get_field(tag, exif::In::PRIMARY))?;
    let exif::Value::Ascii(parts) = &field.value else {
        return None;
    };
    let text = std::str::from_utf8(parts.first()?).ok()?;
    let local = NaiveDateTime::parse_from_str(text.trim(), "%Y:%m:%d %H:%M:%S").ok()?;
    crate::time::offset().from_local_datetime(&local).single().map(|t| t.with_timezone(&Utc))
}

/// A JPEG with an EXIF segment saying it was taken at `when` (`YYYY:MM:DD HH:MM:SS`), made from
/// `jpeg` by inserting the segment after its start marker: for tests of photo uploads.
pub fn with_taken_at(jpeg: &[u8], when: &str) -> Vec<u8> {
    // TIFF, little-endian: IFD0 with one entry pointing at the EXIF IFD, which holds
    // DateTimeOriginal (0x9003, ASCII, 20 bytes stored after the IFDs).
    let mut tiff: Vec<u8> = b"II*\0".to_vec();
    tiff.extend(8u32.to_le_bytes());
    // IFD0 at 8: one entry, then the next-IFD offset.
    tiff.extend(1u16.to_le_bytes());
    tiff.extend(0x8769u16.to_le_bytes());
    tiff.extend(4u16.to_le_bytes());
    tiff.extend(1u32.to_le_bytes());
    tiff.extend(26u32.to_le_bytes());
    tiff.extend(0u32.to_le_bytes());
    // EXIF IFD at 26: one entry pointing at the text at 44.
    tiff.extend(1u16.to_le_bytes());
    tiff.extend(0x9003u16.to_le_bytes());
    tiff.extend(2u16.to_le_bytes());
    tiff.extend(20u32.to_le_bytes());
    tiff.extend(44u32.to_le_bytes());
    tiff.extend(0u32.to_le_bytes());
    let mut text = when.as_bytes().to_vec();
    text.resize(19, b' ');
    text.push(0);
    tiff.extend(text);
    let mut segment = b"Exif\0\0".to_vec();
    segment.extend(tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend([0xFF, 0xE1]);
    out.extend(((segment.len() + 2) as u16).to_be_bytes());
    out.extend(segment);
    out.extend(&jpeg[2..]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The smallest JPEG frame the EXIF reader accepts: start, then end of image.
    const BARE: &[u8] = &[0xFF, 0xD8, 0xFF, 0xD9];

    #[test]
    fn reads_the_time_taken_as_local_time() {
        let photo = with_taken_at(BARE, "2026:03:14 09:26:53");
        let at = taken_at(&photo).expect("a time");
        assert_eq!(crate::time::format(&at), "2026-03-14 09:26:53");
    }

    #[test]
    fn photos_without_exif_or_with_a_bad_time_have_none() {
        assert_eq!(taken_at(BARE), None);
        assert_eq!(taken_at(b"not an image"), None);
        assert_eq!(taken_at(&with_taken_at(BARE, "0000:00:00 00:00:00")), None);
    }
}
