//! The stored rows of closed months and the months' states: rows are written a chunk per write
//! transaction at a close and removed at a reopen.

use super::compute::{CampaignRow, MonthRows, SalesRow, SiteRow};
use crate::db::entity::{settlement_campaign, settlement_month, settlement_sales, settlement_site};
use crate::error::ApiResult;
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::settlement::Month;

/// Rows per write transaction: short enough not to hold the writer long.
pub const CHUNK: usize = 300;

/// The month's state; `None` for a month never closed (open).
pub async fn month(db: &impl ConnectionTrait, month: Month) -> ApiResult<Option<settlement_month::Model>> {
    Ok(settlement_month::Entity::find_by_id(month.to_string()).one(db).await?)
}

/// Whether the month's rows are stored (closed, not being closed).
pub async fn is_closed(db: &impl ConnectionTrait, month: Month) -> ApiResult<bool> {
    Ok(self::month(db, month).await?.is_some_and(|m| m.status == settlement_month::CLOSED && !m.closing))
}

/// Removes the month's stored rows.
pub async fn delete(db: &impl ConnectionTrait, month: Month) -> ApiResult<()> {
    let m = month.to_string();
    settlement_site::Entity::delete_many().filter(settlement_site::Column::Month.eq(m.clone())).exec(db).await?;
    settlement_sales::Entity::delete_many().filter(settlement_sales::Column::Month.eq(m.clone())).exec(db).await?;
    settlement_campaign::Entity::delete_many().filter(settlement_campaign::Column::Month.eq(m)).exec(db).await?;
    Ok(())
}

/// One chunk of rows to write in one transaction.
pub enum Chunk<'a> {
    Sites(&'a [SiteRow]),
    Sales(&'a [SalesRow]),
    Campaigns(&'a [CampaignRow]),
}

/// The rows of a month in chunks of [`CHUNK`].
pub fn chunks(rows: &MonthRows) -> Vec<Chunk<'_>> {
    let mut out: Vec<Chunk> = rows.sites.chunks(CHUNK).map(Chunk::Sites).collect();
    out.extend(rows.sales.chunks(CHUNK).map(Chunk::Sales));
    out.extend(rows.campaigns.chunks(CHUNK).map(Chunk::Campaigns));
    out
}

pub async fn write(db: &impl ConnectionTrait, month: Month, chunk: &Chunk<'_>) -> ApiResult<()> {
    let m = month.to_string();
    match chunk {
        Chunk::Sites(rows) => {
            let rows = rows.iter().map(|r| settlement_site::ActiveModel {
                month: Set(m.clone()),
                poi_id: Set(r.poi_id),
                c_id: Set(r.c_id),
                screens: Set(r.screens),
                revenue: Set(r.revenue),
                rate: Set(r.rate),
                fee: Set(r.fee),
            });
            settlement_site::Entity::insert_many(rows).exec_without_returning(db).await?;
        }
        Chunk::Sales(rows) => {
            let rows = rows.iter().map(|r| settlement_sales::ActiveModel {
                month: Set(m.clone()),
                c_id: Set(r.c_id),
                u_idx: Set(r.u_idx),
                revenue: Set(r.revenue),
                rate: Set(r.rate),
                fee: Set(r.fee),
            });
            settlement_sales::Entity::insert_many(rows).exec_without_returning(db).await?;
        }
        Chunk::Campaigns(rows) => {
            let rows = rows.iter().map(|r| settlement_campaign::ActiveModel {
                month: Set(m.clone()),
                cmpg_id: Set(r.cmpg_id),
                live_days: Set(r.live_days),
                period_days: Set(r.period_days),
                supply: Set(r.supply),
                revenue: Set(r.revenue),
            });
            settlement_campaign::Entity::insert_many(rows).exec_without_returning(db).await?;
        }
    }
    Ok(())
}

pub fn site_row(m: settlement_site::Model) -> SiteRow {
    SiteRow { poi_id: m.poi_id, c_id: m.c_id, screens: m.screens, revenue: m.revenue, rate: m.rate, fee: m.fee }
}

pub fn sales_row(m: settlement_sales::Model) -> SalesRow {
    SalesRow { c_id: m.c_id, u_idx: m.u_idx, revenue: m.revenue, rate: m.rate, fee: m.fee }
}

pub fn campaign_row(m: settlement_campaign::Model) -> CampaignRow {
    CampaignRow { cmpg_id: m.cmpg_id, title: String::new(), live_days: m.live_days, period_days: m.period_days, supply: m.supply, revenue: m.revenue }
}
