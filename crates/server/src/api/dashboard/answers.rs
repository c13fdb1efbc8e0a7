//! `dashboard/{manager,media,saler}/jsonMain.do`: each role has its dashboard, and another role
//! asking for it is refused (10403). Figures are counted by [`super::figures`] over the caller's
//! reach and kept a few seconds ([`crate::kept::dashboards`]).

use super::figures::{self, Reach, Today};
use crate::api::campaign::store;
use crate::api::settlement::campaign_rows::CampaignLines;
use crate::api::settlement::sales_rows::SalesOwners;
use crate::api::settlement::site_rows::Sites;
use crate::api::settlement::statement::{Statement, month_sums};
use crate::auth::Caller;
use crate::auth::scope::{self, Role};
use crate::db::entity::{campaign, campaign_target, media, media_group};
use crate::error::{ApiError, ApiResult, ok};
use crate::kept::dashboards;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition};
use serde_json::{Value, json};
use townboard_domain::settlement::Month;

async fn today(state: &AppState) -> ApiResult<Today> {
    Ok(Today { date: crate::time::today(state.clock.now()), end_soon_days: store::end_soon_days(state).await? })
}

/// This month's revenue as its settlement counts it (domain.md §7: by the live days of each
/// campaign in the month), over the rows of the statement `S` in the caller's scope.
async fn revenue_this_month<S: Statement>(state: &AppState, caller: &Caller, today: Today) -> ApiResult<i64> {
    let sums = month_sums::<S>(state, caller, Month::of(today.date)).await?;
    Ok(sums["revenue"].as_i64().unwrap_or(0))
}

/// Campaigns, screens, plays, occupancy and this month's sales over a reach (the network, or a
/// media corp's); `sales` is the month's revenue of the reach, counted as its settlement does.
async fn operations(state: &AppState, reach: &Reach, today: Today, sales: impl Future<Output = ApiResult<i64>>) -> ApiResult<Value> {
    let db = &state.db;
    state.ingestion.settle().await?;
    let (by_display, screens, faults, plays, occupancy, sales, recent) = tokio::try_join!(
        figures::by_display_status(db, reach, Some(&figures::COUNTED[..]), today),
        figures::screens(db, reach),
        figures::faults(db, reach),
        figures::plays_on(db, reach, today.date),
        figures::occupancy(db, reach, today.date),
        sales,
        figures::recent_campaigns(db, reach, today),
    )?;
    let mut answer = figures::campaign_counts(&by_display);
    answer["screens"] = screens;
    answer["faults"] = json!(faults);
    answer["playsToday"] = json!(plays);
    answer["occupancy"] = json!(occupancy);
    answer["salesThisMonth"] = json!(sales);
    answer["recentCampaigns"] = json!(recent);
    Ok(answer)
}

/// `dashboard/manager/jsonMain.do`: the whole network (managers and operators).
pub async fn manager(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    if !caller.role.sees_all_rows() {
        return Err(ApiError::Forbidden);
    }
    let today = today(&state).await?;
    let everything = Reach::default();
    let sales = revenue_this_month::<CampaignLines>(&state, &caller, today);
    let answer = dashboards::answer(format!("manager\n{}", today.date), || operations(&state, &everything, today, sales)).await?;
    Ok(ok(answer.as_ref()))
}

/// `dashboard/media/jsonMain.do`: a media agent's corp's sites, their screens and groups, and
/// the campaigns on those groups, and the last finished month's settlement of the sites.
pub async fn media(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    if caller.role != Role::MediaAgent {
        return Err(ApiError::Forbidden);
    }
    let screens = scope::sites(&caller, media::Column::PoiId, None);
    let groups = scope::sites(&caller, media_group::Column::PoiId, None);
    let campaigns = groups.clone().map(|g| {
        let on_groups = Query::select().column(media_group::Column::MgId).from(media_group::Entity).cond_where(g).to_owned();
        let targets = Query::select()
            .column(campaign_target::Column::CmpgId)
            .from(campaign_target::Entity)
            .and_where(campaign_target::Column::MgId.in_subquery(on_groups))
            .to_owned();
        Condition::all().add(campaign::Column::CmpgId.in_subquery(targets))
    });
    let reach = Reach { campaigns, screens, groups };
    let today = today(&state).await?;
    let last_month = Month::of(today.date).prev();
    let answer = dashboards::answer(format!("media\n{}\n{}", caller.user.c_id, today.date), || async {
        let sales = revenue_this_month::<Sites>(&state, &caller, today);
        let (mut answer, settlement) = tokio::try_join!(operations(&state, &reach, today, sales), month_sums::<Sites>(&state, &caller, last_month))?;
        answer["settlement"] = settlement;
        Ok(answer)
    })
    .await?;
    Ok(ok(answer.as_ref()))
}

/// `dashboard/saler/jsonMain.do`: the campaigns in a sales caller's reach by status, this month's
/// sales, the last finished month's fees of their corp, and the point balances of their corp and
/// their own.
pub async fn saler(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    if !caller.role.is_sales() {
        return Err(ApiError::Forbidden);
    }
    let reach = Reach { campaigns: scope::campaigns(&caller), ..Reach::default() };
    let today = today(&state).await?;
    let count = || async {
        let db = &state.db;
        let (month, _) = figures::month_of(today.date);
        let (by_display, sales, points, fees) = tokio::try_join!(
            figures::by_display_status(db, &reach, None, today),
            revenue_this_month::<SalesOwners>(&state, &caller, today),
            figures::points(db, caller.user.c_id, caller.user.u_idx),
            month_sums::<SalesOwners>(&state, &caller, Month::of(today.date).prev()),
        )?;
        let mut answer = figures::campaign_counts(&by_display);
        answer["byStatus"] = json!(by_display.iter().map(|(code, n)| json!({ "displayStatus": code, "count": n })).collect::<Vec<_>>());
        answer["sales"] = json!({ "month": month, "total": sales });
        answer["points"] = points;
        answer["fees"] = fees;
        Ok(answer)
    };
    let answer = dashboards::answer(format!("saler\n{}\n{}", caller.user.u_idx, today.date), count).await?;
    Ok(ok(answer.as_ref()))
}
