//! A statement's `LIMIT` counts written into its SQLite text.
//!
//! SQLite's planner weighs a page's size: 20 rows of a list are best read along the order's index,
//! where all of them would be found through the filter's and sorted. Connections here plan
//! without the values bound to a statement (`db::stable_plans`: a statement whose planner read a
//! bound value is parsed and planned again whenever that value is bound anew), so a `LIMIT ?`
//! would leave the planner guessing. Written as a number, the count steers the plan and a prepared
//! statement is run again as it is. A list's page sizes are few, so its texts stay few in each
//! connection's statement cache.

use sea_orm::sea_query::{Value, Values};
use sea_orm::{DatabaseBackend, Statement};

/// `stmt` with each `LIMIT ?` of SQLite's text replaced by the integer bound to it; any other
/// statement as it is.
pub fn literal_limits(stmt: Statement) -> Statement {
    if stmt.db_backend != DatabaseBackend::Sqlite || !stmt.sql.contains("LIMIT ?") {
        return stmt;
    }
    let Statement { sql, values: Some(Values(values)), db_backend } = stmt else { return stmt };
    let mut text = String::with_capacity(sql.len());
    let mut kept = Vec::with_capacity(values.len());
    let mut bound = values.into_iter();
    // Inside a quoted name or string: its closing quote (a doubled one closes and opens again).
    let mut quoted: Option<char> = None;
    for c in sql.chars() {
        match (quoted, c) {
            (Some(q), _) if c == q => quoted = None,
            (Some(_), _) => {}
            (None, '\'' | '"' | '`') => quoted = Some(c),
            (None, '?') => match bound.next() {
                Some(value) => match count(&value).filter(|_| text.ends_with("LIMIT ")) {
                    Some(n) => {
                        text.push_str(&n.to_string());
                        continue;
                    }
                    None => kept.push(value),
                },
                // More placeholders than values: the database refuses the statement as it is.
                None => return Statement { sql, values: Some(Values(kept.into_iter().chain(bound).collect())), db_backend },
            },
            _ => {}
        }
        text.push(c);
    }
    kept.extend(bound);
    Statement { sql: text, values: Some(Values(kept)), db_backend }
}

/// The non-negative integer `value` holds, if it holds one.
fn count(value: &Value) -> Option<u64> {
    match *value {
        Value::TinyUnsigned(Some(n)) => Some(n.into()),
        Value::SmallUnsigned(Some(n)) => Some(n.into()),
        Value::Unsigned(Some(n)) => Some(n.into()),
        Value::BigUnsigned(Some(n)) => Some(n),
        Value::TinyInt(Some(n)) => u64::try_from(n).ok(),
        Value::SmallInt(Some(n)) => u64::try_from(n).ok(),
        Value::Int(Some(n)) => u64::try_from(n).ok(),
        Value::BigInt(Some(n)) => u64::try_from(n).ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::literal_limits;
    use sea_orm::sea_query::{Alias, Expr, ExprTrait, PostgresQueryBuilder, Query, SqliteQueryBuilder, Value, Values};
    use sea_orm::{DatabaseBackend, Statement};

    fn statement(backend: DatabaseBackend, query: &sea_orm::sea_query::SelectStatement) -> Statement {
        let (sql, values) = match backend {
            DatabaseBackend::Postgres => query.build(PostgresQueryBuilder),
            _ => query.build(SqliteQueryBuilder),
        };
        Statement { sql, values: Some(values), db_backend: backend }
    }

    /// A page of a list with a subquery of its own limit, values before, between and after.
    fn page() -> sea_orm::sea_query::SelectStatement {
        let related = Query::select().column(Alias::new("c_name")).from(Alias::new("corp")).and_where(Expr::col(Alias::new("c_id")).eq(7)).limit(1).to_owned();
        Query::select()
            .column(Alias::new("id"))
            .expr_as(related, Alias::new("corp_name"))
            .from(Alias::new("campaign"))
            .and_where(Expr::col(Alias::new("title")).like("a'?\"%"))
            .and_where(Expr::col(Alias::new("status")).eq(30))
            .limit(20)
            .offset(400)
            .to_owned()
    }

    #[test]
    fn each_limit_is_written_as_its_number_and_every_other_value_stays_bound_in_order() {
        let stmt = literal_limits(statement(DatabaseBackend::Sqlite, &page()));
        assert!(stmt.sql.contains("LIMIT 1)"), "{}", stmt.sql);
        assert!(stmt.sql.ends_with("LIMIT 20 OFFSET ?"), "{}", stmt.sql);
        assert!(!stmt.sql.contains("LIMIT ?"), "{}", stmt.sql);
        assert_eq!(stmt.sql.matches('?').count(), 4, "{}", stmt.sql);
        let expected = vec![Value::Int(Some(7)), Value::String(Some("a'?\"%".into())), Value::Int(Some(30)), Value::BigUnsigned(Some(400))];
        assert_eq!(stmt.values, Some(Values(expected)));
    }

    #[test]
    fn a_question_mark_inside_quotes_is_text_not_a_parameter() {
        let query = Query::select()
            .expr(Expr::cust("'LIMIT ?'"))
            .column(Alias::new("a?b"))
            .from(Alias::new("t"))
            .and_where(Expr::col(Alias::new("x")).eq(3))
            .limit(5)
            .to_owned();
        let stmt = literal_limits(statement(DatabaseBackend::Sqlite, &query));
        assert!(stmt.sql.starts_with(r#"SELECT 'LIMIT ?', "a?b" FROM"#), "{}", stmt.sql);
        assert!(stmt.sql.ends_with("LIMIT 5"), "{}", stmt.sql);
        assert_eq!(stmt.values, Some(Values(vec![Value::Int(Some(3))])));
    }

    #[test]
    fn postgresql_statements_and_statements_without_a_limit_are_left_as_they_are() {
        let pg = statement(DatabaseBackend::Postgres, &page());
        assert_eq!(literal_limits(pg.clone()).sql, pg.sql);
        let unlimited = Query::select().column(Alias::new("id")).from(Alias::new("campaign")).and_where(Expr::col(Alias::new("status")).eq(30)).to_owned();
        let lite = statement(DatabaseBackend::Sqlite, &unlimited);
        let rewritten = literal_limits(lite.clone());
        assert_eq!((rewritten.sql, rewritten.values), (lite.sql.clone(), lite.values.clone()));
    }
}
