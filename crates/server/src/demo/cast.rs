//! The people of the demo network: the head office's manager, an operations centre, two media
//! owners, three sales agencies with the advertisers they brought in, an installer, a site's
//! management office and a verification vendor, each with users of their role.

use super::world::Demo;
use crate::db::entity::user;
use sea_orm::sea_query::Expr;
use sea_orm::{ActiveValue::Set, ColumnTrait, EntityTrait, QueryFilter};
use serde_json::json;
use townboard_domain::role::Role;

pub const MANAGER: &str = "demo-manager";
pub const OPERATOR: &str = "demo-operator";
pub const AD_SALES: &str = "demo-adsales";
pub const AD_SALES_JUNIOR: &str = "demo-adsales2";
pub const MEDIA: &str = "demo-media";
pub const MEDIA_SOUTH: &str = "demo-media2";
pub const SITE_SALES: &str = "demo-sitesales";
pub const INSTALLER: &str = "demo-installer";
pub const SITE_MANAGER: &str = "demo-sitemgr";
pub const VERIFIER: &str = "demo-verifier";
pub const DISTRIBUTOR: &str = "demo-distributor";
pub const ADVERTISER: &str = "demo-advertiser";
pub const ADVERTISER_CLINIC: &str = "demo-adv-clinic";
pub const ADVERTISER_BAKERY: &str = "demo-adv-bakery";
pub const ADVERTISER_MOTORS: &str = "demo-adv-motors";

/// Every demo login with its role, in the order they are announced.
pub const LOGINS: &[(Role, &str)] = &[
    (Role::Manager, MANAGER),
    (Role::Operator, OPERATOR),
    (Role::AdSalesAgent, AD_SALES),
    (Role::AdSalesAgent, AD_SALES_JUNIOR),
    (Role::MediaAgent, MEDIA),
    (Role::MediaAgent, MEDIA_SOUTH),
    (Role::SiteSalesAgent, SITE_SALES),
    (Role::Advertiser, ADVERTISER),
    (Role::Advertiser, ADVERTISER_CLINIC),
    (Role::Advertiser, ADVERTISER_BAKERY),
    (Role::Advertiser, ADVERTISER_MOTORS),
    (Role::Installer, INSTALLER),
    (Role::SiteManager, SITE_MANAGER),
    (Role::VerificationVendor, VERIFIER),
    (Role::DistributorAgent, DISTRIBUTOR),
];

/// A business number of `prefix` (nine digits) with its check digit (domain.md §8).
fn biz_no(prefix: &str) -> String {
    (0..=9).map(|d| format!("{prefix}{d}")).find(|n| townboard_domain::validate::is_biz_no(n)).expect("one digit completes any prefix")
}

/// key, name, representative, business number prefix, role, payment type.
type CorpRow = (&'static str, &'static str, &'static str, &'static str, Role, i32);

const CORPS: &[CorpRow] = &[
    ("operations", "타운보드 운영센터", "박운영", "214862101", Role::Operator, 2),
    ("media-hanbit", "한빛미디어", "이한빛", "120864560", Role::MediaAgent, 2),
    ("media-bada", "바다미디어", "최바다", "621815532", Role::MediaAgent, 2),
    ("sales-nuri", "누리애드", "정누리", "107870114", Role::AdSalesAgent, 2),
    ("sales-ondongne", "온동네영업", "한동네", "305864871", Role::SiteSalesAgent, 2),
    ("sales-daehan", "대한총판", "김대한", "211880937", Role::DistributorAgent, 2),
    ("install-ppareun", "빠른설치", "오빠른", "134812278", Role::Installer, 2),
    ("site-daechi", "래미안대치팰리스 관리사무소", "서관리", "220825901", Role::SiteManager, 2),
    ("verify-jeonghwak", "정확검수", "윤정확", "501860318", Role::VerificationVendor, 2),
];

/// uId, name, corp key, authority type (1 own, 2 team, 3 company), in the sales team, phone,
/// and whether the content and board menus are open to them.
type PersonRow = (&'static str, &'static str, &'static str, i32, bool, &'static str, bool);

const PEOPLE: &[PersonRow] = &[
    (OPERATOR, "박운영", "operations", 3, false, "010-2101-3001", true),
    (AD_SALES, "정영업", "sales-nuri", 3, true, "010-2101-3002", false),
    (AD_SALES_JUNIOR, "이영업", "sales-nuri", 1, true, "010-2101-3003", false),
    (MEDIA, "이매체", "media-hanbit", 3, false, "010-2101-3004", false),
    (MEDIA_SOUTH, "최매체", "media-bada", 3, false, "010-2101-3005", false),
    (SITE_SALES, "한현장", "sales-ondongne", 3, false, "010-2101-3006", false),
    (INSTALLER, "오설치", "install-ppareun", 3, false, "010-2101-3007", false),
    (SITE_MANAGER, "서관리", "site-daechi", 1, false, "010-2101-3008", true),
    (VERIFIER, "윤검수", "verify-jeonghwak", 3, false, "010-2101-3009", false),
    (DISTRIBUTOR, "김총판", "sales-daehan", 3, false, "010-2101-3010", false),
];

/// key, name, representative, business number prefix, small merchant, prepaid, bringing sales
/// user, main user id and name, phone.
type AdvertiserRow = (&'static str, &'static str, &'static str, &'static str, bool, bool, &'static str, &'static str, &'static str, &'static str);

const ADVERTISERS: &[AdvertiserRow] = &[
    ("adv-dental", "맑은샘치과의원", "강맑은", "118923456", false, true, AD_SALES, ADVERTISER, "강맑은 실장", "010-3101-4001"),
    ("adv-clinic", "푸른숲한의원", "송푸른", "212934567", false, false, AD_SALES_JUNIOR, ADVERTISER_CLINIC, "송푸른 원장", "010-3101-4002"),
    ("adv-bakery", "밀과보리 베이커리", "문보리", "315945678", true, true, SITE_SALES, ADVERTISER_BAKERY, "문보리 대표", "010-3101-4003"),
    ("adv-motors", "한솔자동차", "한솔", "409956789", false, false, DISTRIBUTOR, ADVERTISER_MOTORS, "한솔 마케팅팀", "010-3101-4004"),
];

/// The head office's demo manager, made the way the server makes `admin` (one row; every other
/// account is then made through the back office by this manager).
async fn manager(demo: &mut Demo) -> Result<(), String> {
    let admin = user::Entity::find().filter(user::Column::UIdKey.eq(crate::db::seed::ADMIN_ID)).one(&demo.state.db).await.map_err(|e| e.to_string())?;
    let head_office = admin.ok_or("the database has no admin account: it was not set up by the server")?.c_id;
    let now = demo.state.clock.now();
    let row = user::ActiveModel {
        init_pwd_yn: Set("N".into()),
        phone: Set("010-2101-3000".into()),
        email: Set("manager@townboard.example".into()),
        ..crate::db::seed::manager_user(MANAGER, "김관리", crate::crypto::password::hash(&demo.password)?, head_office, now)
    };
    let u_idx = user::Entity::insert(row).exec(&demo.state.writer).await.map_err(|e| e.to_string())?.last_insert_id;
    demo.users.insert(MANAGER, u_idx);
    demo.corps.insert("head-office", head_office);
    Ok(())
}

/// Whether the demo manager's password is `password` (a second run tells the default password
/// again only when the demo was seeded with it).
pub async fn manager_password_is(state: &crate::state::AppState, password: &str) -> Result<bool, String> {
    let manager = user::Entity::find().filter(user::Column::UIdKey.eq(MANAGER)).one(&state.db).await.map_err(|e| e.to_string())?;
    Ok(manager.is_some_and(|u| crate::crypto::password::verify(password, Some(&u.u_pw))))
}

/// Demo users know their password: the initial-password flag a manager-set password raises is
/// cleared, as if each had logged in once and kept it.
async fn keep_password(demo: &Demo, u_idx: i64) -> Result<(), String> {
    user::Entity::update_many()
        .col_expr(user::Column::InitPwdYn, Expr::value("N"))
        .filter(user::Column::UIdx.eq(u_idx))
        .exec(&demo.state.writer)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

async fn u_idx_of(demo: &Demo, u_id: &str) -> Result<i64, String> {
    let found = user::Entity::find().filter(user::Column::UIdKey.eq(u_id.to_lowercase())).one(&demo.state.db).await.map_err(|e| e.to_string())?;
    found.map(|u| u.u_idx).ok_or_else(|| format!("user {u_id} was not made"))
}

fn email_of(u_id: &str) -> String {
    format!("{}@townboard.example", u_id.trim_start_matches("demo-"))
}

/// Corps, teams, users and the advertisers the sales agents bring in.
pub async fn gather(demo: &mut Demo) -> Result<(), String> {
    manager(demo).await?;
    for (key, name, rep, biz, role, pay) in CORPS {
        let body = json!({ "cName": name, "cRep": rep, "cBizNo": biz_no(biz), "cType": 1, "cPayType": pay, "roleCd": role.code(), "cStatus": 1 });
        let saved = demo.call(MANAGER, "/api/account/corp/jsonSave.do", body).await?;
        demo.corps.insert(key, super::client::id_of(&saved, "cId")?);
    }
    for (key, person, tel, dept) in [("media-hanbit", "이한빛", "02-555-0101", "매체운영팀"), ("media-bada", "최바다", "051-555-0202", "매체운영팀")]
    {
        let persons = json!({ "cId": demo.corp(key)?, "persons": [{ "personNm": person, "personTel": tel, "personEmail": format!("{key}@townboard.example"), "personDept": dept }] });
        demo.call(MANAGER, "/api/account/corp/jsonPersonSave.do", persons).await?;
    }
    let team = demo.call(MANAGER, "/api/account/userteam/jsonSave.do", json!({ "teamNm": "광고영업 1팀", "cId": demo.corp("sales-nuri")? })).await?;
    let team_id = super::client::id_of(&team, "teamId")?;
    for (u_id, name, corp, auth_type, in_team, phone, back_office_menus) in PEOPLE {
        let menus = if *back_office_menus { "Y" } else { "N" };
        let body = json!({
            "uId": u_id, "uName": name, "cId": demo.corp(corp)?, "uStatus": 1, "uPw": demo.password, "authType": auth_type,
            "teamId": in_team.then_some(team_id), "phone": phone, "email": email_of(u_id),
            "showContentMenu": menus, "showBoardMenu": menus, "showImgBoard": menus, "showMovBoard": menus,
        });
        let saved = demo.call(MANAGER, "/api/account/user/jsonSave.do", body).await?;
        let u_idx = super::client::id_of(&saved, "uIdx")?;
        keep_password(demo, u_idx).await?;
        demo.users.insert(u_id, u_idx);
    }
    demo.call(
        MANAGER,
        "/api/account/usergroup/jsonSave.do",
        json!({ "groupNm": "정산 조회 전용", "groupDesc": "정산 목록과 수수료만 조회하는 계정 그룹",
                "permCodes": ["settlement.closing:list", "settlement.media:list", "settlement.sales:list", "fee.media:list", "fee.sales:list", "dashboard.main:view"] }),
    )
    .await?;
    for (key, name, rep, biz, small, prepaid, seller, u_id, u_name, phone) in ADVERTISERS {
        let body = json!({
            "cName": name, "cRep": rep, "cBizNo": biz_no(biz), "cType": if *small { 2 } else { 1 }, "cPayType": if *prepaid { 1 } else { 2 },
            "cStatus": 1, "uId": u_id, "uName": u_name, "phone": phone, "email": email_of(u_id), "uPw": demo.password,
        });
        let saved = demo.call(seller, "/api/account/advertiser/jsonSave.do", body).await?;
        let c_id = super::client::id_of(&saved, "cId")?;
        let u_idx = u_idx_of(demo, u_id).await?;
        keep_password(demo, u_idx).await?;
        demo.corps.insert(key, c_id);
        demo.users.insert(u_id, u_idx);
        // The board menu holds their Q&A: the manager opens it for them.
        let opened = json!({
            "uIdx": u_idx, "uId": u_id, "uName": u_name, "cId": c_id, "uStatus": 1, "authType": 3, "phone": phone, "email": email_of(u_id),
            "showContentMenu": "N", "showBoardMenu": "Y", "showImgBoard": "N", "showMovBoard": "N",
        });
        demo.call(MANAGER, "/api/account/user/jsonSave.do", opened).await?;
    }
    Ok(())
}
