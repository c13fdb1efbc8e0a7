//! The four campaign lists (`/campaign/{temp,request,run,end}`) and their details.

use super::listing::{self, Today};
use super::store;
use crate::auth::guard::Caller;
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
pub async fn list<L: List>(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    let today = today(&state).await?;
    let asked = listing::read(&body, Some(L::KIND), today)?;
    let (rows, total) = listing::page(&state.db, &caller, &asked, Some(L::KIND), today).await?;
    Ok(crate::api::resource::page_answer(rows, total, &asked.query))
}

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DetailBody {
    cmpg_id: i64,
}

/// `{list}/jsonDetail.do {cmpgId}`: a campaign in the caller's scope with its groups, materials,
/// price, history, change requests and the actions the caller may take.
pub async fn detail<L: List>(State(state): State<AppState>, caller: Caller, Input(body): Input<DetailBody>) -> ApiResult<Response> {
    let today = today(&state).await?;
    Ok(ok(listing::detail(&state.db, &caller, body.cmpg_id, today).await?))
}
