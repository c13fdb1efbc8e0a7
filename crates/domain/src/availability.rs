//! Slot inventory (domain.md §5): a media group sells `adSlotCnt` slots a day; a campaign holds
//! `slotCnt` slots at rate 100, or `slotCnt` half slots at rate 50 (two halves share one slot in
//! alternate loops). Counting is in half slots so that halves stay exact integers.

use chrono::NaiveDate;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use std::ops::{Add, AddAssign};

/// An amount of slot inventory in half slots. On the wire it is a number of slots: `19` half slots is `9.5`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct HalfSlots(pub i64);

impl HalfSlots {
    /// Whole slots of a group: `adSlotCnt` sells twice as many halves.
    pub fn slots(n: i64) -> HalfSlots {
        HalfSlots(n * 2)
    }
}

impl Add for HalfSlots {
    type Output = HalfSlots;
    fn add(self, other: HalfSlots) -> HalfSlots {
        HalfSlots(self.0 + other.0)
    }
}

impl AddAssign for HalfSlots {
    fn add_assign(&mut self, other: HalfSlots) {
        self.0 += other.0;
    }
}

impl Serialize for HalfSlots {
    /// The one place a fraction appears: an integer when whole, else `x.5` (exact in binary).
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        if self.0 % 2 == 0 { serializer.serialize_i64(self.0 / 2) } else { serializer.serialize_f64(self.0 as f64 / 2.0) }
    }
}

/// Half slots a campaign holds on each target group and day: two per slot at rate 100, one at rate 50.
pub fn units_needed(slot_cnt: i64, schd_rate: i64) -> HalfSlots {
    if schd_rate == 50 { HalfSlots(slot_cnt) } else { HalfSlots(slot_cnt * 2) }
}

/// Every day of `from..=to` (none when `to < from`).
pub fn days(from: NaiveDate, to: NaiveDate) -> impl Iterator<Item = NaiveDate> {
    from.iter_days().take_while(move |d| *d <= to)
}

/// Slots held on one group for the days `from..=to`: an existing campaign's hold, or the one asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hold {
    pub mg_id: i64,
    pub from: NaiveDate,
    pub to: NaiveDate,
    pub units: HalfSlots,
}

/// A hold asked for on a group that sells `ad_slot_cnt` slots a day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Request {
    pub hold: Hold,
    pub ad_slot_cnt: i64,
}

/// A group and day where the request does not fit: `used` is what other campaigns already hold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Conflict {
    pub mg_id: i64,
    pub date: NaiveDate,
    pub capacity: HalfSlots,
    pub used: HalfSlots,
}

/// What the holds take per group and day, limited to `from..=to` (the days a check looks at).
pub fn used_by_day(holds: &[Hold], from: NaiveDate, to: NaiveDate) -> BTreeMap<(i64, NaiveDate), HalfSlots> {
    let mut used = BTreeMap::new();
    for hold in holds {
        for day in days(hold.from.max(from), hold.to.min(to)) {
            *used.entry((hold.mg_id, day)).or_default() += hold.units;
        }
    }
    used
}

/// The groups and days where `requests` do not fit next to `used`, by group then date. Requests naming
/// the same group add up; a group's capacity is that of its first request.
pub fn conflicts(requests: &[Request], used: &BTreeMap<(i64, NaiveDate), HalfSlots>) -> Vec<Conflict> {
    let mut capacity: BTreeMap<i64, HalfSlots> = BTreeMap::new();
    let mut needed: BTreeMap<(i64, NaiveDate), HalfSlots> = BTreeMap::new();
    for request in requests {
        capacity.entry(request.hold.mg_id).or_insert(HalfSlots::slots(request.ad_slot_cnt));
        for day in days(request.hold.from, request.hold.to) {
            *needed.entry((request.hold.mg_id, day)).or_default() += request.hold.units;
        }
    }
    needed
        .into_iter()
        .filter_map(|((mg_id, date), need)| {
            let capacity = capacity[&mg_id];
            let used = used.get(&(mg_id, date)).copied().unwrap_or_default();
            (used + need > capacity).then_some(Conflict { mg_id, date, capacity, used })
        })
        .collect()
}

/// One group's inventory on one day, for the availability grid of the campaign editor.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayUse {
    pub mg_id: i64,
    pub date: NaiveDate,
    pub capacity: HalfSlots,
    pub used: HalfSlots,
    /// Never below zero, even if a group's `adSlotCnt` was lowered under what is already held.
    pub free: HalfSlots,
}

/// Every day of `from..=to` for each group `(mgId, adSlotCnt)`, by group then date.
pub fn day_use(groups: &[(i64, i64)], from: NaiveDate, to: NaiveDate, used: &BTreeMap<(i64, NaiveDate), HalfSlots>) -> Vec<DayUse> {
    groups
        .iter()
        .flat_map(|(mg_id, ad_slot_cnt)| {
            let capacity = HalfSlots::slots(*ad_slot_cnt);
            days(from, to).map(move |date| {
                let taken = used.get(&(*mg_id, date)).copied().unwrap_or_default();
                DayUse { mg_id: *mg_id, date, capacity, used: taken, free: HalfSlots((capacity.0 - taken.0).max(0)) }
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    fn hold(mg_id: i64, from: &str, to: &str, slot_cnt: i64, rate: i64) -> Hold {
        Hold { mg_id, from: d(from), to: d(to), units: units_needed(slot_cnt, rate) }
    }

    #[test]
    fn units() {
        assert_eq!(units_needed(1, 100), HalfSlots(2));
        assert_eq!(units_needed(3, 100), HalfSlots(6));
        assert_eq!(units_needed(1, 50), HalfSlots(1));
        assert_eq!(units_needed(3, 50), HalfSlots(3));
        assert_eq!(HalfSlots::slots(10), HalfSlots(20));
    }

    #[test]
    fn days_of_a_period() {
        let all: Vec<_> = days(d("2024-02-27"), d("2024-03-01")).collect();
        assert_eq!(all, [d("2024-02-27"), d("2024-02-28"), d("2024-02-29"), d("2024-03-01")]);
        assert_eq!(days(d("2026-01-01"), d("2026-01-01")).count(), 1);
        assert_eq!(days(d("2026-01-02"), d("2026-01-01")).count(), 0);
    }

    #[test]
    fn fits_or_conflicts() {
        // A group of 2 slots (4 halves); existing holds on 2026-01-01..03, asking for 2026-01-01..03.
        type Case = (&'static str, &'static [(i64, i64)], (i64, i64), &'static [i64]);
        let table: &[Case] = &[
            // (name, existing (slotCnt, rate) over the whole period, asked (slotCnt, rate), used halves of the conflicts)
            ("empty, one full", &[], (1, 100), &[]),
            ("empty, exactly full", &[], (2, 100), &[]),
            ("empty, one over", &[], (3, 100), &[0, 0, 0]),
            ("full + full", &[(1, 100)], (1, 100), &[]),
            ("full + half + half", &[(1, 100), (1, 50)], (1, 50), &[]),
            ("two halves pair into one slot, then a full fits", &[(1, 50), (1, 50)], (1, 100), &[]),
            ("full + half, a full does not fit", &[(1, 100), (1, 50)], (1, 100), &[3, 3, 3]),
            ("three halves, a fourth fits", &[(3, 50)], (1, 50), &[]),
            ("four halves, none left", &[(1, 50), (1, 50), (1, 100)], (1, 50), &[4, 4, 4]),
        ];
        for (name, existing, (slots, rate), conflict_used) in table {
            let holds: Vec<Hold> = existing.iter().map(|(s, r)| hold(7, "2026-01-01", "2026-01-03", *s, *r)).collect();
            let used = used_by_day(&holds, d("2026-01-01"), d("2026-01-03"));
            let request = Request { hold: hold(7, "2026-01-01", "2026-01-03", *slots, *rate), ad_slot_cnt: 2 };
            let found = conflicts(&[request], &used);
            let used_halves: Vec<i64> = found.iter().map(|c| c.used.0).collect();
            assert_eq!(used_halves, *conflict_used, "{name}");
            assert!(found.iter().all(|c| c.capacity == HalfSlots(4) && c.mg_id == 7), "{name}");
        }
    }

    #[test]
    fn conflicts_name_only_the_full_days_and_groups() {
        let holds = [hold(1, "2026-01-02", "2026-01-02", 2, 100), hold(2, "2026-01-01", "2026-01-10", 1, 50), hold(1, "2025-12-01", "2025-12-31", 2, 100)];
        let used = used_by_day(&holds, d("2026-01-01"), d("2026-01-03"));
        assert_eq!(used.len(), 1 + 3, "only days within the range count");
        let requests = [
            Request { hold: hold(1, "2026-01-01", "2026-01-03", 1, 100), ad_slot_cnt: 2 },
            Request { hold: hold(2, "2026-01-01", "2026-01-03", 1, 100), ad_slot_cnt: 1 },
        ];
        let found = conflicts(&requests, &used);
        let expected = [
            Conflict { mg_id: 1, date: d("2026-01-02"), capacity: HalfSlots(4), used: HalfSlots(4) },
            Conflict { mg_id: 2, date: d("2026-01-01"), capacity: HalfSlots(2), used: HalfSlots(1) },
            Conflict { mg_id: 2, date: d("2026-01-02"), capacity: HalfSlots(2), used: HalfSlots(1) },
            Conflict { mg_id: 2, date: d("2026-01-03"), capacity: HalfSlots(2), used: HalfSlots(1) },
        ];
        assert_eq!(found, expected);
    }

    #[test]
    fn requests_for_one_group_add_up() {
        let request = Request { hold: hold(5, "2026-01-01", "2026-01-01", 1, 50), ad_slot_cnt: 1 };
        assert!(conflicts(&[request, request], &BTreeMap::new()).is_empty());
        assert_eq!(conflicts(&[request, request, request], &BTreeMap::new()).len(), 1);
    }

    #[test]
    fn day_use_of_groups() {
        let used = used_by_day(&[hold(1, "2026-01-02", "2026-01-09", 1, 50), hold(2, "2026-01-01", "2026-01-01", 3, 100)], d("2026-01-01"), d("2026-01-02"));
        let rows = day_use(&[(1, 2), (2, 2)], d("2026-01-01"), d("2026-01-02"), &used);
        let picture: Vec<(i64, NaiveDate, i64, i64, i64)> = rows.iter().map(|r| (r.mg_id, r.date, r.capacity.0, r.used.0, r.free.0)).collect();
        assert_eq!(picture, [(1, d("2026-01-01"), 4, 0, 4), (1, d("2026-01-02"), 4, 1, 3), (2, d("2026-01-01"), 4, 6, 0), (2, d("2026-01-02"), 4, 0, 4)],);
        assert_eq!(serde_json::to_string(&rows[1]).unwrap(), r#"{"mgId":1,"date":"2026-01-02","capacity":2,"used":0.5,"free":1.5}"#);
    }

    #[test]
    fn wire_shape_in_slots() {
        let c = Conflict { mg_id: 3, date: d("2026-05-01"), capacity: HalfSlots(20), used: HalfSlots(19) };
        assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"mgId":3,"date":"2026-05-01","capacity":10,"used":9.5}"#);
        assert_eq!(serde_json::to_string(&HalfSlots(0)).unwrap(), "0");
        assert_eq!(serde_json::to_string(&HalfSlots(1)).unwrap(), "0.5");
    }
}
