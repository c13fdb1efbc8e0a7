//! Fixed-point decimals: rates, multipliers and half slots are exact integers (hundredths, thousandths,
//! halves) in storage and arithmetic; only the wire shows them as decimal numbers.

use serde::{Deserializer, Serializer, de};
use std::fmt;

/// Parses `12`, `12.5`, `-0.25` into units of 10^-`decimals`, refusing more decimals than that, signs
/// other than a leading `-`, exponents and empty parts (`.5`, `5.`).
pub fn parse(s: &str, decimals: u32) -> Option<i64> {
    let s = s.trim();
    let (negative, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (whole, fraction) = match digits.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (digits, None),
    };
    let all_digits = |p: &str| !p.is_empty() && p.bytes().all(|c| c.is_ascii_digit());
    if !all_digits(whole) || whole.len() > 15 {
        return None;
    }
    let scale = 10_i64.pow(decimals);
    let mut value = whole.parse::<i64>().ok()?.checked_mul(scale)?;
    if let Some(f) = fraction {
        if !all_digits(f) || f.len() > decimals as usize {
            return None;
        }
        let padded = f.parse::<i64>().ok()? * 10_i64.pow(decimals - f.len() as u32);
        value += padded;
    }
    Some(if negative { -value } else { value })
}

/// `1250` with 2 decimals is `12.5`; trailing zeros are dropped.
pub fn format(value: i64, decimals: u32) -> String {
    let scale = 10_i64.pow(decimals);
    let sign = if value < 0 { "-" } else { "" };
    let abs = value.unsigned_abs();
    let (whole, fraction) = (abs / scale as u64, abs % scale as u64);
    if fraction == 0 {
        return format!("{sign}{whole}");
    }
    let digits = format!("{fraction:0width$}", width = decimals as usize);
    format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
}

/// A JSON number: an integer when whole, else the nearest double, which prints as the exact decimal
/// (a ratio of two small integers is correctly rounded, and JSON prints the shortest round-trip form).
pub fn serialize<S: Serializer>(value: i64, decimals: u32, serializer: S) -> Result<S::Ok, S::Error> {
    let scale = 10_i64.pow(decimals);
    if value % scale == 0 { serializer.serialize_i64(value / scale) } else { serializer.serialize_f64(value as f64 / scale as f64) }
}

/// Reads a JSON number or numeric string by its decimal text, so `12.34` is 1234 hundredths exactly.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D, decimals: u32) -> Result<i64, D::Error> {
    struct Visitor(u32);
    impl de::Visitor<'_> for Visitor {
        type Value = i64;
        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            write!(f, "a number with at most {} decimals", self.0)
        }
        fn visit_i64<E: de::Error>(self, v: i64) -> Result<i64, E> {
            self.visit_str(&v.to_string())
        }
        fn visit_u64<E: de::Error>(self, v: u64) -> Result<i64, E> {
            self.visit_str(&v.to_string())
        }
        fn visit_f64<E: de::Error>(self, v: f64) -> Result<i64, E> {
            if !v.is_finite() {
                return Err(E::custom("not a number"));
            }
            self.visit_str(&v.to_string())
        }
        fn visit_str<E: de::Error>(self, v: &str) -> Result<i64, E> {
            parse(v, self.0).ok_or_else(|| E::custom(format!("a number with at most {} decimals", self.0)))
        }
    }
    deserializer.deserialize_any(Visitor(decimals))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_exactly() {
        let table: &[(&str, u32, Option<i64>)] = &[
            ("40", 2, Some(4000)),
            ("12.5", 2, Some(1250)),
            ("12.34", 2, Some(1234)),
            ("0.01", 2, Some(1)),
            (" 7 ", 2, Some(700)),
            ("-0.25", 2, Some(-25)),
            ("12.345", 2, None),
            ("2.319", 3, Some(2319)),
            ("2", 3, Some(2000)),
            ("2.3", 3, Some(2300)),
            (".5", 2, None),
            ("5.", 2, None),
            ("+5", 2, None),
            ("1e2", 2, None),
            ("", 2, None),
            ("-", 2, None),
            ("1.2.3", 2, None),
            ("abc", 2, None),
            ("9999999999999999", 2, None),
        ];
        for (input, decimals, expected) in table {
            assert_eq!(parse(input, *decimals), *expected, "{input}");
        }
    }

    #[test]
    fn formats_without_trailing_zeros() {
        let table: &[(i64, u32, &str)] =
            &[(4000, 2, "40"), (1250, 2, "12.5"), (1234, 2, "12.34"), (1, 2, "0.01"), (-25, 2, "-0.25"), (2319, 3, "2.319"), (2300, 3, "2.3"), (0, 3, "0")];
        for (value, decimals, expected) in table {
            assert_eq!(format(*value, *decimals), *expected);
            assert_eq!(parse(expected, *decimals), Some(*value));
        }
    }

    #[test]
    fn json_numbers_round_trip() {
        #[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
        struct Hundredths(#[serde(serialize_with = "ser2", deserialize_with = "de2")] i64);
        fn ser2<S: Serializer>(v: &i64, s: S) -> Result<S::Ok, S::Error> {
            serialize(*v, 2, s)
        }
        fn de2<'de, D: Deserializer<'de>>(d: D) -> Result<i64, D::Error> {
            deserialize(d, 2)
        }
        for (value, json) in [(4000, "40"), (1250, "12.5"), (1234, "12.34"), (1, "0.01"), (9999, "99.99"), (-33, "-0.33")] {
            assert_eq!(serde_json::to_string(&Hundredths(value)).unwrap(), json);
            assert_eq!(serde_json::from_str::<Hundredths>(json).unwrap(), Hundredths(value));
        }
        assert_eq!(serde_json::from_str::<Hundredths>("\"12.5\"").unwrap(), Hundredths(1250));
        assert!(serde_json::from_str::<Hundredths>("12.345").is_err());
        assert!(serde_json::from_str::<Hundredths>("true").is_err());
    }
}
