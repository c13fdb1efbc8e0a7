//! `settlement/media/jsonList.do {month, cId?, poiId?}`: the media owners' statement of a month.

use super::site_rows::Sites;
use super::statement;
use crate::auth::Caller;
use crate::error::ApiResult;
use crate::input::Input;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use serde_json::{Map, Value};

pub async fn list(State(state): State<AppState>, caller: Caller, Input(body): Input<Map<String, Value>>) -> ApiResult<Response> {
    statement::page::<Sites>(&state, &caller, &body).await
}
