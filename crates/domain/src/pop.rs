//! Proof-of-play batches (domain.md §3): hourly counts per campaign and material, checked before
//! they are counted.

use chrono::{Duration, NaiveDate};
use serde::Deserialize;
use std::fmt::Write;

/// Plays one screen can make in an hour (one 5-second slot after another).
pub const MAX_PLAYS_PER_HOUR: i64 = 720;
/// How far back a batch may be dated.
pub const MAX_AGE_DAYS: i64 = 30;
pub const MAX_ITEMS: usize = 500;
/// Slot type 1: an ad of a campaign; the other types (house ad, content, notice) have none.
const AD_SLOT: i32 = 1;

#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PopBatch {
    pub batch_id: String,
    pub date: String,
    pub hour: i32,
    pub items: Vec<PopItem>,
}

#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PopItem {
    /// Null for slots without a campaign (house ads, content, notices).
    #[serde(default)]
    pub cmpg_id: Option<i64>,
    #[serde(default)]
    pub mat_id: Option<i64>,
    pub slot_type: i32,
    pub plays: i64,
    pub seconds: i64,
}

/// The field at fault and why, or the batch's date.
pub fn check(batch: &PopBatch, today: NaiveDate) -> Result<NaiveDate, (&'static str, &'static str)> {
    if batch.batch_id.trim().is_empty() || batch.batch_id.len() > 100 {
        return Err(("batchId", "1~100자여야 합니다."));
    }
    let date = crate::validate::parse_date(&batch.date).ok_or(("date", "날짜 형식이 올바르지 않습니다."))?;
    if date > today || date < today - Duration::days(MAX_AGE_DAYS) {
        return Err(("date", "30일 이내의 날짜여야 합니다."));
    }
    if !(0..24).contains(&batch.hour) {
        return Err(("hour", "0~23이어야 합니다."));
    }
    if batch.items.is_empty() || batch.items.len() > MAX_ITEMS {
        return Err(("items", "1~500개여야 합니다."));
    }
    let mut plays = 0;
    let mut seconds = 0;
    for item in &batch.items {
        if !(1..=4).contains(&item.slot_type) {
            return Err(("items.slotType", "1~4여야 합니다."));
        }
        if item.plays < 0 || item.seconds < 0 || item.cmpg_id.is_some_and(|id| id < 0) || item.mat_id.is_some_and(|id| id < 0) {
            return Err(("items", "음수는 허용되지 않습니다."));
        }
        if item.slot_type == AD_SLOT && item.cmpg_id.is_none() {
            return Err(("items.cmpgId", "광고 슬롯은 캠페인을 밝혀야 합니다."));
        }
        plays += item.plays;
        seconds += item.seconds;
    }
    if plays > MAX_PLAYS_PER_HOUR {
        return Err(("items.plays", "한 시간 재생 횟수는 720회를 넘을 수 없습니다."));
    }
    if seconds > 3600 {
        return Err(("items.seconds", "한 시간 재생 시간은 3600초를 넘을 수 없습니다."));
    }
    Ok(date)
}

/// A counted item as it waits to be folded into the rollups: campaign, material (0 for none, as
/// in the rollups' keys), slot type, plays, seconds.
pub type PendingItem = (i64, i64, i32, i64, i64);

/// A batch's items as the text its pending row keeps until the rollups take them: one
/// `campaign:material:slot:plays:seconds` an item, separated by `;`.
pub fn pending_text(items: &[PopItem]) -> String {
    let mut text = String::with_capacity(items.len() * 16);
    for (n, item) in items.iter().enumerate() {
        if n > 0 {
            text.push(';');
        }
        let _ = write!(text, "{}:{}:{}:{}:{}", item.cmpg_id.unwrap_or(0), item.mat_id.unwrap_or(0), item.slot_type, item.plays, item.seconds);
    }
    text
}

/// The items of a pending row's text ([`pending_text`]); None when the text is not one.
pub fn pending_items(text: &str) -> Option<Vec<PendingItem>> {
    text.split(';')
        .map(|item| {
            let mut fields = item.split(':').map(|f| f.parse::<i64>().ok());
            let mut next = || fields.next().flatten();
            let item = (next()?, next()?, i32::try_from(next()?).ok()?, next()?, next()?);
            fields.next().is_none().then_some(item)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn batch(date: &str, hour: i32, plays: &[i64]) -> PopBatch {
        PopBatch {
            batch_id: "b1".into(),
            date: date.into(),
            hour,
            items: plays.iter().map(|p| PopItem { cmpg_id: Some(1), mat_id: Some(2), slot_type: 1, plays: *p, seconds: p * 5 }).collect(),
        }
    }

    #[test]
    fn batches() {
        let today = NaiveDate::from_ymd_opt(2026, 11, 22).unwrap();
        let table: &[(PopBatch, Result<(), &str>)] = &[
            (batch("2026-11-22", 0, &[10, 20]), Ok(())),
            (batch("2026-10-23", 23, &[720]), Ok(())),
            (batch("2026-10-22", 5, &[1]), Err("date")),
            (batch("2026-11-23", 5, &[1]), Err("date")),
            (batch("2026-02-30", 5, &[1]), Err("date")),
            (batch("2026-11-22", 24, &[1]), Err("hour")),
            (batch("2026-11-22", -1, &[1]), Err("hour")),
            (batch("2026-11-22", 1, &[500, 221]), Err("items.plays")),
            (batch("2026-11-22", 1, &[]), Err("items")),
            (batch("2026-11-22", 1, &[-1]), Err("items")),
        ];
        for (b, expected) in table {
            assert_eq!(check(b, today).map(|_| ()).map_err(|e| e.0), *expected, "{b:?}");
        }
        let mut long = batch("2026-11-22", 1, &[10]);
        long.items[0].seconds = 3601;
        assert_eq!(check(&long, today).unwrap_err().0, "items.seconds");
        let mut bad_slot = batch("2026-11-22", 1, &[10]);
        bad_slot.items[0].slot_type = 9;
        assert_eq!(check(&bad_slot, today).unwrap_err().0, "items.slotType");
        let mut house = batch("2026-11-22", 1, &[10]);
        house.items[0] = PopItem { cmpg_id: None, mat_id: None, slot_type: 2, plays: 4, seconds: 60 };
        assert!(check(&house, today).is_ok(), "house ads, content and notices report null ids");
        house.items[0].slot_type = 1;
        assert_eq!(check(&house, today).unwrap_err().0, "items.cmpgId", "an ad names its campaign");
        let mut no_id = batch("2026-11-22", 1, &[10]);
        no_id.batch_id = " ".into();
        assert_eq!(check(&no_id, today).unwrap_err().0, "batchId");
    }

    #[test]
    fn pending_rows_keep_every_item() {
        let items = vec![
            PopItem { cmpg_id: Some(12), mat_id: Some(340), slot_type: 1, plays: 10, seconds: 150 },
            PopItem { cmpg_id: None, mat_id: None, slot_type: 3, plays: 2, seconds: 30 },
        ];
        let text = pending_text(&items);
        assert_eq!(text, "12:340:1:10:150;0:0:3:2:30");
        assert_eq!(pending_items(&text), Some(vec![(12, 340, 1, 10, 150), (0, 0, 3, 2, 30)]));
        for broken in ["", "1:2:3:4", "1:2:3:4:5:6", "1:2:x:4:5", "1:2:3:4:5;", "1:2:99999999999:4:5"] {
            assert_eq!(pending_items(broken), None, "{broken:?}");
        }
    }
}
