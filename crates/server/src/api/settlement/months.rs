//! The months of the closing list: one line per month from the first month a campaign earned in
//! up to the last finished month; closed months as they were stored, open ones computed live with
//! the same rules.

use crate::db::entity::{campaign, settlement_month};
use crate::error::ApiResult;
use crate::services::settlement::inputs;
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait};
use std::collections::{BTreeMap, HashMap};
use townboard_domain::settlement::{Month, monthly_revenue};

#[derive(Debug, Clone)]
pub struct Line {
    pub month: Month,
    /// 0 open, 1 closed.
    pub status: i32,
    /// Its close is running.
    pub closing: bool,
    pub campaigns: i64,
    pub revenue: i64,
    pub closed_at: Option<DateTime<Utc>>,
    pub closed_by: Option<i64>,
}

/// Every month's line up to the month before `today`'s, oldest first.
pub async fn lines(db: &impl ConnectionTrait, today: NaiveDate) -> ApiResult<Vec<Line>> {
    let last = Month::of(today).prev();
    let stored: HashMap<Month, settlement_month::Model> =
        settlement_month::Entity::find().all(db).await?.into_iter().filter_map(|m| Some((Month::parse(&m.month)?, m))).collect();
    let started = inputs::earning().add(campaign::Column::StartDate.lte(last.last_day().format("%Y-%m-%d").to_string()));
    let campaigns = inputs::campaigns(db, &started).await?;
    let mut live: BTreeMap<Month, (i64, i64)> = BTreeMap::new();
    for terms in &campaigns.terms {
        for (month, r) in monthly_revenue(terms, last) {
            let line = live.entry(month).or_default();
            line.0 += 1;
            line.1 += r.revenue;
        }
    }
    let Some(mut month) = live.keys().chain(stored.keys()).min().copied() else { return Ok(vec![]) };
    let mut out = Vec::new();
    while month <= last {
        let line = match stored.get(&month) {
            Some(s) if s.status == settlement_month::CLOSED => {
                Line { month, status: s.status, closing: s.closing, campaigns: s.campaigns, revenue: s.revenue, closed_at: s.closed_at, closed_by: s.closed_by }
            }
            other => {
                let (campaigns, revenue) = live.get(&month).copied().unwrap_or_default();
                Line { month, status: settlement_month::OPEN, closing: other.is_some_and(|s| s.closing), campaigns, revenue, closed_at: None, closed_by: None }
            }
        };
        out.push(line);
        month = month.next();
    }
    Ok(out)
}
