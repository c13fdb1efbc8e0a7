//! What the process keeps in memory between requests, how long, and what retires it. Everything
//! kept is retired at once by a change made in this process; what [`reads`] keeps is retired by
//! another process's write a moment after its commit, told on PostgreSQL ([`peers`]); the rest
//! follows another process's change within its longest life (or within a second, where
//! `crate::changes` reads the history).
//!
//! | kept                                   | where                    | longest life | retired by                                  |
//! |----------------------------------------|--------------------------|--------------|---------------------------------------------|
//! | list totals                            | [`reads`]                | 2 s          | a write to a table the count reads          |
//! | list pages, small whole reads          | [`reads`]                | 1 s          | a write to a table the page reads           |
//! | whole answers (detail, campaign lists) | [`reads`]                | ≤ 5 s        | a write to a table the answer reads         |
//! | marks of long lists                    | [`marks`]                | 30 s         | a write that may move a row of the list     |
//! | dashboard answers                      | [`dashboards`]           | 5 s          | a write to the tables counted, a screen saved |
//! | reference data (menu, env settings)    | [`memo`]                 | 5 s          | the program's epoch ([`epochs`])            |
//! | callers by session                     | `crate::auth::callers`   | 5 s          | the rights epoch ([`epochs`])               |
//! | screens by player token                | `crate::auth::devices` | 10 min       | the screens epoch ([`epochs`])              |
//!
//! Writes are seen where every statement passes ([`statements`]): the table a statement writes
//! moves its counter, and again when the request ends, after its commit. A request sent with
//! `Cache-Control: no-cache` neither reads nor leaves a page, an answer or marks; it shares only a
//! list's total.

pub mod dashboards;
pub mod epochs;
pub mod marks;
pub mod memo;
pub mod peers;
pub mod reads;
pub mod statements;
