//! LIKE patterns with the wildcards of the searched text escaped.

use sea_orm::ColumnTrait;
use sea_orm::sea_query::{Expr, ExprTrait, LikeExpr, SimpleExpr};

/// LIKE pattern for "starts with", with the wildcards of the text escaped.
pub fn starts_with<C: ColumnTrait>(column: C, text: &str) -> SimpleExpr {
    let pattern = escape_like(text);
    Expr::col(column).like(LikeExpr::new(&pattern[1..]).escape('\\'))
}

/// LIKE pattern for "contains", with the wildcards of the text escaped.
pub fn contains<C: ColumnTrait>(column: C, text: &str) -> SimpleExpr {
    Expr::col(column).like(LikeExpr::new(escape_like(text)).escape('\\'))
}

/// `%text%` with `%`, `_` and `\\` escaped.
pub fn escape_like(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('%');
    for c in s.chars() {
        if matches!(c, '%' | '_' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('%');
    out
}
