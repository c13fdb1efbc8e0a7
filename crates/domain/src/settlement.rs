//! Monthly settlement (domain.md §7): revenue by live days, its split over sites by screens, media and
//! sales fees. Integer KRW throughout; rates are hundredths of a percent.

use chrono::{Datelike, Duration, Months, NaiveDate};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// A calendar month, `YYYY-MM` on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Month {
    first: NaiveDate,
}

impl Month {
    /// Strictly `YYYY-MM`.
    pub fn parse(s: &str) -> Option<Month> {
        let b = s.as_bytes();
        if b.len() != 7 || b[4] != b'-' || !b.iter().enumerate().all(|(i, c)| i == 4 || c.is_ascii_digit()) {
            return None;
        }
        Month::new(s[..4].parse().ok()?, s[5..].parse().ok()?)
    }

    pub fn new(year: i32, month: u32) -> Option<Month> {
        NaiveDate::from_ymd_opt(year, month, 1).map(|first| Month { first })
    }

    pub fn of(day: NaiveDate) -> Month {
        Month { first: day.with_day(1).unwrap_or(day) }
    }

    pub fn first_day(self) -> NaiveDate {
        self.first
    }

    pub fn last_day(self) -> NaiveDate {
        self.next().first - Duration::days(1)
    }

    pub fn next(self) -> Month {
        Month { first: self.first + Months::new(1) }
    }

    pub fn prev(self) -> Month {
        Month { first: self.first - Months::new(1) }
    }

    /// A month can be closed once it is over.
    pub fn is_over(self, today: NaiveDate) -> bool {
        today > self.last_day()
    }
}

impl fmt::Display for Month {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}", self.first.year(), self.first.month())
    }
}

impl Serialize for Month {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Month {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Month, D::Error> {
        let s = String::deserialize(deserializer)?;
        Month::parse(&s).ok_or_else(|| serde::de::Error::custom("YYYY-MM expected"))
    }
}

/// What a campaign did from the day after `on`: a stop frees its slots from tomorrow, and a resume
/// likewise takes effect tomorrow (today's loop is already out).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RunEvent {
    Stop { on: NaiveDate },
    Resume { on: NaiveDate },
}

/// The inclusive day ranges a campaign was not live because it was stopped, from its stop and resume
/// events (any order); a stop without a resume lasts to `last_day`. A resume without a stop, or a
/// second stop while stopped, changes nothing.
pub fn stopped_ranges(events: &[RunEvent], last_day: NaiveDate) -> Vec<(NaiveDate, NaiveDate)> {
    let mut ordered = events.to_vec();
    ordered.sort_by_key(|e| match e {
        RunEvent::Stop { on } | RunEvent::Resume { on } => *on,
    });
    let mut ranges = Vec::new();
    let mut stopped_from: Option<NaiveDate> = None;
    for event in ordered {
        match (event, stopped_from) {
            (RunEvent::Stop { on }, None) => stopped_from = Some(on + Duration::days(1)),
            (RunEvent::Resume { on }, Some(from)) => {
                if from <= on {
                    ranges.push((from, on));
                }
                stopped_from = None;
            }
            _ => {}
        }
    }
    if let Some(from) = stopped_from.filter(|from| *from <= last_day) {
        ranges.push((from, last_day));
    }
    ranges
}

/// `L`: the live days of a campaign up to `up_to`: days from `start` to `last_day` (its end date, or a
/// mid-termination's new end date) outside the stopped ranges.
pub fn live_days(start: NaiveDate, last_day: NaiveDate, stopped: &[(NaiveDate, NaiveDate)], up_to: NaiveDate) -> i64 {
    let to = last_day.min(up_to);
    crate::availability::days(start, to).filter(|d| !stopped.iter().any(|(from, until)| from <= d && d <= until)).count() as i64
}

/// `R(M) = floor(supply × L(M) / P) − floor(supply × L(M−1) / P)`: a campaign's months add up exactly
/// to what it earned.
pub fn revenue_for_month(supply: i64, period_days: i64, live_to_end_of_month: i64, live_to_end_of_prev: i64) -> i64 {
    if period_days <= 0 {
        return 0;
    }
    let earned = |live: i64| (supply as i128 * live as i128).div_euclid(period_days as i128);
    (earned(live_to_end_of_month) - earned(live_to_end_of_prev)) as i64
}

/// A campaign's line of month M (`campaign/jungsan` rows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MonthRevenue {
    /// Live days within the month.
    pub live_days: i64,
    pub revenue: i64,
}

/// The campaign's live days and revenue in `month`. `start..=end` is the priced period; `last_day` is
/// `end` or a mid-termination's new end; `stopped` comes from [`stopped_ranges`].
pub fn month_revenue(supply: i64, start: NaiveDate, end: NaiveDate, last_day: NaiveDate, stopped: &[(NaiveDate, NaiveDate)], month: Month) -> MonthRevenue {
    let period_days = crate::price::period_days(start, end);
    let to_end_of_month = live_days(start, last_day, stopped, month.last_day());
    let to_end_of_prev = live_days(start, last_day, stopped, month.prev().last_day());
    MonthRevenue { live_days: to_end_of_month - to_end_of_prev, revenue: revenue_for_month(supply, period_days, to_end_of_month, to_end_of_prev) }
}

/// Splits `amount` over sites by their screens: each part floored, then the won left over one at a time
/// to the largest fractional remainders, ties to the lower `poiId`; the parts add up to `amount`.
/// Answers in the order given. Negative screen counts count as 0; when no site has a screen the amount
/// is split evenly by the same rule. No sites, no parts.
pub fn split_by_screens(amount: i64, screens: &[(i64, i64)]) -> Vec<(i64, i64)> {
    let mut weights: Vec<i128> = screens.iter().map(|(_, w)| (*w).max(0) as i128).collect();
    if weights.iter().all(|w| *w == 0) {
        weights.iter_mut().for_each(|w| *w = 1);
    }
    let total: i128 = weights.iter().sum();
    if total == 0 {
        return Vec::new();
    }
    let amount = amount as i128;
    let mut parts: Vec<i128> = weights.iter().map(|w| (amount * w).div_euclid(total)).collect();
    let remainders: Vec<i128> = weights.iter().map(|w| (amount * w).rem_euclid(total)).collect();
    let left = amount - parts.iter().sum::<i128>();
    let mut order: Vec<usize> = (0..screens.len()).collect();
    order.sort_by_key(|i| (std::cmp::Reverse(remainders[*i]), screens[*i].0));
    for i in order.into_iter().take(left as usize) {
        parts[i] += 1;
    }
    screens.iter().zip(parts).map(|((poi_id, _), part)| (*poi_id, part as i64)).collect()
}

/// `floor(amount × rate / 100)` with the rate in hundredths of a percent.
pub fn fee(amount: i64, rate_hundredths: i64) -> i64 {
    (amount as i128 * rate_hundredths as i128).div_euclid(10_000) as i64
}

/// 100 % in hundredths.
pub const MAX_RATE: i64 = 10_000;

/// A fee rate: `"40"`, `"12.5"`, `"12.34"` into hundredths of a percent; more than two decimals, below
/// 0 or above 100 refused.
pub fn parse_rate(s: &str) -> Option<i64> {
    crate::fixed::parse(s, 2).filter(|r| (0..=MAX_RATE).contains(r))
}

/// A fee rate on the wire: a number such as `12.5`, held as hundredths of a percent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rate(i64);

impl Rate {
    pub fn from_hundredths(hundredths: i64) -> Option<Rate> {
        (0..=MAX_RATE).contains(&hundredths).then_some(Rate(hundredths))
    }

    pub fn parse(s: &str) -> Option<Rate> {
        parse_rate(s).map(Rate)
    }

    pub fn hundredths(self) -> i64 {
        self.0
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::fixed::format(self.0, 2))
    }
}

impl Serialize for Rate {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        crate::fixed::serialize(self.0, 2, serializer)
    }
}

impl<'de> Deserialize<'de> for Rate {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Rate, D::Error> {
        let hundredths = crate::fixed::deserialize(deserializer, 2)?;
        Rate::from_hundredths(hundredths).ok_or_else(|| serde::de::Error::custom("a rate from 0 to 100"))
    }
}

/// The value in force on `on`: the entry with the latest `fromDate` not after it; of two entries with the
/// same date, the later one given (pass them in creation order).
pub fn rate_in_force<T: Copy>(history: &[(NaiveDate, T)], on: NaiveDate) -> Option<T> {
    let mut best: Option<(NaiveDate, T)> = None;
    for (from, value) in history {
        if *from <= on && best.is_none_or(|(b, _)| *from >= b) {
            best = Some((*from, *value));
        }
    }
    best.map(|(_, value)| value)
}

/// A site's media fee rate on `on`: its own override in force, else its owner corp's rate.
pub fn media_rate<T: Copy>(site_overrides: &[(NaiveDate, T)], owner_rates: &[(NaiveDate, T)], on: NaiveDate) -> Option<T> {
    rate_in_force(site_overrides, on).or_else(|| rate_in_force(owner_rates, on))
}

/// What the settlement of a month reads of one campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignTerms {
    pub cmpg_id: i64,
    pub supply: i64,
    pub start: NaiveDate,
    /// The last day of the period the campaign was priced for (`start + days - 1`).
    pub priced_end: NaiveDate,
    /// The end date, or a mid-termination's new end.
    pub last_day: NaiveDate,
    /// From [`stopped_ranges`].
    pub stopped: Vec<(NaiveDate, NaiveDate)>,
    /// `w(p)`: the campaign's screens per site, `(poiId, screens)`.
    pub screens: Vec<(i64, i64)>,
    /// The sales corp and the sales user its revenue counts for.
    pub sales_corp: Option<i64>,
    pub sales_user: Option<i64>,
}

/// A campaign's line of a month: only campaigns with live days in it have one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CampaignLine {
    pub cmpg_id: i64,
    pub live_days: i64,
    pub period_days: i64,
    pub supply: i64,
    pub revenue: i64,
}

/// The revenue of a month by campaign, by site and by sales corp and user. Fees come from these
/// sums: a site's fee is `floor(revenue(p) × rate(p) / 100)` over the site's revenue of the month
/// (the sum of its shares), and the same for a sales corp or user, so that every row of a
/// statement reads `fee = floor(revenue × rate)`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MonthSettlement {
    pub campaigns: Vec<CampaignLine>,
    pub sites: BTreeMap<i64, i64>,
    pub sales_corps: BTreeMap<i64, i64>,
    pub sales_users: BTreeMap<i64, i64>,
}

impl MonthSettlement {
    pub fn revenue(&self) -> i64 {
        self.campaigns.iter().map(|c| c.revenue).sum()
    }
}

/// A campaign's live days and revenue in each month from its start through `through` that has
/// live days: the figures of [`month_revenue`] month by month, in one pass over its days.
pub fn monthly_revenue(c: &CampaignTerms, through: Month) -> Vec<(Month, MonthRevenue)> {
    let period_days = crate::price::period_days(c.start, c.priced_end);
    let mut live: Vec<(Month, i64)> = Vec::new();
    for d in crate::availability::days(c.start, c.last_day.min(through.last_day())) {
        if c.stopped.iter().any(|(from, until)| *from <= d && d <= *until) {
            continue;
        }
        let month = Month::of(d);
        match live.last_mut() {
            Some((m, n)) if *m == month => *n += 1,
            _ => live.push((month, 1)),
        }
    }
    let mut before = 0;
    live.into_iter()
        .map(|(month, n)| {
            let revenue = revenue_for_month(c.supply, period_days, before + n, before);
            before += n;
            (month, MonthRevenue { live_days: n, revenue })
        })
        .collect()
}

/// Settles `month` (domain.md §7): each campaign's revenue `R(c, M)`, split over its sites by its
/// screens there (largest remainders, ties to the lower poiId), and counted for its sales corp and
/// sales user.
pub fn settle_month(month: Month, campaigns: &[CampaignTerms]) -> MonthSettlement {
    let mut out = MonthSettlement::default();
    for c in campaigns {
        let r = month_revenue(c.supply, c.start, c.priced_end, c.last_day, &c.stopped, month);
        // No live day in the month: L(M) = L(M-1), so nothing was earned either.
        if r.live_days <= 0 {
            continue;
        }
        let period_days = crate::price::period_days(c.start, c.priced_end);
        out.campaigns.push(CampaignLine { cmpg_id: c.cmpg_id, live_days: r.live_days, period_days, supply: c.supply, revenue: r.revenue });
        for (poi_id, share) in split_by_screens(r.revenue, &c.screens) {
            *out.sites.entry(poi_id).or_default() += share;
        }
        if let Some(corp) = c.sales_corp {
            *out.sales_corps.entry(corp).or_default() += r.revenue;
        }
        if let Some(user) = c.sales_user {
            *out.sales_users.entry(user).or_default() += r.revenue;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn m(s: &str) -> Month {
        Month::parse(s).unwrap()
    }

    #[test]
    fn months() {
        let table = [("2027-01", "2027-01-01", "2027-01-31", "2026-12", "2027-02"), ("2024-02", "2024-02-01", "2024-02-29", "2024-01", "2024-03")];
        for (month, first, last, prev, next) in table {
            let month = m(month);
            assert_eq!((month.first_day(), month.last_day()), (d(first), d(last)));
            assert_eq!((month.prev(), month.next()), (m(prev), m(next)));
        }
        for bad in ["2027-13", "2027-00", "2027-1", "2027/01", "27-01", "2027-01-01", "", "abcd-ef"] {
            assert_eq!(Month::parse(bad), None, "{bad}");
        }
        assert_eq!(Month::of(d("2027-02-18")), m("2027-02"));
        assert_eq!(m("2027-02").to_string(), "2027-02");
        assert!(!m("2027-02").is_over(d("2027-02-28")));
        assert!(m("2027-02").is_over(d("2027-03-01")));
        assert_eq!(serde_json::to_string(&m("2027-02")).unwrap(), "\"2027-02\"");
        assert_eq!(serde_json::from_str::<Month>("\"2027-02\"").unwrap(), m("2027-02"));
        assert!(serde_json::from_str::<Month>("\"2027-2\"").is_err());
    }

    /// domain.md §7's worked example, every figure.
    #[test]
    fn the_worked_example() {
        let (start, end) = (d("2027-01-20"), d("2027-02-18"));
        let supply = 3_000_000;
        let screens = [(1, 3), (2, 1)]; // P1 3 screens, P2 1 screen
        let owner_a = [(d("2026-01-01"), 4_000)];
        let owner_b = [(d("2026-01-01"), 5_000)];
        let p2_override = [(d("2026-06-01"), 4_500)];
        let (sales_corp, sales_user) = ([(d("2026-01-01"), 1_500)], [(d("2026-01-01"), 500)]);
        type Figures = (i64, [i64; 2], [i64; 2], i64, i64);
        let table: &[(&str, Figures)] = &[
            ("2027-01", (1_200_000, [900_000, 300_000], [360_000, 135_000], 180_000, 60_000)),
            ("2027-02", (1_800_000, [1_350_000, 450_000], [540_000, 202_500], 270_000, 90_000)),
        ];
        for (month, (revenue, shares, fees, sales_fee, user_fee)) in table {
            let month = m(month);
            let close = month.last_day();
            let r = month_revenue(supply, start, end, end, &[], month);
            assert_eq!(r.revenue, *revenue, "{month}");
            let split = split_by_screens(r.revenue, &screens);
            assert_eq!(split, [(1, shares[0]), (2, shares[1])]);
            let p1_fee = fee(split[0].1, media_rate(&[], &owner_a, close).unwrap());
            let p2_fee = fee(split[1].1, media_rate(&p2_override, &owner_b, close).unwrap());
            assert_eq!([p1_fee, p2_fee], *fees, "{month}");
            assert_eq!(fee(r.revenue, rate_in_force(&sales_corp, close).unwrap()), *sales_fee);
            assert_eq!(fee(r.revenue, rate_in_force(&sales_user, close).unwrap()), *user_fee);
        }
        assert_eq!(month_revenue(supply, start, end, end, &[], m("2027-01")).live_days, 12);
        assert_eq!(month_revenue(supply, start, end, end, &[], m("2027-02")).live_days, 18);
        assert_eq!(month_revenue(supply, start, end, end, &[], m("2026-12")), MonthRevenue { live_days: 0, revenue: 0 });
        assert_eq!(month_revenue(supply, start, end, end, &[], m("2027-03")), MonthRevenue { live_days: 0, revenue: 0 });
    }

    #[test]
    fn largest_remainders() {
        type Case = (i64, &'static [(i64, i64)], &'static [(i64, i64)]);
        let table: &[Case] = &[
            (1_000_000, &[(1, 1), (2, 1), (3, 1)], &[(1, 333_334), (2, 333_333), (3, 333_333)]),
            (1_000_000, &[(3, 1), (2, 1), (1, 1)], &[(3, 333_333), (2, 333_333), (1, 333_334)]),
            (100, &[(1, 1), (2, 2), (3, 4)], &[(1, 14), (2, 29), (3, 57)]), // 14.28, 28.57, 57.14: the extra won to 28.57
            (2, &[(7, 1), (5, 1), (6, 1)], &[(7, 0), (5, 1), (6, 1)]),
            (10, &[(1, 0), (2, 0)], &[(1, 5), (2, 5)]),
            (11, &[(2, 0), (1, 0)], &[(2, 5), (1, 6)]),
            (10, &[(1, 3), (2, 0)], &[(1, 10), (2, 0)]),
            (10, &[(1, -3), (2, 1)], &[(1, 0), (2, 10)]),
            (0, &[(1, 1), (2, 1)], &[(1, 0), (2, 0)]),
            (10, &[], &[]),
        ];
        for (amount, screens, expected) in table {
            let split = split_by_screens(*amount, screens);
            assert_eq!(split, *expected, "{amount} over {screens:?}");
            if !screens.is_empty() {
                assert_eq!(split.iter().map(|(_, s)| s).sum::<i64>(), *amount);
            }
        }
    }

    #[test]
    fn a_stopped_campaign_earns_nothing_after_its_stop() {
        let (start, end) = (d("2027-01-20"), d("2027-02-18"));
        let supply = 3_000_000;
        let stopped = stopped_ranges(&[RunEvent::Stop { on: d("2027-01-25") }], end);
        assert_eq!(stopped, [(d("2027-01-26"), end)]);
        let jan = month_revenue(supply, start, end, end, &stopped, m("2027-01"));
        let feb = month_revenue(supply, start, end, end, &stopped, m("2027-02"));
        assert_eq!(jan, MonthRevenue { live_days: 6, revenue: 600_000 });
        assert_eq!(feb, MonthRevenue { live_days: 0, revenue: 0 });
        // what was refunded and what was earned make the supply
        assert_eq!(jan.revenue + crate::price::refund_after(supply, start, end, d("2027-01-25")), supply);
    }

    #[test]
    fn stops_resumes_and_mid_terminations() {
        let (start, end) = (d("2027-01-20"), d("2027-02-18"));
        let stop = |on: &str| RunEvent::Stop { on: d(on) };
        let resume = |on: &str| RunEvent::Resume { on: d(on) };
        type Case = (&'static str, Vec<RunEvent>, &'static str, i64, i64);
        let table: Vec<Case> = vec![
            // (name, events, last day, live days in January, in February)
            ("running throughout", vec![], "2027-02-18", 12, 18),
            ("stopped on Jan 25, resumed on Feb 4", vec![resume("2027-02-04"), stop("2027-01-25")], "2027-02-18", 6, 14),
            ("resumed the day after the stop", vec![stop("2027-01-25"), resume("2027-01-26")], "2027-02-18", 11, 18),
            ("resumed on the day of the stop", vec![stop("2027-01-25"), resume("2027-01-25")], "2027-02-18", 12, 18),
            ("stopped on the last day", vec![stop("2027-02-18")], "2027-02-18", 12, 18),
            ("mid-terminated to Feb 10", vec![], "2027-02-10", 12, 10),
            ("resume without a stop", vec![resume("2027-01-22")], "2027-02-18", 12, 18),
            ("two stops, one resume", vec![stop("2027-01-21"), stop("2027-01-25"), resume("2027-01-31")], "2027-02-18", 2, 18),
        ];
        for (name, events, last_day, jan, feb) in table {
            let last_day = d(last_day);
            let stopped = stopped_ranges(&events, last_day);
            let live = |month: &str| month_revenue(3_000_000, start, end, last_day, &stopped, m(month)).live_days;
            assert_eq!((live("2027-01"), live("2027-02")), (jan, feb), "{name}");
        }
    }

    #[test]
    fn months_add_up_to_what_was_earned() {
        // awkward numbers: 1,000,003 over 97 days across four months, stopped for a while
        let (start, end) = (d("2026-11-17"), d("2027-02-21"));
        let supply = 1_000_003;
        for stopped in [vec![], stopped_ranges(&[RunEvent::Stop { on: d("2026-12-30") }, RunEvent::Resume { on: d("2027-01-09") }], end)] {
            let mut month = m("2026-10");
            let mut total = 0;
            let mut live = 0;
            while month <= m("2027-03") {
                let r = month_revenue(supply, start, end, end, &stopped, month);
                total += r.revenue;
                live += r.live_days;
                month = month.next();
            }
            let all_live = live_days(start, end, &stopped, end);
            assert_eq!(live, all_live);
            assert_eq!(total, (supply as i128 * all_live as i128 / 97) as i64);
            if stopped.is_empty() {
                assert_eq!(total, supply);
            }
        }
        assert_eq!(revenue_for_month(100, 0, 1, 0), 0);
        assert_eq!(revenue_for_month(100, 3, 2, 1), 33);
    }

    #[test]
    fn fees_and_rates() {
        assert_eq!(fee(900_000, 4_000), 360_000);
        assert_eq!(fee(300_000, 4_500), 135_000);
        assert_eq!(fee(999, 1_234), 123); // 123.27…
        assert_eq!(fee(1, 9_999), 0);
        assert_eq!(fee(0, 10_000), 0);
        let table: &[(&str, Option<i64>)] = &[
            ("40", Some(4_000)),
            ("12.5", Some(1_250)),
            ("12.34", Some(1_234)),
            ("0", Some(0)),
            ("100", Some(10_000)),
            ("100.00", Some(10_000)),
            ("100.01", None),
            ("12.345", None),
            ("-1", None),
            ("-0.01", None),
            ("", None),
            ("abc", None),
        ];
        for (input, expected) in table {
            assert_eq!(parse_rate(input), *expected, "{input}");
            assert_eq!(Rate::parse(input).map(Rate::hundredths), *expected, "{input}");
        }
        assert_eq!(serde_json::to_string(&Rate::parse("12.5").unwrap()).unwrap(), "12.5");
        assert_eq!(serde_json::to_string(&Rate::parse("40").unwrap()).unwrap(), "40");
        assert_eq!(serde_json::from_str::<Rate>("12.34").unwrap().hundredths(), 1_234);
        assert!(serde_json::from_str::<Rate>("100.5").is_err());
        assert!(serde_json::from_str::<Rate>("-1").is_err());
        assert_eq!(Rate::from_hundredths(1_250).unwrap().to_string(), "12.5");
    }

    #[test]
    fn rates_in_force() {
        let history = [(d("2026-01-01"), 4_000), (d("2027-01-31"), 3_500), (d("2027-03-01"), 3_000), (d("2027-03-01"), 2_500)];
        let table = [
            ("2025-12-31", None),
            ("2026-01-01", Some(4_000)),
            ("2027-01-30", Some(4_000)),
            ("2027-01-31", Some(3_500)),
            ("2027-02-28", Some(3_500)),
            ("2027-03-01", Some(2_500)),
        ];
        for (on, expected) in table {
            assert_eq!(rate_in_force(&history, d(on)), expected, "{on}");
        }
        // January is settled with the rate in force on its last day
        assert_eq!(rate_in_force(&history, m("2027-01").last_day()), Some(3_500));
        let overrides = [(d("2027-02-01"), 4_500)];
        assert_eq!(media_rate(&overrides, &history, d("2027-01-31")), Some(3_500), "override not yet in force");
        assert_eq!(media_rate(&overrides, &history, d("2027-02-28")), Some(4_500));
        assert_eq!(media_rate::<i64>(&[], &[], d("2027-02-28")), None);
    }

    /// Two campaigns sharing sites, one stopped: the month's sums by site and by sales owner.
    #[test]
    fn a_month_of_several_campaigns() {
        let worked = CampaignTerms {
            cmpg_id: 1,
            supply: 3_000_000,
            start: d("2027-01-20"),
            priced_end: d("2027-02-18"),
            last_day: d("2027-02-18"),
            stopped: vec![],
            screens: vec![(1, 3), (2, 1)],
            sales_corp: Some(10),
            sales_user: Some(100),
        };
        // 10 days from Feb 1, stopped on Feb 5: live Feb 1-5, half of its supply.
        let stopped = CampaignTerms {
            cmpg_id: 2,
            supply: 1_000_000,
            start: d("2027-02-01"),
            priced_end: d("2027-02-10"),
            last_day: d("2027-02-10"),
            stopped: stopped_ranges(&[RunEvent::Stop { on: d("2027-02-05") }], d("2027-02-10")),
            screens: vec![(3, 1), (2, 1), (1, 1)],
            sales_corp: Some(10),
            sales_user: None,
        };
        let all = [worked, stopped];
        let jan = settle_month(m("2027-01"), &all);
        assert_eq!(jan.campaigns, [CampaignLine { cmpg_id: 1, live_days: 12, period_days: 30, supply: 3_000_000, revenue: 1_200_000 }]);
        assert_eq!(jan.sites, BTreeMap::from([(1, 900_000), (2, 300_000)]));
        assert_eq!((jan.sales_corps.clone(), jan.sales_users.clone()), (BTreeMap::from([(10, 1_200_000)]), BTreeMap::from([(100, 1_200_000)])));
        let feb = settle_month(m("2027-02"), &all);
        assert_eq!(
            feb.campaigns,
            [
                CampaignLine { cmpg_id: 1, live_days: 18, period_days: 30, supply: 3_000_000, revenue: 1_800_000 },
                CampaignLine { cmpg_id: 2, live_days: 5, period_days: 10, supply: 1_000_000, revenue: 500_000 },
            ]
        );
        // 500,000 over three sites: 166,666 each and two won left, to poiId 1 and 2.
        assert_eq!(feb.sites, BTreeMap::from([(1, 1_350_000 + 166_667), (2, 450_000 + 166_667), (3, 166_666)]));
        assert_eq!(feb.sites.values().sum::<i64>(), feb.revenue());
        assert_eq!(feb.sales_corps, BTreeMap::from([(10, 2_300_000)]));
        assert_eq!(feb.sales_users, BTreeMap::from([(100, 1_800_000)]));
        assert_eq!(fee(feb.sites[&3], 4_000), 66_666);
        assert_eq!(settle_month(m("2027-03"), &all), MonthSettlement::default());
        // A campaign without sites still earns (for its sales owners), and splits nothing.
        let nowhere = CampaignTerms { screens: vec![], ..all[0].clone() };
        let jan = settle_month(m("2027-01"), &[nowhere]);
        assert_eq!((jan.revenue(), jan.sites.len()), (1_200_000, 0));
    }

    #[test]
    fn month_by_month_in_one_pass() {
        let (start, end) = (d("2026-11-17"), d("2027-02-21"));
        let stop = |on: &str| RunEvent::Stop { on: d(on) };
        let resume = |on: &str| RunEvent::Resume { on: d(on) };
        let cases = [(vec![], end), (vec![stop("2026-12-30"), resume("2027-01-09")], end), (vec![stop("2026-11-20")], end), (vec![], d("2027-01-15"))];
        for (events, last_day) in cases {
            let c = CampaignTerms {
                cmpg_id: 1,
                supply: 1_000_003,
                start,
                priced_end: end,
                last_day,
                stopped: stopped_ranges(&events, last_day),
                screens: vec![],
                sales_corp: None,
                sales_user: None,
            };
            let expected: Vec<(Month, MonthRevenue)> = [m("2026-10"), m("2026-11"), m("2026-12"), m("2027-01"), m("2027-02")]
                .into_iter()
                .map(|month| (month, month_revenue(c.supply, start, end, last_day, &c.stopped, month)))
                .filter(|(_, r)| r.live_days > 0)
                .collect();
            assert_eq!(monthly_revenue(&c, m("2027-03")), expected, "{events:?} to {last_day}");
            assert_eq!(monthly_revenue(&c, m("2026-12")), expected.iter().copied().filter(|(month, _)| *month <= m("2026-12")).collect::<Vec<_>>());
        }
    }
}
