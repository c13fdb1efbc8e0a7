//! The price of a campaign (domain.md §5, coupons §7), pro-rata amounts for refunds and change requests,
//! and the estimated audience. Everything is exact: amounts are ratios of integers until the one
//! truncation the rules name; nothing goes through floating point.

use chrono::{Duration, Months, NaiveDate};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// A days-long period of 30 days is one price unit: `unitPrice` is per slot, per media, per 30 days.
const DAYS_PER_UNIT: i128 = 30;

/// The extra charge of a campaign: `extraType` KRW or PCT with `extraValue` (negative = discount).
/// PCT takes whole percents.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "extraType", content = "extraValue", rename_all = "UPPERCASE")]
pub enum Extra {
    Krw(i64),
    Pct(i64),
}

impl Extra {
    /// From the wire pair; `None` for an unknown type.
    pub fn from_wire(extra_type: &str, value: i64) -> Option<Extra> {
        match extra_type {
            "KRW" => Some(Extra::Krw(value)),
            "PCT" => Some(Extra::Pct(value)),
            _ => None,
        }
    }
}

/// A biz coupon: `discountType` KRW (an amount) or PCT (whole percents of `adjusted`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "discountType", content = "discountValue", rename_all = "UPPERCASE")]
pub enum Coupon {
    Krw(i64),
    Pct(i64),
}

impl Coupon {
    pub fn from_wire(discount_type: &str, value: i64) -> Option<Coupon> {
        match discount_type {
            "KRW" => Some(Coupon::Krw(value)),
            "PCT" => Some(Coupon::Pct(value)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct QuoteInput {
    /// The product's price per slot, per media, per 30 days.
    pub unit_price: i64,
    pub slot_cnt: i64,
    /// Sum of `mediaCnt` over the target groups.
    pub media_cnt: i64,
    pub start: NaiveDate,
    pub end: NaiveDate,
    /// 100 basic, 50 half.
    pub schd_rate: i64,
    pub extra: Option<Extra>,
    pub coupon: Option<Coupon>,
    /// The package's `priceGrossYn = Y`: the supply already includes VAT.
    pub price_gross: bool,
}

/// The price breakdown of `jsonQuote.do` and campaign details. `base`, `net` and `adjusted` are shown
/// truncated toward zero to 1 KRW; the computation itself carries them exactly.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Quote {
    pub days: i64,
    pub media_cnt: i64,
    pub unit_price: i64,
    pub base: i64,
    /// Percent.
    pub slot_discount: i64,
    /// Percent.
    pub period_discount: i64,
    pub net: i64,
    pub adjusted: i64,
    /// What the coupon is worth (0 without one); `supply` never goes below 0 whatever it is.
    pub coupon: i64,
    pub supply: i64,
    pub vat: i64,
    pub total: i64,
}

/// An exact non-normalised fraction; the denominator is positive.
#[derive(Debug, Clone, Copy)]
struct Ratio {
    num: i128,
    den: i128,
}

impl Ratio {
    fn new(num: i128, den: i128) -> Ratio {
        Ratio { num, den }
    }
    fn times(self, num: i128, den: i128) -> Ratio {
        Ratio::new(self.num * num, self.den * den)
    }
    fn plus_int(self, n: i128) -> Ratio {
        Ratio::new(self.num + n * self.den, self.den)
    }
    fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }
    fn trunc(self) -> i128 {
        self.num / self.den
    }
    fn is_positive(self) -> bool {
        self.num > 0
    }
}

fn to_i64(v: i128) -> i64 {
    i64::try_from(v).unwrap_or(if v < 0 { i64::MIN } else { i64::MAX })
}

/// `end - start + 1`.
pub fn period_days(start: NaiveDate, end: NaiveDate) -> i64 {
    (end - start).num_days() + 1
}

/// Whether the period covers `months` calendar months: `start + months - 1 day <= end`, where adding
/// months clamps to the month's end (Jan 31 + 1 month = Feb 28, or 29 in a leap year).
pub fn covers_months(start: NaiveDate, end: NaiveDate, months: u32) -> bool {
    start.checked_add_months(Months::new(months)).is_some_and(|d| d - Duration::days(1) <= end)
}

/// Percent: 10 from two slots.
pub fn slot_discount(slot_cnt: i64) -> i64 {
    if slot_cnt >= 2 { 10 } else { 0 }
}

/// Percent: 20 from 12 months covered, else 10 from 6.
pub fn period_discount(start: NaiveDate, end: NaiveDate) -> i64 {
    if covers_months(start, end, 12) {
        20
    } else if covers_months(start, end, 6) {
        10
    } else {
        0
    }
}

/// Upper bounds that keep every intermediate product far inside i128.
const MAX_UNIT_PRICE: i64 = 10_000_000_000;
const MAX_SLOT_CNT: i64 = 1_000;
const MAX_MEDIA_CNT: i64 = 1_000_000;
const MAX_AMOUNT: i64 = 10_000_000_000_000;
const MAX_EXTRA_PCT: i64 = 1_000;

/// Refuses inputs the price cannot be computed for: the field at fault and why.
fn check(input: &QuoteInput) -> Result<(), (&'static str, &'static str)> {
    if !(0..=MAX_UNIT_PRICE).contains(&input.unit_price) {
        return Err(("unitPrice", "단가가 올바르지 않습니다."));
    }
    if !(1..=MAX_SLOT_CNT).contains(&input.slot_cnt) {
        return Err(("slotCnt", "슬롯 수는 1~1000이어야 합니다."));
    }
    if !(0..=MAX_MEDIA_CNT).contains(&input.media_cnt) {
        return Err(("targets", "매체 수가 올바르지 않습니다."));
    }
    if input.end < input.start {
        return Err(("endDate", "종료일은 시작일 이후여야 합니다."));
    }
    if !matches!(input.schd_rate, 50 | 100) {
        return Err(("schdRate", "편성 비율은 100 또는 50이어야 합니다."));
    }
    match input.extra {
        Some(Extra::Krw(v)) if v.abs() > MAX_AMOUNT => return Err(("extraValue", "추가 금액이 너무 큽니다.")),
        Some(Extra::Pct(v)) if !(-100..=MAX_EXTRA_PCT).contains(&v) => return Err(("extraValue", "추가 비율은 -100~1000이어야 합니다.")),
        _ => {}
    }
    match input.coupon {
        Some(Coupon::Krw(v)) if !(0..=MAX_AMOUNT).contains(&v) => return Err(("cpIdx", "쿠폰 금액이 올바르지 않습니다.")),
        Some(Coupon::Pct(v)) if !(0..=100).contains(&v) => return Err(("cpIdx", "쿠폰 할인율은 0~100이어야 합니다.")),
        _ => {}
    }
    Ok(())
}

/// The price of domain.md §5 with the coupon of §7:
/// `base = unitPrice × slotCnt × media × days / 30`, `net = base × rate × (1 − slotD) × (1 − periodD)`,
/// `adjusted = net + KRW | net × (1 + PCT/100)`, `supply = adjusted − coupon` truncated to 10 KRW and
/// never below 0, then VAT on top (`priceGrossYn` N) or inside (Y).
pub fn quote(input: &QuoteInput) -> Result<Quote, (&'static str, &'static str)> {
    check(input)?;
    let days = period_days(input.start, input.end);
    let slot_d = slot_discount(input.slot_cnt);
    let period_d = period_discount(input.start, input.end);
    let base = Ratio::new(input.unit_price as i128 * input.slot_cnt as i128 * input.media_cnt as i128 * days as i128, DAYS_PER_UNIT);
    let net = base.times(input.schd_rate as i128, 100).times(100 - slot_d as i128, 100).times(100 - period_d as i128, 100);
    let adjusted = match input.extra {
        None => net,
        Some(Extra::Krw(v)) => net.plus_int(v as i128),
        Some(Extra::Pct(v)) => net.times(100 + v as i128, 100),
    };
    let coupon = match input.coupon {
        None => 0,
        Some(Coupon::Krw(v)) => v as i128,
        Some(Coupon::Pct(v)) if adjusted.is_positive() => adjusted.times(v as i128, 100).floor(),
        Some(Coupon::Pct(_)) => 0,
    };
    let after_coupon = adjusted.plus_int(-coupon);
    let supply = if after_coupon.is_positive() { after_coupon.times(1, 10).floor() * 10 } else { 0 };
    let (vat, total) = if input.price_gross { (supply - supply * 10 / 11, supply) } else { (supply / 10, supply + supply / 10) };
    Ok(Quote {
        days,
        media_cnt: input.media_cnt,
        unit_price: input.unit_price,
        base: to_i64(base.trunc()),
        slot_discount: slot_d,
        period_discount: period_d,
        net: to_i64(net.trunc()),
        adjusted: to_i64(adjusted.trunc()),
        coupon: to_i64(coupon),
        supply: to_i64(supply),
        vat: to_i64(vat),
        total: to_i64(total),
    })
}

/// Days of `start..=end` from `from` on (0 when `from` is after the end).
pub fn remaining_days(start: NaiveDate, end: NaiveDate, from: NaiveDate) -> i64 {
    period_days(from.max(start), end).max(0)
}

/// `floor(amount × remaining / period)`: the part of an amount for the days left (remaining is clamped
/// to the period).
pub fn remaining_value(amount: i64, period_days: i64, remaining_days: i64) -> i64 {
    if period_days <= 0 {
        return 0;
    }
    let remaining = remaining_days.clamp(0, period_days);
    to_i64((amount as i128 * remaining as i128).div_euclid(period_days as i128))
}

/// What goes back when a campaign last plays on `last_live_day`: a stop (the stop date; slots are freed
/// from tomorrow), a mid-termination (the new end date), a cancel before the start (the day before it:
/// everything goes back).
pub fn refund_after(amount: i64, start: NaiveDate, end: NaiveDate, last_live_day: NaiveDate) -> i64 {
    remaining_value(amount, period_days(start, end), remaining_days(start, end, last_live_day + Duration::days(1)))
}

/// What a target change costs (positive) or gives back (negative) for the days it applies to: the new
/// quote's amount minus the old one's, each pro-rata over the remaining days of the same period.
pub fn pro_rata_difference(old_amount: i64, new_amount: i64, period_days: i64, remaining_days: i64) -> i64 {
    remaining_value(new_amount, period_days, remaining_days) - remaining_value(old_amount, period_days, remaining_days)
}

/// Seed of env `REGION_MULTIPLIERS` (persons per household by sido, domain.md §9).
pub const SEED_REGION_MULTIPLIERS: &str =
    "11:2.319,26:2.402,27:2.431,28:2.468,29:2.484,30:2.441,31:2.552,36:2.637,41:2.523,51:2.360,43:2.397,44:2.424,52:2.379,46:2.351,47:2.346,48:2.427,50:2.461";

/// A sido without a multiplier counts one person per household: the audience never invents people.
pub const UNKNOWN_SIDO_MULTIPLIER: i64 = 1_000;

/// Persons per household by sido (the first two digits of `rgnCd`), in thousandths.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegionMultipliers {
    by_sido: BTreeMap<String, i64>,
}

impl Default for RegionMultipliers {
    fn default() -> Self {
        RegionMultipliers::parse(SEED_REGION_MULTIPLIERS).unwrap_or(RegionMultipliers { by_sido: BTreeMap::new() })
    }
}

impl RegionMultipliers {
    /// `"11:2.319,26:2.402,..."`: two-digit sido codes, multipliers with at most three decimals, each sido
    /// once. The error names the offending part.
    pub fn parse(s: &str) -> Result<RegionMultipliers, String> {
        let mut by_sido = BTreeMap::new();
        for part in s.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (sido, value) = part.split_once(':').ok_or_else(|| format!("{part}: 'sido:multiplier' expected"))?;
            let sido = sido.trim();
            if sido.len() != 2 || !sido.bytes().all(|c| c.is_ascii_digit()) {
                return Err(format!("{part}: sido must be two digits"));
            }
            let thousandths = crate::fixed::parse(value, 3).filter(|v| *v >= 0).ok_or_else(|| format!("{part}: a multiplier with at most 3 decimals"))?;
            if by_sido.insert(sido.to_string(), thousandths).is_some() {
                return Err(format!("{part}: sido given twice"));
            }
        }
        Ok(RegionMultipliers { by_sido })
    }

    /// The multiplier in thousandths for a region code (or a sido code), [`UNKNOWN_SIDO_MULTIPLIER`] when unknown.
    pub fn multiplier(&self, rgn_cd: &str) -> i64 {
        rgn_cd.get(..2).and_then(|sido| self.by_sido.get(sido)).copied().unwrap_or(UNKNOWN_SIDO_MULTIPLIER)
    }

    /// The env form, sidos in code order.
    pub fn to_env_string(&self) -> String {
        self.by_sido.iter().map(|(sido, v)| format!("{sido}:{}", crate::fixed::format(*v, 3))).collect::<Vec<_>>().join(",")
    }
}

/// Estimated audience: `Σ daCnt × multiplier(sido)` over the sites, floored once at the end.
pub fn audience(sites: &[(&str, i64)], multipliers: &RegionMultipliers) -> i64 {
    let thousandths: i128 = sites.iter().map(|(rgn_cd, da_cnt)| *da_cnt as i128 * multipliers.multiplier(rgn_cd) as i128).sum();
    to_i64(thousandths.div_euclid(1_000))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    type Change = &'static dyn Fn(&mut QuoteInput);
    /// (adjusted, coupon, supply, vat, total)
    type Breakdown = (i64, i64, i64, i64, i64);

    fn input(start: &str, end: &str) -> QuoteInput {
        QuoteInput {
            unit_price: 300_000,
            slot_cnt: 1,
            media_cnt: 1,
            start: d(start),
            end: d(end),
            schd_rate: 100,
            extra: None,
            coupon: None,
            price_gross: false,
        }
    }

    #[test]
    fn the_worked_example() {
        let q = quote(&QuoteInput { slot_cnt: 2, media_cnt: 3 + 2, extra: Some(Extra::Krw(-50_000)), ..input("2026-01-01", "2026-06-30") }).unwrap();
        assert_eq!(
            q,
            Quote {
                days: 181,
                media_cnt: 5,
                unit_price: 300_000,
                base: 18_100_000,
                slot_discount: 10,
                period_discount: 10,
                net: 14_661_000,
                adjusted: 14_611_000,
                coupon: 0,
                supply: 14_611_000,
                vat: 1_461_100,
                total: 16_072_100,
            }
        );
        // the step between: base after the slot discount
        assert_eq!(18_100_000 * 90 / 100, 16_290_000);
        let json = serde_json::to_value(&q).unwrap();
        for key in ["days", "mediaCnt", "unitPrice", "base", "slotDiscount", "periodDiscount", "net", "adjusted", "coupon", "supply", "vat", "total"] {
            assert!(json.get(key).is_some_and(|v| v.is_i64()), "{key}");
        }
    }

    #[test]
    fn months_covered() {
        let table = [
            ("2026-01-01", "2026-06-30", 6, true),
            ("2026-01-01", "2026-06-29", 6, false),
            ("2026-01-01", "2026-12-31", 12, true),
            ("2026-01-01", "2026-12-30", 12, false),
            ("2026-01-31", "2026-02-27", 1, true), // Jan 31 + 1 month = Feb 28, minus a day
            ("2026-01-31", "2026-02-26", 1, false),
            ("2024-01-31", "2024-02-28", 1, true), // leap year: Feb 29 minus a day
            ("2024-01-31", "2024-02-27", 1, false),
            ("2025-08-31", "2026-02-27", 6, true), // Feb 28 (clamped) minus a day
            ("2025-08-31", "2026-02-26", 6, false),
            ("2024-02-29", "2025-02-27", 12, true), // Feb 28, 2025 (clamped) minus a day
            ("2024-02-29", "2025-02-26", 12, false),
            ("2026-03-15", "2026-03-15", 0, true),
        ];
        for (start, end, months, expected) in table {
            assert_eq!(covers_months(d(start), d(end), months), expected, "{start}..{end} {months}");
        }
    }

    #[test]
    fn discounts_at_their_thresholds() {
        let table: &[(&str, &str, i64, i64, i64)] = &[
            // start, end, slotCnt, slotD, periodD
            ("2026-01-01", "2026-01-01", 1, 0, 0),
            ("2026-01-01", "2026-06-29", 2, 10, 0),
            ("2026-01-01", "2026-06-30", 3, 10, 10),
            ("2026-01-01", "2026-12-30", 1, 0, 10),
            ("2026-01-01", "2026-12-31", 1, 0, 20),
            ("2026-01-01", "2028-01-01", 1, 0, 20),
            ("2024-03-01", "2024-08-31", 1, 0, 10),
        ];
        for (start, end, slots, slot_d, period_d) in table {
            let q = quote(&QuoteInput { slot_cnt: *slots, ..input(start, end) }).unwrap();
            assert_eq!((q.slot_discount, q.period_discount), (*slot_d, *period_d), "{start}..{end} x{slots}");
        }
    }

    #[test]
    fn prices() {
        // 30 days of one slot on one media: the base is the unit price, 300,000.
        let table: &[(&str, Change, Breakdown)] = &[
            ("plain", &|_| {}, (300_000, 0, 300_000, 30_000, 330_000)),
            ("half rate", &|i| i.schd_rate = 50, (150_000, 0, 150_000, 15_000, 165_000)),
            ("one day", &|i| i.end = i.start, (10_000, 0, 10_000, 1_000, 11_000)),
            // 29 days of 100,000: 96,666.66… shown 96,666, supply 96,660
            (
                "leap February",
                &|i| {
                    i.unit_price = 100_000;
                    i.start = d("2024-02-01");
                    i.end = d("2024-02-29");
                },
                (96_666, 0, 96_660, 9_666, 106_326),
            ),
            ("PCT surcharge", &|i| i.extra = Some(Extra::Pct(15)), (345_000, 0, 345_000, 34_500, 379_500)),
            ("PCT discount", &|i| i.extra = Some(Extra::Pct(-33)), (201_000, 0, 201_000, 20_100, 221_100)),
            ("KRW surcharge", &|i| i.extra = Some(Extra::Krw(1_234)), (301_234, 0, 301_230, 30_123, 331_353)),
            ("100% discount", &|i| i.extra = Some(Extra::Pct(-100)), (0, 0, 0, 0, 0)),
            ("KRW discount below zero", &|i| i.extra = Some(Extra::Krw(-400_000)), (-100_000, 0, 0, 0, 0)),
            // VAT inside: 300,000 − trunc(300,000 / 1.1 = 272,727.27) = 27,273
            ("gross", &|i| i.price_gross = true, (300_000, 0, 300_000, 27_273, 300_000)),
            // supply 299,990; 299,990 / 1.1 = 272,718.18…
            (
                "gross, odd amount",
                &|i| {
                    i.price_gross = true;
                    i.extra = Some(Extra::Krw(-1));
                },
                (299_999, 0, 299_990, 27_272, 299_990),
            ),
            ("coupon KRW", &|i| i.coupon = Some(Coupon::Krw(50_000)), (300_000, 50_000, 250_000, 25_000, 275_000)),
            // 300,007 × 15 % = 45,001.05 → 45,001; 255,006 → 255,000
            (
                "coupon PCT",
                &|i| {
                    i.extra = Some(Extra::Krw(7));
                    i.coupon = Some(Coupon::Pct(15));
                },
                (300_007, 45_001, 255_000, 25_500, 280_500),
            ),
            ("coupon above the price", &|i| i.coupon = Some(Coupon::Krw(500_000)), (300_000, 500_000, 0, 0, 0)),
            (
                "coupon PCT on nothing",
                &|i| {
                    i.extra = Some(Extra::Pct(-100));
                    i.coupon = Some(Coupon::Pct(50));
                },
                (0, 0, 0, 0, 0),
            ),
            ("truncation to 10 KRW", &|i| i.extra = Some(Extra::Krw(-1)), (299_999, 0, 299_990, 29_999, 329_989)),
        ];
        for (name, change, expected) in table {
            let mut i = input("2026-01-01", "2026-01-30");
            change(&mut i);
            let q = quote(&i).unwrap();
            assert_eq!((q.adjusted, q.coupon, q.supply, q.vat, q.total), *expected, "{name}");
        }
    }

    #[test]
    fn exact_until_the_end() {
        // 10,000 × 10 / 30 = 3,333.33…; × 3 (PCT +200) = 10,000 exactly. Truncating the base first would
        // give 3,333 × 3 = 9,999 and a supply of 9,990.
        let q = quote(&QuoteInput { unit_price: 10_000, extra: Some(Extra::Pct(200)), ..input("2026-01-01", "2026-01-10") }).unwrap();
        assert_eq!((q.base, q.net, q.adjusted, q.supply), (3_333, 3_333, 10_000, 10_000));
        // 1,000 × 11 / 30 × 0.5 × 1.1 = 201.66…; the PCT 50 coupon is floor(100.83…) = 100; 101.66… → 100
        let q = quote(&QuoteInput {
            unit_price: 1_000,
            schd_rate: 50,
            extra: Some(Extra::Pct(10)),
            coupon: Some(Coupon::Pct(50)),
            ..input("2026-01-01", "2026-01-11")
        })
        .unwrap();
        assert_eq!((q.base, q.net, q.adjusted, q.coupon, q.supply), (366, 183, 201, 100, 100));
    }

    #[test]
    fn refuses_what_it_cannot_price() {
        let table: &[(Change, &str)] = &[
            (&|i| i.end = d("2025-12-31"), "endDate"),
            (&|i| i.slot_cnt = 0, "slotCnt"),
            (&|i| i.schd_rate = 75, "schdRate"),
            (&|i| i.unit_price = -1, "unitPrice"),
            (&|i| i.media_cnt = -1, "targets"),
            (&|i| i.extra = Some(Extra::Pct(-101)), "extraValue"),
            (&|i| i.coupon = Some(Coupon::Pct(101)), "cpIdx"),
            (&|i| i.coupon = Some(Coupon::Krw(-1)), "cpIdx"),
        ];
        for (change, field) in table {
            let mut i = input("2026-01-01", "2026-01-30");
            change(&mut i);
            assert_eq!(quote(&i).unwrap_err().0, *field);
        }
        assert!(quote(&QuoteInput { media_cnt: 0, ..input("2026-01-01", "2026-01-30") }).is_ok_and(|q| q.total == 0));
    }

    #[test]
    fn wire_types() {
        assert_eq!(Extra::from_wire("KRW", -5), Some(Extra::Krw(-5)));
        assert_eq!(Extra::from_wire("PCT", 5), Some(Extra::Pct(5)));
        assert_eq!(Extra::from_wire("USD", 5), None);
        assert_eq!(Coupon::from_wire("PCT", 5), Some(Coupon::Pct(5)));
        assert_eq!(Coupon::from_wire("pct", 5), None);
        assert_eq!(serde_json::to_value(Extra::Krw(-50_000)).unwrap(), serde_json::json!({"extraType": "KRW", "extraValue": -50000}));
    }

    #[test]
    fn pro_rata() {
        let (start, end) = (d("2026-03-01"), d("2026-03-30")); // 30 days
        let table: &[(&str, i64)] = &[
            ("2026-02-28", 330_000), // a cancel before the start: everything
            ("2026-03-01", 319_000),
            ("2026-03-10", 220_000),
            ("2026-03-29", 11_000),
            ("2026-03-30", 0),
            ("2026-04-05", 0),
        ];
        for (last_live_day, refund) in table {
            assert_eq!(refund_after(330_000, start, end, d(last_live_day)), *refund, "{last_live_day}");
        }
        assert_eq!(remaining_value(100, 3, 1), 33);
        assert_eq!(remaining_value(100, 3, 2), 66);
        assert_eq!(remaining_value(100, 3, 5), 100);
        assert_eq!(remaining_value(100, 0, 1), 0);
        assert_eq!(remaining_days(start, end, d("2026-03-21")), 10);
        assert_eq!(remaining_days(start, end, d("2026-02-01")), 30);
        assert_eq!(remaining_days(start, end, d("2026-04-01")), 0);
        // a target change with 10 of 30 days left: from 300,000 to 500,000 costs 166,666 − 100,000
        assert_eq!(pro_rata_difference(300_000, 500_000, 30, 10), 166_666 - 100_000);
        assert_eq!(pro_rata_difference(500_000, 300_000, 30, 10), 100_000 - 166_666);
        assert_eq!(pro_rata_difference(500_000, 500_000, 30, 10), 0);
    }

    #[test]
    fn region_multipliers() {
        let m = RegionMultipliers::default();
        assert_eq!(m.multiplier("1168010100"), 2_319);
        assert_eq!(m.multiplier("26"), 2_402);
        assert_eq!(m.multiplier("50110"), 2_461);
        assert_eq!(m.multiplier("99"), UNKNOWN_SIDO_MULTIPLIER);
        assert_eq!(m.multiplier(""), UNKNOWN_SIDO_MULTIPLIER);
        assert_eq!(m.to_env_string().split(',').count(), 17);
        assert_eq!(RegionMultipliers::parse(&m.to_env_string()).unwrap(), m);
        let parsed = RegionMultipliers::parse(" 11:2.3 , 26:2 ").unwrap();
        assert_eq!((parsed.multiplier("11"), parsed.multiplier("26")), (2_300, 2_000));
        for bad in ["11:2.3191", "1:2.3", "11=2.3", "11:-1", "11:x", "11:2,11:3"] {
            assert!(RegionMultipliers::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn audience_is_floored_once() {
        let m = RegionMultipliers::default();
        // 100 × 2.319 + 100 × 2.402 = 472.1 → 472; 1 × 2.319 three times = 6.957 → 6 (not 2 + 2 + 2)
        assert_eq!(audience(&[("1168010100", 100), ("2611010100", 100)], &m), 472);
        assert_eq!(audience(&[("1100000000", 1), ("1100000000", 1), ("1100000000", 1)], &m), 6);
        assert_eq!(audience(&[("9900000000", 10)], &m), 10);
        assert_eq!(audience(&[], &m), 0);
    }
}
