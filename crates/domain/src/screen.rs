//! A screen's monitoring status (`mediaStatus`, code group MEDIA_STATUS; domain.md §3).

/// Heard within the silence allowed.
pub const ON: i32 = 0;
/// Silent outside its site's opening hours, or never heard.
pub const OFF: i32 = 1;
/// Silent within opening hours, up to ten minutes.
pub const ANOMALY: i32 = 2;
/// Silent within opening hours past ten minutes.
pub const ABNORMAL: i32 = 3;
/// Its player reports an error.
pub const FAULT: i32 = 4;
