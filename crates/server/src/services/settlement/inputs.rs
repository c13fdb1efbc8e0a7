//! What the settlement of a month reads, in bulk: the campaigns that played in it with their stops
//! and resumes, their sites and screens, the site owners and the fee rates. Each kind of row comes
//! in one statement whatever the number of campaigns (their ids as a subquery, never a loop).

use crate::db::entity::{campaign, campaign_history, campaign_target, fee_media, fee_sales, media, media_group, poi, user};
use crate::error::ApiResult;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::sea_query::{Expr, Func, Query, SelectStatement};
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use std::collections::HashMap;
use townboard_domain::campaign::{Action, Status};
use townboard_domain::settlement::{CampaignTerms, Month, RunEvent, stopped_ranges};

/// Statuses of campaigns that were approved and not cancelled: the ones that earn.
pub const EARNING: [Status; 4] = [Status::Approved, Status::Live, Status::Stopped, Status::Ended];

/// Campaigns that earn, with a price and a period.
pub fn earning() -> Condition {
    Condition::all()
        .add(campaign::Column::DeletedAt.is_null())
        .add(campaign::Column::CmpgStatus.is_in(EARNING.map(Status::code)))
        .add(campaign::Column::Supply.is_not_null())
        .add(campaign::Column::StartDate.is_not_null())
        .add(campaign::Column::EndDate.is_not_null())
}

/// Earning campaigns with a day of their period in `month`: the others earn nothing in it.
pub fn in_month(month: Month) -> Condition {
    earning().add(campaign::Column::StartDate.lte(day(month.last_day()))).add(campaign::Column::EndDate.gte(day(month.first_day())))
}

fn day(d: NaiveDate) -> String {
    d.format("%Y-%m-%d").to_string()
}

fn parse(d: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()
}

fn ids_of(which: &Condition) -> SelectStatement {
    Query::select().column(campaign::Column::CmpgId).from(campaign::Entity).cond_where(which.clone()).to_owned()
}

/// The campaigns of `which` as the settlement reads them, with their titles; sites not read yet.
pub struct Campaigns {
    pub terms: Vec<CampaignTerms>,
    pub titles: HashMap<i64, String>,
    /// The corp of each sales user (their rows are their corp's).
    pub user_corp: HashMap<i64, i64>,
}

type CampaignColumns = (i64, String, Option<String>, Option<String>, Option<i64>, Option<i64>, Option<i64>, Option<i64>);

/// Reads the campaigns of `which` with their stop and resume history and the corp of their sales
/// users (three statements).
pub async fn campaigns(db: &impl ConnectionTrait, which: &Condition) -> ApiResult<Campaigns> {
    use campaign::Column as C;
    let rows: Vec<CampaignColumns> = campaign::Entity::find()
        .select_only()
        .columns([C::CmpgId, C::CmpgTitle, C::StartDate, C::EndDate, C::Days, C::Supply, C::AgentCId, C::SalesUIdx])
        .filter(which.clone())
        .order_by_asc(C::CmpgId)
        .into_tuple()
        .all(db)
        .await?;
    let history: Vec<(i64, String, DateTime<Utc>)> = campaign_history::Entity::find()
        .select_only()
        .columns([campaign_history::Column::CmpgId, campaign_history::Column::Action, campaign_history::Column::CreatedAt])
        .filter(campaign_history::Column::Action.is_in([Action::Stop.as_str(), Action::Resume.as_str()]))
        .filter(campaign_history::Column::CmpgId.in_subquery(ids_of(which)))
        .order_by_asc(campaign_history::Column::ChIdx)
        .into_tuple()
        .all(db)
        .await?;
    let sales_users = Query::select().column(C::SalesUIdx).from(campaign::Entity).cond_where(which.clone()).and_where(C::SalesUIdx.is_not_null()).to_owned();
    let user_corp: HashMap<i64, i64> = user::Entity::find()
        .select_only()
        .columns([user::Column::UIdx, user::Column::CId])
        .filter(user::Column::UIdx.in_subquery(sales_users))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut events: HashMap<i64, Vec<RunEvent>> = HashMap::new();
    for (cmpg_id, action, at) in history {
        // A stop or a resume takes effect the day after the local day it was made.
        let on = crate::time::today(at);
        events.entry(cmpg_id).or_default().push(if action == Action::Stop.as_str() { RunEvent::Stop { on } } else { RunEvent::Resume { on } });
    }
    let mut out = Campaigns { terms: Vec::with_capacity(rows.len()), titles: HashMap::with_capacity(rows.len()), user_corp: HashMap::new() };
    for (cmpg_id, title, start, end, days, supply, agent, sales_user) in rows {
        let (Some(start), Some(last_day)) = (start.as_deref().and_then(parse), end.as_deref().and_then(parse)) else { continue };
        // The period it was priced for: a mid-termination moves the end, not the price's days.
        let days = days.filter(|d| *d > 0).unwrap_or_else(|| townboard_domain::price::period_days(start, last_day));
        let priced_end = start + Duration::days(days - 1);
        let stopped = stopped_ranges(events.get(&cmpg_id).map_or(&[][..], Vec::as_slice), last_day);
        let sales_user_corp = sales_user.and_then(|u| user_corp.get(&u).copied());
        out.titles.insert(cmpg_id, title);
        out.terms.push(CampaignTerms {
            cmpg_id,
            supply: supply.unwrap_or(0),
            start,
            priced_end,
            last_day,
            stopped,
            screens: vec![],
            sales_corp: agent.or(sales_user_corp),
            sales_user: sales_user.filter(|_| sales_user_corp.is_some()),
        });
    }
    out.user_corp = user_corp;
    Ok(out)
}

/// The sites the campaigns played on: owners, all their live screens, and each user's corp.
#[derive(Default)]
pub struct Sites {
    pub owner: HashMap<i64, i64>,
    pub screens: HashMap<i64, i64>,
}

/// Fills in each campaign's screens per site (`w(p)`: live screens of its target groups at the
/// site) and reads the sites (five statements).
pub async fn sites(db: &impl ConnectionTrait, which: &Condition, terms: &mut [CampaignTerms]) -> ApiResult<Sites> {
    let targets: Vec<(i64, i64)> = campaign_target::Entity::find()
        .select_only()
        .columns([campaign_target::Column::CmpgId, campaign_target::Column::MgId])
        .filter(campaign_target::Column::CmpgId.in_subquery(ids_of(which)))
        .into_tuple()
        .all(db)
        .await?;
    let target_groups = Query::select()
        .column(campaign_target::Column::MgId)
        .from(campaign_target::Entity)
        .and_where(campaign_target::Column::CmpgId.in_subquery(ids_of(which)))
        .to_owned();
    let group_site: HashMap<i64, i64> = media_group::Entity::find()
        .select_only()
        .columns([media_group::Column::MgId, media_group::Column::PoiId])
        .filter(media_group::Column::MgId.in_subquery(target_groups.clone()))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let group_screens: HashMap<i64, i64> = media::Entity::find()
        .select_only()
        .column(media::Column::MgId)
        .column_as(Expr::expr(Func::count(Expr::col(media::Column::MediaId))), "n")
        .filter(media::Column::DeletedAt.is_null())
        .filter(media::Column::MgId.in_subquery(target_groups.clone()))
        .group_by(media::Column::MgId)
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let target_sites =
        Query::select().column(media_group::Column::PoiId).from(media_group::Entity).and_where(media_group::Column::MgId.in_subquery(target_groups)).to_owned();
    let owner: HashMap<i64, i64> = poi::Entity::find()
        .select_only()
        .columns([poi::Column::PoiId, poi::Column::CId])
        .filter(poi::Column::PoiId.in_subquery(target_sites.clone()))
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let screens: HashMap<i64, i64> = media::Entity::find()
        .select_only()
        .column(media::Column::PoiId)
        .column_as(Expr::expr(Func::count(Expr::col(media::Column::MediaId))), "n")
        .filter(media::Column::DeletedAt.is_null())
        .filter(media::Column::PoiId.in_subquery(target_sites))
        .group_by(media::Column::PoiId)
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let mut per_campaign: HashMap<i64, HashMap<i64, i64>> = HashMap::new();
    for (cmpg_id, mg_id) in targets {
        let Some(poi_id) = group_site.get(&mg_id) else { continue };
        *per_campaign.entry(cmpg_id).or_default().entry(*poi_id).or_default() += group_screens.get(&mg_id).copied().unwrap_or(0);
    }
    for t in terms.iter_mut() {
        let mut w: Vec<(i64, i64)> = per_campaign.remove(&t.cmpg_id).map(|m| m.into_iter().collect()).unwrap_or_default();
        w.sort_unstable();
        t.screens = w;
    }
    Ok(Sites { owner, screens })
}

/// Rate histories in creation order: `(cId, poiId or 0)` for media fees, `(cId, uIdx or 0)` for
/// sales fees.
#[derive(Default)]
pub struct Rates {
    pub media: HashMap<(i64, i64), Vec<(NaiveDate, i64)>>,
    pub sales: HashMap<(i64, i64), Vec<(NaiveDate, i64)>>,
}

/// Every rate that applies from a day up to `through` (two statements).
pub async fn rates(db: &impl ConnectionTrait, through: NaiveDate) -> ApiResult<Rates> {
    let last = day(through);
    let media: Vec<(i64, i64, String, i32)> = fee_media::Entity::find()
        .select_only()
        .columns([fee_media::Column::CId, fee_media::Column::PoiId, fee_media::Column::FromDate, fee_media::Column::Rate])
        .filter(fee_media::Column::FromDate.lte(last.clone()))
        .order_by_asc(fee_media::Column::FeeIdx)
        .into_tuple()
        .all(db)
        .await?;
    let sales: Vec<(i64, i64, String, i32)> = fee_sales::Entity::find()
        .select_only()
        .columns([fee_sales::Column::CId, fee_sales::Column::UIdx, fee_sales::Column::FromDate, fee_sales::Column::Rate])
        .filter(fee_sales::Column::FromDate.lte(last))
        .order_by_asc(fee_sales::Column::FeeIdx)
        .into_tuple()
        .all(db)
        .await?;
    let mut out = Rates::default();
    for (into, rows) in [(&mut out.media, media), (&mut out.sales, sales)] {
        for (c_id, other, from, rate) in rows {
            if let Some(from) = parse(&from) {
                into.entry((c_id, other)).or_default().push((from, i64::from(rate)));
            }
        }
    }
    Ok(out)
}
