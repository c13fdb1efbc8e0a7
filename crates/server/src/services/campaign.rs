//! A campaign's steps through the status machine of `townboard_domain::campaign`, each with a
//! history row of its own and one of the general history: shared by the campaign screens and the
//! daily job that starts and ends campaigns.

use crate::auth::Caller;
use crate::changes::by_caller;
use crate::db::entity::campaign::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{campaign_history, history};
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, Duration, NaiveDate, Utc};
use sea_orm::{ActiveValue::NotSet, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::campaign::{self as rules, Action, Refusal, Rights, Status};
use townboard_domain::validate::parse_date;

/// The general history's name for campaign rows.
pub const TARGET: &str = "campaign";

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
        Actor::User(caller) => by_caller(txn, caller, now, TARGET, after.cmpg_id, action, before, Some(after)).await?,
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
