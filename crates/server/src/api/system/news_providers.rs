//! News providers (`/system/newsmng`): name, logo and the RSS/Atom feed that fills the bottom band.

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::db::entity::news_provider::{ActiveModel, Column, Entity, Model};
use crate::error::ApiResult;
use crate::files::{FileSlot, IMAGES};
use sea_orm::{ActiveValue::Set, DatabaseTransaction, Order};
use serde::Deserialize;

pub struct NewsProviders;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewsInput {
    nss_id: Option<i64>,
    nss_nm: String,
    feed_url: String,
    #[serde(default = "yes")]
    use_yn: String,
}

fn yes() -> String {
    "Y".into()
}

const LOGO: &[FileSlot] = &[FileSlot { part: "logo", max_bytes: 2 * 1024 * 1024, max_count: 1, kinds: IMAGES }];

/// An absolute http(s) address with a host.
pub fn is_web_url(url: &str) -> bool {
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    rest.is_some_and(|r| {
        let host = r.split(['/', '?', '#']).next().unwrap_or_default();
        !host.is_empty() && !r.chars().any(|c| c.is_whitespace() || c.is_control())
    })
}

impl Resource for NewsProviders {
    type Entity = Entity;
    type Input = NewsInput;
    type Extra = ();
    const PATH: &'static str = "system/newsmng";
    const PROGRAM: &'static str = "system.newsmng";
    const ID_FIELD: &'static str = "nssId";
    const SUMMARY: &'static str = "뉴스 제공사";
    const FILE_TYPE: &'static str = "news";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("nssNm", Column::NssNm, Match::Contains), filter("useYn", Column::UseYn, Match::Text)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("nssNm", Column::NssNm), ("createdAt", Column::CreatedAt)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::NssNm, Order::Asc)
    }
    fn input_id(input: &NewsInput) -> Option<i64> {
        input.nss_id
    }
    fn file_slots() -> &'static [FileSlot] {
        LOGO
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: NewsInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("nssNm", &input.nss_nm, 100);
            check.required("feedUrl", &input.feed_url, 500);
            if !is_web_url(input.feed_url.trim()) {
                check.fail("feedUrl", "http:// 또는 https://로 시작하는 주소여야 합니다.");
            }
            check.yn("useYn", &input.use_yn);
            check.finish()?;
            Ok((
                ActiveModel {
                    nss_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.nss_id)),
                    nss_nm: Set(clean(input.nss_nm)),
                    feed_url: Set(clean(input.feed_url)),
                    use_yn: Set(input.use_yn),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn feed_urls() {
        for (url, ok) in [
            ("https://news.example/rss", true),
            ("http://a.b", true),
            ("ftp://a", false),
            ("https://", false),
            ("javascript:alert(1)", false),
            ("https://a b", false),
        ] {
            assert_eq!(super::is_web_url(url), ok, "{url}");
        }
    }
}
