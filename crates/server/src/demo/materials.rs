//! Materials: the advertisers' ads (uploaded by the sales agents who serve them), the network's
//! house ads and contents, and board materials, each uploaded through the materials pipeline,
//! encoded by the transcoding job and then approved (one rejected, one left waiting) by the
//! operator.

use super::assets;
use super::cast::{AD_SALES, AD_SALES_JUNIOR, DISTRIBUTOR, OPERATOR, SITE_MANAGER, SITE_SALES};
use super::client::{Part, id_of};
use super::world::Demo;
use crate::db::entity::material;
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;
use std::collections::HashMap;
use townboard_domain::material::encoding::{ENCODED, FAILED};

/// Where a material belongs.
#[derive(Clone, Copy)]
enum Kind {
    /// An advertiser's ad (corp key).
    Ad(&'static str),
    /// The network's own: 2 house ad, 3 content.
    House(i32),
    BoardVideo,
    BoardImage,
}

impl Kind {
    fn path(self) -> &'static str {
        match self {
            Kind::Ad(_) => "campaign/material",
            Kind::House(_) => "content/material",
            Kind::BoardVideo => "board/adMaterial",
            Kind::BoardImage => "board/imgMaterial",
        }
    }
}

/// What the operator decides.
#[derive(Clone, Copy)]
enum Review {
    Approve,
    Reject(&'static str),
    Wait,
}

/// key, name, kind, template type, uploader, video (else image), colour, review.
type MaterialRow = (&'static str, &'static str, Kind, i32, &'static str, bool, &'static str, Review);

/// Videos first: the longest encodings start first.
const MATERIALS: &[MaterialRow] = &[
    ("dental-video", "맑은샘치과 스케일링 15초", Kind::Ad("adv-dental"), 2, AD_SALES, true, "0x1565c0", Review::Approve),
    ("motors-video", "한솔자동차 전기차 시승 15초", Kind::Ad("adv-motors"), 4, DISTRIBUTOR, true, "0xb71c1c", Review::Approve),
    ("board-video", "안전한 단지 만들기 캠페인 영상", Kind::BoardVideo, 2, OPERATOR, true, "0x2e7d32", Review::Approve),
    ("dental-wide", "맑은샘치과 로비 가로형", Kind::Ad("adv-dental"), 4, AD_SALES, false, "0x1e88e5", Review::Approve),
    ("clinic-portrait", "푸른숲한의원 보약 세로형", Kind::Ad("adv-clinic"), 2, AD_SALES_JUNIOR, false, "0x2e7d32", Review::Approve),
    (
        "clinic-doctor",
        "푸른숲한의원 원장 소개",
        Kind::Ad("adv-clinic"),
        2,
        AD_SALES_JUNIOR,
        false,
        "0x66bb6a",
        Review::Reject("의료광고 심의번호가 빠져 있습니다. 심의필 번호를 넣어 다시 올려 주세요."),
    ),
    ("bakery-menu", "밀과보리 신메뉴 포스터", Kind::Ad("adv-bakery"), 2, SITE_SALES, false, "0xef6c00", Review::Approve),
    ("bakery-class", "밀과보리 베이킹 클래스 안내", Kind::Ad("adv-bakery"), 2, SITE_SALES, false, "0xffb300", Review::Wait),
    ("motors-tall", "한솔자동차 2560형 포스터", Kind::Ad("adv-motors"), 0, DISTRIBUTOR, false, "0xc62828", Review::Approve),
    ("house-portrait", "타운보드 광고 문의 (세로)", Kind::House(2), 2, OPERATOR, false, "0x4527a0", Review::Approve),
    ("house-tall", "타운보드 광고 문의 (2560)", Kind::House(2), 0, OPERATOR, false, "0x5e35b1", Review::Approve),
    ("house-split", "타운보드 광고 문의 (분할형)", Kind::House(2), 1, OPERATOR, false, "0x7e57c2", Review::Approve),
    ("house-2480", "타운보드 광고 문의 (2480)", Kind::House(2), 3, OPERATOR, false, "0x9575cd", Review::Approve),
    ("house-wide", "타운보드 광고 문의 (가로)", Kind::House(2), 4, OPERATOR, false, "0x673ab7", Review::Approve),
    ("content-news", "이번 주 단지 소식", Kind::House(3), 2, OPERATOR, false, "0x00897b", Review::Approve),
    ("board-image", "관리사무소 안내 배경", Kind::BoardImage, 2, SITE_MANAGER, false, "0x546e7a", Review::Approve),
];

/// How many times the demo lets the encodings run before it gives up on one.
const ENCODING_ROUNDS: usize = 4;

/// Runs the transcoding jobs until every material is encoded. An attempt that failed for a
/// passing reason is tried again the way the server would: after its back-off (the clock moves
/// past it), or by the operator's retry once the job has given up.
async fn encode(demo: &Demo) -> Result<(), String> {
    let kinds: HashMap<i64, Kind> = MATERIALS.iter().filter_map(|(key, _, kind, ..)| Some((demo.materials.get(key).copied()?, *kind))).collect();
    let mut last_error = String::new();
    for _ in 0..ENCODING_ROUNDS {
        demo.run_jobs().await;
        let ids: Vec<i64> = kinds.keys().copied().collect();
        let waiting = material::Entity::find()
            .filter(material::Column::MatId.is_in(ids))
            .filter(material::Column::EncodingStatus.ne(ENCODED))
            .all(&demo.state.db)
            .await
            .map_err(|e| e.to_string())?;
        let Some(first) = waiting.first() else { return Ok(()) };
        last_error = format!("{}: {}", first.mat_name, first.encoding_error.clone().unwrap_or_default());
        for failed in waiting.iter().filter(|m| m.encoding_status == FAILED) {
            let path = format!("/api/{}/jsonRetry.do", kinds[&failed.mat_id].path());
            demo.call(OPERATOR, &path, json!({ "matId": failed.mat_id })).await?;
        }
        demo.time.wait(chrono::Duration::minutes(1));
    }
    Err(format!("a material could not be encoded ({last_error})"))
}

/// Uploads every material; returns when they are all encoded and reviewed.
pub async fn upload_and_review(demo: &mut Demo) -> Result<(), String> {
    tokio::fs::create_dir_all(&demo.work).await.map_err(|e| e.to_string())?;
    let work = demo.work.clone();
    let files = futures_util::future::try_join_all(MATERIALS.iter().map(|(key, _, _, template, _, video, colour, _)| {
        let work = work.clone();
        async move { if *video { assets::video(&work, key, *template, colour).await } else { assets::image(&work, key, *template, colour).await } }
    }))
    .await?;
    for ((key, name, kind, template, uploader, _, _, _), (file_name, bytes)) in MATERIALS.iter().zip(files) {
        let mut data = json!({ "matName": name, "templateType": template, "matPlaytime": 15 });
        match kind {
            Kind::Ad(advertiser) => data["advertiserCId"] = json!(demo.corp(advertiser)?),
            Kind::House(slot_type) => data["slotType"] = json!(slot_type),
            Kind::BoardVideo | Kind::BoardImage => {}
        }
        let path = format!("/api/{}/jsonSave.do", kind.path());
        let file = [Part { name: "file", file_name, bytes: &bytes }];
        let saved = demo.api.upload(demo.user(uploader)?, &path, data, &file).await.map_err(|e| format!("{uploader} {e}"))?;
        demo.materials.insert(key, id_of(&saved, "matId")?);
    }
    tracing::info!("demo: materials uploaded");
    encode(demo).await?;
    for (key, _, kind, _, _, _, _, review) in MATERIALS {
        let body = match review {
            Review::Approve => json!({ "matId": demo.material(key)?, "matStatus": 1 }),
            Review::Reject(reason) => json!({ "matId": demo.material(key)?, "matStatus": 2, "reason": reason }),
            Review::Wait => continue,
        };
        demo.call(OPERATOR, &format!("/api/{}/jsonStatus.do", kind.path()), body).await?;
    }
    demo.run_jobs().await;
    Ok(())
}

/// The content slots of the loops from day `from`: the weekly news picture and a line of text.
pub async fn contents(demo: &Demo, from: i64) -> Result<(), String> {
    let picture = json!({
        "ctNm": "이번 주 단지 소식", "contentType": 10, "matId": demo.material("content-news")?, "seconds": 10,
        "fromDate": demo.time.date(from), "toDate": demo.time.date(from + 180), "ctStatus": 1, "templateTypes": [2],
    });
    demo.call(OPERATOR, "/api/content/content/jsonSave.do", picture).await?;
    let line = json!({
        "ctNm": "층간소음 배려 문구", "contentType": 30, "text": "층간소음 줄이기, 서로를 배려하는 작은 습관에서 시작됩니다.", "seconds": 8,
        "fromDate": null, "toDate": null, "ctStatus": 1, "templateTypes": [0, 1, 2, 3, 4],
    });
    demo.call(OPERATOR, "/api/content/content/jsonSave.do", line).await?;
    Ok(())
}
