//! Money of the demo: a premium product and package beside the default one, a coupon for small
//! merchants, fee rates of media owners and sales agencies, points handed to prepaid advertisers
//! and sales agents, and last month closed.

use super::cast::{AD_SALES, MANAGER};
use super::world::Demo;
use crate::db::entity::settlement_month;
use sea_orm::EntityTrait;
use serde_json::json;

/// A product and a package of the premium line (the default package is the server's own).
pub async fn catalogue(demo: &mut Demo) -> Result<(), String> {
    let premium = json!({ "prdNm": "15초 광고 (프리미엄 단지)", "slotType": 1, "playtime": 15, "unitPrice": 420_000, "platform": 1, "prdStatus": 1 });
    let product = demo.call(MANAGER, "/api/product/product/jsonSave.do", premium).await?;
    let prd_id = product["prdId"].as_str().ok_or("the product save answered no prdId")?.to_string();
    let long = json!({ "prdNm": "30초 광고", "slotType": 1, "playtime": 30, "unitPrice": 540_000, "platform": 1, "prdStatus": 1 });
    let long_id = demo.call(MANAGER, "/api/product/product/jsonSave.do", long).await?["prdId"].as_str().unwrap_or_default().to_string();
    let package = json!({
        "pkgNm": "프리미엄 단지 패키지", "priceGrossYn": "N", "pkgStatus": 1,
        "products": [{ "prdId": prd_id, "qty": 1 }, { "prdId": long_id, "qty": 1 }],
    });
    let saved = demo.call(MANAGER, "/api/product/package/jsonSave.do", package).await?;
    let pkg_id = saved["pkgId"].as_str().ok_or("the package save answered no pkgId")?.to_string();
    demo.catalogue.insert("premium-product", prd_id);
    demo.catalogue.insert("premium-package", pkg_id);
    let coupon = json!({
        "cpNm": "소상공인 첫 광고 10% 할인", "discountType": "PCT", "discountValue": 10,
        "fromDate": demo.time.date(-60), "toDate": demo.time.date(90), "maxUses": 100, "cpStatus": 1,
    });
    demo.coupon = Some(super::client::id_of(&demo.call(MANAGER, "/api/promotion/biz/jsonSave.do", coupon).await?, "cpIdx")?);
    Ok(())
}

/// Fee rates in force since the start of last year, with a change and a site's own rate.
pub async fn fees(demo: &Demo) -> Result<(), String> {
    let since = format!("{}-01-01", demo.time.day(-365).format("%Y"));
    let media = [
        (json!({ "cId": demo.corp("media-hanbit")?, "rate": 40, "fromDate": since }), "media"),
        (json!({ "cId": demo.corp("media-bada")?, "rate": 45, "fromDate": since }), "media"),
        (json!({ "cId": demo.corp("media-hanbit")?, "poiId": demo.site("jamsil")?, "rate": 35.5, "fromDate": since }), "media"),
        (json!({ "cId": demo.corp("sales-nuri")?, "rate": 15, "fromDate": since }), "sales"),
        (json!({ "cId": demo.corp("sales-nuri")?, "uIdx": demo.user(AD_SALES)?, "rate": 5, "fromDate": since }), "sales"),
        (json!({ "cId": demo.corp("sales-nuri")?, "uIdx": demo.user(super::cast::AD_SALES_JUNIOR)?, "rate": 3.5, "fromDate": since }), "sales"),
        (json!({ "cId": demo.corp("sales-ondongne")?, "rate": 12, "fromDate": since }), "sales"),
        (json!({ "cId": demo.corp("sales-ondongne")?, "uIdx": demo.user(super::cast::SITE_SALES)?, "rate": 3, "fromDate": since }), "sales"),
        (json!({ "cId": demo.corp("sales-daehan")?, "rate": 10, "fromDate": since }), "sales"),
        (json!({ "cId": demo.corp("sales-daehan")?, "uIdx": demo.user(super::cast::DISTRIBUTOR)?, "rate": 2.5, "fromDate": since }), "sales"),
        // The distributor's rate rises from the start of this month.
        (json!({ "cId": demo.corp("sales-daehan")?, "rate": 11.5, "fromDate": demo.time.today().format("%Y-%m-01").to_string() }), "sales"),
    ];
    for (body, kind) in media {
        demo.call(MANAGER, &format!("/api/fee/{kind}/jsonSave.do"), body).await?;
    }
    Ok(())
}

/// Points: prepaid advertisers are charged in points, sales agents earn incentive points.
pub async fn points(demo: &Demo) -> Result<(), String> {
    let entries = [
        ("advertiser", "jsonDistribute.do", json!({ "cId": demo.corp("adv-dental")?, "amount": 30_000_000, "memo": "선불 광고비 입금 (계좌이체)" })),
        ("advertiser", "jsonDistribute.do", json!({ "cId": demo.corp("adv-bakery")?, "amount": 15_000_000, "memo": "선불 광고비 입금 (카드)" })),
        ("advertiser", "jsonCollect.do", json!({ "cId": demo.corp("adv-bakery")?, "amount": 500_000, "memo": "중복 입금분 회수" })),
        ("sales", "jsonDistribute.do", json!({ "cId": demo.corp("sales-nuri")?, "amount": 1_000_000, "memo": "분기 영업 장려금" })),
        ("salesuser", "jsonDistribute.do", json!({ "uIdx": demo.user(AD_SALES)?, "amount": 300_000, "memo": "신규 광고주 유치 포상" })),
    ];
    for (ledger, action, body) in entries {
        demo.call(MANAGER, &format!("/api/point/{ledger}/{action}"), body).await?;
    }
    Ok(())
}

/// Closes last month: the manager starts it and the closing job stores its rows.
pub async fn close_last_month(demo: &Demo) -> Result<(), String> {
    let first = demo.time.today().format("%Y-%m-01").to_string();
    let last_month = chrono::NaiveDate::parse_from_str(&first, "%Y-%m-%d").map_err(|e| e.to_string())?.pred_opt().ok_or("no month before")?;
    let month = last_month.format("%Y-%m").to_string();
    demo.call(MANAGER, "/api/settlement/closing/jsonClose.do", json!({ "month": month })).await?;
    demo.run_jobs().await;
    let closed = settlement_month::Entity::find_by_id(month.clone()).one(&demo.state.db).await.map_err(|e| e.to_string())?;
    match closed {
        Some(m) if m.status == settlement_month::CLOSED => Ok(()),
        Some(m) => Err(format!("closing {month} did not finish: {}", m.error.unwrap_or_default())),
        None => Err(format!("closing {month} left no month row")),
    }
}
