//! Content rules (domain.md §4): the time status of a dated item (content notices, contents), the
//! status of an urgent message, and which screens an urgent message reaches.

use chrono::{DateTime, NaiveDate, Utc};

/// Time status of an item with a period of days, seen from `today`.
pub mod time_status {
    pub const IN_PROGRESS: i32 = 0;
    pub const SCHEDULED: i32 = 1;
    pub const ENDED: i32 = 2;
}

/// 0 in progress (today inside the period, both ends included), 1 scheduled (it starts later),
/// 2 ended (its last day has passed).
pub fn time_status(from: NaiveDate, to: NaiveDate, today: NaiveDate) -> i32 {
    if today < from {
        time_status::SCHEDULED
    } else if today > to {
        time_status::ENDED
    } else {
        time_status::IN_PROGRESS
    }
}

/// Status of an urgent message.
pub mod urgent_status {
    pub const WAITING: i32 = 0;
    pub const IN_FORCE: i32 = 1;
    pub const ENDED: i32 = 2;
    pub const STOPPED: i32 = 90;
}

/// A stopped message stays stopped; otherwise it waits before `start`, is in force from `start`
/// up to (not including) `end`, and has ended from `end` on.
pub fn urgent_status(start: DateTime<Utc>, end: DateTime<Utc>, stopped: bool, now: DateTime<Utc>) -> i32 {
    if stopped {
        urgent_status::STOPPED
    } else if now < start {
        urgent_status::WAITING
    } else if now < end {
        urgent_status::IN_FORCE
    } else {
        urgent_status::ENDED
    }
}

/// Whom an urgent message addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// Every screen.
    All,
    /// Screens of sites in the listed sido (10-digit codes, the first two digits count).
    Sido,
    /// Screens of sites in the listed sigungu (the first five digits count).
    Sigungu,
    /// Screens of the listed sites.
    Poi,
}

impl Target {
    pub const ALL: [Target; 4] = [Target::All, Target::Sido, Target::Sigungu, Target::Poi];

    pub fn code(self) -> &'static str {
        match self {
            Target::All => "all",
            Target::Sido => "sido",
            Target::Sigungu => "sigungu",
            Target::Poi => "poi",
        }
    }

    pub fn parse(code: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.code() == code)
    }

    /// The leading digits of a region code that a target of this kind compares; none for the
    /// kinds that do not go by region.
    pub fn region_digits(self) -> Option<usize> {
        match self {
            Target::Sido => Some(2),
            Target::Sigungu => Some(5),
            Target::All | Target::Poi => None,
        }
    }

    /// Whether a region code is one this kind lists: a sido code (`11` then zeros) for sido, a
    /// sigungu code (`11680` then zeros, not a sido) for sigungu.
    pub fn lists_region(self, code: &str) -> bool {
        let Some(digits) = self.region_digits() else { return false };
        if code.len() != 10 || !code.bytes().all(|b| b.is_ascii_digit()) {
            return false;
        }
        let zeros = |s: &str| s.bytes().all(|b| b == b'0');
        // The significant digits are not all zero (for a sigungu, those after the sido's two),
        // the rest are.
        !zeros(&code[..2]) && (digits == 2 || !zeros(&code[2..digits])) && zeros(&code[digits..])
    }

    /// Whether a message of this kind with these region codes and sites reaches a screen of the
    /// site `poi_id` whose region code is `site_rgn_cd`.
    pub fn reaches(self, rgn_cds: &[String], poi_ids: &[i64], poi_id: i64, site_rgn_cd: &str) -> bool {
        match self {
            Target::All => true,
            Target::Poi => poi_ids.contains(&poi_id),
            Target::Sido | Target::Sigungu => {
                let digits = self.region_digits().unwrap_or(10);
                site_rgn_cd.len() >= digits && rgn_cds.iter().any(|c| c.len() >= digits && c[..digits] == site_rgn_cd[..digits])
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn time_status_from_today() {
        let table = [
            ("2026-03-01", "2026-03-31", "2026-02-28", time_status::SCHEDULED),
            ("2026-03-01", "2026-03-31", "2026-03-01", time_status::IN_PROGRESS),
            ("2026-03-01", "2026-03-31", "2026-03-15", time_status::IN_PROGRESS),
            ("2026-03-01", "2026-03-31", "2026-03-31", time_status::IN_PROGRESS),
            ("2026-03-01", "2026-03-31", "2026-04-01", time_status::ENDED),
            ("2026-03-01", "2026-03-01", "2026-03-01", time_status::IN_PROGRESS),
        ];
        for (from, to, today, expected) in table {
            assert_eq!(time_status(d(from), d(to), d(today)), expected, "{from}..{to} on {today}");
        }
    }

    #[test]
    fn urgent_status_from_now() {
        let t = |h: u32, m: u32| Utc.with_ymd_and_hms(2026, 3, 1, h, m, 0).unwrap();
        let (start, end) = (t(9, 0), t(10, 0));
        let table = [
            (t(8, 59), false, urgent_status::WAITING),
            (t(9, 0), false, urgent_status::IN_FORCE),
            (t(9, 59), false, urgent_status::IN_FORCE),
            (t(10, 0), false, urgent_status::ENDED),
            (t(11, 0), false, urgent_status::ENDED),
            (t(8, 0), true, urgent_status::STOPPED),
            (t(9, 30), true, urgent_status::STOPPED),
            (t(11, 0), true, urgent_status::STOPPED),
        ];
        for (now, stopped, expected) in table {
            assert_eq!(urgent_status(start, end, stopped, now), expected, "{now} stopped={stopped}");
        }
    }

    #[test]
    fn target_codes_round_trip() {
        for t in Target::ALL {
            assert_eq!(Target::parse(t.code()), Some(t));
        }
        assert_eq!(Target::parse("dong"), None);
        assert_eq!(Target::parse(""), None);
    }

    #[test]
    fn which_region_codes_a_kind_lists() {
        let table = [
            (Target::Sido, "1100000000", true),
            (Target::Sido, "5100000000", true),
            (Target::Sido, "1168000000", false),
            (Target::Sido, "0000000000", false),
            (Target::Sido, "11", false),
            (Target::Sido, "11000000ab", false),
            (Target::Sigungu, "1168000000", true),
            (Target::Sigungu, "1100000000", false),
            (Target::Sigungu, "1168010100", false),
            (Target::Sigungu, "116800000", false),
            (Target::All, "1100000000", false),
            (Target::Poi, "1168000000", false),
        ];
        for (target, code, expected) in table {
            assert_eq!(target.lists_region(code), expected, "{target:?} {code}");
        }
    }

    #[test]
    fn which_screens_a_message_reaches() {
        let seoul = vec!["1100000000".to_string()];
        let gangnam = vec!["1168000000".to_string()];
        let busan_and_gangnam = vec!["2600000000".to_string(), "1168000000".to_string()];
        // (target, region codes, sites, the screen's site, its region, reached)
        type Row<'a> = (Target, &'a [String], &'a [i64], i64, &'a str, bool);
        let table: &[Row] = &[
            (Target::All, &[], &[], 7, "2611010100", true),
            (Target::Sido, &seoul, &[], 7, "1168010100", true),
            (Target::Sido, &seoul, &[], 7, "1111010100", true),
            (Target::Sido, &seoul, &[], 7, "2611010100", false),
            (Target::Sigungu, &gangnam, &[], 7, "1168010100", true),
            (Target::Sigungu, &gangnam, &[], 7, "1165010100", false),
            (Target::Sigungu, &busan_and_gangnam, &[], 7, "1168010800", true),
            (Target::Sigungu, &gangnam, &[], 7, "", false),
            (Target::Poi, &[], &[3, 7], 7, "2611010100", true),
            (Target::Poi, &[], &[3], 7, "1168010100", false),
            (Target::Poi, &gangnam, &[], 7, "1168010100", false),
        ];
        for (target, rgn_cds, poi_ids, poi_id, site, expected) in table {
            assert_eq!(target.reaches(rgn_cds, poi_ids, *poi_id, site), *expected, "{target:?} {rgn_cds:?} {poi_ids:?} -> {poi_id} at {site}");
        }
    }
}
