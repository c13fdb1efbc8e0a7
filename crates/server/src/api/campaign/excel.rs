//! `GET /api/campaign/excel/download.do?list=temp|request|run|end&...filters`: a list's rows for its
//! filters, in its order, in the caller's scope, as an xlsx. The caller needs the download
//! permission of that list.

use super::listing::{self, EXPORT_CHUNK, Today};
use super::store;
use crate::auth::Caller;
use crate::error::{ApiError, ApiResult};
use crate::excel::{Cell, Sheet, download};
use crate::input::Params;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use serde_json::{Map, Value, json};
use townboard_domain::campaign::ListKind;
use townboard_domain::permission::{Kind, Permission};

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExcelQuery {
    /// temp, request, run or end.
    list: String,
    cmpg_title: Option<String>,
    cmpg_status: Option<String>,
    #[serde(rename = "advertiserCId")]
    advertiser_c_id: Option<String>,
    platform: Option<String>,
    start_date: Option<String>,
    end_date: Option<String>,
    sort_field: Option<String>,
    sort_order: Option<String>,
}

const HEADERS: [&str; 20] = [
    "캠페인 ID",
    "캠페인명",
    "상태",
    "요청 유형",
    "광고주",
    "대행사",
    "영업 담당자",
    "플랫폼",
    "패키지",
    "상품",
    "시작일",
    "종료일",
    "구좌",
    "편성 비율",
    "매체 수",
    "공급가(원)",
    "부가세(원)",
    "합계(원)",
    "등록일시",
    "승인일시",
];

fn label(cd_key: &str, value: &Value) -> String {
    let code = match value {
        Value::Number(n) => n.to_string(),
        Value::String(s) => s.clone(),
        _ => return String::new(),
    };
    townboard_domain::codes::group(cd_key).and_then(|g| g.items.iter().find(|(c, _)| *c == code)).map_or(code, |(_, name)| (*name).to_string())
}

fn text(row: &Value, field: &str) -> Cell {
    Cell::Text(match &row[field] {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    })
}

fn number(row: &Value, field: &str) -> Cell {
    match row[field].as_f64() {
        Some(n) => Cell::Number(n),
        None => Cell::Text(String::new()),
    }
}

fn cells(r: &Value) -> Vec<Cell> {
    vec![
        number(r, "cmpgId"),
        text(r, "cmpgTitle"),
        Cell::Text(label("CMPG_STATUS", &r["displayStatus"])),
        Cell::Text(label("CMPG_WRITE_TYPE", &r["writeType"])),
        text(r, "advertiserCName"),
        text(r, "agentCName"),
        text(r, "salesUName"),
        Cell::Text(label("PLATFORM", &r["platform"])),
        text(r, "pkgNm"),
        text(r, "prdNm"),
        text(r, "startDate"),
        text(r, "endDate"),
        number(r, "slotCnt"),
        number(r, "schdRate"),
        number(r, "mediaCnt"),
        number(r, "supply"),
        number(r, "vat"),
        number(r, "total"),
        text(r, "createdAt"),
        text(r, "approvedAt"),
    ]
}

pub async fn download_list(State(state): State<AppState>, caller: Caller, Params(q): Params<ExcelQuery>) -> ApiResult<Response> {
    let kind = ListKind::parse(q.list.trim()).ok_or_else(|| ApiError::invalid("list", "temp, request, run, end 중 하나여야 합니다."))?;
    let program = match kind {
        ListKind::Temp => "campaign.temp",
        ListKind::Request => "campaign.request",
        ListKind::Run => "campaign.run",
        ListKind::End => "campaign.end",
    };
    caller.require(Permission::new(program, Kind::Download))?;
    let mut body = Map::new();
    for (field, value) in [
        ("cmpgTitle", q.cmpg_title),
        ("cmpgStatus", q.cmpg_status),
        ("advertiserCId", q.advertiser_c_id),
        ("platform", q.platform),
        ("startDate", q.start_date),
        ("endDate", q.end_date),
        ("sortField", q.sort_field),
        ("sortOrder", q.sort_order),
    ] {
        if let Some(v) = value.filter(|v| !v.trim().is_empty()) {
            body.insert(field.into(), json!(v));
        }
    }
    let today = Today { date: crate::time::today(state.clock.now()), end_soon_days: store::end_soon_days(&state).await? };
    let asked = listing::read(&body, Some(kind), today)?;
    // Every row of the list, read a chunk at a time into a sheet kept on disk.
    let mut sheet = Sheet::new("캠페인", &HEADERS)?;
    let mut offset = 0;
    loop {
        let rows = listing::chunk(&state.db, &caller, &asked, Some(kind), today, offset, EXPORT_CHUNK).await?;
        for r in &rows {
            sheet.add(cells(r))?;
        }
        if (rows.len() as u64) < EXPORT_CHUNK {
            break;
        }
        offset += EXPORT_CHUNK;
    }
    let bytes = sheet.finish()?;
    Ok(download(&format!("캠페인_{}_{}.xlsx", kind.as_str(), today.date.format("%Y%m%d")), bytes))
}
