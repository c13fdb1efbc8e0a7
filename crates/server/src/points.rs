//! The point ledgers (domain.md §7): an append-only ledger and a balance per owner (advertiser
//! corp, sales corp, sales user). Every entry is applied inside the caller's write transaction;
//! a debit is one conditional update (`balance >= amount`), so the balance never goes below zero
//! however many run at once. A business event (an approval's use, a cancel's or a stop's refund)
//! carries its reference and is applied once: a second attempt finds the first.

use crate::db::entity::{point_balance, point_ledger};
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, OnConflict};
use sea_orm::{ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use serde_json::json;
use townboard_domain::points::{self, EntryType, PointError};

/// Whose points.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// An advertiser corp (`cId`).
    Advertiser(i64),
    /// A sales corp (`cId`).
    Sales(i64),
    /// A sales user (`uIdx`).
    SalesUser(i64),
}

impl Owner {
    pub fn kind(self) -> &'static str {
        match self {
            Owner::Advertiser(_) => "advertiser",
            Owner::Sales(_) => "sales",
            Owner::SalesUser(_) => "salesuser",
        }
    }

    pub fn id(self) -> i64 {
        match self {
            Owner::Advertiser(id) | Owner::Sales(id) | Owner::SalesUser(id) => id,
        }
    }
}

/// One entry to write.
pub struct Entry<'a> {
    pub owner: Owner,
    pub pt_type: EntryType,
    pub amount: i64,
    /// The business event (`refType`, `refId`); none for manual entries.
    pub reference: Option<(&'static str, String)>,
    pub memo: String,
    /// Who wrote it (`system` for the daily job).
    pub u_id: &'a str,
}

fn of_owner(owner: Owner) -> sea_orm::Condition {
    sea_orm::Condition::all().add(point_balance::Column::OwnerType.eq(owner.kind())).add(point_balance::Column::OwnerId.eq(owner.id()))
}

/// The owner's balance (0 before any entry).
pub async fn balance(db: &impl ConnectionTrait, owner: Owner) -> ApiResult<i64> {
    Ok(point_balance::Entity::find().filter(of_owner(owner)).one(db).await?.map_or(0, |b| b.balance))
}

/// The 10409 answer of too few points: `data: {balance, required}`.
pub fn short_error(short: points::Short) -> ApiError {
    ApiError::Conflict { message: "포인트가 부족합니다.".into(), data: json!(short) }
}

fn refused(err: PointError) -> ApiError {
    match err {
        PointError::Amount => ApiError::invalid("amount", "1 이상의 포인트를 입력하세요."),
        PointError::Short(short) => short_error(short),
    }
}

/// Applies an entry; the balance after it. A business event applied before is not applied again:
/// the balance as it is now answers.
pub async fn apply(txn: &impl ConnectionTrait, entry: Entry<'_>, now: DateTime<Utc>) -> ApiResult<i64> {
    let owner = entry.owner;
    if let Some((ref_type, ref_id)) = &entry.reference {
        let done = point_ledger::Entity::find()
            .filter(point_ledger::Column::OwnerType.eq(owner.kind()))
            .filter(point_ledger::Column::OwnerId.eq(owner.id()))
            .filter(point_ledger::Column::RefType.eq(*ref_type))
            .filter(point_ledger::Column::RefId.eq(ref_id.as_str()))
            .filter(point_ledger::Column::PtType.eq(entry.pt_type.as_str()))
            .one(txn)
            .await?;
        if done.is_some() {
            return balance(txn, owner).await;
        }
    }
    if entry.amount <= 0 {
        return Err(refused(PointError::Amount));
    }
    point_balance::Entity::insert(point_balance::ActiveModel {
        owner_type: Set(owner.kind().to_string()),
        owner_id: Set(owner.id()),
        balance: Set(0),
        updated_at: Set(now),
    })
    .on_conflict(OnConflict::columns([point_balance::Column::OwnerType, point_balance::Column::OwnerId]).do_nothing().to_owned())
    .exec_without_returning(txn)
    .await?;
    let signed = entry.pt_type.sign() * entry.amount;
    let mut update = point_balance::Entity::update_many()
        .col_expr(point_balance::Column::Balance, Expr::col(point_balance::Column::Balance).add(signed))
        .col_expr(point_balance::Column::UpdatedAt, Expr::value(now))
        .filter(of_owner(owner));
    if signed < 0 {
        update = update.filter(point_balance::Column::Balance.gte(entry.amount));
    }
    if update.exec(txn).await?.rows_affected == 0 {
        let now_held = balance(txn, owner).await?;
        return Err(points::apply(now_held, entry.pt_type, entry.amount)
            .map(|_| ApiError::conflict("포인트가 변경되었습니다. 다시 시도하세요."))
            .unwrap_or_else(refused));
    }
    let after = balance(txn, owner).await?;
    let (ref_type, ref_id) = entry.reference.map_or((None, None), |(t, id)| (Some(t.to_string()), Some(id)));
    point_ledger::Entity::insert(point_ledger::ActiveModel {
        owner_type: Set(owner.kind().to_string()),
        owner_id: Set(owner.id()),
        pt_type: Set(entry.pt_type.as_str().to_string()),
        amount: Set(entry.amount),
        balance: Set(after),
        ref_type: Set(ref_type),
        ref_id: Set(ref_id),
        memo: Set(entry.memo),
        u_id: Set(entry.u_id.to_string()),
        created_at: Set(now),
        ..Default::default()
    })
    .exec_without_returning(txn)
    .await?;
    Ok(after)
}
