//! The screens of the demo: apartment complexes in six sido with their legal-dong codes and
//! apartment registry codes, media groups of every template type, devices the installer
//! registers and screens the manager puts on them.

use super::cast::{INSTALLER, MANAGER, OPERATOR, SITE_MANAGER};
use super::client::{Part, id_of};
use super::world::{Demo, Screen};
use serde_json::json;

/// key, name, media owner corp, road address, legal-dong code, apartment code, buildings,
/// households, grade, display count, opening and closing time, status (0 waiting, 1 running).
type SiteRow =
    (&'static str, &'static str, &'static str, &'static str, &'static str, &'static str, i32, i32, &'static str, i32, &'static str, &'static str, i32);

const SITES: &[SiteRow] = &[
    ("daechi", "래미안 대치 팰리스", "media-hanbit", "서울특별시 강남구 삼성로 212", "1168010600", "A13001001", 14, 1608, "A", 28, "06:00", "23:00", 1),
    ("jamsil", "잠실 엘스", "media-hanbit", "서울특별시 송파구 올림픽로 99", "1171010100", "A13002002", 72, 5678, "S", 144, "05:30", "23:30", 1),
    ("mapo", "마포 래미안 푸르지오", "media-hanbit", "서울특별시 마포구 마포대로 195", "1144010100", "A13003001", 42, 3885, "A", 84, "06:00", "23:00", 1),
    ("banpo", "반포 자이", "media-hanbit", "서울특별시 서초구 신반포로 270", "1165010700", "A13004001", 44, 3410, "S", 88, "06:00", "23:00", 1),
    ("godeok", "고덕 그라시움", "media-hanbit", "서울특별시 강동구 고덕로 333", "1174010200", "A13005001", 51, 4932, "A", 102, "06:00", "22:00", 1),
    ("bundang", "분당 파크뷰", "media-hanbit", "경기도 성남시 분당구 정자일로 248", "4113510300", "A41001001", 10, 1829, "A", 40, "06:00", "23:00", 1),
    ("suji", "수지 삼성래미안 1차", "media-hanbit", "경기도 용인시 수지구 수지로 342", "4146510100", "A41003001", 12, 1239, "B", 24, "06:30", "22:30", 1),
    ("haeundae", "해운대 아이파크", "media-bada", "부산광역시 해운대구 마린시티2로 38", "2635010500", "A26001001", 3, 1631, "S", 12, "06:00", "23:30", 1),
    ("beomeo", "수성 범어 더샵", "media-bada", "대구광역시 수성구 달구벌대로 2450", "2726010100", "A27001001", 5, 1494, "A", 20, "06:00", "23:00", 1),
    ("songdo", "송도 더샵 퍼스트월드", "media-bada", "인천광역시 연수구 인천타워대로 99", "2818510600", "A28001001", 4, 1596, "A", 16, "06:00", "23:00", 1),
    ("doan", "도안 트리풀시티", "media-bada", "대전광역시 유성구 도안대로 589", "3020011500", "A30001001", 21, 2560, "B", 42, "06:00", "22:00", 1),
    ("saetteum", "세종 새뜸마을 10단지", "media-bada", "세종특별자치시 새롬중앙로 62", "3611010800", "A36001001", 13, 1200, "B", 26, "06:00", "22:00", 1),
    ("nohyeong", "제주 노형 아이파크", "media-bada", "제주특별자치도 제주시 노형로 407", "5011012200", "A50001001", 8, 720, "B", 0, "07:00", "22:00", 0),
];

/// key, site, name, template type, layout, schedule group, ad slots, board slots, status
/// (0 run, 1 stopped), screens.
type GroupRow = (&'static str, &'static str, &'static str, i32, i32, i32, i32, i32, i32, usize);

const GROUPS: &[GroupRow] = &[
    ("daechi-main", "daechi", "대치팰리스 엘리베이터", 2, 1, 0, 10, 4, 0, 3),
    ("daechi-lobby", "daechi", "대치팰리스 로비", 4, 2, 1, 8, 0, 0, 2),
    ("jamsil-main", "jamsil", "잠실엘스 엘리베이터", 2, 1, 0, 10, 2, 0, 3),
    ("mapo-main", "mapo", "마포푸르지오 엘리베이터", 0, 3, 0, 10, 0, 0, 2),
    ("banpo-main", "banpo", "반포자이 엘리베이터", 3, 4, 2, 10, 2, 0, 2),
    ("godeok-split", "godeok", "고덕그라시움 분할형", 1, 5, 3, 6, 0, 0, 2),
    ("bundang-main", "bundang", "분당파크뷰 엘리베이터", 2, 1, 0, 10, 0, 0, 3),
    ("suji-main", "suji", "수지래미안 엘리베이터", 2, 1, 1, 10, 0, 0, 2),
    ("haeundae-lobby", "haeundae", "해운대아이파크 로비", 4, 2, 0, 8, 0, 0, 2),
    ("beomeo-main", "beomeo", "범어더샵 엘리베이터", 2, 1, 0, 10, 0, 0, 2),
    ("songdo-main", "songdo", "송도더샵 엘리베이터", 2, 1, 2, 10, 0, 0, 2),
    ("doan-main", "doan", "도안트리풀 엘리베이터", 0, 3, 0, 10, 0, 0, 2),
    ("saetteum-main", "saetteum", "새뜸마을 엘리베이터", 2, 1, 0, 10, 0, 1, 2),
];

/// Device serials follow the player simulator's `--serial-prefix TBDEMO- --count N` naming, so
/// `townboard simulate-players` can play the demo's screens.
const SERIAL_PREFIX: &str = "TBDEMO-";

/// Devices in stock or taken out of use, beside those on screens.
const SPARE_DEVICES: &[(i32, &str)] = &[(0, "예비 재고"), (0, "예비 재고"), (0, "신규 입고"), (2, "패널 불량으로 회수")];

fn serial(n: usize) -> String {
    format!("{SERIAL_PREFIX}{n:05}")
}

/// Sites, groups, devices and screens, made on day `n` and the days after it.
pub async fn build(demo: &mut Demo, n: i64) -> Result<(), String> {
    for (key, name, owner, road, rgn, kapt, dongs, households, grade, displays, open, close, status) in SITES {
        let body = json!({
            "poiNm": name, "cId": demo.corp(owner)?, "poiStatus": status, "roadAddr": road, "rgnCd": rgn, "kaptCode": kapt,
            "openTime": open, "closeTime": close, "dongCnt": dongs, "daCnt": households, "mediaGrade": grade, "displayNum": displays,
        });
        let saved = demo.call(MANAGER, "/api/media/poi/jsonSave.do", body).await?;
        demo.sites.insert(key, id_of(&saved, "poiId")?);
    }
    for (key, site, name, template, layout, schd_group, ad_slots, board_slots, status, _) in GROUPS {
        let body = json!({
            "mgNm": name, "poiId": demo.site(site)?, "layout": layout, "templateType": template, "schdGroup": schd_group,
            "adSlotCnt": ad_slots, "slotSec": 15, "boardSlotCnt": board_slots, "mediaGroupStatus": status,
        });
        let saved = demo.call(MANAGER, "/api/media/mediagroup/jsonSave.do", body).await?;
        demo.groups.insert(key, id_of(&saved, "mgId")?);
    }
    // The installer registers the devices as they arrive from the warehouse.
    let screens: usize = GROUPS.iter().map(|g| g.9).sum();
    let mut devices = Vec::new();
    for i in 1..=screens + SPARE_DEVICES.len() {
        let spare = i.checked_sub(screens + 1).and_then(|s| SPARE_DEVICES.get(s));
        let (size, resolution) = if i % 3 == 0 { (50, "UHD") } else { (55, "FHD") };
        let body = json!({
            "dvcNm": format!("{size}인치 사이니지 {}", serial(i)), "dvcSnNum": serial(i), "osType": "AND",
            "wrhsDt": demo.time.date(n - 20 + (i as i64 % 7)), "erpCd": format!("ERP-{:05}", 24000 + i),
            "deviceStatus": spare.map_or(0, |s| s.0), "size": size, "resolution": resolution,
        });
        let saved = demo.call(INSTALLER, "/api/media/device/jsonSave.do", body).await?;
        devices.push(id_of(&saved, "dvcIdx")?);
    }
    let mut next = 0;
    for (key, site, name, _, _, _, _, _, _, count) in GROUPS {
        for i in 1..=*count {
            let body = json!({
                "mediaNm": format!("{name} {}", (b'A' + i as u8 - 1) as char), "poiId": demo.site(site)?, "mgId": demo.group(key)?,
                "dvcIdx": devices[next], "osType": "AND",
            });
            let saved = demo.call(MANAGER, "/api/media/media/jsonSave.do", body).await?;
            demo.screens.push(Screen { media_id: id_of(&saved, "mediaId")?, group: key, serial: serial(next + 1) });
            next += 1;
        }
    }
    // The management office of 래미안 대치 팰리스 runs its own boards and notices.
    demo.call(MANAGER, "/api/account/nodemanager/jsonSave.do", json!({ "uIdx": demo.user(SITE_MANAGER)?, "poiId": demo.site("daechi")? })).await?;
    for group in ["daechi-main", "jamsil-main", "bundang-main"] {
        let body = json!({ "mgId": demo.group(group)?, "nssId": null, "newsYn": "N", "weatherYn": "Y", "noticeYn": "Y" });
        demo.call(OPERATOR, "/api/content/manager/jsonSave.do", body).await?;
    }
    Ok(())
}

/// The player build deployed to the demo's screens.
pub const PLAYER_VERSION: &str = "2.4.1";

/// The Android player builds: the current one deployed, the one before kept.
pub async fn player_builds(demo: &Demo) -> Result<(), String> {
    let mut deployed = None;
    for (version, note) in [("2.3.0", "재생 로그 전송 간격 조정"), (PLAYER_VERSION, "긴급 메시지 표시 개선, 게시판 영역 전환 효과")]
    {
        let build = super::assets::player_build(version, note)?;
        let data = json!({ "osType": "AND", "plyType": "MAIN", "plyVersion": version, "plyDesc": note });
        let file = [Part { name: "file", file_name: format!("townboard-player-{version}.apk"), bytes: &build }];
        let saved = demo.api.upload(demo.user(MANAGER)?, "/api/media/player/jsonSave.do", data, &file).await.map_err(|e| format!("{MANAGER} {e}"))?;
        deployed = Some(id_of(&saved, "plyIdx")?);
    }
    demo.call(MANAGER, "/api/media/player/jsonDeploy.do", json!({ "plyIdx": deployed.ok_or("no player build")? })).await.map(|_| ())
}

/// The split-screen group of 고덕 그라시움 is to be taken down in a month.
pub async fn schedule_demolition(demo: &Demo, n: i64) -> Result<(), String> {
    demo.call(MANAGER, "/api/media/mediagroup/jsonDemolish.do", json!({ "mgId": demo.group("godeok-split")?, "demolishDate": demo.time.date(n) })).await?;
    Ok(())
}
