//! Campaigns in every status, each taken through its life by the people who would: the sales
//! agent writes and requests it, the operator approves or rejects, stops or cancels it, the daily
//! job starts and ends it. Dates are days from today.

use super::cast::{AD_SALES, AD_SALES_JUNIOR, DISTRIBUTOR, OPERATOR, SITE_SALES};
use super::client::id_of;
use super::world::Demo;
use crate::api::campaign::form::DEFAULT_PACKAGE;
use crate::db::entity::{package, package_product, product};
use sea_orm::{ColumnTrait, EntityTrait, QueryFilter};
use serde_json::{Value, json};

pub struct Spec {
    pub key: &'static str,
    pub title: &'static str,
    pub advertiser: &'static str,
    /// The sales user who writes it (their agency is the campaign's).
    pub seller: &'static str,
    pub targets: &'static [&'static str],
    pub materials: &'static [&'static str],
    pub start: i64,
    pub end: i64,
    pub slot_cnt: i64,
    /// 100 a full slot, 50 half a slot.
    pub schd_rate: i64,
    /// Sold on the premium package rather than the default one.
    pub premium: bool,
    /// Carries the small merchants' coupon.
    pub coupon: bool,
    /// A discount in won agreed with the advertiser.
    pub discount: i64,
    pub memo: &'static str,
}

const fn spec(key: &'static str, title: &'static str, advertiser: &'static str, seller: &'static str, start: i64, end: i64) -> Spec {
    Spec {
        key,
        title,
        advertiser,
        seller,
        targets: &[],
        materials: &[],
        start,
        end,
        slot_cnt: 1,
        schd_rate: 100,
        premium: false,
        coupon: false,
        discount: 0,
        memo: "",
    }
}

pub const CAMPAIGNS: &[Spec] = &[
    Spec {
        targets: &["daechi-main", "jamsil-main"],
        materials: &["dental-video"],
        memo: "개원 10주년 기념 스케일링 할인 안내",
        ..spec("dental-anniversary", "맑은샘치과 개원 10주년 이벤트", "adv-dental", AD_SALES, -40, -10)
    },
    Spec {
        targets: &["bundang-main", "songdo-main"],
        materials: &["clinic-portrait"],
        ..spec("clinic-immunity", "푸른숲한의원 면역 보약 기획전", "adv-clinic", AD_SALES_JUNIOR, -42, -20)
    },
    Spec {
        targets: &["bundang-main", "suji-main"],
        materials: &["bakery-menu"],
        coupon: true,
        memo: "소상공인 첫 광고 쿠폰 적용",
        ..spec("bakery-menu", "밀과보리 신메뉴 출시", "adv-bakery", SITE_SALES, -38, 45)
    },
    Spec {
        targets: &["daechi-lobby", "haeundae-lobby", "doan-main"],
        materials: &["motors-video", "motors-tall"],
        slot_cnt: 2,
        premium: true,
        discount: -500_000,
        memo: "장기 집행 조건 50만원 할인",
        ..spec("motors-ev", "한솔자동차 전기차 시승 행사", "adv-motors", DISTRIBUTOR, -40, 60)
    },
    Spec {
        targets: &["daechi-main"],
        materials: &["clinic-portrait"],
        schd_rate: 50,
        ..spec("clinic-acupuncture", "푸른숲한의원 침 치료 안내", "adv-clinic", AD_SALES_JUNIOR, -30, 25)
    },
    Spec {
        targets: &["jamsil-main", "bundang-main"],
        materials: &["dental-video"],
        ..spec("dental-implant", "맑은샘치과 임플란트 상담 주간", "adv-dental", AD_SALES, -35, 20)
    },
    Spec {
        targets: &["daechi-main"], materials: &["dental-video"], ..spec("dental-whitening", "맑은샘치과 치아 미백 이벤트", "adv-dental", AD_SALES, -20, 4)
    },
    Spec {
        targets: &["beomeo-main", "songdo-main"],
        materials: &["bakery-menu"],
        ..spec("bakery-fruit", "밀과보리 제철 과일 빵 출시", "adv-bakery", SITE_SALES, 5, 35)
    },
    Spec {
        targets: &["beomeo-main"],
        materials: &["clinic-portrait"],
        ..spec("clinic-diet", "푸른숲한의원 한방 다이어트", "adv-clinic", AD_SALES_JUNIOR, 10, 40)
    },
    Spec {
        targets: &["haeundae-lobby"], materials: &["motors-video"], ..spec("motors-used", "한솔자동차 중고차 매입 상담", "adv-motors", DISTRIBUTOR, 7, 20)
    },
    Spec {
        targets: &["daechi-lobby", "haeundae-lobby"],
        materials: &["dental-wide"],
        ..spec("dental-scaling", "맑은샘치과 스케일링 건강보험 안내", "adv-dental", AD_SALES, 3, 33)
    },
    Spec {
        targets: &["jamsil-main"], materials: &["bakery-menu"], ..spec("bakery-class", "밀과보리 베이킹 클래스 모집", "adv-bakery", SITE_SALES, 6, 36)
    },
    Spec {
        targets: &["doan-main"], materials: &["motors-tall"], ..spec("motors-tire", "한솔자동차 타이어 교체 할인", "adv-motors", DISTRIBUTOR, 4, 18)
    },
    Spec {
        targets: &["songdo-main"],
        materials: &["clinic-portrait"],
        ..spec("clinic-tonic", "푸른숲한의원 보약 이벤트 (작성 중)", "adv-clinic", AD_SALES_JUNIOR, 14, 44)
    },
    Spec { targets: &["suji-main"], materials: &["bakery-menu"], ..spec("bakery-test", "밀과보리 테스트 캠페인", "adv-bakery", SITE_SALES, 20, 30) },
];

fn spec_of(key: &str) -> Result<&'static Spec, String> {
    CAMPAIGNS.iter().find(|s| s.key == key).ok_or_else(|| format!("the demo has no campaign plan {key}"))
}

/// The wire ids of the default package and its product.
pub async fn default_product(demo: &Demo) -> Result<(String, String), String> {
    let line = package_product::Entity::find()
        .filter(package_product::Column::PkgId.eq(DEFAULT_PACKAGE))
        .one(&demo.state.db)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("the default package has no product")?;
    Ok((package::wire_id(DEFAULT_PACKAGE), product::wire_id(line.prd_id)))
}

async fn fields(demo: &Demo, s: &Spec) -> Result<Value, String> {
    let (pkg_id, prd_id) = if s.premium {
        let named = |k: &str| demo.catalogue.get(k).cloned().ok_or_else(|| format!("the demo has no {k}"));
        (named("premium-package")?, named("premium-product")?)
    } else {
        default_product(demo).await?
    };
    let mut body = json!({
        "cmpgTitle": s.title, "advertiserCId": demo.corp(s.advertiser)?, "platform": 1, "pkgId": pkg_id, "prdId": prd_id,
        "startDate": demo.time.date(s.start), "endDate": demo.time.date(s.end), "slotCnt": s.slot_cnt, "schdRate": s.schd_rate,
        "targets": s.targets.iter().map(|g| demo.group(g).map(|id| json!({ "mgId": id }))).collect::<Result<Vec<_>, _>>()?,
        "materials": s.materials.iter().map(|m| demo.material(m).map(|id| json!({ "matId": id }))).collect::<Result<Vec<_>, _>>()?,
        "memo": s.memo,
    });
    if s.coupon {
        body["cpIdx"] = json!(demo.coupon.ok_or("the coupon is made before the campaigns")?);
    }
    if s.discount != 0 {
        body["extraType"] = json!("KRW");
        body["extraValue"] = json!(s.discount);
    }
    Ok(body)
}

/// The seller saves the campaign as a draft (3).
pub async fn draft(demo: &mut Demo, key: &'static str) -> Result<(), String> {
    let s = spec_of(key)?;
    let body = fields(demo, s).await?;
    let saved = demo.call(s.seller, "/api/campaign/regist/jsonSave.do", body).await?;
    demo.campaigns.insert(key, id_of(&saved, "cmpgId")?);
    Ok(())
}

/// The seller asks for approval (3 -> 21, 24 -> 27).
pub async fn request(demo: &Demo, key: &str) -> Result<(), String> {
    demo.call(spec_of(key)?.seller, "/api/campaign/regist/jsonRequest.do", json!({ "cmpgId": demo.campaign(key)? })).await.map(|_| ())
}

/// Written and requested on the same visit.
pub async fn submit(demo: &mut Demo, key: &'static str) -> Result<(), String> {
    draft(demo, key).await?;
    request(demo, key).await
}

/// The operator approves: slots are taken, a prepaid advertiser pays in points.
pub async fn approve(demo: &Demo, key: &str) -> Result<(), String> {
    demo.call(OPERATOR, "/api/campaign/request/jsonApproval.do", json!({ "cmpgId": demo.campaign(key)? })).await.map(|_| ())
}

pub async fn reject(demo: &Demo, key: &str, reason: &str) -> Result<(), String> {
    demo.call(OPERATOR, "/api/campaign/request/jsonReject.do", json!({ "cmpgId": demo.campaign(key)?, "reason": reason })).await.map(|_| ())
}

pub async fn stop(demo: &Demo, key: &str, reason: &str) -> Result<(), String> {
    demo.call(OPERATOR, "/api/campaign/run/jsonStop.do", json!({ "cmpgId": demo.campaign(key)?, "reason": reason })).await.map(|_| ())
}

/// An approved campaign called off before its start, by the operator or by its own seller.
pub async fn cancel(demo: &Demo, key: &str, by_seller: bool, reason: &str) -> Result<(), String> {
    let who = if by_seller { spec_of(key)?.seller } else { OPERATOR };
    demo.call(who, "/api/campaign/cancel/jsonCancel.do", json!({ "cmpgId": demo.campaign(key)?, "reason": reason })).await.map(|_| ())
}

/// The seller edits a rejected campaign (its title and memo) before asking again.
pub async fn revise(demo: &Demo, key: &str, title: &str, memo: &str) -> Result<(), String> {
    let body = json!({ "cmpgId": demo.campaign(key)?, "cmpgTitle": title, "memo": memo });
    demo.call(spec_of(key)?.seller, "/api/campaign/regist/jsonSave.do", body).await.map(|_| ())
}

/// The seller throws a draft away (3 -> 0).
pub async fn discard(demo: &Demo, key: &str) -> Result<(), String> {
    demo.call(spec_of(key)?.seller, "/api/campaign/temp/jsonDelete.do", json!({ "ids": [demo.campaign(key)?] })).await.map(|_| ())
}

/// The seller asks to end a live campaign early (a change request waiting for approval).
pub async fn ask_early_end(demo: &Demo, key: &str, end: i64, reason: &str) -> Result<(), String> {
    let body = json!({ "cmpgId": demo.campaign(key)?, "writeType": 3, "endDate": demo.time.date(end), "reason": reason });
    demo.call(spec_of(key)?.seller, "/api/campaign/run/jsonChange.do", body).await.map(|_| ())
}
