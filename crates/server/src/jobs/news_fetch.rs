//! News feeds: every 30 minutes a dispatching job puts one job per live provider (in use, with a
//! feed address) on the queue, and `system/newsmng/jsonFetch.do` puts one for a provider at once.
//! A provider's job reads its RSS or Atom feed over plain http (an https address is refused with a
//! clear error: the server carries no TLS client), keeps the latest [`KEEP`] items in place of the
//! previous ones and records the reading in `news_feed`; a failure leaves the items as they were
//! and is recorded there and on the job.

use super::Ctx;
use crate::db::entity::{news_feed, news_item, news_provider};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use http_body_util::{BodyExt, Empty, Limited};
use hyper::body::Bytes;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter, QuerySelect};
use serde_json::{Value, json};
use std::time::Duration;

pub const KIND: &str = "news_fetch";
/// Items kept per provider.
pub const KEEP: usize = 20;
/// Items change from the job: the footers and item lists kept in memory go by this name.
pub const ITEMS: &str = "news.items";
const MAX_FEED_BYTES: usize = 5 * 1024 * 1024;
const TIMEOUT: Duration = Duration::from_secs(15);
const MAX_REDIRECTS: usize = 3;

pub async fn run(ctx: &Ctx<'_>) -> Result<(), String> {
    match ctx.payload.get("nssId").and_then(Value::as_i64) {
        Some(nss_id) => fetch(ctx.state, nss_id).await.map(|_| ()),
        None => dispatch(ctx.state).await,
    }
}

/// The half hour `now` falls in, naming the periodic jobs of that period.
pub fn period(now: DateTime<Utc>) -> String {
    use chrono::Timelike;
    let half = if now.minute() < 30 { "00" } else { "30" };
    format!("{}:{half}", now.format("%Y-%m-%dT%H"))
}

/// One job per live provider with a feed, once per period.
async fn dispatch(state: &AppState) -> Result<(), String> {
    let ids: Vec<i64> = news_provider::Entity::find()
        .select_only()
        .column(news_provider::Column::NssId)
        .filter(news_provider::Column::DeletedAt.is_null())
        .filter(news_provider::Column::UseYn.eq("Y"))
        .filter(news_provider::Column::FeedUrl.ne(""))
        .into_tuple()
        .all(&state.db)
        .await
        .map_err(|e| e.to_string())?;
    let period = period(state.clock.now());
    for nss_id in ids {
        super::enqueue(state, KIND, json!({ "nssId": nss_id }), Some(format!("{KIND}:{nss_id}:{period}")), None).await.map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// Reads a provider's feed now and keeps its latest items; how many were kept.
pub async fn fetch(state: &AppState, nss_id: i64) -> Result<usize, String> {
    let provider = news_provider::Entity::find_by_id(nss_id)
        .filter(news_provider::Column::DeletedAt.is_null())
        .one(&state.db)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("뉴스 제공사 {nss_id}를 찾을 수 없습니다."))?;
    let read = match download(provider.feed_url.trim()).await {
        Ok(bytes) => parse(&bytes),
        Err(e) => Err(e),
    };
    let now = state.clock.now();
    let outcome = match read {
        Ok(items) => keep(state, nss_id, items, now).await.map_err(|e| format!("뉴스 저장 실패: {e}")),
        Err(e) => Err(e),
    };
    let status = news_feed::ActiveModel {
        nss_id: Set(nss_id),
        fetched_at: Set(outcome.is_ok().then_some(now)),
        item_cnt: Set(*outcome.as_ref().unwrap_or(&0) as i32),
        last_error: Set(outcome.as_ref().err().map(|e| e.chars().take(1000).collect())),
        updated_at: Set(now),
    };
    // A failure keeps the time and count of the last reading that worked.
    let columns: &[news_feed::Column] = if outcome.is_ok() {
        &[news_feed::Column::FetchedAt, news_feed::Column::ItemCnt, news_feed::Column::LastError, news_feed::Column::UpdatedAt]
    } else {
        &[news_feed::Column::LastError, news_feed::Column::UpdatedAt]
    };
    news_feed::Entity::insert(status)
        .on_conflict(OnConflict::column(news_feed::Column::NssId).update_columns(columns.iter().copied()).to_owned())
        .exec_without_returning(&state.writer)
        .await
        .map_err(|e| e.to_string())?;
    crate::memo::changed(ITEMS);
    outcome
}

/// An item of a feed as kept.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub title: String,
    pub link: String,
    pub published_at: Option<DateTime<Utc>>,
}

/// Replaces the provider's items with these, in one transaction.
async fn keep(state: &AppState, nss_id: i64, items: Vec<Item>, now: DateTime<Utc>) -> Result<usize, sea_orm::DbErr> {
    let txn = crate::db::begin_write(&state.writer).await?;
    news_item::Entity::delete_many().filter(news_item::Column::NssId.eq(nss_id)).exec(&txn).await?;
    let count = items.len();
    if !items.is_empty() {
        let rows = items.into_iter().enumerate().map(|(seq, item)| news_item::ActiveModel {
            nss_id: Set(nss_id),
            seq: Set(seq as i32),
            title: Set(item.title),
            link: Set(item.link),
            published_at: Set(item.published_at),
            fetched_at: Set(now),
            ..Default::default()
        });
        news_item::Entity::insert_many(rows).exec_without_returning(&txn).await?;
    }
    txn.commit().await?;
    Ok(count)
}

/// The body of a feed address, following a few redirects; plain http only.
async fn download(url: &str) -> Result<Vec<u8>, String> {
    let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new()).build_http::<Empty<Bytes>>();
    let mut url = url.to_string();
    for _ in 0..=MAX_REDIRECTS {
        if url.starts_with("https://") {
            return Err(format!("https 주소의 피드는 읽을 수 없습니다 (http:// 주소만 지원): {url}"));
        }
        if !url.starts_with("http://") {
            return Err(format!("피드 주소가 http:// 주소가 아닙니다: {url}"));
        }
        let uri: hyper::Uri = url.parse().map_err(|_| format!("피드 주소의 형식이 올바르지 않습니다: {url}"))?;
        let req = hyper::Request::get(uri.clone())
            .header(hyper::header::USER_AGENT, "Townboard news reader")
            .header(hyper::header::ACCEPT, "application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.8")
            .body(Empty::new())
            .map_err(|e| e.to_string())?;
        let res = tokio::time::timeout(TIMEOUT, client.request(req))
            .await
            .map_err(|_| format!("피드 주소가 {}초 안에 답하지 않았습니다.", TIMEOUT.as_secs()))?
            .map_err(|e| format!("피드 주소에 연결할 수 없습니다: {e}"))?;
        let status = res.status();
        if status.is_redirection() {
            let location = res.headers().get(hyper::header::LOCATION).and_then(|v| v.to_str().ok()).ok_or("리다이렉트에 주소가 없습니다.")?;
            url = resolve(&uri, location);
            continue;
        }
        if !status.is_success() {
            return Err(format!("피드 주소가 HTTP {}로 답했습니다.", status.as_u16()));
        }
        let body = tokio::time::timeout(TIMEOUT, Limited::new(res.into_body(), MAX_FEED_BYTES).collect())
            .await
            .map_err(|_| "피드를 읽는 데 너무 오래 걸렸습니다.".to_string())?
            .map_err(|e| format!("피드를 끝까지 읽지 못했습니다 (최대 {} MB): {e}", MAX_FEED_BYTES / 1024 / 1024))?;
        return Ok(body.to_bytes().to_vec());
    }
    Err(format!("리다이렉트가 {MAX_REDIRECTS}번을 넘었습니다."))
}

/// A redirect's address: absolute, or a path on the same host.
fn resolve(base: &hyper::Uri, location: &str) -> String {
    if location.contains("://") {
        return location.to_string();
    }
    let authority = base.authority().map(|a| a.as_str()).unwrap_or_default();
    if location.starts_with('/') {
        format!("http://{authority}{location}")
    } else {
        let path = base.path();
        let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
        format!("http://{authority}{dir}{location}")
    }
}

/// The latest [`KEEP`] items of an RSS or Atom document: newest first by their date, items
/// without a date after the dated ones in the feed's own order.
pub fn parse(bytes: &[u8]) -> Result<Vec<Item>, String> {
    let feed = feed_rs::parser::parse(bytes).map_err(|e| format!("RSS/Atom 피드로 읽을 수 없습니다: {e}"))?;
    let mut items: Vec<Item> = feed
        .entries
        .into_iter()
        .filter_map(|e| {
            let title = e.title.map(|t| plain(&t.content, t.content_type.to_string().starts_with("text/html")))?;
            if title.is_empty() {
                return None;
            }
            let link = e.links.first().map(|l| l.href.trim().chars().take(1000).collect()).unwrap_or_default();
            Some(Item { title: title.chars().take(500).collect(), link, published_at: e.published.or(e.updated) })
        })
        .collect();
    // Stable: items of one date (or none) keep the feed's order.
    items.sort_by(|a, b| b.published_at.is_some().cmp(&a.published_at.is_some()).then(b.published_at.cmp(&a.published_at)));
    items.truncate(KEEP);
    Ok(items)
}

/// A title as plain text on one line (markup removed from HTML titles).
fn plain(text: &str, html: bool) -> String {
    let text = if html {
        let stripped = crate::sanitize::strip(text);
        stripped.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&nbsp;", " ").replace("&amp;", "&")
    } else {
        text.to_string()
    };
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rss_items_newest_first() {
        let rss = br#"<?xml version="1.0"?><rss version="2.0"><channel><title>t</title>
            <item><title>Old &amp; gold</title><link>http://n.example/1</link><pubDate>Mon, 02 Mar 2026 09:00:00 +0900</pubDate></item>
            <item><title>  New
              one </title><link>http://n.example/2</link><pubDate>Tue, 03 Mar 2026 09:00:00 +0900</pubDate></item>
            <item><title>Undated</title></item>
            <item><title></title><link>http://n.example/empty</link></item>
        </channel></rss>"#;
        let items = parse(rss).unwrap();
        let titles: Vec<&str> = items.iter().map(|i| i.title.as_str()).collect();
        assert_eq!(titles, ["New one", "Old & gold", "Undated"]);
        assert_eq!(items[0].link, "http://n.example/2");
        assert_eq!(items[2].published_at, None);
    }

    #[test]
    fn not_a_feed_is_an_error() {
        assert!(parse(b"<html><body>no</body></html>").is_err());
        assert!(parse(b"").is_err());
    }

    #[test]
    fn html_titles_lose_their_markup() {
        assert_eq!(plain("<b>A</b> &amp; B", true), "A & B");
        assert_eq!(plain("<b>A</b>", false), "<b>A</b>");
    }

    #[test]
    fn redirects_resolve_against_the_feed() {
        let base: hyper::Uri = "http://n.example:8080/feeds/rss.xml".parse().unwrap();
        assert_eq!(resolve(&base, "/atom.xml"), "http://n.example:8080/atom.xml");
        assert_eq!(resolve(&base, "other.xml"), "http://n.example:8080/feeds/other.xml");
        assert_eq!(resolve(&base, "https://n.example/x"), "https://n.example/x");
    }

    #[test]
    fn periods_are_half_hours() {
        use chrono::TimeZone;
        let at = |h, m| period(Utc.with_ymd_and_hms(2026, 3, 1, h, m, 5).unwrap());
        assert_eq!(at(9, 0), "2026-03-01T09:00");
        assert_eq!(at(9, 29), "2026-03-01T09:00");
        assert_eq!(at(9, 30), "2026-03-01T09:30");
        assert_eq!(at(9, 59), "2026-03-01T09:30");
    }
}
