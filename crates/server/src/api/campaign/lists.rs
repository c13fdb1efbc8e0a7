//! The four campaign lists (`/campaign/{temp,request,run,end}`) and their details.

use super::listing::{self, Today};
use super::store;
use crate::auth::Caller;
use crate::error::{ApiResult, ok};
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Map, Value};
use townboard_domain::campaign::ListKind;

/// One of the four lists, as a type for its handlers.
pub trait List: Send + Sync + 'static {
    const KIND: ListKind;
}

pub struct Temp;
pub struct Request;
pub struct Run;
pub struct End;

impl List for Temp {
    const KIND: ListKind = ListKind::Temp;
}
impl List for Request {
    const KIND: ListKind = ListKind::Request;
}
impl List for Run {
    const KIND: ListKind = ListKind::Run;
}
impl List for End {
    const KIND: ListKind = ListKind::End;
}

async fn today(state: &AppState) -> ApiResult<Today> {
    Ok(Today { date: crate::time::today(state.clock.now()), end_soon_days: store::end_soon_days(state).await? })
}

/// `{list}/jsonList.do`: the list's rows in the caller's scope.
/// A page asked again a moment later, with nothing it reads written since, is answered as it was:
/// per caller (the scope and the actions are theirs), list, question and day.
pub async fn list<L: List>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let today = today(&state).await?;
    let asked = listing::read(&body, Some(L::KIND), today)?;
    let key = format!("campaign-list\n{:?}\n{}\n{}", L::KIND, caller_key(&caller, today), Value::Object(body));
    let signature = crate::kept::reads::signature(CAMPAIGN_TABLES);
    let value = crate::kept::reads::answer(crate::kept::statements::keeping().as_deref(), key, signature, CAMPAIGN_KEEP, || async {
        let (rows, total) = listing::page(&state.db, &caller, &asked, Some(L::KIND), today).await?;
        Ok(crate::api::resource::Page::of(rows, total, &asked.query))
    })
    .await?;
    Ok(ok(value.as_ref()))
}

/// What a campaign's list row or detail depends on besides the data: the caller's scope and rights,
/// and the day.
fn caller_key(caller: &Caller, today: Today) -> String {
    let user = &caller.user;
    format!(
        "{}\n{}\n{}\n{:?}\n{:?}\n{:?}\n{}\n{}",
        caller.u_idx(),
        user.c_id,
        user.auth_type,
        user.team_id,
        caller.role,
        store::rights(caller),
        today.date,
        today.end_soon_days
    )
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DetailBody {
    cmpg_id: i64,
}

/// `{list}/jsonDetail.do {cmpgId}`: a campaign in the caller's scope with its groups, materials,
/// price, history, change requests and the actions the caller may take.
/// A detail opened again a moment later, with nothing it reads written since, is answered as it
/// was: per caller (the scope and the actions are theirs), campaign and day.
pub async fn detail<L: List>(State(state): State<AppState>, caller: Caller, Input(body): Input<DetailBody>) -> ApiResult<Response> {
    let today = today(&state).await?;
    let key = format!("campaign-detail\n{}\n{}", caller_key(&caller, today), body.cmpg_id);
    let signature = crate::kept::reads::signature(CAMPAIGN_TABLES);
    let value = crate::kept::reads::answer(crate::kept::statements::keeping().as_deref(), key, signature, CAMPAIGN_KEEP, || {
        listing::detail(&state.db, &caller, body.cmpg_id, today)
    })
    .await?;
    Ok(ok(value.as_ref()))
}

/// Every table a campaign's list or detail reads, as statements name them.
const CAMPAIGN_TABLES: &str = r#""campaign" "corp" "users" "package" "product" "media_group" "poi" "media" "campaign_target" "campaign_material" "material" "campaign_history" "campaign_change""#;

/// How long a list page or a detail is kept at most (another process's change shows after it).
const CAMPAIGN_KEEP: std::time::Duration = std::time::Duration::from_secs(1);
