//! `promotion/sent/jsonSend.do {cpIdx, cIds, message?}`: a text about a coupon to each corp's
//! representative phone through the SMS provider (every text kept in its outbox), each recorded
//! with how it went; answers how many were sent. The representative phone is the corp's first
//! contact person's, else its first approved user's; a corp with neither is recorded as failed.

use crate::auth::Caller;
use crate::db::entity::{corp, corp_person, coupon, promotion_sent, user};
use crate::error::{ApiError, ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::json;
use std::collections::{BTreeSet, HashMap};

pub const MAX_CORPS: usize = 1000;
pub const MAX_MESSAGE: usize = 2000;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendBody {
    cp_idx: i64,
    /// 1-1000 corps.
    #[serde(rename = "cIds")]
    c_ids: Vec<i64>,
    /// The text; by default one naming the coupon.
    message: Option<String>,
}

fn default_message(c: &coupon::Model) -> String {
    let off = if c.discount_type == "PCT" { format!("{}%", c.discount_value) } else { format!("{}원", c.discount_value) };
    format!("[타운보드] {} 쿠폰으로 광고비를 {off} 할인받으세요. 사용 기간 {} ~ {}", c.cp_nm, c.from_date, c.to_date)
}

/// Each corp's representative phone (none when it has no contact person or user with one).
async fn phones(state: &AppState, c_ids: &[i64]) -> ApiResult<HashMap<i64, String>> {
    let mut out = HashMap::new();
    for chunk in c_ids.chunks(500) {
        let users = user::Entity::find()
            .filter(user::Column::CId.is_in(chunk.to_vec()))
            .filter(user::Column::DeletedAt.is_null())
            .filter(user::Column::UStatus.eq(1))
            .filter(user::Column::Phone.ne(""))
            .order_by_asc(user::Column::UIdx)
            .all(&state.db)
            .await?;
        for u in users {
            out.entry(u.c_id).or_insert(u.phone);
        }
        let people = corp_person::Entity::find()
            .filter(corp_person::Column::CId.is_in(chunk.to_vec()))
            .filter(corp_person::Column::PersonTel.ne(""))
            .order_by_desc(corp_person::Column::PersonIdx)
            .all(&state.db)
            .await?;
        // The first contact person wins over a user: the last insert of the descending order.
        for p in people {
            out.insert(p.c_id, p.person_tel);
        }
    }
    Ok(out)
}

pub async fn send(State(state): State<AppState>, caller: Caller, Input(body): Input<SendBody>) -> ApiResult<Response> {
    let c_ids: Vec<i64> = body.c_ids.iter().copied().collect::<BTreeSet<_>>().into_iter().collect();
    if c_ids.is_empty() || c_ids.len() > MAX_CORPS {
        return Err(ApiError::invalid("cIds", format!("받을 사업자를 1~{MAX_CORPS}곳 선택하세요.")));
    }
    let message = body.message.map(|m| m.trim().to_string()).filter(|m| !m.is_empty());
    if message.as_ref().is_some_and(|m| m.chars().count() > MAX_MESSAGE) {
        return Err(ApiError::invalid("message", format!("{MAX_MESSAGE}자 이하로 입력하세요.")));
    }
    let found = coupon::Entity::find_by_id(body.cp_idx).filter(coupon::Column::DeletedAt.is_null()).one(&state.db).await?;
    let Some(found) = found else { return Err(ApiError::invalid("cpIdx", "쿠폰을 찾을 수 없습니다.")) };
    let mut live = 0;
    for chunk in c_ids.chunks(500) {
        live += corp::Entity::find().filter(corp::Column::CId.is_in(chunk.to_vec())).filter(corp::Column::DeletedAt.is_null()).all(&state.db).await?.len();
    }
    if live != c_ids.len() {
        return Err(ApiError::invalid("cIds", "찾을 수 없는 사업자가 있습니다."));
    }
    let text = message.unwrap_or_else(|| default_message(&found));
    let phones = phones(&state, &c_ids).await?;
    let now = state.clock.now();
    // Recorded before anything leaves, so a failure half way still shows what was asked.
    let txn = crate::db::begin_write(&state.writer).await?;
    let mut queued = Vec::with_capacity(c_ids.len());
    for c_id in &c_ids {
        let phone = phones.get(c_id).cloned().unwrap_or_default();
        let row = promotion_sent::ActiveModel {
            cp_idx: Set(found.cp_idx),
            c_id: Set(*c_id),
            phone: Set(phone.chars().take(20).collect()),
            message: Set(text.clone()),
            status: Set("queued".into()),
            sent_at: Set(None),
            created_by: Set(Some(caller.u_idx())),
            created_at: Set(now),
            ..Default::default()
        };
        queued.push((promotion_sent::Entity::insert(row).exec(&txn).await?.last_insert_id, phone));
    }
    txn.commit().await?;
    let (mut sent, mut failed) = (Vec::new(), Vec::new());
    for (sp_idx, phone) in queued {
        if phone.is_empty() {
            failed.push(sp_idx);
            continue;
        }
        match crate::sms::send(&state, &phone, &text).await {
            Ok(()) => sent.push(sp_idx),
            Err(e) => {
                tracing::warn!(sp_idx, error = ?e, "a promotion text was not sent");
                failed.push(sp_idx);
            }
        }
    }
    let done = state.clock.now();
    for (ids, status) in [(&sent, "sent"), (&failed, "failed")] {
        for chunk in ids.chunks(500) {
            let mut update = promotion_sent::Entity::update_many().col_expr(promotion_sent::Column::Status, Expr::value(status));
            if status == "sent" {
                update = update.col_expr(promotion_sent::Column::SentAt, Expr::value(Some(done)));
            }
            update.filter(promotion_sent::Column::SpIdx.is_in(chunk.to_vec())).exec(&state.writer).await?;
        }
    }
    Ok(ok(json!({ "sent": sent.len(), "failed": failed.len() })))
}
