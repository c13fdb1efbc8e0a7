//! The rows of a month (domain.md §7) from what [`super::inputs`] read: the same code computes the
//! live lists of an open month and the rows a close stores.

use super::inputs::{self, Campaigns, Rates, Sites};
use crate::error::ApiResult;
use chrono::NaiveDate;
use sea_orm::{Condition, ConnectionTrait};
use std::collections::HashMap;
use townboard_domain::settlement::{Month, fee, media_rate, rate_in_force, settle_month};

/// A site's row: the revenue of its shares, its media fee at the rate in force on the month's last
/// day (its override, else its owner's; none is 0).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteRow {
    pub poi_id: i64,
    pub c_id: i64,
    pub screens: i64,
    pub revenue: i64,
    pub rate: i32,
    pub fee: i64,
}

/// A sales corp's row (`u_idx` 0) or a sales user's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SalesRow {
    pub c_id: i64,
    pub u_idx: i64,
    pub revenue: i64,
    pub rate: i32,
    pub fee: i64,
}

/// A campaign's line (`campaign/jungsan`); the title is read with the live rows only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CampaignRow {
    pub cmpg_id: i64,
    pub title: String,
    pub live_days: i64,
    pub period_days: i64,
    pub supply: i64,
    pub revenue: i64,
}

/// Everything a month's settlement shows, each list in its natural order.
#[derive(Debug, Clone, Default)]
pub struct MonthRows {
    pub sites: Vec<SiteRow>,
    pub sales: Vec<SalesRow>,
    pub campaigns: Vec<CampaignRow>,
}

impl MonthRows {
    pub fn revenue(&self) -> i64 {
        self.campaigns.iter().map(|c| c.revenue).sum()
    }
}

/// The history of one rate owner (empty when it has none).
fn history(map: &HashMap<(i64, i64), Vec<(NaiveDate, i64)>>, key: (i64, i64)) -> &[(NaiveDate, i64)] {
    map.get(&key).map_or(&[], Vec::as_slice)
}

fn rate(value: Option<i64>) -> i32 {
    value.unwrap_or(0) as i32
}

/// Settles `month` over the campaigns read.
pub fn rows(month: Month, campaigns: Campaigns, sites: &Sites, rates: &Rates) -> MonthRows {
    let settled = settle_month(month, &campaigns.terms);
    let on = month.last_day();
    let mut out = MonthRows::default();
    for (poi_id, revenue) in settled.sites {
        let c_id = sites.owner.get(&poi_id).copied().unwrap_or(0);
        let rate = rate(media_rate(history(&rates.media, (c_id, poi_id)), history(&rates.media, (c_id, 0)), on));
        let screens = sites.screens.get(&poi_id).copied().unwrap_or(0);
        out.sites.push(SiteRow { poi_id, c_id, screens, revenue, rate, fee: fee(revenue, rate.into()) });
    }
    for (c_id, revenue) in settled.sales_corps {
        let rate = rate(rate_in_force(history(&rates.sales, (c_id, 0)), on));
        out.sales.push(SalesRow { c_id, u_idx: 0, revenue, rate, fee: fee(revenue, rate.into()) });
    }
    for (u_idx, revenue) in settled.sales_users {
        let c_id = campaigns.user_corp.get(&u_idx).copied().unwrap_or(0);
        let rate = rate(rate_in_force(history(&rates.sales, (c_id, u_idx)), on));
        out.sales.push(SalesRow { c_id, u_idx, revenue, rate, fee: fee(revenue, rate.into()) });
    }
    out.sales.sort_by_key(|r| (r.c_id, r.u_idx));
    let mut titles = campaigns.titles;
    out.campaigns = settled
        .campaigns
        .into_iter()
        .map(|c| CampaignRow {
            cmpg_id: c.cmpg_id,
            title: titles.remove(&c.cmpg_id).unwrap_or_default(),
            live_days: c.live_days,
            period_days: c.period_days,
            supply: c.supply,
            revenue: c.revenue,
        })
        .collect();
    out
}

/// Reads and settles `month` as the data stands, for the campaigns of `which` (all of the month's
/// when `None`).
pub async fn live(db: &impl ConnectionTrait, month: Month, which: Option<Condition>) -> ApiResult<MonthRows> {
    let mut cond = inputs::in_month(month);
    if let Some(which) = which {
        cond = cond.add(which);
    }
    let mut campaigns = inputs::campaigns(db, &cond).await?;
    let sites = inputs::sites(db, &cond, &mut campaigns.terms).await?;
    let rates = inputs::rates(db, month.last_day()).await?;
    Ok(rows(month, campaigns, &sites, &rates))
}
