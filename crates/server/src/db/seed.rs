//! Seed data written once into an empty database: programs, the default authrole matrix, the menu
//! tree, every code list, env defaults, regions, the head-office corp and the `admin` manager.

use super::entity::*;
use crate::crypto::password;
use chrono::{DateTime, Utc};
use sea_orm::{ActiveValue::Set, DatabaseConnection, DbErr, EntityTrait, PaginatorTrait, TransactionTrait};
use townboard_domain::codes::CODE_GROUPS;
use townboard_domain::permission::{Kind, PROGRAMS, default_permissions};
use townboard_domain::role::Role;

/// Env variables with their default values and descriptions; `system/env/jsonInit.do` restores them.
pub const ENV_DEFAULTS: &[(&str, &str, &str)] = &[
    ("SMS_AUTH_YN", "N", "로그인 SMS 2차 인증 사용 여부 (Y/N)"),
    ("SMS_PROVIDER", "log", "SMS 발송 방식 (log: 로그와 발송함 기록, http: 웹훅)"),
    ("SMS_WEBHOOK_URL", "", "SMS 웹훅 주소 (SMS_PROVIDER=http)"),
    ("MENU_HIDE_CORP_ID", "", "계정 메뉴를 숨길 사업자 ID"),
    ("ALERT_PROVIDER", "none", "화면 응답 없음·장애 알림 방식 (none, sms: ALERT_PHONES로 문자, webhook: ALERT_WEBHOOK_URL로 JSON)"),
    ("ALERT_PHONES", "", "화면 알림을 받을 당직자 휴대폰 번호 (쉼표로 구분)"),
    ("ALERT_WEBHOOK_URL", "", "화면 알림 웹훅 주소 (ALERT_PROVIDER=webhook)"),
    ("CMPG_END_SOON_DAYS", "7", "종료예정으로 표시할 남은 일수"),
    ("VRIX_URL", "/api/material/manage/videoDownload.do", "영상 기본 주소"),
    (
        "REGION_MULTIPLIERS",
        "11:2.319,26:2.402,27:2.431,28:2.468,29:2.484,30:2.441,31:2.552,36:2.637,41:2.523,51:2.360,43:2.397,44:2.424,52:2.379,46:2.351,47:2.346,48:2.427,50:2.461",
        "시도별 가구당 인원 (예상 노출 인원 계산)",
    ),
];

/// Top menu items: id, name, directory.
const MENU_TOPS: &[(i64, &str, &str)] = &[
    (10001, "시스템", "/system"),
    (10002, "계정", "/account"),
    (10003, "매체", "/media"),
    (10004, "캠페인", "/campaign"),
    (10005, "콘텐츠", "/content"),
    (10006, "편성", "/schedule"),
    (10007, "캠페인 사진 리포트", "/cmpgphoto"),
    (10104, "게시판", "/board"),
    (10008, "상품", "/product"),
    (10009, "리포트", "/report"),
    (10010, "포인트", "/point"),
    (10011, "프로모션", "/promotion"),
    (10012, "정산", "/settlement"),
];

/// A sub-item: id, parent, program, and its name and link when they differ from the program's.
type MenuSub = (i64, i64, &'static str, Option<(&'static str, &'static str)>);

const MENU_SUBS: &[MenuSub] = &[
    (10201, 10001, "system.menu", None),
    (10202, 10001, "system.program", None),
    (10203, 10001, "system.notice", None),
    (10204, 10001, "system.code", None),
    (10205, 10001, "system.env", None),
    (10206, 10001, "system.authrole", None),
    (10207, 10001, "system.newsmng", None),
    (10208, 10001, "system.history", None),
    (10301, 10002, "account.corp", None),
    (10302, 10002, "account.user", None),
    (10303, 10002, "account.userteam", None),
    (10304, 10002, "account.usergroup", None),
    (10305, 10002, "account.advertiser", None),
    (10306, 10002, "account.nodemanager", None),
    (10401, 10003, "media.poi", None),
    (10402, 10003, "media.device", None),
    (10403, 10003, "media.media", None),
    (10404, 10003, "media.mediagroup", None),
    (10405, 10003, "media.player", None),
    (10406, 10003, "media.operation", None),
    (10407, 10003, "media.report", Some(("월별 사용 현황", "/media/report/monthList"))),
    (10408, 10003, "media.report", Some(("일별 사용 현황", "/media/report/dailyList"))),
    (10501, 10004, "campaign.regist", None),
    (10502, 10004, "campaign.temp", None),
    (10503, 10004, "campaign.request", None),
    (10504, 10004, "campaign.run", None),
    (10505, 10004, "campaign.end", None),
    (10506, 10004, "campaign.material", None),
    (10601, 10005, "content.content", None),
    (10602, 10005, "content.contentNoti", None),
    (10603, 10005, "content.urgentMsg", None),
    (10604, 10005, "content.manager", None),
    (10605, 10005, "content.material", None),
    (10701, 10006, "schedule.schedule", None),
    (10702, 10006, "schedule.new", None),
    (10801, 10007, "cmpgphoto.cmpgphoto", None),
    (10105, 10104, "board.adImage", None),
    (10106, 10104, "board.material", None),
    (10107, 10104, "board.adMaterial", None),
    (10108, 10104, "board.imgMaterial", None),
    (10120, 10104, "board.image", None),
    (10121, 10104, "board.qna", None),
    (10901, 10008, "product.package", None),
    (10902, 10008, "product.product", None),
    (11001, 10009, "report.slot", None),
    (11002, 10009, "report.temp", None),
    (11101, 10010, "point.advertiser", None),
    (11102, 10010, "point.sales", None),
    (11103, 10010, "point.salesuser", None),
    (11201, 10011, "promotion.biz", None),
    (11202, 10011, "promotion.sent", None),
    (11301, 10012, "settlement.closing", None),
    (11302, 10012, "settlement.media", None),
    (11303, 10012, "settlement.sales", None),
    (11304, 10012, "fee.media", None),
    (11305, 10012, "fee.sales", None),
];

/// A sample of the apartment registry: code, name, sido, sigungu, dong, legal-dong code, road address, buildings, households.
type KaptRow = (&'static str, &'static str, &'static str, &'static str, &'static str, &'static str, &'static str, i32, i32);

const KAPT: &[KaptRow] = &[
    ("A13001001", "래미안 대치 팰리스", "서울특별시", "강남구", "대치동", "1168000000", "서울특별시 강남구 삼성로 212", 14, 1608),
    ("A13001002", "도곡렉슬", "서울특별시", "강남구", "도곡동", "1168000000", "서울특별시 강남구 선릉로 221", 34, 3002),
    ("A13002001", "헬리오시티", "서울특별시", "송파구", "가락동", "1171000000", "서울특별시 송파구 송파대로 345", 84, 9510),
    ("A13002002", "잠실 엘스", "서울특별시", "송파구", "잠실동", "1171000000", "서울특별시 송파구 올림픽로 99", 72, 5678),
    ("A13003001", "마포 래미안 푸르지오", "서울특별시", "마포구", "아현동", "1144000000", "서울특별시 마포구 마포대로 195", 42, 3885),
    ("A13004001", "반포 자이", "서울특별시", "서초구", "반포동", "1165000000", "서울특별시 서초구 신반포로 270", 44, 3410),
    ("A13005001", "고덕 그라시움", "서울특별시", "강동구", "고덕동", "1174000000", "서울특별시 강동구 고덕로 333", 51, 4932),
    ("A13006001", "목동 신시가지 7단지", "서울특별시", "양천구", "목동", "1147000000", "서울특별시 양천구 목동서로 280", 34, 2550),
    ("A13007001", "상계 주공 7단지", "서울특별시", "노원구", "상계동", "1135000000", "서울특별시 노원구 동일로 1403", 20, 2634),
    ("A13008001", "DMC 파크뷰자이", "서울특별시", "서대문구", "남가좌동", "1141000000", "서울특별시 서대문구 가재울미래로 2", 53, 4300),
    ("A41001001", "분당 파크뷰", "경기도", "성남시 분당구", "정자동", "4113500000", "경기도 성남시 분당구 정자일로 248", 10, 1829),
    ("A41002001", "동탄 시범 다은마을", "경기도", "화성시", "반송동", "4159000000", "경기도 화성시 동탄반석로 160", 15, 1473),
    ("A41003001", "수지 삼성래미안 1차", "경기도", "용인시 수지구", "풍덕천동", "4146500000", "경기도 용인시 수지구 수지로 342", 12, 1239),
    ("A26001001", "해운대 아이파크", "부산광역시", "해운대구", "우동", "2635000000", "부산광역시 해운대구 마린시티2로 38", 3, 1631),
    ("A27001001", "수성 범어 더샵", "대구광역시", "수성구", "범어동", "2726000000", "대구광역시 수성구 달구벌대로 2450", 5, 1494),
    ("A28001001", "송도 더샵 퍼스트월드", "인천광역시", "연수구", "송도동", "2818500000", "인천광역시 연수구 인천타워대로 99", 4, 1596),
    ("A30001001", "도안 트리풀시티", "대전광역시", "유성구", "상대동", "3020000000", "대전광역시 유성구 도안대로 589", 21, 2560),
    ("A36001001", "세종 새뜸마을 10단지", "세종특별자치시", "세종시", "새롬동", "3611000000", "세종특별자치시 새롬중앙로 62", 13, 1200),
    ("A50001001", "제주 노형 아이파크", "제주특별자치도", "제주시", "노형동", "5011000000", "제주특별자치도 제주시 노형로 407", 8, 720),
    ("A48001001", "창원 용지 아이파크", "경상남도", "창원시 의창구", "용호동", "4812100000", "경상남도 창원시 의창구 용지로 169", 9, 1036),
];

pub const ADMIN_ID: &str = "admin";

/// A new env variable row.
pub fn env_row(key: &str, value: &str, desc: &str, now: chrono::DateTime<Utc>) -> env::ActiveModel {
    env::ActiveModel {
        env_key: Set(key.to_string()),
        env_value: Set(value.to_string()),
        env_desc: Set(desc.to_string()),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    }
}

/// Adds the env variables of [`ENV_DEFAULTS`] that a database seeded by an older version lacks
/// (an operator's deleted variable stays deleted only until the next start: defaults are settings).
pub async fn add_missing_env(db: &DatabaseConnection) -> Result<(), DbErr> {
    use sea_orm::QuerySelect;
    let present: Vec<String> = env::Entity::find().select_only().column(env::Column::EnvKey).into_tuple().all(db).await?;
    if present.is_empty() {
        return Ok(());
    }
    let now = Utc::now();
    let missing: Vec<_> = ENV_DEFAULTS.iter().filter(|(k, _, _)| !present.iter().any(|p| p == k)).map(|(k, v, d)| env_row(k, v, d, now)).collect();
    if !missing.is_empty() {
        env::Entity::insert_many(missing).exec_without_returning(db).await?;
    }
    Ok(())
}

/// Adds the code groups of the code catalogue that a database seeded by an older version lacks.
pub async fn add_missing_code_groups(db: &DatabaseConnection) -> Result<(), DbErr> {
    use sea_orm::QuerySelect;
    let present: Vec<String> = common_code::Entity::find().select_only().column(common_code::Column::CdKey).distinct().into_tuple().all(db).await?;
    if present.is_empty() {
        return Ok(());
    }
    let now = Utc::now();
    let missing: Vec<_> = CODE_GROUPS.iter().filter(|g| !present.iter().any(|p| p == g.key)).collect();
    for group in missing {
        let rows = group.items.iter().enumerate().map(|(i, (code, name))| code_row(group.key, group.name, i, code, name, now));
        common_code::Entity::insert_many(rows).exec_without_returning(db).await?;
    }
    Ok(())
}

fn code_row(key: &str, dist: &str, i: usize, code: &str, name: &str, now: chrono::DateTime<Utc>) -> common_code::ActiveModel {
    common_code::ActiveModel {
        cd_key: Set(key.into()),
        cd_dist: Set(dist.into()),
        cd_code: Set(code.to_string()),
        cd_name: Set(name.to_string()),
        cd_detail: Set(String::new()),
        cd_order: Set(i as i32 + 1),
        use_yn: Set("Y".into()),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    }
}

/// Seeds an empty database in one transaction; returns the admin password when it was generated.
pub async fn seed_if_empty(db: &DatabaseConnection, admin_password: Option<&str>) -> Result<Option<String>, DbErr> {
    if program::Entity::find().count(db).await? > 0 {
        return Ok(None);
    }
    let now = Utc::now();
    let txn = db.begin().await?;
    program::Entity::insert_many(PROGRAMS.iter().enumerate().map(|(i, p)| program::ActiveModel {
        prg_code: Set(p.code.into()),
        prg_name: Set(p.name.into()),
        prg_path: Set(p.path.into()),
        platform: Set(p.platform.as_str().into()),
        prg_kinds: Set(Kind::ALL.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(",")),
        sort_order: Set(i as i32),
        ..Default::default()
    }))
    .exec(&txn)
    .await?;
    let matrix: Vec<_> = Role::ALL
        .iter()
        .flat_map(|role| {
            default_permissions(*role).into_iter().map(|perm| role_permission::ActiveModel { role_cd: Set(role.code()), perm_code: Set(perm.code()) })
        })
        .collect();
    for chunk in matrix.chunks(200) {
        role_permission::Entity::insert_many(chunk.to_vec()).exec(&txn).await?;
    }
    let tops = MENU_TOPS.iter().enumerate().map(|(i, (id, name, dir))| menu::ActiveModel {
        mn_id: Set(*id),
        parent_id: Set(None),
        mn_name: Set(name.to_string()),
        mn_dir: Set(dir.to_string()),
        link: Set(String::new()),
        prg_code: Set(None),
        mn_icon: Set(String::new()),
        sort_order: Set(i as i32),
        use_yn: Set("Y".into()),
    });
    let subs = MENU_SUBS.iter().enumerate().map(|(i, (id, parent, code, custom))| {
        let program = townboard_domain::permission::program_by_code(code).expect("seed menu names a known program");
        let (name, link) = custom.unwrap_or((program.name, program.path));
        menu::ActiveModel {
            mn_id: Set(*id),
            parent_id: Set(Some(*parent)),
            mn_name: Set(name.to_string()),
            mn_dir: Set(String::new()),
            link: Set(link.to_string()),
            prg_code: Set(Some(code.to_string())),
            mn_icon: Set(String::new()),
            sort_order: Set(i as i32),
            use_yn: Set("Y".into()),
        }
    });
    menu::Entity::insert_many(tops.chain(subs)).exec(&txn).await?;
    // Seeded ids were given explicitly; new menu items continue after them.
    super::catch_up_sequences(&txn, &[("menu", "mn_id")]).await?;
    let codes: Vec<_> = CODE_GROUPS
        .iter()
        .flat_map(|group| group.items.iter().enumerate().map(move |(i, (code, name))| code_row(group.key, group.name, i, code, name, now)))
        .collect();
    for chunk in codes.chunks(200) {
        common_code::Entity::insert_many(chunk.to_vec()).exec(&txn).await?;
    }
    env::Entity::insert_many(ENV_DEFAULTS.iter().map(|(k, v, d)| env_row(k, v, d, now))).exec(&txn).await?;
    kapt::Entity::insert_many(KAPT.iter().map(|(code, name, as1, as2, as3, rgn, road, dong, da)| kapt::ActiveModel {
        kapt_code: Set(code.to_string()),
        kapt_name: Set(name.to_string()),
        as1: Set(as1.to_string()),
        as2: Set(as2.to_string()),
        as3: Set(as3.to_string()),
        as4: Set(String::new()),
        rgn_cd: Set(rgn.to_string()),
        road_addr: Set(road.to_string()),
        dong_cnt: Set(*dong),
        da_cnt: Set(*da),
    }))
    .exec(&txn)
    .await?;
    let head_office = corp::Entity::insert(corp::ActiveModel {
        c_name: Set("타운보드".into()),
        c_rep: Set("대표".into()),
        c_biz_no: Set("9999999999".into()),
        c_status: Set(1),
        c_type: Set(1),
        c_pay_type: Set(2),
        role_cd: Set(Role::Manager.code()),
        platform: Set(1),
        created_at: Set(now),
        updated_at: Set(now),
        deleted_at: Set(None),
        ..Default::default()
    })
    .exec(&txn)
    .await?;
    let (plain, generated) = match admin_password {
        Some(p) => (p.to_string(), None),
        None => {
            let p = password::generate();
            (p.clone(), Some(p))
        }
    };
    user::Entity::insert(manager_user(ADMIN_ID, "관리자", password::hash(&plain).map_err(DbErr::Custom)?, head_office.last_insert_id, now)).exec(&txn).await?;
    txn.commit().await?;
    Ok(generated)
}

/// A head office manager's row as the server makes one: every menu shown, the initial password to
/// be changed at the first login.
pub fn manager_user(u_id: &str, u_name: &str, password_hash: String, head_office: i64, now: DateTime<Utc>) -> user::ActiveModel {
    user::ActiveModel {
        u_id: Set(u_id.into()),
        u_id_key: Set(u_id.into()),
        u_name: Set(u_name.into()),
        u_pw: Set(password_hash),
        c_id: Set(head_office),
        role_cd: Set(Role::Manager.code()),
        u_status: Set(1),
        init_pwd_yn: Set("Y".into()),
        auth_type: Set(3),
        show_content_menu: Set("Y".into()),
        show_board_menu: Set("Y".into()),
        show_img_board: Set("Y".into()),
        show_mov_board: Set("Y".into()),
        platform: Set(1),
        phone: Set(String::new()),
        email: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}
