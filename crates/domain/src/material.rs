//! Materials (domain.md §4, §9): what an upload must be to fit its template and play time, and the
//! sizes its renditions are made in.

/// Approval of a material: requested, approved, rejected (with a reason).
pub mod approval {
    pub const REQUESTED: i32 = 0;
    pub const APPROVED: i32 = 1;
    pub const REJECTED: i32 = 2;
}

/// Encoding of a material: not yet, done, running, failed (with the reason kept).
pub mod encoding {
    pub const NOT_ENCODED: i32 = 0;
    pub const ENCODED: i32 = 1;
    pub const ENCODING: i32 = 2;
    pub const FAILED: i32 = 3;
}

/// Template types 0-4 with their resolution (width, height): 0 display 2560, 1 display 1750 split,
/// 2 display 1920, 3 display 2480, 4 horizontal 1920.
pub const TEMPLATES: [(u32, u32); 5] = [(1080, 2560), (1080, 1750), (1080, 1920), (1080, 2480), (2560, 1080)];

/// Play times a material may have, in seconds.
pub const PLAY_TIMES: [i32; 2] = [15, 30];
/// The aspect may differ from the template's by this share (2 %).
pub const ASPECT_TOLERANCE_PERMILLE: i64 = 20;
/// A video may last this much more or less than its play time.
pub const DURATION_TOLERANCE_MS: i64 = 500;
/// Images above this many pixels are refused before anything decodes them (pixel floods).
pub const MAX_IMAGE_PIXELS: u64 = 40_000_000;
/// Uploads above this size are refused as they arrive.
pub const MAX_UPLOAD_BYTES: u64 = 500 * 1024 * 1024;

pub fn template(template_type: i32) -> Option<(u32, u32)> {
    usize::try_from(template_type).ok().and_then(|i| TEMPLATES.get(i).copied())
}

/// Why a file does not fit, or `Ok`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Misfit {
    Aspect,
    Duration,
    TooManyPixels,
    NoPicture,
}

impl Misfit {
    pub fn message(self) -> &'static str {
        match self {
            Misfit::Aspect => "템플릿의 화면 비율(±2%)과 맞지 않습니다.",
            Misfit::Duration => "재생 시간(±0.5초)과 맞지 않습니다.",
            Misfit::TooManyPixels => "이미지가 너무 큽니다 (4천만 화소 이하).",
            Misfit::NoPicture => "영상이나 이미지를 읽을 수 없습니다.",
        }
    }
}

/// Checks a probed file against the template and play time; `duration_ms` is `None` for images.
pub fn fits(template_type: i32, play_time_s: i32, width: u32, height: u32, duration_ms: Option<i64>) -> Result<(), Misfit> {
    let (tw, th) = template(template_type).ok_or(Misfit::Aspect)?;
    if width == 0 || height == 0 {
        return Err(Misfit::NoPicture);
    }
    if duration_ms.is_none() && u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(Misfit::TooManyPixels);
    }
    // |w/h - tw/th| <= 2 % of tw/th, in integers: |w*th - tw*h| * 1000 <= 20 * tw * h.
    let diff = (i64::from(width) * i64::from(th) - i64::from(tw) * i64::from(height)).abs();
    if diff * 1000 > ASPECT_TOLERANCE_PERMILLE * i64::from(tw) * i64::from(height) {
        return Err(Misfit::Aspect);
    }
    if let Some(ms) = duration_ms
        && (ms - i64::from(play_time_s) * 1000).abs() > DURATION_TOLERANCE_MS
    {
        return Err(Misfit::Duration);
    }
    Ok(())
}

/// The renditions of a material: name, share of the template's resolution in percent.
pub const RENDITIONS: [(&str, u32); 3] = [("sd", 50), ("hd", 75), ("fhd", 100)];

/// A rendition's size: the template's resolution scaled, rounded to even numbers (H.264 needs them).
pub fn rendition_size(template_type: i32, percent: u32) -> Option<(u32, u32)> {
    let (w, h) = template(template_type)?;
    let even = |v: u32| ((v * percent + 100) / 200) * 2;
    Some((even(w), even(h)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aspect_within_two_percent() {
        assert_eq!(fits(2, 15, 1080, 1920, Some(15_000)), Ok(()));
        assert_eq!(fits(2, 15, 540, 960, Some(15_400)), Ok(()), "a smaller file of the same shape");
        assert_eq!(fits(2, 15, 1080, 1958, Some(15_000)), Ok(()), "1.98 % taller");
        assert_eq!(fits(2, 15, 1080, 1962, Some(15_000)), Err(Misfit::Aspect), "2.2 % taller");
        assert_eq!(fits(4, 30, 2560, 1080, Some(30_000)), Ok(()));
        assert_eq!(fits(4, 30, 1080, 2560, Some(30_000)), Err(Misfit::Aspect), "portrait for a landscape template");
        assert_eq!(fits(9, 15, 1080, 1920, Some(15_000)), Err(Misfit::Aspect), "no such template");
        assert_eq!(fits(2, 15, 0, 1920, Some(15_000)), Err(Misfit::NoPicture));
    }

    #[test]
    fn duration_within_half_a_second() {
        assert_eq!(fits(0, 15, 1080, 2560, Some(14_500)), Ok(()));
        assert_eq!(fits(0, 15, 1080, 2560, Some(15_500)), Ok(()));
        assert_eq!(fits(0, 15, 1080, 2560, Some(15_501)), Err(Misfit::Duration));
        assert_eq!(fits(0, 30, 1080, 2560, Some(15_000)), Err(Misfit::Duration));
        assert_eq!(fits(0, 30, 1080, 2560, None), Ok(()), "images have no duration");
    }

    #[test]
    fn pixel_floods_are_refused() {
        assert_eq!(fits(4, 15, 10_240, 4320, None), Err(Misfit::TooManyPixels), "44 megapixels");
        assert_eq!(fits(4, 15, 9600, 4050, None), Ok(()), "38.9 megapixels");
    }

    #[test]
    fn rendition_sizes_are_even() {
        assert_eq!(rendition_size(2, 50), Some((540, 960)));
        assert_eq!(rendition_size(2, 75), Some((810, 1440)));
        assert_eq!(rendition_size(2, 100), Some((1080, 1920)));
        assert_eq!(rendition_size(1, 75), Some((810, 1312)));
        assert_eq!(rendition_size(4, 50), Some((1280, 540)));
        for t in 0..5 {
            for (_, p) in RENDITIONS {
                let (w, h) = rendition_size(t, p).unwrap();
                assert!(w % 2 == 0 && h % 2 == 0);
            }
        }
    }
}
