//! Every list, in every whitelisted sort and both orders, on its first page and on a deep one, is
//! read from an index in its order: the database's own plan of each statement the list runs shows
//! no full scan of a table and no sort after reading. On SQLite the plan is `EXPLAIN QUERY PLAN`;
//! on PostgreSQL `EXPLAIN` with sequential scans and sorts priced out, so that a scan or a sort
//! that remains is one no index can spare (an empty test table would otherwise always be scanned).

mod common;

use common::*;
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement, TransactionTrait};
use serde_json::{Map, Value, json};
use townboard_server::kept::statements;

/// A value a required list field accepts, from its name and schema.
fn required_value(name: &str, schema: &Value) -> Value {
    if name.ends_with("month") || name.ends_with("Month") {
        json!("2026-11")
    } else if schema["format"] == "date" {
        json!("2026-11-02")
    } else if schema["pattern"].is_string() {
        json!("2026-11")
    } else if schema["type"] == "integer" {
        json!(1)
    } else {
        json!("x")
    }
}

/// What is wrong in the plan of `stmt`: its lines that scan a whole table or sort, or none.
async fn faults(app: &TestApp, tables: &[String], stmt: &Statement) -> Vec<String> {
    let db = &app.state.db;
    match db.get_database_backend() {
        DatabaseBackend::Postgres => {
            let txn = db.begin().await.unwrap();
            txn.execute_unprepared("SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off").await.unwrap();
            let explain = Statement::from_sql_and_values(DatabaseBackend::Postgres, format!("EXPLAIN {}", stmt.sql), stmt.values.clone().map(|v| v.0).unwrap_or_default());
            let rows = txn.query_all_raw(explain).await.unwrap();
            txn.rollback().await.unwrap();
            let lines: Vec<String> = rows.iter().map(|r| r.try_get_by_index::<String>(0).unwrap()).collect();
            lines
                .iter()
                .filter(|line| {
                    let node = line.trim_start().trim_start_matches("->").trim_start();
                    node.starts_with("Seq Scan on ") || node.starts_with("Sort ") || node.starts_with("Incremental Sort ")
                })
                .map(|line| format!("{}\n      in {}", line.trim(), lines.join("\n         ")))
                .collect()
        }
        _ => {
            let explain = Statement::from_sql_and_values(DatabaseBackend::Sqlite, format!("EXPLAIN QUERY PLAN {}", stmt.sql), stmt.values.clone().map(|v| v.0).unwrap_or_default());
            let rows = db.query_all_raw(explain).await.unwrap();
            rows.iter()
                .map(|r| r.try_get_by_index::<String>(3).unwrap())
                .filter(|detail| {
                    let whole_table = detail.strip_prefix("SCAN ").is_some_and(|rest| tables.iter().any(|t| rest == t || rest.starts_with(&format!("{t} ")) && !rest.contains(" USING ")));
                    whole_table || detail.starts_with("USE TEMP B-TREE FOR") && detail.contains("ORDER BY")
                })
                .collect()
        }
    }
}

/// The tables of the schema, as the plans name them.
async fn tables(app: &TestApp) -> Vec<String> {
    let db = &app.state.db;
    let sql = match db.get_database_backend() {
        DatabaseBackend::Postgres => "SELECT tablename FROM pg_tables WHERE schemaname = 'public'",
        _ => "SELECT name FROM sqlite_master WHERE type = 'table'",
    };
    let rows = db.query_all_raw(Statement::from_string(db.get_database_backend(), sql)).await.unwrap();
    rows.iter().map(|r| r.try_get_by_index::<String>(0).unwrap()).collect()
}

#[tokio::test]
async fn every_list_in_every_sort_reads_an_index_in_its_order() {
    let app = spawn().await;
    app.login_admin().await;
    let tables = tables(&app).await;
    let (_, _, body) = app.request(axum::http::Method::GET, "/api/openapi.json", &[], vec![]).await;
    let doc: Value = serde_json::from_slice(&body).unwrap();
    let (mut pages, mut explained) = (0, 0);
    let mut wrong = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let schema = &item["post"]["requestBody"]["content"]["application/json"]["schema"];
        let Some(sorts) = schema["properties"]["sortField"]["enum"].as_array() else { continue };
        let mut base = Map::new();
        // The fields a list needs: those required, and the month of a monthly list.
        let required = schema["required"].as_array().into_iter().flatten().filter_map(Value::as_str);
        let monthly = schema["properties"].as_object().into_iter().flatten().map(|(name, _)| name.as_str()).filter(|name| *name == "month");
        for name in required.chain(monthly) {
            base.insert(name.into(), required_value(name, &schema["properties"][name]));
        }
        for sort in sorts {
            for order in ["asc", "desc"] {
                for page in [1, 40] {
                    let mut body = base.clone();
                    body.extend([("sortField".into(), sort.clone()), ("sortOrder".into(), json!(order)), ("page".into(), json!(page))]);
                    // Asked fresh, so that nothing kept hides a statement.
                    statements::capture();
                    let answer = app.post_raw(path, &[("content-type", "application/json"), ("x-requested-with", "XMLHttpRequest"), ("cache-control", "no-cache")], &serde_json::to_vec(&body).unwrap()).await;
                    let ran = statements::captured();
                    assert_eq!(answer.code(), 0, "{path} {body:?}: {:?}", answer.body);
                    pages += 1;
                    for stmt in ran.iter().filter(|s| s.sql.trim_start().to_ascii_uppercase().starts_with("SELECT")) {
                        explained += 1;
                        for fault in faults(&app, &tables, stmt).await {
                            wrong.push(format!("{path} by {} {order}, page {page}: {fault}\n    {}", sort.as_str().unwrap(), stmt.sql));
                        }
                    }
                }
            }
        }
    }
    assert!(pages > 300, "only {pages} list pages asked");
    assert!(wrong.is_empty(), "{} of {explained} statements of {pages} list pages scan a table or sort:\n{}", wrong.len(), wrong.join("\n"));
}
