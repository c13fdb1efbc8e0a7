//! `GET /api/settlement/excel/download.do?list=media|sales|jungsan&month=...` with the list's
//! filters and order: the whole list in the caller's scope as an xlsx, written a chunk at a time,
//! with a sum row. The list decides the download permission.

use super::campaign_rows::CampaignLines;
use super::sales_rows::SalesOwners;
use super::site_rows::Sites;
use super::statement::{self, Statement};
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::excel::{Sheet, download};
use crate::input::Params;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::permission::{Kind, Permission};

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExcelQuery {
    /// media, sales or jungsan.
    list: String,
    /// YYYY-MM
    month: String,
    #[serde(rename = "cId")]
    c_id: Option<String>,
    poi_id: Option<String>,
    u_idx: Option<String>,
    cmpg_id: Option<String>,
    cmpg_title: Option<String>,
    sort_field: Option<String>,
    sort_order: Option<String>,
}

async fn sheet<S: Statement>(state: &AppState, caller: &Caller, body: &Map<String, Value>) -> ApiResult<Response> {
    let mut sheet = Sheet::new(S::TITLE, S::HEADERS)?;
    let (month, sum) = statement::each_chunk::<S>(state, caller, body, |rows| rows.iter().try_for_each(|r| sheet.add(S::cells(r)))).await?;
    S::sum_cells(&sum).into_iter().try_for_each(|row| sheet.add(row))?;
    Ok(download(&format!("{}_{month}.xlsx", S::TITLE), sheet.finish()?))
}

pub async fn download_list(State(state): State<AppState>, caller: Caller, Params(q): Params<ExcelQuery>) -> ApiResult<Response> {
    let program = match q.list.trim() {
        "media" => "settlement.media",
        "sales" => "settlement.sales",
        "jungsan" => "settlement.closing",
        _ => return Err(ApiError::invalid("list", "media, sales, jungsan 중 하나여야 합니다.")),
    };
    caller.require(Permission::new(program, Kind::Download))?;
    let mut body = Map::new();
    body.insert("month".into(), json!(q.month));
    let fields = [
        ("cId", q.c_id),
        ("poiId", q.poi_id),
        ("uIdx", q.u_idx),
        ("cmpgId", q.cmpg_id),
        ("cmpgTitle", q.cmpg_title),
        ("sortField", q.sort_field),
        ("sortOrder", q.sort_order),
    ];
    for (field, value) in &fields {
        if let Some(v) = value.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
            body.insert((*field).into(), json!(v));
        }
    }
    match program {
        "settlement.media" => sheet::<Sites>(&state, &caller, &body).await,
        "settlement.sales" => sheet::<SalesOwners>(&state, &caller, &body).await,
        _ => sheet::<CampaignLines>(&state, &caller, &body).await,
    }
}
