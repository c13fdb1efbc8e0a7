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
    written(t, &mut [0; WIRE_LEN]).to_string()
}

/// The length of a time on the wire.
const WIRE_LEN: usize = 19;

/// A time as the wire writes it, its digits put in `into` one by one: every time of every list
/// row passes here (a campaign page writes up to eighty), and the formatting machinery took a
/// thirtieth of such a page's handler time.
fn written<'a>(t: &DateTime<Utc>, into: &'a mut [u8; WIRE_LEN]) -> std::borrow::Cow<'a, str> {
    use chrono::{Datelike, Timelike};
    let t = t.with_timezone(&offset());
    let Ok(year) = u32::try_from(t.year()).map_err(drop).and_then(|y| if y <= 9999 { Ok(y) } else { Err(()) }) else {
        return format!("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", t.year(), t.month(), t.day(), t.hour(), t.minute(), t.second()).into();
    };
    *into = *b"0000-00-00 00:00:00";
    for (end, mut n) in [(4, year), (7, t.month()), (10, t.day()), (13, t.hour()), (16, t.minute()), (19, t.second())] {
        for digit in into[..end].iter_mut().rev().take_while(|d| **d != b'-' && **d != b' ' && **d != b':') {
            *digit = b'0' + (n % 10) as u8;
            n /= 10;
        }
    }
    String::from_utf8_lossy(into)
}

/// Today in the configured time zone.
pub fn today(now: DateTime<Utc>) -> NaiveDate {
    now.with_timezone(&offset()).date_naive()
}

pub fn serialize<S: Serializer>(t: &DateTime<Utc>, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&written(t, &mut [0; WIRE_LEN]))
}

pub mod option {
    use super::*;
    pub fn serialize<S: Serializer>(t: &Option<DateTime<Utc>>, s: S) -> Result<S::Ok, S::Error> {
        match t {
            Some(t) => s.serialize_str(&written(t, &mut [0; WIRE_LEN])),
            None => s.serialize_none(),
        }
    }
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};

    #[test]
    fn format_writes_the_wire_format_in_the_configured_zone() {
        let times = [
            Utc.with_ymd_and_hms(2026, 1, 2, 3, 4, 5).unwrap(),
            Utc.with_ymd_and_hms(1999, 12, 31, 23, 59, 59).unwrap(),
            Utc.with_ymd_and_hms(2000, 10, 10, 10, 10, 10).unwrap(),
            Utc.with_ymd_and_hms(0, 1, 1, 0, 0, 0).unwrap(),
            Utc.with_ymd_and_hms(9998, 12, 31, 23, 59, 59).unwrap(),
        ];
        for t in times {
            assert_eq!(super::format(&t), t.with_timezone(&super::offset()).format("%Y-%m-%d %H:%M:%S").to_string());
        }
    }
}
