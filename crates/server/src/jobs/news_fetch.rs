//! News feeds: every 30 minutes a dispatching job puts one job per live provider (in use, with a
//! feed address) on the queue, and `system/newsmng/jsonFetch.do` puts one for a provider at once.
//! A provider's job reads its RSS or Atom feed over http or https ([`crate::outbound`]), keeps the
//! latest [`KEEP`] items in place of the
//! previous ones and records the reading in `news_feed`; a failure leaves the items as they were
//! and is recorded there and on the job.

use super::Ctx;
use crate::db::entity::{news_feed, news_item, news_provider};
use crate::state::AppState;
use chrono::{DateTime, Utc};
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
    let accept = "application/rss+xml, application/atom+xml, application/xml, text/xml;q=0.9, */*;q=0.8";
    let read = match crate::outbound::get(&state.http, provider.feed_url.trim(), accept, MAX_FEED_BYTES, TIMEOUT).await {
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
    crate::kept::epochs::changed(ITEMS);
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
    fn periods_are_half_hours() {
        use chrono::TimeZone;
        let at = |h, m| period(Utc.with_ymd_and_hms(2026, 3, 1, h, m, 5).unwrap());
        assert_eq!(at(9, 0), "2026-03-01T09:00");
        assert_eq!(at(9, 29), "2026-03-01T09:00");
        assert_eq!(at(9, 30), "2026-03-01T09:30");
        assert_eq!(at(9, 59), "2026-03-01T09:30");
    }
}
