//! A stored campaign: found in the caller's scope, its fields written, and moved through the status
//! machine of `townboard_domain::campaign` with a history row of its own and one of the general
//! history for every step.

use super::form::Form;
use crate::api::resource::record;
use crate::auth::guard::Caller;
use crate::db::entity::campaign::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{campaign_history, campaign_material, campaign_target, history};
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::campaign::{self as rules, Action, Refusal, Rights, Status};
use townboard_domain::price::Quote;
use townboard_domain::validate::parse_date;

/// The general history's name for campaign rows.
pub const TARGET: &str = "campaign";

/// What the caller may do to campaigns, from their permissions.
pub fn rights(caller: &Caller) -> Rights {
    Rights::from_permissions(|code| caller.permissions.contains(code))
}

/// Env `CMPG_END_SOON_DAYS` (7 when unset).
pub async fn end_soon_days(state: &crate::state::AppState) -> ApiResult<i64> {
    Ok(crate::settings::get(state, "CMPG_END_SOON_DAYS").await?.and_then(|v| v.trim().parse().ok()).filter(|d| *d >= 0).unwrap_or(rules::END_SOON_DAYS))
}

pub fn status_of(c: &Model) -> Status {
    Status::from_code(c.cmpg_status).unwrap_or(Status::TempSaved)
}

/// The stored period; a draft without dates reads as today (dates do not matter to its status).
pub fn dates(c: &Model, today: NaiveDate) -> (NaiveDate, NaiveDate) {
    let read = |d: &Option<String>| d.as_deref().and_then(parse_date);
    (read(&c.start_date).unwrap_or(today), read(&c.end_date).unwrap_or(today))
}

pub fn effective(c: &Model, today: NaiveDate) -> Status {
    let (start, end) = dates(c, today);
    rules::effective_status(status_of(c), start, end, today)
}

pub fn display(c: &Model, today: NaiveDate, end_soon_days: i64) -> i32 {
    let (start, end) = dates(c, today);
    rules::display_status(status_of(c), start, end, today, end_soon_days, c.cancelled_by_owner)
}

/// The live campaign with this id in the caller's scope, else 10404.
pub async fn find(db: &impl ConnectionTrait, caller: &Caller, cmpg_id: i64) -> ApiResult<Model> {
    let mut q = Entity::find().filter(Column::CmpgId.eq(cmpg_id)).filter(Column::DeletedAt.is_null());
    if let Some(scope) = crate::auth::scope::campaigns(caller) {
        q = q.filter(scope);
    }
    q.one(db).await?.ok_or(ApiError::NotFound)
}

/// The answer to a refused action: 10409 for the status or the date, 10403 for the caller's rights.
pub fn refused(refusal: Refusal) -> ApiError {
    match refusal {
        Refusal::Status => ApiError::conflict("현재 상태에서는 할 수 없는 작업입니다."),
        Refusal::Date => ApiError::conflict("캠페인 기간상 지금은 할 수 없는 작업입니다."),
        Refusal::Forbidden => ApiError::Forbidden,
    }
}

/// Checks an action of the caller on the campaign today; the status to store.
pub fn check(c: &Model, action: Action, rights: &Rights, today: NaiveDate) -> ApiResult<Status> {
    let (start, end) = dates(c, today);
    rules::check(Some(status_of(c)), action, rights, start, end, today).map_err(refused)
}

/// Who moves a campaign: a caller, or the daily job.
#[derive(Clone, Copy)]
pub enum Actor<'a> {
    User(&'a Caller),
    System,
}

impl Actor<'_> {
    pub fn u_id(&self) -> &str {
        match self {
            Actor::User(caller) => &caller.user.u_id,
            Actor::System => "system",
        }
    }
}

/// Writes the campaign's history row and the general history row of one step; the campaign
/// history row's id (it names the business event of points moved by the step).
#[allow(clippy::too_many_arguments)] // each argument is one column of the rows
pub async fn log(
    txn: &impl ConnectionTrait,
    actor: Actor<'_>,
    now: DateTime<Utc>,
    action: &str,
    from: Option<i32>,
    reason: Option<String>,
    before: Option<&Model>,
    after: &Model,
) -> ApiResult<i64> {
    let row = campaign_history::ActiveModel {
        cmpg_id: Set(after.cmpg_id),
        from_status: Set(from),
        to_status: Set(after.cmpg_status),
        action: Set(action.to_string()),
        reason: Set(reason),
        u_id: Set(actor.u_id().to_string()),
        created_at: Set(now),
        ..Default::default()
    };
    let ch_idx = campaign_history::Entity::insert(row).exec(txn).await?.last_insert_id;
    match actor {
        Actor::User(caller) => record(txn, caller, now, TARGET, after.cmpg_id, action, before, Some(after)).await?,
        Actor::System => {
            let json = |m: Option<&Model>| m.map(serde_json::to_string).transpose().map_err(ApiError::internal);
            history::Entity::insert(history::ActiveModel {
                target: Set(TARGET.into()),
                target_id: Set(after.cmpg_id.to_string()),
                action: Set(action.to_string()),
                u_id: Set(actor.u_id().to_string()),
                created_at: Set(now),
                before: Set(json(before)?),
                after: Set(json(Some(after))?),
                ..Default::default()
            })
            .exec_without_returning(txn)
            .await?;
        }
    }
    Ok(ch_idx)
}

/// Moves the campaign from its stored status to `to` with the other columns set in `changes`,
/// only if nobody moved it meanwhile (10409 otherwise), and writes the history rows. The moved
/// campaign and its history row id.
#[allow(clippy::too_many_arguments)] // each argument is one part of the step
pub async fn move_to(
    txn: &impl ConnectionTrait,
    actor: Actor<'_>,
    c: &Model,
    to: Status,
    action: &str,
    reason: Option<String>,
    now: DateTime<Utc>,
    mut changes: ActiveModel,
) -> ApiResult<(Model, i64)> {
    changes.cmpg_status = Set(to.code());
    changes.updated_at = Set(now);
    changes.cmpg_id = NotSet;
    let moved = Entity::update_many().set(changes).filter(Column::CmpgId.eq(c.cmpg_id)).filter(Column::CmpgStatus.eq(c.cmpg_status)).exec(txn).await?;
    if moved.rows_affected == 0 {
        return Err(ApiError::conflict("캠페인 상태가 바뀌었습니다. 새로고침 후 다시 시도하세요."));
    }
    let after = Entity::find_by_id(c.cmpg_id).one(txn).await?.ok_or(ApiError::NotFound)?;
    let ch_idx = log(txn, actor, now, action, Some(c.cmpg_status), reason, Some(c), &after).await?;
    Ok((after, ch_idx))
}

/// Records what the daily job would have done by now (30 -> 50 once the start has come, 50 -> 99
/// once the end has passed), so a step of a caller starts from the status a read shows.
pub async fn catch_up(txn: &impl ConnectionTrait, c: Model, today: NaiveDate, now: DateTime<Utc>) -> ApiResult<Model> {
    let (start, end) = dates(&c, today);
    let mut current = c;
    for (_, to) in rules::daily_transitions(status_of(&current), start, end, today) {
        let action = if to == Status::Ended { Action::End } else { Action::Start };
        let (after, _) = move_to(txn, Actor::System, &current, to, action.as_str(), None, now, <ActiveModel as Default>::default()).await?;
        if to == Status::Ended {
            // An ended campaign holds nothing after its last day.
            crate::slots::release(txn, after.cmpg_id, end + Duration::days(1), None).await?;
        }
        current = after;
    }
    Ok(current)
}

/// The price columns of a quote (all empty without one).
pub fn set_price(row: &mut ActiveModel, quote: Option<&Quote>, audience: Option<i64>) {
    row.days = Set(quote.map(|q| q.days));
    row.media_cnt = Set(quote.map(|q| q.media_cnt));
    row.unit_price = Set(quote.map(|q| q.unit_price));
    row.base = Set(quote.map(|q| q.base));
    row.slot_discount = Set(quote.map(|q| q.slot_discount));
    row.period_discount = Set(quote.map(|q| q.period_discount));
    row.net = Set(quote.map(|q| q.net));
    row.adjusted = Set(quote.map(|q| q.adjusted));
    row.coupon = Set(quote.map(|q| q.coupon));
    row.supply = Set(quote.map(|q| q.supply));
    row.vat = Set(quote.map(|q| q.vat));
    row.total = Set(quote.map(|q| q.total));
    row.audience = Set(quote.and(audience));
}

/// The columns a form sets, price included.
pub fn form_columns(form: &Form, quote: Option<&Quote>, audience: Option<i64>) -> ActiveModel {
    let day = |d: Option<NaiveDate>| d.map(crate::slots::day);
    let mut row = ActiveModel {
        cmpg_title: Set(form.title.clone()),
        advertiser_c_id: Set(form.advertiser_c_id.unwrap_or_default()),
        agent_c_id: Set(form.agent_c_id),
        sales_u_idx: Set(form.sales_u_idx),
        platform: Set(form.platform),
        pkg_id: Set(form.package.as_ref().map(|p| p.pkg_id)),
        prd_id: Set(form.product.as_ref().map(|p| p.prd_id)),
        start_date: Set(day(form.start)),
        end_date: Set(day(form.end)),
        slot_cnt: Set(form.slot_cnt.map(|n| n as i32)),
        schd_rate: Set(form.schd_rate as i32),
        extra_type: Set(form.extra.as_ref().map(|(t, _)| t.clone())),
        extra_value: Set(form.extra.as_ref().map(|(_, v)| *v)),
        memo: Set(form.memo.clone()),
        cp_idx: Set(form.coupon.map(|c| c.cp_idx)),
        price_gross_yn: Set(form.package.as_ref().map_or_else(|| "N".to_string(), |p| p.price_gross_yn.clone())),
        ..Default::default()
    };
    set_price(&mut row, quote, audience);
    row
}

/// Replaces the campaign's target groups.
pub async fn set_targets(txn: &impl ConnectionTrait, cmpg_id: i64, mg_ids: &[i64]) -> ApiResult<()> {
    campaign_target::Entity::delete_many().filter(campaign_target::Column::CmpgId.eq(cmpg_id)).exec(txn).await?;
    if !mg_ids.is_empty() {
        let rows = mg_ids.iter().map(|mg_id| campaign_target::ActiveModel { cmpg_id: Set(cmpg_id), mg_id: Set(*mg_id) });
        campaign_target::Entity::insert_many(rows).exec_without_returning(txn).await?;
    }
    Ok(())
}

/// Replaces the campaign's materials.
pub async fn set_materials(txn: &impl ConnectionTrait, cmpg_id: i64, mat_ids: &[i64]) -> ApiResult<()> {
    campaign_material::Entity::delete_many().filter(campaign_material::Column::CmpgId.eq(cmpg_id)).exec(txn).await?;
    if !mat_ids.is_empty() {
        let rows = mat_ids.iter().map(|mat_id| campaign_material::ActiveModel { cmpg_id: Set(cmpg_id), mat_id: Set(*mat_id) });
        campaign_material::Entity::insert_many(rows).exec_without_returning(txn).await?;
    }
    Ok(())
}

/// Writes a new draft, or the form over a stored campaign (its status unchanged), with its groups
/// and materials.
pub async fn write(
    txn: &impl ConnectionTrait,
    caller: &Caller,
    form: &Form,
    existing: Option<&Model>,
    quote: Option<&Quote>,
    audience: Option<i64>,
    now: DateTime<Utc>,
) -> ApiResult<Model> {
    let mut row = form_columns(form, quote, audience);
    row.updated_at = Set(now);
    let saved = match existing {
        Some(e) => {
            row.cmpg_id = Set(e.cmpg_id);
            row.update(txn).await?
        }
        None => {
            row.cmpg_status = Set(Status::TempSaved.code());
            row.cancelled_by_owner = Set(false);
            row.paid_points = Set(0);
            row.created_by = Set(Some(caller.u_idx()));
            row.created_at = Set(now);
            row.insert(txn).await?
        }
    };
    set_targets(txn, saved.cmpg_id, &form.targets.iter().map(|t| t.group.mg_id).collect::<Vec<_>>()).await?;
    set_materials(txn, saved.cmpg_id, &form.materials.iter().map(|m| m.mat_id).collect::<Vec<_>>()).await?;
    Ok(saved)
}
