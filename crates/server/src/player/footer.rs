//! The bottom band of a media group's screens for a day: the content notices in progress that day
//! (every site's and the group's site's, when the group's setting has notices on, the default) and
//! the latest news titles of the group's provider (when its setting has news on). Notices and news
//! titles are kept in memory (`state.memo`), retired by their changes in this process and renewed
//! every few seconds; the group's setting is one read by key.

use crate::db::entity::{content_notice, content_setting, media_group, news_item, news_provider};
use crate::error::ApiResult;
use crate::jobs::news_fetch;
use crate::state::AppState;
use chrono::{Duration, NaiveDate};
use sea_orm::sea_query::Query;
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde_json::{Value, json};
use std::collections::HashMap;

/// A notice as the footer needs it.
struct Notice {
    from: String,
    to: String,
    poi_id: Option<i64>,
    text: String,
}

/// How far back the notices kept in memory reach: days before this need a read of their own.
const KEPT_DAYS: i64 = 31;

/// `{notices: [text], news: [title]}` of the group on `day`.
pub async fn of_group(state: &AppState, mg_id: i64, day: NaiveDate) -> ApiResult<Value> {
    let setting = content_setting::Entity::find_by_id(mg_id).one(&state.db).await?;
    let (nss_id, news_on, notices_on) = match &setting {
        Some(s) => (s.nss_id, s.news_yn == "Y", s.notice_yn == "Y"),
        // Never set: no news, notices on.
        None => (None, false, true),
    };
    let notices = if notices_on { notices_of(state, mg_id, day).await? } else { vec![] };
    let news = match nss_id.filter(|_| news_on) {
        Some(id) => news_titles(state).await?.get(&id).cloned().unwrap_or_default(),
        None => vec![],
    };
    Ok(json!({ "notices": notices, "news": news }))
}

async fn notices_of(state: &AppState, mg_id: i64, day: NaiveDate) -> ApiResult<Vec<String>> {
    let today = crate::time::today(state.clock.now());
    let bound = today - Duration::days(KEPT_DAYS);
    let day_text = day.format("%Y-%m-%d").to_string();
    let kept;
    let read;
    let notices: &[Notice] = if day >= bound {
        kept = state.memo.get("content.contentNoti", "footer_notices", || live_notices(&state.db, Some(bound))).await?;
        &kept
    } else {
        read = live_notices(&state.db, None).await?;
        &read
    };
    let on_day: Vec<&Notice> = notices.iter().filter(|n| n.from <= day_text && day_text <= n.to).collect();
    let poi_id = if on_day.iter().any(|n| n.poi_id.is_some()) {
        media_group::Entity::find_by_id(mg_id).select_only().column(media_group::Column::PoiId).into_tuple::<i64>().one(&state.db).await?
    } else {
        None
    };
    Ok(on_day.into_iter().filter(|n| n.poi_id.is_none() || n.poi_id == poi_id).map(|n| n.text.clone()).collect())
}

/// Live notices, those ended before `since` left out; in the order they start.
async fn live_notices(db: &impl ConnectionTrait, since: Option<NaiveDate>) -> Result<Vec<Notice>, DbErr> {
    let mut q = content_notice::Entity::find().filter(content_notice::Column::DeletedAt.is_null());
    if let Some(since) = since {
        q = q.filter(content_notice::Column::ToDate.gte(since.format("%Y-%m-%d").to_string()));
    }
    let rows = q.order_by_asc(content_notice::Column::FromDate).order_by_asc(content_notice::Column::CnIdx).all(db).await?;
    Ok(rows.into_iter().map(|n| Notice { from: n.from_date, to: n.to_date, poi_id: n.poi_id, text: n.text }).collect())
}

/// The kept titles of every live provider in use, newest first.
async fn news_titles(state: &AppState) -> Result<std::sync::Arc<HashMap<i64, Vec<String>>>, DbErr> {
    state
        .memo
        .get(news_fetch::ITEMS, "footer_news", || async {
            let in_use = Query::select()
                .column(news_provider::Column::NssId)
                .from(news_provider::Entity)
                .and_where(news_provider::Column::DeletedAt.is_null())
                .and_where(news_provider::Column::UseYn.eq("Y"))
                .to_owned();
            let rows: Vec<(i64, String)> = news_item::Entity::find()
                .select_only()
                .columns([news_item::Column::NssId, news_item::Column::Title])
                .filter(news_item::Column::NssId.in_subquery(in_use))
                .order_by_asc(news_item::Column::NssId)
                .order_by_asc(news_item::Column::Seq)
                .into_tuple()
                .all(&state.db)
                .await?;
            let mut titles: HashMap<i64, Vec<String>> = HashMap::new();
            for (nss_id, title) in rows {
                titles.entry(nss_id).or_default().push(title);
            }
            Ok(titles)
        })
        .await
}
