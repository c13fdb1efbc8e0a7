//! The campaigns' settlement (`campaign/jungsan`): one line per campaign that played in the month,
//! with its live days, its priced period and supply, and the month's revenue. The rows follow the
//! caller's campaign scope.

use super::names;
use super::statement::{Filters, Statement, Sum, number, text};
use crate::api::resource::{BoxFut, Filter, Match, filter};
use crate::auth::Caller;
use crate::db::entity::campaign;
use crate::db::entity::settlement_campaign::{Column, Entity, Model};
use crate::error::ApiResult;
use crate::excel::Cell;
use crate::services::settlement::compute::{CampaignRow, MonthRows};
use crate::services::settlement::store;
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, Order};
use serde_json::{Value, json};
use townboard_domain::settlement::Month;

pub struct CampaignLines;

fn title_contains(text: &str) -> Condition {
    let titled = Query::select()
        .column(campaign::Column::CmpgId)
        .from(campaign::Entity)
        .and_where(crate::db::like::contains(campaign::Column::CmpgTitle, text))
        .to_owned();
    Condition::all().add(Column::CmpgId.in_subquery(titled))
}

impl Statement for CampaignLines {
    type Entity = Entity;
    type Row = CampaignRow;
    const TITLE: &'static str = "캠페인정산";
    const HEADERS: &'static [&'static str] = &["정산월", "캠페인 ID", "캠페인명", "송출일수", "기간(일)", "공급가(원)", "매출(원)"];

    fn month_column() -> Column {
        Column::Month
    }
    fn filters() -> Vec<Filter<Column>> {
        vec![filter("cmpgId", Column::CmpgId, Match::Int), filter("cmpgTitle", Column::CmpgId, Match::Custom(title_contains))]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("cmpgId", Column::CmpgId), ("liveDays", Column::LiveDays), ("revenue", Column::Revenue)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::CmpgId, Order::Asc)
    }
    fn tiebreak() -> Vec<Column> {
        vec![Column::CmpgId]
    }
    fn sums() -> Vec<Sum<Column>> {
        vec![Sum::all("revenue", Column::Revenue)]
    }
    fn stored_scope(caller: &Caller) -> Option<Condition> {
        let reach = crate::auth::scope::campaigns(caller)?;
        let ids = Query::select().column(campaign::Column::CmpgId).from(campaign::Entity).cond_where(reach).to_owned();
        Some(Condition::all().add(Column::CmpgId.in_subquery(ids)))
    }
    fn campaign_scope(caller: &Caller) -> Option<Condition> {
        crate::auth::scope::campaigns(caller)
    }
    fn stored(m: Model) -> CampaignRow {
        store::campaign_row(m)
    }
    fn live(rows: MonthRows) -> Vec<CampaignRow> {
        rows.campaigns
    }
    fn keep(row: &CampaignRow, _caller: &Caller, f: &Filters) -> bool {
        f.cmpg_id.is_none_or(|c| row.cmpg_id == c) && f.cmpg_title.as_deref().is_none_or(|t| row.title.to_lowercase().contains(&t.to_lowercase()))
    }
    fn number(row: &CampaignRow, column: &str) -> i64 {
        match column {
            "live_days" => row.live_days,
            "revenue" => row.revenue,
            _ => row.cmpg_id,
        }
    }
    fn natural(row: &CampaignRow) -> (i64, i64) {
        (row.cmpg_id, 0)
    }
    fn named<'a>(db: &'a DatabaseConnection, month: Month, rows: &'a [CampaignRow]) -> BoxFut<'a, ApiResult<Vec<Value>>> {
        Box::pin(async move {
            let titles = names::campaigns(db, rows.iter().map(|r| r.cmpg_id)).await?;
            Ok(rows
                .iter()
                .map(|r| {
                    json!({
                        "cmpgId": r.cmpg_id, "cmpgTitle": titles.get(&r.cmpg_id), "month": month, "liveDays": r.live_days,
                        "periodDays": r.period_days, "supply": r.supply, "revenue": r.revenue,
                    })
                })
                .collect())
        })
    }
    fn cells(r: &Value) -> Vec<Cell> {
        vec![
            text(r, "month"),
            number(r, "cmpgId"),
            text(r, "cmpgTitle"),
            number(r, "liveDays"),
            number(r, "periodDays"),
            number(r, "supply"),
            number(r, "revenue"),
        ]
    }
    fn sum_cells(sum: &Value) -> Vec<Vec<Cell>> {
        let blank = || Cell::Text(String::new());
        vec![vec![Cell::Text("합계".into()), blank(), blank(), blank(), blank(), blank(), number(sum, "revenue")]]
    }
}
