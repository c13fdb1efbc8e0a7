//! The sales statement (`settlement/sales`): one row per sales corp (`uIdx` null) and per sales
//! user with the month's revenue of their campaigns, the sales fee rate in force and the fee.
//! Sales agents read their corp's rows and its users'.

use super::names;
use super::statement::{Filters, Statement, Sum, number, rate, text};
use crate::api::resource::{BoxFut, Filter, Match, filter};
use crate::auth::Caller;
use crate::db::entity::settlement_sales::{Column, Entity, Model};
use crate::error::ApiResult;
use crate::excel::Cell;
use crate::services::settlement::compute::{MonthRows, SalesRow};
use crate::services::settlement::store;
use sea_orm::{ColumnTrait, Condition, DatabaseConnection, Order};
use serde_json::{Value, json};
use townboard_domain::settlement::Month;

pub struct SalesOwners;

impl Statement for SalesOwners {
    type Entity = Entity;
    type Row = SalesRow;
    const TITLE: &'static str = "영업정산";
    const HEADERS: &'static [&'static str] = &["정산월", "영업사", "영업 담당자", "매출(원)", "수수료율(%)", "수수료(원)"];

    fn month_column() -> Column {
        Column::Month
    }
    fn filters() -> Vec<Filter<Column>> {
        vec![filter("cId", Column::CId, Match::Int), filter("uIdx", Column::UIdx, Match::Int)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("cId", Column::CId), ("uIdx", Column::UIdx), ("revenue", Column::Revenue), ("fee", Column::Fee)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::CId, Order::Asc)
    }
    fn tiebreak() -> Vec<Column> {
        vec![Column::CId, Column::UIdx]
    }
    /// Revenue is the corps' (a salesperson's row repeats a share of its corp's revenue); fees are
    /// the corps' and the salespeople's, apart and together.
    fn sums() -> Vec<Sum<Column>> {
        vec![
            Sum::where_unset("revenue", Column::Revenue, Column::UIdx),
            Sum::where_unset("corpFee", Column::Fee, Column::UIdx),
            Sum::where_set("userFee", Column::Fee, Column::UIdx),
            Sum::all("fee", Column::Fee),
        ]
    }
    fn stored_scope(caller: &Caller) -> Option<Condition> {
        (!caller.role.sees_all_rows()).then(|| Condition::all().add(Column::CId.eq(caller.user.c_id)))
    }
    fn stored(m: Model) -> SalesRow {
        store::sales_row(m)
    }
    fn live(rows: MonthRows) -> Vec<SalesRow> {
        rows.sales
    }
    fn keep(row: &SalesRow, caller: &Caller, f: &Filters) -> bool {
        (caller.role.sees_all_rows() || row.c_id == caller.user.c_id) && f.c_id.is_none_or(|c| row.c_id == c) && f.u_idx.is_none_or(|u| row.u_idx == u)
    }
    fn number(row: &SalesRow, column: &str) -> i64 {
        match column {
            "u_idx" => row.u_idx,
            "revenue" => row.revenue,
            "fee" => row.fee,
            _ => row.c_id,
        }
    }
    fn natural(row: &SalesRow) -> (i64, i64) {
        (row.c_id, row.u_idx)
    }
    fn named<'a>(db: &'a DatabaseConnection, month: Month, rows: &'a [SalesRow]) -> BoxFut<'a, ApiResult<Vec<Value>>> {
        Box::pin(async move {
            let corps = names::corps(db, rows.iter().map(|r| r.c_id)).await?;
            let users = names::users(db, rows.iter().map(|r| r.u_idx)).await?;
            Ok(rows
                .iter()
                .map(|r| {
                    let user = (r.u_idx != 0).then_some(r.u_idx);
                    json!({
                        "month": month, "cId": r.c_id, "cName": corps.get(&r.c_id), "uIdx": user, "uName": user.and_then(|u| users.get(&u)),
                        "revenue": r.revenue, "rate": rate(r.rate), "fee": r.fee,
                    })
                })
                .collect())
        })
    }
    fn cells(r: &Value) -> Vec<Cell> {
        vec![text(r, "month"), text(r, "cName"), text(r, "uName"), number(r, "revenue"), number(r, "rate"), number(r, "fee")]
    }
    fn sum_cells(sum: &Value) -> Vec<Vec<Cell>> {
        let blank = || Cell::Text(String::new());
        let label = |text: &str| Cell::Text(text.into());
        vec![
            vec![label("영업사 수수료 합계"), blank(), blank(), blank(), blank(), number(sum, "corpFee")],
            vec![label("담당자 수수료 합계"), blank(), blank(), blank(), blank(), number(sum, "userFee")],
            vec![label("합계"), blank(), blank(), number(sum, "revenue"), blank(), number(sum, "fee")],
        ]
    }
}
