//! What people write besides campaigns: notices of the head office, footer notices of the
//! screens, board posts (image, video and all-screen), questions and answers, urgent messages,
//! campaign photos from the verification vendor, a proposal and a coupon text message.

use super::assets;
use super::cast::{AD_SALES, MANAGER, OPERATOR, SITE_MANAGER, VERIFIER};
use super::client::{Part, id_of};
use super::world::Demo;
use serde_json::json;

/// A notice of the head office on the home screen.
pub async fn head_office_notice(demo: &Demo, title: &str, content: &str) -> Result<(), String> {
    let body = json!({ "ntTitle": title, "ntContent": content, "ntStartDate": null, "ntEndDate": null });
    demo.call(MANAGER, "/api/system/notice/jsonSave.do", body).await.map(|_| ())
}

/// A footer notice of the screens from day `from` to day `to`; the management office writes for
/// its own site, the operator for every site.
pub async fn footer_notice(demo: &Demo, by_site: bool, text: &str, from: i64, to: i64) -> Result<(), String> {
    let (who, poi) = if by_site { (SITE_MANAGER, json!(demo.site("daechi")?)) } else { (OPERATOR, json!(null)) };
    let body = json!({ "text": text, "fromDate": demo.time.date(from), "toDate": demo.time.date(to), "poiId": poi });
    demo.call(who, "/api/content/contentNoti/jsonSave.do", body).await.map(|_| ())
}

/// An image post with a picture made for it.
pub struct ImagePost<'a> {
    pub who: &'a str,
    pub title: &'a str,
    pub body: &'a str,
    pub from: i64,
    pub to: i64,
    /// The groups it shows on; none: every screen (the all-screen board).
    pub groups: &'a [&'a str],
    pub colour: &'a str,
}

/// Posts an image post; its `biIdx`.
pub async fn image_post(demo: &Demo, post: ImagePost<'_>) -> Result<i64, String> {
    let (file_name, bytes) = assets::image(&demo.work, &format!("post-{}", crate::crypto::random_token()), 2, post.colour).await?;
    let mut data = json!({ "title": post.title, "body": post.body, "fromDate": demo.time.date(post.from), "toDate": demo.time.date(post.to) });
    let path = if post.groups.is_empty() {
        "/api/board/adImage/jsonSave.do"
    } else {
        data["mgIds"] = json!(post.groups.iter().map(|g| demo.group(g)).collect::<Result<Vec<_>, _>>()?);
        "/api/board/image/jsonSave.do"
    };
    let file = [Part { name: "files", file_name, bytes: &bytes }];
    let saved = demo.api.upload(demo.user(post.who)?, path, data, &file).await.map_err(|e| format!("{} {e}", post.who))?;
    id_of(&saved, "biIdx")
}

/// A video post playing the board video material.
pub async fn video_post(demo: &Demo, title: &str, from: i64, to: i64, groups: &[&str]) -> Result<(), String> {
    let body = json!({
        "title": title, "body": "<p>이웃과 함께 만드는 안전한 우리 단지</p>", "fromDate": demo.time.date(from), "toDate": demo.time.date(to),
        "mgIds": groups.iter().map(|g| demo.group(g)).collect::<Result<Vec<_>, _>>()?, "matId": demo.material("board-video")?,
    });
    demo.call(OPERATOR, "/api/board/material/jsonSave.do", body).await.map(|_| ())
}

/// The operator takes an all-screen post down before its end.
pub async fn stop_post(demo: &Demo, bi_idx: i64, reason: &str) -> Result<(), String> {
    demo.call(OPERATOR, "/api/board/adImage/jsonStop.do", json!({ "biIdx": bi_idx, "reason": reason })).await.map(|_| ())
}

/// A question; its `qnaIdx`.
pub async fn ask(demo: &Demo, who: &str, title: &str, body: &str) -> Result<i64, String> {
    let saved = demo.call(who, "/api/board/qna/jsonSave.do", json!({ "title": title, "body": body })).await?;
    id_of(&saved, "qnaIdx")
}

pub async fn answer(demo: &Demo, qna_idx: i64, answer: &str) -> Result<(), String> {
    demo.call(OPERATOR, "/api/board/qna/jsonAnswer.do", json!({ "qnaIdx": qna_idx, "answer": answer })).await.map(|_| ())
}

/// An urgent message from day `from` at `from_hour` to day `to` at `to_hour`; its `umIdx`.
pub async fn urgent(demo: &Demo, text: &str, (from, from_hour): (i64, u32), (to, to_hour): (i64, u32), target: serde_json::Value) -> Result<i64, String> {
    let mut body = json!({ "text": text, "startAt": demo.time.time(from, from_hour), "endAt": demo.time.time(to, to_hour) });
    if let (Some(body), Some(target)) = (body.as_object_mut(), target.as_object()) {
        body.extend(target.clone());
    }
    id_of(&demo.call(OPERATOR, "/api/content/urgentMsg/jsonSave.do", body).await?, "umIdx")
}

pub async fn stop_urgent(demo: &Demo, um_idx: i64) -> Result<(), String> {
    demo.call(OPERATOR, "/api/content/urgentMsg/jsonStop.do", json!({ "umIdx": um_idx })).await.map(|_| ())
}

/// Photos the verification vendor took of a campaign playing at a site.
pub async fn photos(demo: &Demo, campaign: &str, site: &str, count: usize) -> Result<(), String> {
    let mut files = Vec::new();
    for i in 0..count {
        files.push(assets::photo(&demo.work, &format!("photo-{campaign}-{i}"), 40 * i as i32).await?);
    }
    let parts: Vec<Part> = files.iter().map(|(name, bytes)| Part { name: "files", file_name: name.clone(), bytes }).collect();
    let data = json!({ "cmpgId": demo.campaign(campaign)?, "poiId": demo.site(site)? });
    demo.api.upload(demo.user(VERIFIER)?, "/api/cmpgphoto/cmpgphoto/jsonSave.do", data, &parts).await.map(|_| ()).map_err(|e| format!("{VERIFIER} {e}"))
}

/// A sales proposal for the dental clinic's next season.
pub async fn proposal(demo: &Demo) -> Result<(), String> {
    let (pkg_id, prd_id) = super::campaigns::default_product(demo).await?;
    let body = json!({
        "title": "맑은샘치과 하반기 집중 캠페인 제안", "advertiserName": "맑은샘치과의원", "pkgId": pkg_id, "prdId": prd_id, "slotCnt": 2, "schdRate": 100,
        "startDate": demo.time.date(30), "endDate": demo.time.date(119),
        "mgIds": [demo.group("daechi-main")?, demo.group("jamsil-main")?, demo.group("banpo-main")?],
        "memo": "강남·송파·서초 대단지 위주, 2슬롯 3개월",
    });
    demo.call(AD_SALES, "/api/report/temp/jsonSave.do", body).await.map(|_| ())
}

/// The coupon is announced to the small-merchant advertiser by text message.
pub async fn announce_coupon(demo: &Demo) -> Result<(), String> {
    let cp_idx = demo.coupon.ok_or("the coupon is made first")?;
    demo.call(MANAGER, "/api/promotion/sent/jsonSend.do", json!({ "cpIdx": cp_idx, "cIds": [demo.corp("adv-bakery")?] })).await.map(|_| ())
}
