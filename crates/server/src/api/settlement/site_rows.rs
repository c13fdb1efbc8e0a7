//! The media owners' statement (`settlement/media`): one row per site with its screens, the
//! month's revenue of its shares, the media fee rate in force and the fee. Media agents read their
//! corp's sites.

use super::names;
use super::statement::{Filters, Statement, Sum, number, rate, text};
use crate::api::resource::{BoxFut, Filter, Match, filter};
use crate::auth::Caller;
use crate::db::entity::settlement_site::{Column, Entity, Model};
use crate::error::ApiResult;
use crate::excel::Cell;
use crate::services::settlement::compute::{MonthRows, SiteRow};
use crate::services::settlement::store;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, Order};
use serde_json::{Value, json};
use townboard_domain::settlement::Month;

pub struct Sites;

impl Statement for Sites {
    type Entity = Entity;
    type Row = SiteRow;
    const TITLE: &'static str = "매체정산";
    const HEADERS: &'static [&'static str] = &["정산월", "매체사", "사이트 ID", "사이트", "화면 수", "매출(원)", "수수료율(%)", "수수료(원)"];

    fn month_column() -> Column {
        Column::Month
    }
    fn filters() -> Vec<Filter<Column>> {
        vec![filter("cId", Column::CId, Match::Int), filter("poiId", Column::PoiId, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("poiId", Column::PoiId), ("cId", Column::CId), ("screens", Column::Screens), ("revenue", Column::Revenue), ("fee", Column::Fee)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::PoiId, Order::Asc)
    }
    fn tiebreak() -> Vec<Column> {
        vec![Column::PoiId]
    }
    fn sums() -> Vec<Sum<Column>> {
        vec![Sum::all("revenue", Column::Revenue), Sum::all("fee", Column::Fee)]
    }
    fn stored_scope(caller: &Caller) -> Option<Condition> {
        (!caller.role.sees_all_rows()).then(|| Condition::all().add(Column::CId.eq(caller.user.c_id)))
    }
    fn stored(m: Model) -> SiteRow {
        store::site_row(m)
    }
    fn live(rows: MonthRows) -> Vec<SiteRow> {
        rows.sites
    }
    fn keep(row: &SiteRow, caller: &Caller, f: &Filters) -> bool {
        (caller.role.sees_all_rows() || row.c_id == caller.user.c_id) && f.c_id.is_none_or(|c| row.c_id == c) && f.poi_id.is_none_or(|p| row.poi_id == p)
    }
    fn number(row: &SiteRow, column: &str) -> i64 {
        match column {
            "c_id" => row.c_id,
            "screens" => row.screens,
            "revenue" => row.revenue,
            "fee" => row.fee,
            _ => row.poi_id,
        }
    }
    fn natural(row: &SiteRow) -> (i64, i64) {
        (row.poi_id, 0)
    }
    fn named<'a>(db: &'a DatabaseConnection, month: Month, rows: &'a [SiteRow]) -> BoxFut<'a, ApiResult<Vec<Value>>> {
        Box::pin(async move {
            let corps = names::corps(db, rows.iter().map(|r| r.c_id)).await?;
            let sites = names::sites(db, rows.iter().map(|r| r.poi_id)).await?;
            Ok(rows
                .iter()
                .map(|r| {
                    json!({
                        "month": month, "cId": r.c_id, "cName": corps.get(&r.c_id), "poiId": r.poi_id, "poiNm": sites.get(&r.poi_id),
                        "screens": r.screens, "revenue": r.revenue, "rate": rate(r.rate), "fee": r.fee,
                    })
                })
                .collect())
        })
    }
    fn cells(r: &Value) -> Vec<Cell> {
        vec![
            text(r, "month"),
            text(r, "cName"),
            number(r, "poiId"),
            text(r, "poiNm"),
            number(r, "screens"),
            number(r, "revenue"),
            number(r, "rate"),
            number(r, "fee"),
        ]
    }
    fn sum_cells(sum: &Value) -> Vec<Vec<Cell>> {
        let blank = || Cell::Text(String::new());
        vec![vec![Cell::Text("합계".into()), blank(), blank(), blank(), blank(), number(sum, "revenue"), blank(), number(sum, "fee")]]
    }
}
