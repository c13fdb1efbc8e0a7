//! Validators the server and the browser agree on (domain.md §8).

use chrono::NaiveDate;

/// `YYYY-MM-DD` or `YYYY.MM.DD` naming a real calendar date.
pub fn parse_date(s: &str) -> Option<NaiveDate> {
    let b = s.as_bytes();
    if b.len() != 10 {
        return None;
    }
    let sep = b[4];
    if !(sep == b'-' || sep == b'.') || b[7] != sep {
        return None;
    }
    let digits = |r: std::ops::Range<usize>| -> Option<u32> {
        let part = &s[r];
        part.bytes().all(|c| c.is_ascii_digit()).then(|| part.parse().ok()).flatten()
    };
    NaiveDate::from_ymd_opt(digits(0..4)? as i32, digits(5..7)?, digits(8..10)?)
}

pub fn is_date(s: &str) -> bool {
    parse_date(s).is_some()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RangeCheck {
    FromAfterTo,
    TargetFromAfterTargetTo,
    Invalid,
    Overlap(bool),
}

/// The date-range check of spec §5, answering in the order the spec gives.
pub fn check_date_range(from: &str, to: &str, target_from: &str, target_to: &str) -> RangeCheck {
    let dates = [from, to, target_from, target_to].map(parse_date);
    if let (Some(f), Some(t)) = (dates[0], dates[1])
        && f > t
    {
        return RangeCheck::FromAfterTo;
    }
    if let (Some(f), Some(t)) = (dates[2], dates[3])
        && f > t
    {
        return RangeCheck::TargetFromAfterTargetTo;
    }
    match dates {
        [Some(f), Some(t), Some(tf), Some(tt)] => RangeCheck::Overlap(f <= tt && tf <= t),
        _ => RangeCheck::Invalid,
    }
}

/// Business registration number checksum; 9999999999 is the accepted placeholder.
pub fn is_biz_no(s: &str) -> bool {
    let digits: Vec<u32> = s.chars().filter(|c| *c != '-').map(|c| c.to_digit(10).unwrap_or(99)).collect();
    if digits.len() != 10 || digits.iter().any(|d| *d > 9) {
        return false;
    }
    if digits.iter().all(|d| *d == 9) {
        return true;
    }
    const WEIGHTS: [u32; 9] = [1, 3, 7, 1, 3, 7, 1, 3, 5];
    let sum: u32 = digits.iter().zip(WEIGHTS).map(|(d, w)| d * w).sum::<u32>() + digits[8] * 5 / 10;
    (10 - sum % 10) % 10 == digits[9]
}

/// Digits of a business number without dashes, for storage and uniqueness.
pub fn normalize_biz_no(s: &str) -> String {
    s.chars().filter(|c| *c != '-').collect()
}

/// A percentage: non-empty, a number from 0 to 100.
pub fn is_percentage(s: &str) -> bool {
    let t = s.trim();
    !t.is_empty() && t.parse::<f64>().is_ok_and(|v| (0.0..=100.0).contains(&v))
}

/// `HH:MM` on a 24-hour clock.
pub fn is_time_of_day(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 5
        && b[2] == b':'
        && s[..2].parse::<u32>().is_ok_and(|h| h < 24)
        && s[3..].parse::<u32>().is_ok_and(|m| m < 60)
        && b.iter().enumerate().all(|(i, c)| i == 2 || c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        let table = [
            ("2026-01-31", true),
            ("2026.01.31", true),
            ("2024-02-29", true),
            ("2026-02-29", false),
            ("2026-13-01", false),
            ("2026-00-10", false),
            ("2026-01-32", false),
            ("2026/01/31", false),
            ("2026-01.31", false),
            ("26-01-31", false),
            ("2026-1-31", false),
            ("2026-01-3a", false),
            ("+026-01-31", false),
            ("", false),
        ];
        for (input, ok) in table {
            assert_eq!(is_date(input), ok, "{input}");
        }
    }

    #[test]
    fn date_range_answers_in_order() {
        use RangeCheck::*;
        let table = [
            (["2026-02-01", "2026-01-01", "2026-03-01", "2026-01-01"], FromAfterTo),
            (["2026-01-01", "2026-02-01", "2026-03-01", "2026-01-01"], TargetFromAfterTargetTo),
            (["2026-01-01", "bad", "2026-01-01", "2026-01-02"], Invalid),
            (["", "2026-01-01", "2026-01-01", "2026-01-02"], Invalid),
            (["2026-01-01", "2026-01-31", "2026-01-31", "2026-02-10"], Overlap(true)),
            (["2026-01-01", "2026-01-31", "2026-02-01", "2026-02-10"], Overlap(false)),
            (["2026-02-01", "2026-02-10", "2026-01-01", "2026-01-31"], Overlap(false)),
            (["2026.01.05", "2026.01.06", "2026-01-01", "2026-01-31"], Overlap(true)),
        ];
        for (input, expected) in table {
            assert_eq!(check_date_range(input[0], input[1], input[2], input[3]), expected, "{input:?}");
        }
    }

    #[test]
    fn biz_numbers() {
        let table = [
            ("1248100998", true),
            ("2208162517", true),
            ("1018100340", true),
            ("124-81-00998", true),
            ("9999999999", true),
            ("999-99-99999", true),
            ("1248100997", false),
            ("2208162518", false),
            ("124810099", false),
            ("12481009981", false),
            ("12481009a8", false),
            ("", false),
            ("0000000000", true),
            ("1111111111", false),
        ];
        for (input, ok) in table {
            assert_eq!(is_biz_no(input), ok, "{input}");
        }
        assert_eq!(normalize_biz_no("124-81-00998"), "1248100998");
    }

    #[test]
    fn percentages() {
        for (input, ok) in [("0", true), ("100", true), ("99.5", true), ("100.1", false), ("-1", false), ("", false), (" ", false), ("abc", false)] {
            assert_eq!(is_percentage(input), ok, "{input}");
        }
    }

    #[test]
    fn times_of_day() {
        for (input, ok) in [("00:00", true), ("23:59", true), ("24:00", false), ("12:60", false), ("1:00", false), ("12-00", false), ("+1:00", false)] {
            assert_eq!(is_time_of_day(input), ok, "{input}");
        }
    }
}
