//! A stored campaign as the campaign screens write it: found in the caller's scope, its fields and
//! price written from a form; its steps through the status machine are `crate::services::campaign`.

use super::form::Form;
use crate::auth::Caller;
use crate::db::entity::campaign::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{campaign_material, campaign_target};
use crate::error::{ApiError, ApiResult};
use chrono::{DateTime, NaiveDate, Utc};
use sea_orm::{ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter};
use townboard_domain::campaign::{self as rules, Rights, Status};
use townboard_domain::price::Quote;

pub use crate::services::campaign::{Actor, TARGET, catch_up, check, dates, display, effective, log, move_to, refused, status_of};

/// What the caller may do to campaigns, from their permissions.
pub fn rights(caller: &Caller) -> Rights {
    Rights::from_permissions(|code| caller.permissions.contains(code))
}

/// Env `CMPG_END_SOON_DAYS` (7 when unset).
pub async fn end_soon_days(state: &crate::state::AppState) -> ApiResult<i64> {
    Ok(crate::settings::get(state, "CMPG_END_SOON_DAYS").await?.and_then(|v| v.trim().parse().ok()).filter(|d| *d >= 0).unwrap_or(rules::END_SOON_DAYS))
}

/// The live campaign with this id in the caller's scope, else 10404.
pub async fn find(db: &impl ConnectionTrait, caller: &Caller, cmpg_id: i64) -> ApiResult<Model> {
    let mut q = Entity::find().filter(Column::CmpgId.eq(cmpg_id)).filter(Column::DeletedAt.is_null());
    if let Some(scope) = crate::auth::scope::campaigns(caller) {
        q = q.filter(scope);
    }
    q.one(db).await?.ok_or(ApiError::NotFound)
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
