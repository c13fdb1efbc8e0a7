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
    use chrono::{Datelike, Timelike};
    // Written field by field: every time of every list row passes here, and a format string is
    // parsed again on each use.
    let t = t.with_timezone(&offset());
    format!("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second())
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

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    #[test]
    fn format_writes_the_wire_format_in_the_configured_zone() {
        for t in [Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap(), Utc.with_ymd_and_hms(1999, 12, 31, 23, 59, 59).unwrap()] {
            assert_eq!(super::format(&t), t.with_timezone(&super::offset()).format("%Y-%m-%d %H:%M:%S").to_string());
        }
    }
}
