//! The loop of one media group on one date (domain.md §6).
//!
//! Shape for players: the loop is an ordered list of items, numbered `seq` 1..N. A player counts its
//! loops of the day from 0 and, in loop n, plays the items whose `loops` is `all` or matches n's parity
//! (`even` for 0, 2, ...). A slot shared by two half campaigns is two consecutive items, `even` then
//! `odd`, at the same place of the loop; every item has its own `seq`, so a manual override names exactly
//! one of them.
//!
//! Choices where the design is silent:
//! - slots are given in approval order; a full campaign takes whole slots, a half campaign's halves fill
//!   the odd half of the last half-filled slot first, else open a new slot in its even half (so a half
//!   campaign with two slots plays in one slot every loop);
//! - slot k of a campaign (halves counted one by one) plays its materials[k % len];
//! - the ad slots are rotated left by `schdGroup × adSlotCnt / 4`, then unsold slots and halves get house
//!   materials of the group's template type round-robin by `matId`, in loop order, each loop alike;
//! - content item j (of C) follows the first `(j + 1) × A / C` ad slots (A ad slots), so contents
//!   spread evenly and the last one comes before the notice;
//! - campaigns that do not fit (holds being right, none) are left out; a rate other than 50 is full.

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum SlotType {
    Ad,
    House,
    Content,
    Notice,
}

impl SlotType {
    pub fn code(self) -> i32 {
        match self {
            SlotType::Ad => 1,
            SlotType::House => 2,
            SlotType::Content => 3,
            SlotType::Notice => 4,
        }
    }

    pub fn from_code(code: i32) -> Option<SlotType> {
        [SlotType::Ad, SlotType::House, SlotType::Content, SlotType::Notice].into_iter().find(|t| t.code() == code)
    }
}

impl From<SlotType> for i32 {
    fn from(t: SlotType) -> i32 {
        t.code()
    }
}

impl TryFrom<i32> for SlotType {
    type Error = String;
    fn try_from(code: i32) -> Result<Self, Self::Error> {
        SlotType::from_code(code).ok_or_else(|| format!("unknown slot type {code}"))
    }
}

/// Which loops of the day play an item.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Loops {
    All,
    Even,
    Odd,
}

impl Loops {
    /// Whether loop number `n` of the day (from 0) plays the item.
    pub fn plays_in(self, n: u64) -> bool {
        match self {
            Loops::All => true,
            Loops::Even => n.is_multiple_of(2),
            Loops::Odd => !n.is_multiple_of(2),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoopItem {
    pub seq: i64,
    pub slot_type: SlotType,
    pub cmpg_id: Option<i64>,
    /// None: a house slot without a house material (the player shows its idle screen), or a notice
    /// slot the player fills from its notices.
    pub mat_id: Option<i64>,
    pub seconds: i64,
    pub loops: Loops,
    /// The words of a text content (content type 30), which has no material.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoopGroup {
    pub ad_slot_cnt: i64,
    pub slot_sec: i64,
    /// 0–3 (A–D).
    pub schd_group: i64,
    pub template_type: i32,
}

/// A campaign holding slots on the group that day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopCampaign {
    pub cmpg_id: i64,
    pub approved_at: NaiveDateTime,
    pub slot_cnt: i64,
    pub schd_rate: i64,
    pub mat_ids: Vec<i64>,
}

/// An approved house material (slot type 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HouseMaterial {
    pub mat_id: i64,
    pub template_type: i32,
}

/// A content slot (type 3), in the order it should play: a content material, or a text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentItem {
    pub mat_id: Option<i64>,
    pub seconds: i64,
    pub text: Option<String>,
}

/// The notice slot (type 4) that closes the loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoticeSlot {
    pub mat_id: Option<i64>,
    pub seconds: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LoopInput<'a> {
    pub group: LoopGroup,
    pub campaigns: &'a [LoopCampaign],
    pub house: &'a [HouseMaterial],
    pub contents: &'a [ContentItem],
    pub notice: NoticeSlot,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Loop {
    /// One loop's length: a slot shared by two halves counts once.
    pub loop_sec: i64,
    #[serde(rename = "loop")]
    pub items: Vec<LoopItem>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Occupant {
    cmpg_id: i64,
    mat_id: Option<i64>,
}

/// One ad slot of the loop: sold whole, split in halves (an empty half plays a house ad), or unsold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AdSlot {
    Full(Occupant),
    Halves(Occupant, Option<Occupant>),
    Unsold,
}

/// Places campaigns in approval order (then `cmpgId`) into `ad_slot_cnt` slots.
fn place(campaigns: &[LoopCampaign], ad_slot_cnt: usize) -> Vec<AdSlot> {
    let mut ordered: Vec<&LoopCampaign> = campaigns.iter().collect();
    ordered.sort_by_key(|c| (c.approved_at, c.cmpg_id));
    let mut slots: Vec<AdSlot> = Vec::with_capacity(ad_slot_cnt);
    let mut open_half: Option<usize> = None;
    for campaign in ordered {
        for k in 0..campaign.slot_cnt.max(0) as usize {
            let occupant = Occupant { cmpg_id: campaign.cmpg_id, mat_id: (!campaign.mat_ids.is_empty()).then(|| campaign.mat_ids[k % campaign.mat_ids.len()]) };
            if campaign.schd_rate == 50 {
                if let Some(i) = open_half.take() {
                    if let AdSlot::Halves(_, odd) = &mut slots[i] {
                        *odd = Some(occupant);
                    }
                } else if slots.len() < ad_slot_cnt {
                    open_half = Some(slots.len());
                    slots.push(AdSlot::Halves(occupant, None));
                }
            } else if slots.len() < ad_slot_cnt {
                slots.push(AdSlot::Full(occupant));
            }
        }
    }
    slots.resize(ad_slot_cnt, AdSlot::Unsold);
    slots
}

/// Hands out house materials round-robin in the order asked.
struct HouseRotation {
    mat_ids: Vec<i64>,
    next: usize,
}

impl HouseRotation {
    fn new(house: &[HouseMaterial], template_type: i32) -> HouseRotation {
        let mut mat_ids: Vec<i64> = house.iter().filter(|h| h.template_type == template_type).map(|h| h.mat_id).collect();
        mat_ids.sort_unstable();
        mat_ids.dedup();
        HouseRotation { mat_ids, next: 0 }
    }

    fn take(&mut self) -> Option<i64> {
        let mat_id = self.mat_ids.get(self.next % self.mat_ids.len().max(1)).copied();
        self.next += 1;
        mat_id
    }
}

/// Builds the loop of domain.md §6 (see the module notes for the shape and the choices).
pub fn build_loop(input: &LoopInput) -> Loop {
    let group = input.group;
    let ad_slot_cnt = group.ad_slot_cnt.max(0) as usize;
    let mut slots = place(input.campaigns, ad_slot_cnt);
    if ad_slot_cnt > 0 {
        let shift = (group.schd_group * group.ad_slot_cnt / 4).rem_euclid(group.ad_slot_cnt) as usize;
        slots.rotate_left(shift);
    }
    let mut house = HouseRotation::new(input.house, group.template_type);
    let mut items: Vec<LoopItem> = Vec::new();
    let mut push = |slot_type: SlotType, cmpg_id: Option<i64>, mat_id: Option<i64>, seconds: i64, loops: Loops, text: Option<String>| {
        items.push(LoopItem { seq: items.len() as i64 + 1, slot_type, cmpg_id, mat_id, seconds, loops, text });
    };
    let content_count = input.contents.len();
    // Content j follows the first (j + 1) × A / C ad slots.
    let contents_after =
        |ads: usize| input.contents.iter().enumerate().filter(move |(j, _)| (j + 1) * ad_slot_cnt / content_count == ads).map(|(_, c)| c.clone());
    let sec = group.slot_sec;
    for (i, slot) in slots.iter().enumerate() {
        for content in contents_after(i) {
            push(SlotType::Content, None, content.mat_id, content.seconds, Loops::All, content.text);
        }
        match slot {
            AdSlot::Full(o) => push(SlotType::Ad, Some(o.cmpg_id), o.mat_id, sec, Loops::All, None),
            AdSlot::Halves(even, odd) => {
                push(SlotType::Ad, Some(even.cmpg_id), even.mat_id, sec, Loops::Even, None);
                match odd {
                    Some(o) => push(SlotType::Ad, Some(o.cmpg_id), o.mat_id, sec, Loops::Odd, None),
                    None => push(SlotType::House, None, house.take(), sec, Loops::Odd, None),
                }
            }
            AdSlot::Unsold => push(SlotType::House, None, house.take(), sec, Loops::All, None),
        }
    }
    for content in contents_after(ad_slot_cnt) {
        push(SlotType::Content, None, content.mat_id, content.seconds, Loops::All, content.text);
    }
    push(SlotType::Notice, None, input.notice.mat_id, input.notice.seconds, Loops::All, None);
    let loop_sec = items.iter().filter(|i| i.loops != Loops::Odd).map(|i| i.seconds).sum();
    Loop { loop_sec, items }
}

/// Seconds a site plays in a day, from its opening hours ("HH:MM"; "24:00" is midnight, and hours
/// may run past midnight). Unreadable hours count as the whole day.
pub fn operating_seconds(open: &str, close: &str) -> i64 {
    let secs = |s: &str| -> Option<i64> {
        let (h, m) = s.split_once(':')?;
        let (h, m): (i64, i64) = (h.parse().ok()?, m.parse().ok()?);
        ((0..=24).contains(&h) && (0..60).contains(&m) && h * 60 + m <= 24 * 60).then_some(h * 3600 + m * 60)
    };
    match (secs(open), secs(close)) {
        (Some(o), Some(c)) if o < c => c - o,
        (Some(o), Some(c)) if o > c => 24 * 3600 - o + c,
        _ => 24 * 3600,
    }
}

/// Loops a screen plays in `seconds` (whole loops only).
pub fn loops_in(loop_sec: i64, seconds: i64) -> u64 {
    if loop_sec <= 0 || seconds <= 0 { 0 } else { (seconds / loop_sec) as u64 }
}

impl Loops {
    /// How many of the first `loops` loops (0..loops) play the item.
    pub fn plays_in_first(self, loops: u64) -> u64 {
        match self {
            Loops::All => loops,
            Loops::Even => loops.div_ceil(2),
            Loops::Odd => loops / 2,
        }
    }
}

/// Plays the items matching `pick` get on one screen in `loops` loops.
pub fn scheduled_plays(items: &[LoopItem], loops: u64, pick: impl Fn(&LoopItem) -> bool) -> u64 {
    items.iter().filter(|i| pick(i)).map(|i| i.loops.plays_in_first(loops)).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn at(minute: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2026, 1, 1).unwrap().and_hms_opt(9, minute, 0).unwrap()
    }

    fn campaign(cmpg_id: i64, minute: u32, slot_cnt: i64, schd_rate: i64, mat_ids: &[i64]) -> LoopCampaign {
        LoopCampaign { cmpg_id, approved_at: at(minute), slot_cnt, schd_rate, mat_ids: mat_ids.to_vec() }
    }

    fn group(ad_slot_cnt: i64, schd_group: i64) -> LoopGroup {
        LoopGroup { ad_slot_cnt, slot_sec: 15, schd_group, template_type: 2 }
    }

    const NOTICE: NoticeSlot = NoticeSlot { mat_id: None, seconds: 10 };

    fn build(group: LoopGroup, campaigns: &[LoopCampaign], house: &[HouseMaterial], contents: &[ContentItem]) -> Loop {
        build_loop(&LoopInput { group, campaigns, house, contents, notice: NOTICE })
    }

    /// A compact picture of the ad part: "c{id}:{mat}" for ads, "h:{mat}" for house, "h:-" without one,
    /// suffixed "/e" or "/o" for halves; contents "C{mat}", the notice "N".
    fn picture(l: &Loop) -> Vec<String> {
        l.items
            .iter()
            .map(|i| {
                let mat = i.mat_id.map_or("-".to_string(), |m| m.to_string());
                let base = match i.slot_type {
                    SlotType::Ad => format!("c{}:{mat}", i.cmpg_id.unwrap()),
                    SlotType::House => format!("h:{mat}"),
                    SlotType::Content => format!("C{mat}"),
                    SlotType::Notice => "N".to_string(),
                };
                match i.loops {
                    Loops::All => base,
                    Loops::Even => format!("{base}/e"),
                    Loops::Odd => format!("{base}/o"),
                }
            })
            .collect()
    }

    const HOUSE: &[HouseMaterial] =
        &[HouseMaterial { mat_id: 902, template_type: 2 }, HouseMaterial { mat_id: 901, template_type: 2 }, HouseMaterial { mat_id: 800, template_type: 4 }];

    #[test]
    fn placement_rules() {
        type Case = (&'static str, i64, Vec<LoopCampaign>, Vec<&'static str>);
        let table: Vec<Case> = vec![
            ("full slots play in every loop, materials alternate by slot", 3, vec![campaign(1, 0, 2, 100, &[10, 11])], vec!["c1:10", "c1:11", "h:901", "N"]),
            ("a third slot returns to the first material", 3, vec![campaign(1, 0, 3, 100, &[10, 11])], vec!["c1:10", "c1:11", "c1:10", "N"]),
            ("two halves share a slot", 1, vec![campaign(1, 0, 1, 50, &[10]), campaign(2, 1, 1, 50, &[20])], vec!["c1:10/e", "c2:20/o", "N"]),
            ("an unmatched half leaves its other half to a house ad", 2, vec![campaign(1, 0, 1, 50, &[10])], vec!["c1:10/e", "h:901/o", "h:902", "N"]),
            (
                "halves pair across a full campaign approved between them",
                3,
                vec![campaign(1, 0, 1, 50, &[10]), campaign(2, 1, 1, 100, &[20]), campaign(3, 2, 1, 50, &[30])],
                vec!["c1:10/e", "c3:30/o", "c2:20", "h:901", "N"],
            ),
            ("a half campaign with two slots fills both halves of one", 2, vec![campaign(1, 0, 2, 50, &[10, 11])], vec!["c1:10/e", "c1:11/o", "h:901", "N"]),
            (
                "unsold slots get house ads of the template type round-robin",
                5,
                vec![campaign(1, 0, 1, 100, &[10])],
                vec!["c1:10", "h:901", "h:902", "h:901", "h:902", "N"],
            ),
            (
                "ordered by approval time, then cmpgId",
                4,
                vec![campaign(9, 5, 1, 100, &[90]), campaign(7, 0, 1, 100, &[70]), campaign(8, 5, 1, 100, &[80]), campaign(3, 9, 1, 100, &[30])],
                vec!["c7:70", "c8:80", "c9:90", "c3:30", "N"],
            ),
            (
                "campaigns beyond capacity are left out",
                2,
                vec![campaign(1, 0, 1, 100, &[10]), campaign(2, 1, 2, 100, &[20]), campaign(3, 2, 1, 50, &[30])],
                vec!["c1:10", "c2:20", "N"],
            ),
            ("a campaign without materials still holds its slot", 1, vec![campaign(1, 0, 1, 100, &[])], vec!["c1:-", "N"]),
            ("no ad slots: only the notice", 0, vec![campaign(1, 0, 1, 100, &[10])], vec!["N"]),
        ];
        for (name, slots, campaigns, expected) in table {
            assert_eq!(picture(&build(group(slots, 0), &campaigns, HOUSE, &[])), expected, "{name}");
        }
    }

    #[test]
    fn house_slots_without_house_materials_stay_empty() {
        let l = build(group(2, 0), &[campaign(1, 0, 1, 50, &[10])], &[HouseMaterial { mat_id: 1, template_type: 0 }], &[]);
        assert_eq!(picture(&l), ["c1:10/e", "h:-/o", "h:-", "N"]);
    }

    #[test]
    fn contents_are_spread_evenly() {
        let contents: Vec<ContentItem> = (1..=3).map(|m| ContentItem { mat_id: Some(m), seconds: 20, text: None }).collect();
        let campaigns: Vec<LoopCampaign> = (1..=8).map(|i| campaign(i, i as u32, 1, 100, &[i * 10])).collect();
        let table: &[(i64, usize, &[&str])] = &[
            (8, 2, &["c1:10", "c2:20", "c3:30", "c4:40", "C1", "c5:50", "c6:60", "c7:70", "c8:80", "C2", "N"]),
            (8, 3, &["c1:10", "c2:20", "C1", "c3:30", "c4:40", "c5:50", "C2", "c6:60", "c7:70", "c8:80", "C3", "N"]),
            (2, 3, &["C1", "c1:10", "C2", "c2:20", "C3", "N"]),
            (0, 2, &["C1", "C2", "N"]),
            (3, 0, &["c1:10", "c2:20", "c3:30", "N"]),
        ];
        for (slots, content_cnt, expected) in table {
            let l = build(group(*slots, 0), &campaigns, HOUSE, &contents[..*content_cnt]);
            assert_eq!(picture(&l), *expected, "{slots} slots, {content_cnt} contents");
        }
    }

    #[test]
    fn schd_group_rotates_the_ad_slots() {
        let campaigns: Vec<LoopCampaign> = (1..=10).map(|i| campaign(i, i as u32, 1, 100, &[i])).collect();
        let first_ad = |slots: i64, g: i64| build(group(slots, g), &campaigns, &[], &[]).items[0].cmpg_id.unwrap();
        // 8 slots: shifts 0, 2, 4, 6; 10 slots: 0, 2, 5, 7
        for (g, expected_8, expected_10) in [(0, 1, 1), (1, 3, 3), (2, 5, 6), (3, 7, 8)] {
            assert_eq!(first_ad(8, g), expected_8, "8 slots, group {g}");
            assert_eq!(first_ad(10, g), expected_10, "10 slots, group {g}");
        }
        let l = build(group(4, 1), &campaigns[..3], HOUSE, &[]);
        assert_eq!(picture(&l), ["c2:2", "c3:3", "h:901", "c1:1", "N"], "house ads follow the rotated order");
        assert_eq!(first_ad(3, 1), 1, "3 × 1 / 4 = 0: no shift");
    }

    #[test]
    fn seq_seconds_and_the_notice() {
        let campaigns = [campaign(1, 0, 1, 50, &[10]), campaign(2, 1, 1, 50, &[20]), campaign(3, 2, 1, 100, &[30])];
        let contents = [ContentItem { mat_id: Some(5), seconds: 20, text: None }];
        let l = build(group(3, 0), &campaigns, HOUSE, &contents);
        let seqs: Vec<i64> = l.items.iter().map(|i| i.seq).collect();
        assert_eq!(seqs, (1..=l.items.len() as i64).collect::<Vec<_>>());
        let last = l.items.last().unwrap();
        assert_eq!((last.slot_type, last.seconds, last.loops), (SlotType::Notice, 10, Loops::All));
        // 3 ad slots of 15 s (the shared one once) + content 20 + notice 10
        assert_eq!(l.loop_sec, 45 + 20 + 10);
        for n in 0..4u64 {
            let played: i64 = l.items.iter().filter(|i| i.loops.plays_in(n)).map(|i| i.seconds).sum();
            assert_eq!(played, l.loop_sec, "every loop lasts the same, loop {n}");
        }
    }

    #[test]
    fn wire_shape() {
        let l = build(group(1, 0), &[campaign(1, 0, 1, 50, &[10])], HOUSE, &[]);
        let json = serde_json::to_value(&l).unwrap();
        assert_eq!(json["loopSec"], 25);
        assert_eq!(json["loop"][0], serde_json::json!({"seq": 1, "slotType": 1, "cmpgId": 1, "matId": 10, "seconds": 15, "loops": "even"}));
        assert_eq!(json["loop"][1], serde_json::json!({"seq": 2, "slotType": 2, "cmpgId": null, "matId": 901, "seconds": 15, "loops": "odd"}));
        let back: Loop = serde_json::from_value(json).unwrap();
        assert_eq!(back, l);
        assert_eq!(SlotType::from_code(5), None);
    }

    #[test]
    fn operating_seconds_of_hours() {
        assert_eq!(operating_seconds("06:00", "23:00"), 17 * 3600);
        assert_eq!(operating_seconds("00:00", "24:00"), 24 * 3600);
        assert_eq!(operating_seconds("22:00", "02:00"), 4 * 3600, "past midnight");
        assert_eq!(operating_seconds("06:30", "07:00"), 1800);
        assert_eq!(operating_seconds("07:00", "07:00"), 24 * 3600, "no closing: the whole day");
        assert_eq!(operating_seconds("x", "23:00"), 24 * 3600);
        assert_eq!(operating_seconds("25:00", "23:00"), 24 * 3600);
        assert_eq!(operating_seconds("06:60", "23:00"), 24 * 3600);
    }

    #[test]
    fn loops_and_plays_of_halves() {
        assert_eq!(loops_in(150, 3600), 24);
        assert_eq!(loops_in(160, 3600), 22, "whole loops only");
        assert_eq!(loops_in(0, 3600), 0);
        assert_eq!(Loops::All.plays_in_first(5), 5);
        assert_eq!(Loops::Even.plays_in_first(5), 3, "loops 0, 2, 4");
        assert_eq!(Loops::Odd.plays_in_first(5), 2, "loops 1, 3");
        assert_eq!(Loops::Even.plays_in_first(0), 0);
        for n in 0..20u64 {
            let counted = (0..n).filter(|k| Loops::Even.plays_in(*k)).count() as u64;
            assert_eq!(Loops::Even.plays_in_first(n), counted);
            assert_eq!(Loops::Odd.plays_in_first(n), (0..n).filter(|k| Loops::Odd.plays_in(*k)).count() as u64);
        }
        let item = |seq, cmpg: Option<i64>, loops| LoopItem { seq, slot_type: SlotType::Ad, cmpg_id: cmpg, mat_id: Some(1), seconds: 15, loops, text: None };
        let items = [item(1, Some(7), Loops::All), item(2, Some(7), Loops::Even), item(3, Some(8), Loops::Odd), item(4, None, Loops::All)];
        assert_eq!(scheduled_plays(&items, 10, |i| i.cmpg_id == Some(7)), 15);
        assert_eq!(scheduled_plays(&items, 10, |i| i.cmpg_id == Some(8)), 5);
        assert_eq!(scheduled_plays(&items, 0, |_| true), 0);
    }
}
