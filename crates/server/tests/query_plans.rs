//! Every list, in every whitelisted sort and both orders, on its first page and on a deep one, is
//! read from an index in its order: the database's own plan of each statement the list runs shows
//! no full scan of a table and no sort after reading. On SQLite the plan is `EXPLAIN QUERY PLAN`;
//! on PostgreSQL `EXPLAIN` with sequential scans and sorts priced out, so that a scan or a sort
//! that remains is one no index can spare (an empty test table would otherwise always be scanned).

mod common;

use common::campaigns::*;
use common::*;
use sea_orm::{ConnectionTrait, DatabaseBackend, Statement, TransactionTrait};
use serde_json::{Map, Value, json};
use townboard_server::kept::reads::marks_read;
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

/// What is wrong in the plan of `stmt`: its steps that read a whole table or sort more than a page.
async fn faults(app: &TestApp, tables: &[String], stmt: &Statement) -> Vec<String> {
    let db = &app.state.db;
    let values = stmt.values.clone().map(|v| v.0).unwrap_or_default();
    match db.get_database_backend() {
        DatabaseBackend::Postgres => {
            let txn = db.begin().await.unwrap();
            txn.execute_unprepared("SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off").await.unwrap();
            let explain = Statement::from_sql_and_values(DatabaseBackend::Postgres, format!("EXPLAIN {}", stmt.sql), values);
            let rows = txn.query_all_raw(explain).await.unwrap();
            txn.rollback().await.unwrap();
            let lines: Vec<String> = rows.iter().map(|r| r.try_get_by_index::<String>(0).unwrap()).collect();
            postgres_faults(&lines)
        }
        _ => {
            let explain = Statement::from_sql_and_values(DatabaseBackend::Sqlite, format!("EXPLAIN QUERY PLAN {}", stmt.sql), values);
            let rows = db.query_all_raw(explain).await.unwrap();
            let steps: Vec<(i64, i64, String)> = rows
                .iter()
                .map(|r| (r.try_get_by_index::<i64>(0).unwrap(), r.try_get_by_index::<i64>(1).unwrap(), r.try_get_by_index::<String>(3).unwrap()))
                .collect();
            sqlite_faults(tables, &steps)
        }
    }
}

/// On SQLite (steps as id, parent, detail): a sort of rows after reading them, unless it sorts
/// the rows of one page the statement found by their ids (`WHERE id IN (the page's ids)`, the top
/// step a search by primary key); and a table read whole for each row of another (a correlated
/// subquery that scans). A table scanned in its own order (by its id) stops at the page's end;
/// PostgreSQL's half tells that apart from a scan for a condition no index serves.
fn sqlite_faults(tables: &[String], steps: &[(i64, i64, String)]) -> Vec<String> {
    let top = |prefix: &str| steps.iter().any(|(_, parent, detail)| *parent == 0 && detail.starts_with(prefix));
    let by_ids = top("SEARCH ") && top("LIST SUBQUERY");
    let correlated = |parent: i64| steps.iter().any(|(id, _, detail)| *id == parent && detail.starts_with("CORRELATED"));
    steps
        .iter()
        .filter(|(_, parent, detail)| {
            let sort = detail.starts_with("USE TEMP B-TREE FOR") && detail.ends_with("ORDER BY") && !(*parent == 0 && by_ids);
            let whole = detail
                .strip_prefix("SCAN ")
                .is_some_and(|rest| !rest.contains(" USING ") && tables.iter().any(|t| rest == t || rest.starts_with(&format!("{t} "))));
            sort || (whole && correlated(*parent))
        })
        .map(|(_, _, detail)| detail.clone())
        .collect()
}

/// On PostgreSQL (the lines of `EXPLAIN`): a sequential scan, and a sort of more than a page (the
/// rows of a page found first are sorted after; a list is not).
fn postgres_faults(lines: &[String]) -> Vec<String> {
    let node = |line: &str| line.trim_start().trim_start_matches("->").trim_start().to_string();
    let depth = |line: &str| line.len() - line.trim_start().len();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let this = node(line);
        // A node's line names it and its cost: `Sort  (cost=…`, beside which `Sort Key: …` is a detail.
        let sort = this.starts_with("Sort  (") || this.starts_with("Incremental Sort  (");
        if this.starts_with("Seq Scan on ") && !this.starts_with("Seq Scan on pg_") {
            found.push(format!("{this}\n      in {}", lines.join("\n         ")));
        } else if sort {
            let below: Vec<String> =
                lines[i + 1..].iter().take_while(|l| depth(l) > depth(line) || !l.trim_start().starts_with("->")).map(|l| node(l)).collect();
            // A sort over a limit sorts a page; over `= ANY (…)` the rows of a page's keys; over a
            // false filter, nothing.
            let bounded = below.iter().any(|n| n.starts_with("Limit ") || n.contains(" = ANY (") || n == "One-Time Filter: false");
            if !bounded {
                found.push(format!("{this}\n      in {}", lines.join("\n         ")));
            }
        }
    }
    found
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

/// Lists computed from a month's inputs while the month is open: they read the month's
/// campaigns, their history and the fee rates whole, as closing the month does, and sort the
/// computed rows; a closed month's lists read its stored rows. Asked, not explained.
const COMPUTED: [&str; 4] =
    ["/api/campaign/jungsan/jsonList.do", "/api/settlement/closing/jsonList.do", "/api/settlement/media/jsonList.do", "/api/settlement/sales/jsonList.do"];

/// Posts `body` to the list at `path` asked fresh (`Cache-Control: no-cache`), so that nothing kept
/// hides a statement: not even a total that would tell a page past a short list's end is empty
/// without reading it. Answers the answer and the statements it ran.
async fn fresh(app: &TestApp, path: &str, body: &Value) -> (Answer, Vec<Statement>) {
    townboard_server::kept::reads::forget_totals();
    fresh_with_totals(app, path, body).await
}

/// [`fresh`], with the totals counted a moment ago still known.
async fn fresh_with_totals(app: &TestApp, path: &str, body: &Value) -> (Answer, Vec<Statement>) {
    statements::capture();
    let answer = app
        .post_raw(
            path,
            &[("content-type", "application/json"), ("x-requested-with", "XMLHttpRequest"), ("cache-control", "no-cache")],
            &serde_json::to_vec(body).unwrap(),
        )
        .await;
    (answer, statements::captured())
}

/// A server with the admin logged in, and the tables of its schema.
async fn admin_app() -> (TestApp, Vec<String>) {
    let app = spawn().await;
    app.login_admin().await;
    let tables = tables(&app).await;
    (app, tables)
}

/// The server's API description (`/api/openapi.json`).
async fn api_description(app: &TestApp) -> Value {
    let (_, _, body) = app.request(axum::http::Method::GET, "/api/openapi.json", &[], vec![]).await;
    serde_json::from_slice(&body).unwrap()
}

/// The statements of one request are captured for the whole process: one test at a time.
static CAPTURING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

#[tokio::test]
async fn every_list_in_every_sort_reads_an_index_in_its_order() {
    let _one = CAPTURING.lock().await;
    let (app, tables) = admin_app().await;
    let doc = api_description(&app).await;
    let (mut pages, mut explained) = (0, 0);
    let mut wrong = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let computed = COMPUTED.contains(&path.as_str());
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
                    let (answer, ran) = fresh(&app, path, &Value::Object(body.clone())).await;
                    assert_eq!(answer.code(), 0, "{path} {body:?}: {:?}", answer.body);
                    pages += 1;
                    if computed {
                        continue;
                    }
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

/// A deep page of a long list asked often starts from the list's marks, fresh too: the marks are read
/// in the order's index, and the page is a range of it (on SQLite two: the rows of the mark's sort
/// value from the mark on, then those past it), on sorts where most rows share one value too.
#[tokio::test]
async fn a_deep_page_from_the_marks_reads_two_ranges_of_the_index() {
    let _one = CAPTURING.lock().await;
    let (app, tables) = admin_app().await;
    add_codes(&app, "MARKS", 0..1000, |n| if n % 10 == 0 { n % 7 } else { 3 }).await;
    let mut wrong = Vec::new();
    // By order (nine rows in ten share one value), by code (all different), by update (all the
    // same): every code, as the index of each sort holds them.
    for sort in ["cdOrder", "cdCode", "updatedAt"] {
        for order in ["asc", "desc"] {
            wrong.extend(deep_page_from_marks(&app, &tables, "/api/system/code/jsonList.do", &Map::new(), sort, order).await);
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A month's usage report holds one row a screen (its key is the month and the screen): its deep
/// pages start from its marks as a list with an id of its own does, its plays shared by many.
#[tokio::test]
async fn a_deep_page_of_a_months_report_starts_from_its_marks() {
    let _one = CAPTURING.lock().await;
    let (app, tables) = admin_app().await;
    let rows = (1..=1000).map(|n| format!("('2030-01', {n}, {}, {})", n % 4, n * 10)).collect::<Vec<_>>().join(", ");
    app.state.db.execute_unprepared(&format!("INSERT INTO pop_media_month (play_month, media_id, plays, seconds) VALUES {rows}")).await.unwrap();
    app.state.db.execute_unprepared("INSERT INTO pop_media_month (play_month, media_id, plays, seconds) VALUES ('2030-02', 1, 9, 9)").await.unwrap();
    let month = Map::from_iter([("month".to_string(), json!("2030-01"))]);
    let mut wrong = Vec::new();
    for sort in ["plays", "seconds", "mediaId"] {
        for order in ["asc", "desc"] {
            wrong.extend(deep_page_from_marks(&app, &tables, "/api/media/report/jsonMonthList.do", &month, sort, order).await);
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Asks pages 55 to 59 of `path` (with `base`'s fields) by `sort` in `order`, then page 60 fresh,
/// and checks that the fresh page was read from the marks the others made, once, along the
/// order's index; on PostgreSQL also that, asked again with its total known, it runs by one plan
/// made without its values. Answers what is wrong in the plans.
async fn deep_page_from_marks(app: &TestApp, tables: &[String], path: &str, base: &Map<String, Value>, sort: &str, order: &str) -> Vec<String> {
    let mut wrong = Vec::new();
    let mut body = base.clone();
    body.extend([("sortField".into(), json!(sort)), ("sortOrder".into(), json!(order)), ("page".into(), json!(60)), ("pageSize".into(), json!(10))]);
    let body = Value::Object(body);
    // Marks are made for a list read deep a few times within a second, by callers that
    // may keep what they read; a fresh caller reads its page from them.
    statements::capture();
    for page in 55..60 {
        let mut asked = body.clone();
        asked["page"] = json!(page);
        assert_eq!(app.post(path, asked).await.code(), 0);
    }
    // The marks the fourth page started reading, kept before the fresh page is asked.
    marks_read().await;
    let mut ran = statements::captured();
    let (answer, fresh_ran) = fresh(app, path, &body).await;
    assert_eq!(answer.code(), 0, "{body}: {:?}", answer.body);
    assert_eq!(answer.data()["list"].as_array().map(Vec::len), Some(10));
    assert!(!fresh_ran.iter().any(|s| reads_marks(&s.sql)), "{path} by {sort} {order}: a fresh call made marks");
    ran.extend(fresh_ran);
    let numbered = ran.iter().filter(|s| makes_marks(&s.sql)).count();
    assert_eq!(numbered, 1, "{path} by {sort} {order}: the marks are read once");
    // On SQLite each mark's statement reads the next (the last finds none): as many as marks.
    let hops = ran.iter().filter(|s| reads_marks(&s.sql) && !makes_marks(&s.sql)).count() as u64;
    let marks = answer.data()["totalCount"].as_u64().unwrap().div_ceil(townboard_server::kept::marks::stride(app.state.db.get_database_backend()));
    let sqlite = app.state.db.get_database_backend() == DatabaseBackend::Sqlite;
    assert_eq!(hops, if sqlite { marks } else { 0 }, "{path} by {sort} {order}: the marks' statements after the first");
    let from_mark = |s: &Statement| from_a_mark(&s.sql);
    assert!(ran.last().is_some_and(from_mark), "{path} by {sort} {order}: the last page from a mark: {:?}", ran.last());
    // On PostgreSQL its counts are in its text and it skips by row numbers, not an offset:
    // one plan holds for every mark and skip, made once a connection.
    let page = &ran.last().unwrap().sql;
    assert!(sqlite || !(page.contains("LIMIT $") || page.contains("OFFSET")), "{path} by {sort} {order}: a count bound as a value: {page}");
    for stmt in ran.iter().filter(|s| reads_marks(&s.sql) || from_mark(s)) {
        for fault in faults(app, tables, stmt).await {
            wrong.push(format!("{path} by {sort} {order}: {fault}\n    {}", stmt.sql));
        }
    }
    if !sqlite {
        // Asked again, its total known, the page from a mark is its statement's only question.
        wrong.extend(one_plan_faults(app, path, &body, from_mark, &format!("{path} by {sort} {order}")).await);
    }
    wrong
}

/// PostgreSQL: asks `body` of `path` again fresh, its total known, and checks that its page (the
/// statement `is_page` finds) ran on the connections that plan once, by its plan made without its
/// values. Answers what is wrong in that plan ([`generic_faults`]).
async fn one_plan_faults(app: &TestApp, path: &str, body: &Value, is_page: impl Fn(&Statement) -> bool, what: &str) -> Vec<String> {
    let (answer, again) = fresh_with_totals(app, path, body).await;
    assert_eq!(answer.data()["list"].as_array().map(Vec::len), Some(10), "{what}");
    let page = again.iter().find(|s| is_page(s)).unwrap_or_else(|| panic!("{what}: no page in {again:?}"));
    let (generic, custom, connections) = plans_of(app, &page.sql).await;
    assert!(
        generic >= 1 && custom == 0,
        "{what}: the page planned {custom} times for its values, run {generic} times by one plan on {connections} connections: {}",
        page.sql
    );
    generic_faults(app, page).await.into_iter().map(|fault| format!("{what}, its plan without values: {fault}\n    {}", page.sql)).collect()
}

/// A deep page of the screens by their last heartbeat, which every beat moves (no marks), is a
/// range of the beat rows' index read to its offset, by status too; on PostgreSQL, its total
/// known, it runs by its one plan made without its values, as a page from a mark does.
#[tokio::test]
async fn a_deep_page_by_last_heartbeat_is_read_by_one_plan() {
    let _one = CAPTURING.lock().await;
    let (app, tables) = admin_app().await;
    let base = chrono::Utc::now();
    common::media::add_screens(&app, 600, |n| (n % 3 != 0).then(|| base + chrono::Duration::seconds(i64::from(n % 7)))).await;
    let path = "/api/media/media/jsonList.do";
    // The page's ids read from the beat rows (every screen page names them in its related values).
    let by_offset = |s: &Statement| s.sql.contains(r#"SELECT "media_beat"."media_id" FROM "media_beat""#) && s.sql.contains("OFFSET");
    let mut wrong = Vec::new();
    for status in [None, Some(1)] {
        for order in ["asc", "desc"] {
            let mut body = json!({ "sortField": "lastHeartbeatAt", "sortOrder": order, "page": 40, "pageSize": 10 });
            if let Some(status) = status {
                body["mediaStatus"] = json!(status);
            }
            let what = format!("{path} by lastHeartbeatAt {order}, status {status:?}");
            let (answer, ran) = fresh(&app, path, &body).await;
            assert_eq!(answer.data()["list"].as_array().map(Vec::len), Some(10), "{what}");
            let page = ran.iter().find(|s| by_offset(s)).unwrap_or_else(|| panic!("{what}: no page by offset in {ran:?}"));
            for fault in faults(&app, &tables, page).await {
                wrong.push(format!("{what}: {fault}\n    {}", page.sql));
            }
            if app.state.db.get_database_backend() == DatabaseBackend::Postgres {
                wrong.extend(one_plan_faults(&app, path, &body, by_offset, &what).await);
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// PostgreSQL: how often `sql`, prepared on the connections that plan once, ran by its plan made
/// without values and how often by one made for its values, summed over every connection of that
/// pool. A connection goes back to its pool a moment after its statement (tried first): the pool
/// is waited for until all its connections are idle, and then all are held at once, so that each
/// is asked once (asked one after another, the pool may open a new one while one is away, and
/// pass over the one that ran `sql`).
async fn plans_of(app: &TestApp, sql: &str) -> (i64, i64, usize) {
    use sea_orm::sqlx::{self, Row};
    let pool = app.state.planned.as_ref().expect("PostgreSQL has connections that plan once").get_postgres_connection_pool();
    for _ in 0..500 {
        if pool.num_idle() == pool.size() as usize {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    let mut held = Vec::new();
    while held.len() < pool.size() as usize {
        held.push(pool.acquire().await.unwrap());
    }
    let mut sums = (0, 0);
    for conn in &mut held {
        let row = sqlx::query(
            "SELECT COALESCE(SUM(generic_plans), 0)::bigint, COALESCE(SUM(custom_plans), 0)::bigint FROM pg_prepared_statements WHERE statement = $1",
        )
        .bind(sql)
        .fetch_one(&mut **conn)
        .await
        .unwrap();
        sums = (sums.0 + row.get::<i64, _>(0), sums.1 + row.get::<i64, _>(1));
    }
    (sums.0, sums.1, held.len())
}

/// PostgreSQL: what is wrong in the plan `stmt` gets made without its values (the plan the
/// connections that plan once run it by), found as [`faults`] finds it in a plan for the values.
async fn generic_faults(app: &TestApp, stmt: &Statement) -> Vec<String> {
    use sea_orm::sea_query::{PostgresQueryBuilder, QueryBuilder};
    let values = stmt.values.clone().map(|v| v.0).unwrap_or_default();
    let literals: Vec<String> = values.iter().map(|v| PostgresQueryBuilder.value_to_string(v)).collect();
    let txn = app.state.db.begin().await.unwrap();
    txn.execute_unprepared("SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL plan_cache_mode = force_generic_plan").await.unwrap();
    // Prepared statements outlive a transaction: this one is removed before the connection goes back.
    txn.execute_unprepared(&format!("PREPARE without_values_ AS {}", stmt.sql)).await.unwrap();
    let execute = if literals.is_empty() { "EXECUTE without_values_".to_string() } else { format!("EXECUTE without_values_({})", literals.join(", ")) };
    let rows = txn.query_all_raw(Statement::from_string(DatabaseBackend::Postgres, format!("EXPLAIN {execute}"))).await.unwrap();
    txn.execute_unprepared("DEALLOCATE without_values_").await.unwrap();
    txn.rollback().await.unwrap();
    let lines: Vec<String> = rows.iter().map(|r| r.try_get_by_index::<String>(0).unwrap()).collect();
    postgres_faults(&lines)
}

/// A sort column that may be empty (a user who never logged in) has marks among its values and
/// among its empty values (last either way): a deep page from either is read in the order's index
/// (on SQLite three ranges merged, on PostgreSQL each part read up to what the page takes of it).
#[tokio::test]
async fn a_deep_page_by_a_sort_that_may_be_empty_reads_ranges_of_the_index() {
    let _one = CAPTURING.lock().await;
    let (app, tables) = admin_app().await;
    let base = chrono::Utc::now();
    add_users(&app, 1000, |n| (n % 3 != 0).then(|| base + chrono::Duration::seconds(i64::from(n % 7)))).await;
    let path = "/api/account/user/jsonList.do";
    let mut wrong = Vec::new();
    for order in ["asc", "desc"] {
        // Page 40 among the 667 users who logged in, page 90 among those who never did.
        for page in [40, 90] {
            let body = json!({ "sortField": "lastLoginAt", "sortOrder": order, "page": page, "pageSize": 10 });
            statements::capture();
            for earlier in page - 5..page {
                let mut asked = body.clone();
                asked["page"] = json!(earlier);
                assert_eq!(app.post(path, asked).await.code(), 0);
            }
            // The marks the fourth page started reading, kept before the fresh page is asked.
            marks_read().await;
            let mut ran = statements::captured();
            let (answer, fresh_ran) = fresh(&app, path, &body).await;
            assert_eq!(answer.code(), 0, "{body}: {:?}", answer.body);
            assert_eq!(answer.data()["list"].as_array().map(Vec::len), Some(10));
            ran.extend(fresh_ran);
            let from_mark = |s: &Statement| from_a_mark(&s.sql);
            assert!(ran.last().is_some_and(from_mark), "{order} page {page}: the last page from a mark: {:?}", ran.last());
            for stmt in ran.iter().filter(|s| reads_marks(&s.sql) || from_mark(s)) {
                for fault in faults(&app, &tables, stmt).await {
                    wrong.push(format!("{order} page {page}: {fault}\n    {}", stmt.sql));
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// A quote prices a booking, finds the days its groups lack slots and counts its audience in one
/// statement: the advertiser, package and product with the groups, their sites, screens and the
/// slots sold on them. It scans no table and sorts nothing.
#[tokio::test]
async fn a_quote_reads_its_booking_in_one_statement() {
    let _one = CAPTURING.lock().await;
    let (app, tables) = admin_app().await;
    let (full, free) = (group(&app, "가득", 1, 2).await, group(&app, "여유", 3, 1).await);
    let c_id = advertiser(&app, "adv-quote").await;
    let mat = material(&app, c_id, "소재").await;
    let (start, end) = (day(&app, 2), day(&app, 4));
    approve(&app, requested(&app, campaign("먼저", c_id, &[full], &[mat], &start, &end)).await).await;
    let booking = campaign("견적", c_id, &[full, free], &[], &start, &end);
    ok(&app.post("/api/campaign/regist/jsonQuote.do", booking.clone()).await);
    // The request's statements only: the setup's writes are told to other processes beside the
    // quote (`kept::peers`) and the proof of play received is folded on its own clock.
    statements::capture_requests();
    let quote = ok(&app.post("/api/campaign/regist/jsonQuote.do", booking).await).clone();
    let ran = statements::captured();
    assert_eq!(quote["mediaCnt"], 3);
    assert_eq!(quote["conflicts"].as_array().map(Vec::len), Some(3), "the full group's three days: {quote}");
    assert!(quote["audience"].as_i64().unwrap() > 0);
    assert_eq!(ran.len(), 1, "{:#?}", ran.iter().map(|s| &s.sql).collect::<Vec<_>>());
    for stmt in &ran {
        assert_eq!(faults(&app, &tables, stmt).await, Vec::<String>::new(), "{}", stmt.sql);
    }
}

/// A screen list filtered by its status (the monitoring view) is a range of an index that leads
/// with the status, in every order but the last heartbeat's: however few screens hold the status,
/// no other screen is read.
#[tokio::test]
async fn a_screen_list_by_status_reads_only_that_status() {
    let _one = CAPTURING.lock().await;
    let (app, tables) = admin_app().await;
    let path = "/api/media/media/jsonList.do";
    let doc = api_description(&app).await;
    let sorts =
        doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"]["sortField"]["enum"].as_array().unwrap().clone();
    let sqlite = app.state.db.get_database_backend() == DatabaseBackend::Sqlite;
    let mut wrong = Vec::new();
    for sort in &sorts {
        for order in ["asc", "desc"] {
            let body = json!({ "mediaStatus": 2, "sortField": sort, "sortOrder": order, "page": 1 });
            let (answer, ran) = fresh(&app, path, &body).await;
            assert_eq!(answer.code(), 0, "{body}: {:?}", answer.body);
            let by_status: Vec<&Statement> = ran.iter().filter(|s| s.sql.contains("\"media_status\" = ")).collect();
            assert!(!by_status.is_empty(), "by {sort} {order}: no statement read the status: {ran:?}");
            for stmt in by_status {
                for fault in faults(&app, &tables, stmt).await {
                    wrong.push(format!("by {sort} {order}: {fault}\n    {}", stmt.sql));
                }
                // The last heartbeat's order walks its own index, in the table beside the
                // screens' (`media_beat`), and checks each screen's status as it is found.
                if sqlite && sort != "lastHeartbeatAt" {
                    let explain = Statement::from_sql_and_values(
                        DatabaseBackend::Sqlite,
                        format!("EXPLAIN QUERY PLAN {}", stmt.sql),
                        stmt.values.clone().map(|v| v.0).unwrap_or_default(),
                    );
                    let plan: Vec<String> =
                        app.state.db.query_all_raw(explain).await.unwrap().iter().map(|r| r.try_get_by_index::<String>(3).unwrap()).collect();
                    if !plan.iter().any(|step| step.contains("media_status=?")) {
                        wrong.push(format!("by {sort} {order}: the status is not searched: {plan:?}"));
                    }
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The campaign lists write their statuses (the list's own constants) into their statements'
/// text, and bind none: PostgreSQL runs a page read from a mark by its generic plan, where a bound
/// `IN` list is built again for every index entry it checks.
#[tokio::test]
async fn a_campaign_lists_statuses_are_written_into_its_statements() {
    let _one = CAPTURING.lock().await;
    let (app, _) = admin_app().await;
    let codes = [3, 21, 24, 27, 30, 40, 50, 60, 99];
    for (path, body, written) in [
        ("/api/campaign/end/jsonList.do", json!({}), "IN (40, 60, 99)"),
        ("/api/campaign/run/jsonList.do", json!({}), "IN (30, 50)"),
        ("/api/campaign/end/jsonList.do", json!({ "cmpgStatus": 99 }), "= 99"),
    ] {
        let (answer, ran) = fresh(&app, path, &body).await;
        assert_eq!(answer.code(), 0, "{path} {body}: {:?}", answer.body);
        let listing: Vec<&Statement> = ran.iter().filter(|s| s.sql.contains("\"cmpg_status\"")).collect();
        assert!(
            listing.iter().any(|s| s.sql.contains(written)),
            "{path} {body}: {written} in none of {:#?}",
            listing.iter().map(|s| &s.sql).collect::<Vec<_>>()
        );
        for stmt in listing {
            let bound = stmt.values.iter().flat_map(|v| v.0.iter()).any(|v| matches!(v, sea_orm::Value::Int(Some(c)) if codes.contains(c)));
            assert!(!bound, "{path} {body}: a status bound: {stmt:?}");
        }
    }
}
