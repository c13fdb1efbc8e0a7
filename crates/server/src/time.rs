//! Wire format of times: `YYYY-MM-DD HH:MM:SS` in the configured time zone (default Asia/Seoul).

use chrono::{DateTime, FixedOffset, NaiveDate, Utc};
use serde::Serializer;
use std::sync::OnceLock;

static OFFSET: OnceLock<FixedOffset> = OnceLock::new();

pub fn set_offset(secs: i32) {
    let _ = OFFSET.set(FixedOffset::east_opt(secs).unwrap_or_else(|| FixedOffset::east_opt(9 * 3600).expect("valid")));
}

pub fn offset() -> FixedOffset {
    *OFFSET.get_or_init(|| FixedOffset::east_opt(9 * 3600).expect("valid"))
}

pub fn format(t: &DateTime<Utc>) -> String {
    t.with_timezone(&offset()).format("%Y-%m-%d %H:%M:%S").to_string()
}

/// Today in the configured time zone.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&offset()).date_naive()
}

pub fn serialize<S: Serializer>(t: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&format(t))
}

pub mod option {
    use super::*;
    pub fn serialize<S: Serializer>(t: &Option<DateTime<Utc>>, s: S) -> Result<S::Ok, S::Error> {
        match t {
            Some(t) => s.serialize_str(&format(t)),
            None => s.serialize_none(),
        }
    }
}
