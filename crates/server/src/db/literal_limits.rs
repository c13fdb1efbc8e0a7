//! A statement's `LIMIT` counts written into its text.
//!
//! SQLite's planner weighs a page's size: 20 rows of a list are best read along the order's index,
//! where all of them would be found through the filter's and sorted. Connections here plan
//! without the values bound to a statement (`db::stable_plans`: a statement whose planner read a
//! bound value is parsed and planned again whenever that value is bound anew), so a `LIMIT ?`
//! would leave the planner guessing. Written as a number, the count steers the plan and a prepared
//! statement is run again as it is. A list's page sizes are few, so its texts stay few in each
//! connection's statement cache.
//!
//! PostgreSQL plans a prepared statement again at each run (a custom plan) unless its plan without
//! the values (the generic one) costs no more: with a `LIMIT $1` it takes a tenth of the rows to be
//! read and always does, and planning a page's statement cost more than running it. A statement
//! whose plan holds for any of its values (a page read from a mark: a range of the order's index)
//! has its counts written the same way, and is planned once a connection.

use sea_orm::sea_query::{Value, Values};
use sea_orm::{DatabaseBackend, Statement};

/// `stmt` with each `LIMIT ?` of SQLite's text replaced by the integer bound to it, and each
/// `LIMIT $n` of PostgreSQL's when `postgres` (its other values numbered again in order); any other
/// statement as it is.
pub fn literal_limits(stmt: Statement, postgres: bool) -> Statement {
    let placeholder = match stmt.db_backend {
        DatabaseBackend::Sqlite if stmt.sql.contains("LIMIT ?") => Placeholder::Question,
        DatabaseBackend::Postgres if postgres && stmt.sql.contains("LIMIT $") => Placeholder::Numbered,
        _ => return stmt,
    };
    let Statement { sql, values: Some(Values(values)), db_backend } = stmt else { return stmt };
    let mut text = String::with_capacity(sql.len() + 8);
    let mut kept = Vec::with_capacity(values.len());
    // PostgreSQL's values by their number, each where its text names it, numbered as kept.
    let mut bound: Vec<Option<Value>> = values.into_iter().map(Some).collect();
    let mut renumbered = vec![0usize; bound.len()];
    let mut next = 0;
    // Read as bytes: every character looked for is ASCII, which no other character's bytes hold.
    // The text between placeholders is copied a stretch at a time.
    let bytes = sql.as_bytes();
    let mut copied = 0;
    let mut i = 0;
    // Inside a quoted name or string: its closing quote (a doubled one closes and opens again).
    let mut quoted: Option<u8> = None;
    while i < bytes.len() {
        let c = bytes[i];
        // The placeholder at `i`: its number and where it ends.
        let (n, end) = match (quoted, c, placeholder) {
            (Some(q), _, _) => {
                if c == q {
                    quoted = None;
                }
                i += 1;
                continue;
            }
            (None, b'\'' | b'"' | b'`', _) => {
                quoted = Some(c);
                i += 1;
                continue;
            }
            (None, b'?', Placeholder::Question) => {
                next += 1;
                (next, i + 1)
            }
            (None, b'$', Placeholder::Numbered) if bytes.get(i + 1).is_some_and(u8::is_ascii_digit) => {
                let digits = bytes[i + 1..].iter().take_while(|d| d.is_ascii_digit()).count();
                let n = bytes[i + 1..i + 1 + digits].iter().fold(0usize, |n, d| n.saturating_mul(10).saturating_add(usize::from(d - b'0')));
                (n, i + 1 + digits)
            }
            _ => {
                i += 1;
                continue;
            }
        };
        // A placeholder without its value: the database refuses the statement as it was.
        let Some(slot) = n.checked_sub(1).filter(|i| *i < bound.len()) else {
            return Statement { sql, values: Some(Values(kept.into_iter().chain(bound.into_iter().flatten()).collect())), db_backend };
        };
        text.push_str(&sql[copied..i]);
        copied = end;
        i = end;
        if text.ends_with("LIMIT ")
            && let Some(count) = bound[slot].as_ref().and_then(count)
        {
            text.push_str(&count.to_string());
            continue;
        }
        match placeholder {
            Placeholder::Question => {
                kept.extend(bound[slot].take());
                text.push('?');
            }
            Placeholder::Numbered => {
                if renumbered[slot] == 0 {
                    kept.extend(bound[slot].take());
                    renumbered[slot] = kept.len();
                }
                text.push('$');
                text.push_str(&renumbered[slot].to_string());
            }
        }
    }
    text.push_str(&sql[copied..]);
    if placeholder == Placeholder::Question {
        kept.extend(bound.into_iter().skip(next).flatten());
    }
    Statement { sql: text, values: Some(Values(kept)), db_backend }
}

#[derive(Clone, Copy, PartialEq)]
enum Placeholder {
    /// SQLite's `?`: the values in the order of the text.
    Question,
    /// PostgreSQL's `$1`, `$2`…: the value of that number.
    Numbered,
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
        let stmt = literal_limits(statement(DatabaseBackend::Sqlite, &page()), false);
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
        let stmt = literal_limits(statement(DatabaseBackend::Sqlite, &query), false);
        assert!(stmt.sql.starts_with(r#"SELECT 'LIMIT ?', "a?b" FROM"#), "{}", stmt.sql);
        assert!(stmt.sql.ends_with("LIMIT 5"), "{}", stmt.sql);
        assert_eq!(stmt.values, Some(Values(vec![Value::Int(Some(3))])));
    }

    #[test]
    fn postgresql_statements_unless_asked_and_statements_without_a_limit_are_left_as_they_are() {
        let pg = statement(DatabaseBackend::Postgres, &page());
        assert_eq!(literal_limits(pg.clone(), false).sql, pg.sql);
        let unlimited = Query::select().column(Alias::new("id")).from(Alias::new("campaign")).and_where(Expr::col(Alias::new("status")).eq(30)).to_owned();
        for backend in [DatabaseBackend::Sqlite, DatabaseBackend::Postgres] {
            let plain = statement(backend, &unlimited);
            let rewritten = literal_limits(plain.clone(), true);
            assert_eq!((rewritten.sql, rewritten.values), (plain.sql.clone(), plain.values.clone()));
        }
    }

    #[test]
    fn postgresql_limits_are_written_as_numbers_when_asked_and_the_other_values_numbered_again() {
        let stmt = literal_limits(statement(DatabaseBackend::Postgres, &page()), true);
        assert!(stmt.sql.contains(r#""c_id" = $1 LIMIT 1)"#), "{}", stmt.sql);
        assert!(stmt.sql.contains(r#""title" LIKE $2"#), "{}", stmt.sql);
        assert!(stmt.sql.contains(r#""status" = $3"#), "{}", stmt.sql);
        assert!(stmt.sql.ends_with("LIMIT 20 OFFSET $4"), "{}", stmt.sql);
        let expected = vec![Value::Int(Some(7)), Value::String(Some("a'?\"%".into())), Value::Int(Some(30)), Value::BigUnsigned(Some(400))];
        assert_eq!(stmt.values, Some(Values(expected)));
    }

    #[test]
    fn a_dollar_inside_quotes_is_text_and_a_limit_of_no_count_stays_bound() {
        let query = Query::select()
            .expr(Expr::cust("'LIMIT $1'"))
            .column(Alias::new("a$1"))
            .from(Alias::new("t"))
            .and_where(Expr::col(Alias::new("x")).eq(3))
            .limit(5)
            .to_owned();
        let stmt = literal_limits(statement(DatabaseBackend::Postgres, &query), true);
        assert_eq!(stmt.sql, r#"SELECT 'LIMIT $1', "a$1" FROM "t" WHERE "x" = $1 LIMIT 5"#);
        assert_eq!(stmt.values, Some(Values(vec![Value::Int(Some(3))])));
        let negative = Statement { sql: "SELECT 1 LIMIT $1".into(), values: Some(Values(vec![Value::Int(Some(-1))])), db_backend: DatabaseBackend::Postgres };
        let kept = literal_limits(negative, true);
        assert_eq!((kept.sql.as_str(), kept.values), ("SELECT 1 LIMIT $1", Some(Values(vec![Value::Int(Some(-1))]))));
    }
}
