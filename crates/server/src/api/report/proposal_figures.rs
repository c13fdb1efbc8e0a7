//! What a proposal would buy, worked out as a campaign would be: its target groups with their
//! screens, the price by the domain rule with the current products (the figures of
//! `campaign/regist/jsonQuote.do`), the audience, the days that lack slots, and the plays its
//! screens would give.

use crate::api::campaign::form::{self, Target};
use crate::db::entity::{package, plan, product};
use crate::error::ApiResult;
use chrono::NaiveDate;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use serde_json::{Value, json};
use std::collections::{HashMap, HashSet};
use townboard_domain::availability::{self, Conflict, Hold, Request, units_needed};
use townboard_domain::price::{self, Extra, Quote, QuoteInput, RegionMultipliers};
use townboard_domain::schedule::{loops_in, operating_seconds};

/// Groups read at a time.
const CHUNK: usize = 500;

/// What a proposal buys: the rows it names and its terms.
pub struct Terms<'a> {
    pub package: &'a package::Model,
    pub product: &'a product::Model,
    pub start: NaiveDate,
    pub end: NaiveDate,
    pub slot_cnt: i64,
    pub schd_rate: i64,
    /// The extra charge as stored: type and value.
    pub extra: Option<(&'a str, i64)>,
    pub targets: &'a [Target],
}

/// The live groups among `mg_ids` with their sites and screens, in id order (groups taken down are left out).
pub async fn targets(db: &impl ConnectionTrait, mg_ids: &[i64]) -> ApiResult<Vec<Target>> {
    let mut out = Vec::with_capacity(mg_ids.len());
    for chunk in mg_ids.chunks(CHUNK) {
        out.extend(form::groups(db, chunk).await?.into_values());
    }
    out.sort_by_key(|t| t.group.mg_id);
    Ok(out)
}

/// The price as `jsonQuote.do` makes it: the product's unit price over every screen of the groups.
pub fn quote(terms: &Terms) -> Result<Quote, (&'static str, &'static str)> {
    price::quote(&QuoteInput {
        unit_price: terms.product.unit_price,
        slot_cnt: terms.slot_cnt,
        media_cnt: terms.targets.iter().map(|t| t.media_cnt).sum(),
        start: terms.start,
        end: terms.end,
        schd_rate: terms.schd_rate,
        extra: terms.extra.and_then(|(kind, value)| Extra::from_wire(kind, value)),
        coupon: None,
        price_gross: terms.package.price_gross_yn == "Y",
    })
}

/// Households of the target sites (each site once) by their sido's multiplier.
pub fn audience(targets: &[Target], multipliers: &RegionMultipliers) -> i64 {
    let mut seen = HashSet::new();
    let sites: Vec<(&str, i64)> =
        targets.iter().filter_map(|t| t.site.as_ref()).filter(|s| seen.insert(s.poi_id)).map(|s| (s.rgn_cd.as_str(), i64::from(s.da_cnt))).collect();
    price::audience(&sites, multipliers)
}

/// The groups and days from `today` on where the slots asked for are not free.
pub async fn conflicts(db: &impl ConnectionTrait, terms: &Terms<'_>, today: NaiveDate) -> ApiResult<Vec<Conflict>> {
    let from = terms.start.max(today);
    let mg_ids: Vec<i64> = terms.targets.iter().map(|t| t.group.mg_id).collect();
    let used = crate::slots::used(db, &mg_ids, from, terms.end, None).await?;
    let units = units_needed(terms.slot_cnt, terms.schd_rate);
    let booked: HashSet<i64> = used.keys().map(|(mg_id, _)| *mg_id).collect();
    // A group nobody holds anything on lacks slots only when it sells fewer than asked: leaving the
    // others out gives the same answer without walking each of their days.
    let requests: Vec<Request> = terms
        .targets
        .iter()
        .filter(|t| booked.contains(&t.group.mg_id) || units.0 > i64::from(t.group.ad_slot_cnt) * 2)
        .map(|t| Request { hold: Hold { mg_id: t.group.mg_id, from, to: terms.end, units }, ad_slot_cnt: t.group.ad_slot_cnt.into() })
        .collect();
    Ok(availability::conflicts(&requests, &used))
}

/// The quote's answer: the price, the audience and the conflicts, as `jsonQuote.do` gives them.
pub async fn quote_answer(db: &impl ConnectionTrait, terms: &Terms<'_>, multipliers: &RegionMultipliers, today: NaiveDate) -> ApiResult<Value> {
    let Ok(quote) = quote(terms) else { return Ok(Value::Null) };
    let mut answer = serde_json::to_value(&quote).map_err(crate::error::ApiError::internal)?;
    answer["audience"] = json!(audience(terms.targets, multipliers));
    answer["conflicts"] = json!(conflicts(db, terms, today).await?);
    Ok(answer)
}

/// One loop of a group with no plan for the day: every ad slot, the contents of its template and
/// the closing notice.
pub fn estimated_loop(ad_slot_cnt: i64, slot_sec: i64, content_seconds: i64) -> i64 {
    ad_slot_cnt * slot_sec + content_seconds + crate::plans::NOTICE_SECONDS
}

/// Plays of the proposal on one screen on a day of `loops` loops: a full slot plays once a loop,
/// a half (50 %) every other loop.
pub fn plays_a_day(loops: u64, slot_cnt: i64, schd_rate: i64) -> i64 {
    loops as i64 * slot_cnt * schd_rate / 100
}

/// Plays the proposal's screens would give over its period: on each group and day, its screens ×
/// the whole loops that fit in the site's opening hours × the proposal's slots. A day already
/// planned counts the plan's loop; another day the loop the group would play with the contents
/// in force on the first day still to come.
pub async fn expected_plays(db: &impl ConnectionTrait, terms: &Terms<'_>, today: NaiveDate) -> ApiResult<i64> {
    if terms.end < terms.start {
        return Ok(0);
    }
    let days = price::period_days(terms.start, terms.end);
    let (from, to) = (crate::slots::day(terms.start), crate::slots::day(terms.end));
    let mut planned: HashMap<i64, Vec<i64>> = HashMap::new();
    let mg_ids: Vec<i64> = terms.targets.iter().map(|t| t.group.mg_id).collect();
    for chunk in mg_ids.chunks(CHUNK) {
        let loops: Vec<(i64, i32)> = plan::Entity::find()
            .select_only()
            .column(plan::Column::MgId)
            .column(plan::Column::LoopSec)
            .filter(plan::Column::MgId.is_in(chunk.to_vec()))
            .filter(plan::Column::PlayDate.between(from.clone(), to.clone()))
            .into_tuple()
            .all(db)
            .await?;
        for (mg_id, loop_sec) in loops {
            planned.entry(mg_id).or_default().push(loop_sec.into());
        }
    }
    let mut contents: HashMap<i32, i64> = HashMap::new();
    for template in terms.targets.iter().map(|t| t.group.template_type).collect::<HashSet<_>>() {
        let found = crate::plans::contents::contents_for(db, template, terms.start.max(today)).await?;
        contents.insert(template, found.iter().map(|(_, seconds, _)| i64::from(*seconds)).sum());
    }
    let mut total = 0i64;
    for t in terms.targets {
        let open = t.site.as_ref().map_or(24 * 3600, |s| operating_seconds(&s.open_time, &s.close_time));
        let a_day = |loop_sec: i64| plays_a_day(loops_in(loop_sec, open), terms.slot_cnt, terms.schd_rate);
        let plans = planned.get(&t.group.mg_id).map_or(&[][..], Vec::as_slice);
        let estimated = estimated_loop(t.group.ad_slot_cnt.into(), t.group.slot_sec.into(), contents.get(&t.group.template_type).copied().unwrap_or(0));
        let per_screen = plans.iter().map(|l| a_day(*l)).sum::<i64>() + (days - plans.len() as i64).max(0) * a_day(estimated);
        total += t.media_cnt * per_screen;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_without_a_plan() {
        // Ten 15-second slots, 20 seconds of contents and the 10-second notice.
        assert_eq!(estimated_loop(10, 15, 20), 180);
        assert_eq!(estimated_loop(0, 15, 0), 10);
    }

    #[test]
    fn plays_of_full_and_half_slots() {
        assert_eq!(plays_a_day(480, 1, 100), 480);
        assert_eq!(plays_a_day(480, 2, 100), 960);
        assert_eq!(plays_a_day(480, 1, 50), 240);
        assert_eq!(plays_a_day(479, 1, 50), 239, "a half plays every other loop, whole plays only");
        assert_eq!(plays_a_day(0, 3, 100), 0);
    }
}
