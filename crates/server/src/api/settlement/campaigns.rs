//! The campaigns' settlement of a month (`campaign/jungsan/jsonList.do {month, cmpgId?, cmpgTitle?}`).

use super::campaign_rows::CampaignLines;
use super::statement;
use crate::auth::Caller;
use crate::error::ApiResult;
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use serde_json::{Map, Value};

pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    statement::page::<CampaignLines>(&state, &caller, &body).await
}
