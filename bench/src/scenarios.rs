//! The request scenarios of `make bench`, the same on every pass (SQLite, PostgreSQL, several
//! processes): each a name, the work units a request carries, its target and how to make its call.

use crate::dataset;
use crate::load::Call;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::Arc;

/// What the scenarios need to build their calls.
pub struct Ctx {
    /// The servers' base URLs; worker `w` talks to `bases[w % len]`.
    pub bases: Vec<String>,
    pub cookie: String,
    pub tokens: Arc<Vec<String>>,
    pub month: String,
    pub today: String,
    /// Thirty days from today, the period a quote asks for.
    pub quote_end: String,
    /// Screens' tokens with the ETag of the day their players hold.
    pub held: Arc<Vec<(String, String)>>,
    /// Tells this run's proof-of-play batch ids from an earlier run's on the same database.
    pub run: String,
    /// Each list's whitelisted sorts by path, as the server's API description declares them.
    pub sorts: Arc<HashMap<String, Vec<String>>>,
}

impl Ctx {
    /// The server worker `w` sends its calls to.
    pub fn at(&self, w: usize) -> &str {
        &self.bases[w % self.bases.len()]
    }

    /// A back-office call of the logged-in manager to `path` on worker `w`'s server.
    pub fn user_call(&self, w: usize, path: &str, body: &Value) -> Call {
        Call::post_json(format!("{}{path}", self.at(w)), body, vec![("cookie".into(), self.cookie.clone())])
    }

    /// A cold question to the list at `path`: call `n` of worker `w` asks another page among its
    /// first `pages`, in another whitelisted sort and order, with `body`'s filters, and sends
    /// `Cache-Control: no-cache`, so the server answers it from the database alone and keeps
    /// nothing of it (no kept page, total or marks).
    pub fn cold_call(&self, w: usize, n: u64, path: &str, pages: u64, mut body: Value) -> Call {
        let at = spread(w, n);
        let sorts = &self.sorts[path];
        body["page"] = json!(1 + at % pages);
        body["sortField"] = json!(sorts[(at / pages) as usize % sorts.len()]);
        body["sortOrder"] = json!(if (at / 7).is_multiple_of(2) { "asc" } else { "desc" });
        let mut call = self.user_call(w, path, &body);
        call.headers.push(("cache-control".into(), "no-cache".into()));
        call
    }
}

/// Call `n` of worker `w` as a number that jumps about (a multiplicative hash), so that
/// neighbouring calls ask far apart.
pub fn spread(w: usize, n: u64) -> u64 {
    ((w as u64) << 40 ^ n).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20
}

/// A list asked cold: scenario, path, pages to draw from, filters of call `n`.
pub type ColdList = (&'static str, &'static str, u64, fn(u64) -> Value);

/// Lists asked cold: the same lists as the warm scenarios, each call another page, sort, order
/// and filter value.
pub fn cold_lists() -> Vec<ColdList> {
    vec![
        ("screen list, cold", "/api/media/media/jsonList.do", 1000, |_| json!({})),
        ("screen list, filtered by status, cold", "/api/media/media/jsonList.do", 1000, |n| json!({ "mediaStatus": n % 5 })),
        ("site list, cold", "/api/media/poi/jsonList.do", dataset::sites() as u64 / 20, |_| json!({})),
        ("common code list, filtered, cold", "/api/system/code/jsonList.do", 1, |n| {
            let key = ["CMPG_STATUS", "MEDIA_STATUS", "MAT_STATUS", "POI_STATUS", "PLATFORM", "SLOT_TYPE"][n as usize % 6];
            json!({ "cdKey": key })
        }),
        ("monthly usage report, cold", "/api/media/report/jsonMonthList.do", 1000, |_| json!({ "month": dataset::busiest_month() })),
        ("campaign run list, cold", "/api/campaign/run/jsonList.do", 1000, |_| json!({})),
        ("campaign end list, cold", "/api/campaign/end/jsonList.do", 1000, |_| json!({})),
        ("campaign request list, title filter, cold", "/api/campaign/request/jsonList.do", 50, |n| json!({ "cmpgTitle": format!("캠페인 {}", n % 100) })),
    ]
}

/// Proof of play as players send it at the top of an hour: many screens at once, so batches
/// arriving together share a commit.
pub const POP_BURST: &str = "proof-of-play ingestion, 64 players at once";
/// Heartbeats as a network sends them: screens beat on their own clocks, many at once, and each
/// is answered once its group's commit is durable.
pub const BEATS_AT_ONCE: &str = "heartbeats, 64 screens at once";
/// Heartbeats at the rate the target names, sent on their own clocks whatever the answers: how long
/// a beat waits at 10,000 a second (six times what 100,000 screens beating every minute send),
/// where [`BEATS_AT_ONCE`] finds the most the server answers.
pub const BEATS_PACED: &str = "heartbeats, 10,000 a second (paced)";
/// The rate of [`BEATS_PACED`].
pub const BEATS_RATE: u64 = 10_000;
/// Players sending at once in [`POP_BURST`] and [`BEATS_AT_ONCE`], whatever the bench's clients.
pub const POP_BURST_PLAYERS: usize = 64;

pub type MakeCall = Box<dyn Fn(&Ctx, usize, u64) -> Call + Send + Sync>;

/// A player's bearer header.
pub fn bearer(token: &str) -> Vec<(String, String)> {
    vec![("authorization".into(), format!("Bearer {token}"))]
}

/// A heartbeat of one of the screens, drawn from the worker and the count.
fn heartbeat(c: &Ctx, w: usize, n: u64) -> Call {
    let token = &c.tokens[((w as u64 * 2503 + n * 7) % c.tokens.len() as u64) as usize];
    let beat = json!({ "status": "ok", "playerVersion": "1.0", "scheduleVersion": "" });
    Call::post_json(format!("{}/api/player/v1/heartbeat", c.at(w)), &beat, bearer(token))
}

/// Every request scenario as (name, units per request, target, call), the bare endpoint first.
pub fn all() -> Vec<(&'static str, u64, &'static str, MakeCall)> {
    let mut all: Vec<(&'static str, u64, &'static str, MakeCall)> = vec![
        ("bare SELECT 1 (GET /healthz)", 1, "", Box::new(|c: &Ctx, w, _| Call::get(format!("{}/healthz", c.at(w)), vec![]))),
        ("screen list, page 1", 1, "p99 < 25 ms", Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/media/media/jsonList.do", &json!({})))),
        (
            "screen list, page 1,000 sorted by name",
            1,
            "p99 < 25 ms",
            Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/media/media/jsonList.do", &json!({ "page": 1000, "sortField": "mediaNm", "sortOrder": "desc" }))),
        ),
        (
            "screen list, filtered by status, by heartbeat",
            1,
            "p99 < 25 ms",
            Box::new(|c: &Ctx, w, n| {
                c.user_call(w, "/api/media/media/jsonList.do", &json!({ "mediaStatus": n % 5, "sortField": "lastHeartbeatAt", "page": 1 + n % 50 }))
            }),
        ),
        (
            "site list, by name, page 50",
            1,
            "p99 < 25 ms",
            Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/media/poi/jsonList.do", &json!({ "poiNm": "벤치", "page": 50, "sortField": "poiNm" }))),
        ),
        (
            "common code list, filtered",
            1,
            "p99 < 25 ms",
            Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/system/code/jsonList.do", &json!({ "cdKey": "CMPG_STATUS", "sortField": "cdOrder" }))),
        ),
        (
            "monthly usage report, page 1 by plays",
            1,
            "p99 < 25 ms",
            Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/media/report/jsonMonthList.do", &json!({ "month": c.month }))),
        ),
        (
            "proof-of-play ingestion (20 items a batch)",
            20,
            ">= 100,000 items/s",
            Box::new(|c: &Ctx, w, n| {
                let token = &c.tokens[(w * 25 + n as usize) % c.tokens.len()];
                let items: Vec<Value> = (0..20).map(|i| json!({ "cmpgId": i, "matId": i * 10, "slotType": 1, "plays": 10, "seconds": 150 })).collect();
                let batch = json!({ "batchId": format!("{}-{w}-{n}", c.run), "date": c.today, "hour": (n % 24), "items": items });
                Call::post_json(format!("{}/api/player/v1/pop", c.at(w)), &batch, bearer(token))
            }),
        ),
        (
            POP_BURST,
            20,
            ">= 100,000 items/s",
            Box::new(|c: &Ctx, w, n| {
                let token = &c.tokens[(w * 1009 + n as usize * 7) % c.tokens.len()];
                let items: Vec<Value> = (0..20).map(|i| json!({ "cmpgId": i, "matId": i * 10, "slotType": 1, "plays": 10, "seconds": 150 })).collect();
                let batch = json!({ "batchId": format!("burst-{}-{w}-{n}", c.run), "date": c.today, "hour": (n % 24), "items": items });
                Call::post_json(format!("{}/api/player/v1/pop", c.at(w)), &batch, bearer(token))
            }),
        ),
        ("campaign run list, page 1", 1, ">= 0.25x bare, p99 < 10 ms", Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/campaign/run/jsonList.do", &json!({})))),
        (
            "campaign end list, page 1,000 by title",
            1,
            ">= 0.25x bare, p99 < 10 ms",
            Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/campaign/end/jsonList.do", &json!({ "page": 1000, "sortField": "cmpgTitle", "sortOrder": "asc" }))),
        ),
        (
            // Kept pages answer the repeated page above; this one reads pages no one asked for
            // in the last second, as a person paging through would.
            "campaign end list, another deep page each call",
            1,
            "first reads of pages",
            Box::new(|c: &Ctx, w, n| {
                let at = w as u64 * 7919 + n * 31;
                let order = if at.is_multiple_of(2) { "asc" } else { "desc" };
                c.user_call(w, "/api/campaign/end/jsonList.do", &json!({ "page": 2 + at % 998, "sortField": "cmpgTitle", "sortOrder": order }))
            }),
        ),
        (
            "campaign request list, title filter, by request time",
            1,
            ">= 0.25x bare, p99 < 10 ms",
            Box::new(|c: &Ctx, w, n| {
                c.user_call(
                    w,
                    "/api/campaign/request/jsonList.do",
                    &json!({ "cmpgTitle": format!("캠페인 0{}", n % 10), "sortField": "requestedAt", "sortOrder": "desc" }),
                )
            }),
        ),
        (
            "campaign detail with its price",
            1,
            ">= 0.5x bare",
            Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/campaign/run/jsonDetail.do", &json!({ "cmpgId": dataset::live_campaign() }))),
        ),
        (
            "campaign quote (price, slots, audience)",
            1,
            ">= 0.3x bare, p99 < 5 ms",
            Box::new(|c: &Ctx, w, n| {
                let body = json!({ "cmpgTitle": "견적", "advertiserCId": dataset::ADVERTISER_CID, "platform": 1, "pkgId": "P000000003", "prdId": "PR00000001",
                    "startDate": c.today, "endDate": c.quote_end, "slotCnt": 1 + n % 2, "schdRate": 100, "targets": [{ "mgId": 1 + n % 2000 }, { "mgId": 1 + (n + 7) % 2000 }] });
                c.user_call(w, "/api/campaign/regist/jsonQuote.do", &body)
            }),
        ),
        (BEATS_AT_ONCE, 1, ">= 10,000/s", Box::new(heartbeat)),
        (BEATS_PACED, 1, "p99 < 10 ms", Box::new(heartbeat)),
        (
            "player asks for the day it holds (304)",
            1,
            ">= 10,000/s, p99 < 10 ms",
            Box::new(|c: &Ctx, w, n| {
                let (token, etag) = &c.held[((w as u64 * 211 + n * 13) % c.held.len() as u64) as usize];
                Call::get(format!("{}/api/player/v1/schedule", c.at(w)), [bearer(token), vec![("if-none-match".into(), etag.clone())]].concat())
            }),
        ),
        (
            "player fetches its day (full answer)",
            1,
            "p99 < 25 ms",
            Box::new(|c: &Ctx, w, n| {
                let (token, _) = &c.held[((w as u64 * 211 + n * 13) % c.held.len() as u64) as usize];
                Call::get(format!("{}/api/player/v1/schedule", c.at(w)), bearer(token))
            }),
        ),
        ("manager dashboard", 1, "p99 < 50 ms", Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/dashboard/manager/jsonMain.do", &json!({})))),
        ("user menu (small)", 1, ">= 0.5x bare", Box::new(|c: &Ctx, w, _| c.user_call(w, "/api/system/menu/jsonUserMenu.do", &json!({})))),
    ];
    for (name, path, pages, filters) in cold_lists() {
        all.push((name, 1, COLD_TARGET, Box::new(move |c: &Ctx, w, n| c.cold_call(w, n, path, pages, filters(n)))));
    }
    all
}

/// A cold list's target on SQLite, and on PostgreSQL in brackets.
const COLD_TARGET: &str = ">= 0.25x bare, p99 < 10 ms (PostgreSQL >= 0.2x, p99 < 15 ms)";
