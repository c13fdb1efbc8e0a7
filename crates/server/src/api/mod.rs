//! Every endpoint of the API with its declared access: read this list to audit who may do what.

pub mod account;
pub mod attachable;
pub mod board;
pub mod campaign;
pub mod campaign_photo;
pub mod common;
pub mod content;
pub mod dashboard;
pub mod data;
pub mod dated;
pub mod fee;
pub mod lookup;
pub mod material;
pub mod media;
pub mod openapi;
pub mod plan_lists;
pub mod point;
pub mod product;
pub mod promotion;
pub mod report;
pub mod resource;
pub mod route;
pub mod schedule;
pub mod settlement;
pub mod system;
pub mod validation;
pub mod visible;

use crate::session::guard::Access;
use crate::session::login;
use route::{Endpoint, get, post};
use townboard_domain::permission::Kind;

/// The content type of Excel downloads.
pub const XLSX: &str = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

pub fn endpoints() -> Vec<Endpoint> {
    use Access::*;
    let mut all = vec![
        post("/api/jsonAppInfo.do", Public, "환경 정보 (헤더 색상)", login::app_info),
        post("/api/jsonPublicKey.do", Public, "로그인 암호화 공개키", login::public_key),
        get("/api/captcha/image.do", Public, "자동입력 방지 이미지", login::captcha_image).binary("image/png"),
        get("/api/captcha/audio.do", Public, "자동입력 방지 음성", login::captcha_audio).binary("audio/wav"),
        post("/api/jsonLoginPrc.do", Public, "로그인", login::login),
        post("/api/jsonRetrySmsAuth.do", Public, "SMS 인증번호 재발송", login::retry_sms),
        post("/api/logout.do", LoggedInInitialPasswordAllowed, "로그아웃", login::logout),
        post("/api/log/jsonAccess.do", LoggedInInitialPasswordAllowed, "화면 접근 기록", login::access_log),
        post("/api/system/menu/jsonUserMenu.do", LoggedInInitialPasswordAllowed, "내 메뉴", system::menu::user_menu),
        post("/api/account/mypage/jsonDetail.do", Access::perm("account.mypage", Kind::View), "내 정보", account::mypage::detail),
        post("/api/account/mypage/jsonChangePassword.do", LoggedInInitialPasswordAllowed, "비밀번호 변경", account::mypage::change_password),
        post("/api/system/code/jsonCodeKey.do", LoggedIn, "코드 목록 (코드 키)", system::code::code_key),
        post("/api/system/env/jsonDetailByKey.do", Access::perm("system.env", Kind::View), "환경변수 상세 (키)", system::env::detail_by_key),
        post("/api/system/env/jsonInit.do", Access::perm("system.env", Kind::Update), "환경변수 초기화", system::env::init),
        post("/api/system/menu/jsonTree.do", Access::perm("system.menu", Kind::List), "메뉴 트리", system::menu::tree),
        post("/api/system/notice/jsonDashList.do", LoggedIn, "최근 공지사항 (홈)", system::notice::dash_list)
            .with_doc(|d| d.body = Some(resource::list_schema::<crate::db::entity::notice::Column>(&[], &system::notice::dash_sorts())))
            .reads(system::notice::dash_indexes()),
        post("/api/system/notice/jsonDashDetail.do", LoggedIn, "공지사항 상세 (홈)", system::notice::dash_detail),
        post("/api/system/authrole/jsonList.do", Access::perm("system.authrole", Kind::List), "역할별 권한", system::authrole::list),
        post("/api/account/authgroup/jsonList.do", Access::perm("system.authrole", Kind::List), "권한 그룹 (역할별 요약)", system::authrole::groups)
            .with_doc(|d| d.body = Some(resource::list_schema(&[], &system::authrole::group_sorts()))),
        post("/api/system/authrole/jsonSave.do", Access::perm("system.authrole", Kind::Update), "역할별 권한 저장", system::authrole::save),
        get("/api/common/file/download/{type}/{id}/{fileName}", LoggedIn, "첨부파일 내려받기", common::file::download).binary("application/octet-stream"),
        post("/api/account/mypage/jsonSave.do", Access::perm("account.mypage", Kind::Update), "내 정보 저장", account::mypage::save),
        post("/api/account/corp/jsonDupCheck.do", Access::perm("account.corp", Kind::List), "사업자번호 중복 확인", account::corp::dup_check),
        post("/api/account/corp/jsonBiznoDetail.do", Access::perm("account.corp", Kind::View), "사업자번호로 조회", account::corp::bizno_detail),
        post("/api/account/corp/jsonPersonList.do", Access::perm("account.corp", Kind::View), "담당자 목록", account::corp::person_list),
        post("/api/account/corp/jsonPersonSave.do", Access::perm("account.corp", Kind::Update), "담당자 저장", account::corp::person_save),
        post("/api/account/corp/jsonStatus.do", Access::perm("account.corp", Kind::Update), "사업자 상태 변경", account::corp::status),
        post("/api/account/corp/jsonLoginDetail.do", Access::perm("account.corp", Kind::View), "사업자 사용자 로그인 현황", account::corp::login_detail),
        post("/api/account/corp/jsonRoleCdList.do", LoggedIn, "역할 목록", account::corp::role_cd_list),
        post("/api/account/corp/jsonCorpKeyList.do", Access::perm("account.corp", Kind::List), "역할별 사업자 목록", account::corp::corp_key_list),
        post("/api/account/corp/jsonExcludeRoleList.do", Access::perm("account.corp", Kind::List), "역할 제외 사업자 목록", account::corp::exclude_role_list),
        post("/api/account/user/jsonStatus.do", Access::perm("account.user", Kind::Update), "사용자 상태 변경", account::user::status),
        post("/api/account/user/jsonUnlock.do", Access::perm("account.user", Kind::Update), "사용자 잠금 해제", account::user::unlock),
        post(
            "/api/account/user/jsonChangePassword.do",
            Access::perm("account.user", Kind::Update),
            "사용자 초기 비밀번호 설정",
            account::user::change_password,
        ),
        post("/api/account/user/jsonLoginDetail.do", Access::perm("account.user", Kind::View), "사용자 로그인 현황", account::user::login_detail),
        post("/api/account/user/jsonSalesList.do", LoggedIn, "영업 사용자 목록", account::user::sales_list),
        post("/api/account/user/jsonUserteamList.do", Access::perm("account.user", Kind::List), "사업자의 팀 목록", account::user::team_list),
        post("/api/account/user/jsonUsergroupList.do", Access::perm("account.user", Kind::List), "계정 그룹 목록", account::user::group_list),
        post("/api/account/user/jsonIdCheck.do", Access::perm("account.user", Kind::List), "아이디 중복 확인", account::user::id_check),
        post("/api/account/advertiser/jsonStatus.do", Access::perm("account.advertiser", Kind::Update), "광고주 상태 변경", account::advertiser::status),
        post(
            "/api/account/advertiser/jsonChangePassword.do",
            Access::perm("account.advertiser", Kind::Update),
            "광고주 초기 비밀번호 설정",
            account::advertiser::change_password,
        ),
        post("/api/account/advertiser/jsonUnlock.do", Access::perm("account.advertiser", Kind::Update), "광고주 잠금 해제", account::advertiser::unlock),
        post("/api/common/corp/byCId.do", LoggedIn, "사업자 조회 (ID)", common::lookups::corp_by_cid),
        post("/api/common/corp/byName.do", LoggedIn, "사업자 조회 (이름)", common::lookups::corp_by_name),
        post("/api/common/corp/roleByCid.do", LoggedIn, "사업자 역할", common::lookups::corp_role_by_cid),
        post("/api/common/user/byCId.do", LoggedIn, "사용자 조회 (사업자)", common::lookups::user_by_cid),
        post("/api/common/user/byName.do", LoggedIn, "사용자 조회 (이름)", common::lookups::user_by_name),
        post("/api/common/user/byUIdx.do", LoggedIn, "사용자 조회 (ID)", common::lookups::user_by_uidx),
        post("/api/common/user/roleByCid.do", LoggedIn, "사업자 사용자의 역할", common::lookups::user_role_by_cid),
        post("/api/common/usergroup/byName.do", Access::perm("account.user", Kind::List), "계정 그룹 조회 (이름)", common::lookups::usergroup_by_name),
        post("/api/common/userteam/byCId.do", LoggedIn, "팀 조회 (사업자)", common::lookups::userteam_by_cid),
        post("/api/common/userteam/byName.do", LoggedIn, "팀 조회 (이름)", common::lookups::userteam_by_name),
        post("/api/data/rgn/jsonList.do", LoggedIn, "지역 목록", data::regions),
        get("/api/data/bcode/map", LoggedIn, "법정동 코드", data::bcode_map),
        post("/api/data/kapt/jsonList.do", Access::perm("media.poi", Kind::List), "공동주택 목록", data::kapt_list)
            .with_doc(|d| d.body = Some(resource::list_schema(&data::kapt_filters(), &data::kapt_sorts())))
            .reads(data::kapt_indexes()),
        post("/api/media/poi/jsonKaptSave.do", Access::perm("media.poi", Kind::Write), "공동주택으로 사이트 등록", media::poi::kapt_save),
        post("/api/media/mediagroup/jsonDemolish.do", Access::perm("media.mediagroup", Kind::Update), "매체 그룹 철거", media::mediagroup::demolish),
        post("/api/media/mediagroup/jsonBulkMapping.do", Access::perm("media.mediagroup", Kind::Update), "매체 일괄 매핑", media::mediagroup::bulk_mapping),
        post("/api/media/media/jsonSsaidReset.do", Access::perm("media.media", Kind::Update), "SSAID 초기화", media::screen::ssaid_reset),
        post("/api/media/media/jsonStatusReset.do", Access::perm("media.media", Kind::Update), "상태 초기화", media::screen::status_reset),
        post("/api/media/media/jsonSendMsg.do", Access::perm("media.media", Kind::Other), "메시지 전송", media::screen::send_message),
        post("/api/media/{mediaId}/capture.do", Access::perm("media.media", Kind::Other), "화면 캡처 요청", media::screen::capture),
        get("/api/media/{mediaId}/capture/result.do", Access::perm("media.media", Kind::View), "화면 캡처 결과", media::screen::capture_result),
        post("/api/media/player/jsonDeploy.do", Access::perm("media.player", Kind::Update), "플레이어 배포", media::player::deploy),
        post("/api/media/operation/jsonList.do", Access::perm("media.operation", Kind::List), "운영 현황", media::operation::list).with_doc(|d| {
            d.body = Some(resource::list_schema_beside(&media::operation::filters(), &media::operation::sorts(), &media::operation::sorts_beside()))
        }),
        get("/api/media/monitoring/jsonMonitoringList.do", Access::perm("media.operation", Kind::List), "모니터링 목록", media::operation::monitoring),
        post("/api/media/report/jsonMonthList.do", Access::perm("media.report", Kind::List), "월별 사용 현황", media::report::month_list)
            .with_doc(|d| d.body = Some(media::report::month_schema()))
            .reads(media::report::month_indexes()),
        post("/api/media/report/jsonDailyList.do", Access::perm("media.report", Kind::List), "일별 사용 현황", media::report::daily_list)
            .with_doc(|d| d.body = Some(media::report::day_schema()))
            .reads(media::report::day_indexes()),
        post("/api/media/report/jsonChart.do", Access::perm("media.report", Kind::List), "일자별 사용 추이", media::report::chart),
        get("/api/media/report/excel/download.do", Access::perm("media.report", Kind::Download), "사용 현황 엑셀", media::report::excel).binary(XLSX),
        post("/api/player/v1/register", Public, "플레이어 등록", crate::player::handlers::register),
        get("/api/player/v1/schedule", Device, "편성 내려받기", crate::player::handlers::schedule),
        get("/api/player/v1/file/{matId}/{rendition}", Device, "소재 파일 (Range 지원)", crate::player::handlers::file).binary("video/mp4"),
        post("/api/player/v1/heartbeat", Device, "하트비트", crate::player::handlers::heartbeat),
        post("/api/player/v1/pop", Device, "재생 증명 (시간별)", crate::player::handlers::pop),
        post("/api/player/v1/capture/{uuid}", Device, "캡처 업로드", crate::player::handlers::capture)
            .with_body_limit(10 * 1024 * 1024 + 1024)
            .with_doc(|d| d.files = vec![("file", false)]),
        get("/api/player/v1/events", Public, "푸시 채널 (WebSocket: hello, welcome, urgent, command, schedule, ack)", crate::player::push::channel::events),
        get("/api/player/v1/update", Device, "플레이어 업데이트", crate::player::handlers::update).binary("application/octet-stream"),
    ];
    all.extend(resource::endpoints::<system::code::Codes>());
    all.extend(resource::endpoints::<system::env::Envs>());
    all.extend(resource::endpoints::<system::menu::Menus>());
    all.extend(resource::endpoints::<system::program::Programs>());
    all.extend(resource::endpoints::<system::notice::Notices>());
    all.extend(resource::endpoints::<system::news_providers::NewsProviders>());
    all.extend(resource::read_endpoints::<system::history::History>());
    all.extend(resource::endpoints::<account::corp::Corps>());
    all.extend(resource::endpoints::<account::user::Users>());
    all.extend(resource::endpoints::<account::userteam::UserTeams>());
    all.extend(resource::endpoints::<account::usergroup::UserGroups>());
    all.extend(resource::endpoints::<account::advertiser::Advertisers>());
    all.extend(resource::endpoints::<account::nodemanager::NodeManagers>());
    all.extend(resource::endpoints::<media::poi::Sites>());
    all.extend(resource::endpoints::<media::device::Devices>());
    all.extend(resource::endpoints::<media::mediagroup::MediaGroups>());
    all.extend(resource::endpoints::<media::screen::Screens>());
    all.extend(resource::endpoints::<media::player::Players>());
    all.extend(material::endpoints::endpoints::<material::kinds::CampaignMaterial>());
    all.extend(material::endpoints::endpoints::<material::kinds::HouseMaterial>());
    all.extend(material::endpoints::endpoints::<material::kinds::BoardVideoMaterial>());
    all.extend(material::endpoints::endpoints::<material::kinds::BoardImageMaterial>());
    all.extend(content_endpoints());
    all.extend(board_endpoints());
    all.extend(campaign_endpoints());
    all.extend(schedule_endpoints());
    all.extend(money_endpoints());
    all.extend(report_endpoints());
    all.extend(point::balances::endpoints::<point::balances::CorpPoints<point::owner::Advertisers>>());
    all.extend(point::balances::endpoints::<point::balances::CorpPoints<point::owner::SalesCorps>>());
    all.extend(point::balances::endpoints::<point::balances::UserPoints>());
    all.extend(resource::endpoints::<product::products::Products>());
    all.extend(resource::endpoints::<product::packages::Packages>());
    all.push(get("/api/material/manage/videoDownload.do", LoggedIn, "소재 파일 (Range 지원)", material::download::video).binary("video/mp4"));
    all.push(get("/api/material/image.do", LoggedIn, "소재 이미지 (이미지 또는 포스터)", material::download::image).binary("image/png"));
    all
}

/// The dashboards (one per role: the handler refuses another role), proposals and the population
/// by region. Proposal details quote with today's products and clock: that detail is their own,
/// beside the shared list, save and delete.
fn report_endpoints() -> Vec<Endpoint> {
    use dashboard::answers;
    use report::proposals;
    let perm = Access::perm;
    let mut all = vec![
        post("/api/dashboard/manager/jsonMain.do", perm("dashboard.main", Kind::View), "대시보드 (관리자·운영자)", answers::manager),
        post("/api/dashboard/media/jsonMain.do", perm("dashboard.main", Kind::View), "대시보드 (매체관리 대행사)", answers::media),
        post("/api/dashboard/saler/jsonMain.do", perm("dashboard.main", Kind::View), "대시보드 (영업 대행사)", answers::saler),
        post("/api/report/temp/jsonDetail.do", perm("report.temp", Kind::View), "가상 리포트 상세 (견적, 예상 송출, 도달)", proposals::detail),
        post("/api/wpopl/jsonList.do", perm("campaign.regist", Kind::List), "지역별 세대·도달 인구", data::population::list),
    ];
    all.extend(resource::endpoints::<proposals::Proposals>().into_iter().filter(|e| !e.path.ends_with("/jsonDetail.do")));
    all
}

/// Money (domain.md §7): fee rates, closing months and the statements of a month with their
/// Excel, coupons and sent promotions. The statements scope their rows to the caller's corp (or
/// campaigns); the Excel download checks the download permission of the list it names.
fn money_endpoints() -> Vec<Endpoint> {
    use settlement::{campaigns as campaign_settlement, closing, excel, media as site_list, sales as sales_list, statement};
    let perm = Access::perm;
    let mut all = vec![
        post("/api/settlement/closing/jsonList.do", perm(closing::PROGRAM, Kind::List), "월 마감 목록", closing::list)
            .with_doc(|d| d.body = Some(resource::list_schema(&closing::filters(), &closing::sorts()))),
        post("/api/settlement/closing/jsonClose.do", perm(closing::PROGRAM, Kind::Update), "월 마감 (작업)", closing::close),
        post("/api/settlement/closing/jsonProgress.do", perm(closing::PROGRAM, Kind::View), "월 마감 진행률", closing::progress),
        post("/api/settlement/closing/jsonReopen.do", perm(closing::PROGRAM, Kind::Update), "월 마감 취소 (사유)", closing::reopen),
        post("/api/settlement/closing/jsonHistory.do", perm(closing::PROGRAM, Kind::View), "월 마감·취소 이력", closing::history),
        post("/api/settlement/media/jsonList.do", perm("settlement.media", Kind::List), "매체 정산 (사이트별)", site_list::list)
            .with_doc(|d| d.body = Some(statement::schema::<settlement::site_rows::Sites>())),
        post("/api/settlement/sales/jsonList.do", perm("settlement.sales", Kind::List), "영업 정산 (영업사·담당자별)", sales_list::list)
            .with_doc(|d| d.body = Some(statement::schema::<settlement::sales_rows::SalesOwners>())),
        post("/api/campaign/jungsan/jsonList.do", perm(closing::PROGRAM, Kind::List), "캠페인 정산 (월별)", campaign_settlement::list)
            .with_doc(|d| d.body = Some(statement::schema::<settlement::campaign_rows::CampaignLines>())),
        // The list named in the query decides the download permission, checked by the handler.
        get("/api/settlement/excel/download.do", Access::LoggedIn, "정산 목록 엑셀 (목록별 다운로드 권한)", excel::download_list).binary(XLSX),
        post("/api/promotion/biz/jsonUsable.do", perm("campaign.regist", Kind::List), "광고주가 쓸 수 있는 쿠폰", promotion::usable::list),
        post("/api/promotion/sent/jsonSend.do", perm("promotion.sent", Kind::Write), "쿠폰 프로모션 문자 발송", promotion::send::send),
    ];
    all.extend(resource::endpoints::<fee::media::MediaFees>());
    all.extend(resource::endpoints::<fee::sales::SalesFees>());
    all.extend(resource::endpoints::<promotion::biz::Coupons>());
    all.extend(resource::read_endpoints::<promotion::sent::SentPromotions>());
    all
}

/// The loop plans (domain.md §6) and the slot report.
fn schedule_endpoints() -> Vec<Endpoint> {
    let perm = Access::perm;
    use schedule::plans;
    vec![
        post("/api/schedule/schedule/jsonGenerate.do", perm("schedule.schedule", Kind::Write), "편성 생성 (작업)", plans::generate_plans),
        post("/api/schedule/schedule/jsonExecDetail.do", perm("schedule.schedule", Kind::View), "편성 생성 작업 상세", plans::exec_detail),
        post("/api/schedule/schedule/jsonExecLogList.do", perm("schedule.schedule", Kind::List), "편성 생성 이력", plans::exec_logs)
            .with_doc(|d| {
                d.body = Some(resource::list_schema(&<plans::ExecLogs as resource::Resource>::filters(), &<plans::ExecLogs as resource::Resource>::sorts()))
            })
            .reads(resource::list_indexes::<plans::ExecLogs>()),
        post("/api/schedule/schedule/jsonDaily.do", perm("schedule.schedule", Kind::View), "매체 그룹 일자별 편성", plans::daily),
        post("/api/schedule/schedule/jsonModify.do", perm("schedule.schedule", Kind::Update), "편성 슬롯 소재 변경", plans::modify),
        post("/api/schedule/schedule/jsonInit.do", perm("schedule.schedule", Kind::Update), "편성 초기화 (재생성)", plans::init),
        post("/api/schedule/schedule/jsonPlanList.do", perm("schedule.new", Kind::List), "예정 편성 목록", plans::plan_list)
            .with_doc(|d| d.body = Some(plans::plan_list_schema())),
        post("/api/report/slot/jsonList.do", perm("report.slot", Kind::List), "슬롯 판매 현황", report::slot::list)
            .with_doc(|d| d.body = Some(report::slot::schema())),
    ]
}

/// Boards (their lists and details carry the status derived from today, beside the shared save
/// and delete), Q&A and campaign photo reports.
fn board_endpoints() -> Vec<Endpoint> {
    use Access::*;
    use board::kinds::{AllScreenBoard, BoardKind, ImageBoard, VideoBoard};
    use board::{file_check, posts, qna, screen_posts};
    use campaign_photo::{export, photos};
    let perm = Access::perm;
    let writes = |all: Vec<Endpoint>| all.into_iter().filter(|e| e.path.ends_with("/jsonSave.do") || e.path.ends_with("/jsonDelete.do"));
    fn board<K: BoardKind>() -> Vec<Endpoint> {
        let perm = |kind| Access::perm(K::PROGRAM, kind);
        let mut all = vec![
            post(format!("/api/{}/jsonList.do", K::PATH), perm(Kind::List), format!("{} 목록", K::SUMMARY), posts::list::<K>)
                .with_doc(|d| d.body = Some(dated::list_schema::<posts::BoardPosts<K>>("status")))
                .reads(resource::list_indexes::<posts::BoardPosts<K>>()),
            post(format!("/api/{}/jsonDetail.do", K::PATH), perm(Kind::View), format!("{} 상세 (그룹, 이미지)", K::SUMMARY), posts::detail::<K>),
            post(format!("/api/{}/jsonStop.do", K::PATH), perm(Kind::Update), format!("{} 중지", K::SUMMARY), posts::stop::<K>),
        ];
        all.extend(
            resource::endpoints::<posts::BoardPosts<K>>().into_iter().filter(|e| e.path.ends_with("/jsonSave.do") || e.path.ends_with("/jsonDelete.do")),
        );
        all
    }
    let mut all = vec![
        get("/api/board/material/id.do", DeviceOrLoggedIn, "매체 그룹의 게시물 (게시판 영역)", screen_posts::group_posts),
        get("/api/board/image.do", LoggedIn, "게시물 이미지", screen_posts::image).binary("image/png"),
        get("/api/player/v1/board/{biIdx}/{index}", Device, "게시물 이미지 (플레이어)", screen_posts::device_image).binary("image/png"),
        get("/api/board/file/check/{type}/{id}/{index}", LoggedIn, "첨부파일 확인", file_check::check),
        post("/api/board/qna/jsonList.do", perm("board.qna", Kind::List), "Q&A 목록", qna::list)
            .with_doc(|d| {
                d.body = Some(resource::list_schema(&<qna::Questions as resource::Resource>::filters(), &<qna::Questions as resource::Resource>::sorts()))
            })
            .reads(resource::list_indexes::<qna::Questions>()),
        post("/api/board/qna/jsonDetail.do", perm("board.qna", Kind::View), "Q&A 상세 (답변)", qna::detail),
        post("/api/board/qna/jsonAnswer.do", perm("board.qna", Kind::Update), "Q&A 답변", qna::answer),
        post("/api/cmpgphoto/cmpgphoto/jsonSave.do", perm("cmpgphoto.cmpgphoto", Kind::Write), "캠페인 사진 등록 (여러 장)", photos::save)
            .with_body_limit(photos::PHOTOS.max_bytes * photos::PHOTOS.max_count + crate::input::JSON_BODY_LIMIT)
            .with_doc(|d| {
                d.body = Some(route::schema_of::<photos::PhotoInput>());
                d.files = vec![("files", true)];
            }),
        post("/api/cmpgphoto/cmpgphoto/jsonSites.do", perm("cmpgphoto.cmpgphoto", Kind::List), "캠페인이 게재되는 사이트", photos::sites),
        get("/api/cmpgphoto/image.do", LoggedIn, "캠페인 사진 (원본, 썸네일)", photos::image).binary("image/jpeg"),
        get("/api/cmpgphoto/zip.do", perm("cmpgphoto.cmpgphoto", Kind::Download), "캠페인 사진 ZIP 내려받기", export::zip).binary("application/zip"),
        get("/api/cmpgphoto/excel.do", perm("cmpgphoto.cmpgphoto", Kind::Download), "캠페인 사진 목록 엑셀", export::excel).binary(XLSX),
    ];
    all.extend(board::<ImageBoard>());
    all.extend(board::<VideoBoard>());
    all.extend(board::<AllScreenBoard>());
    all.extend(writes(resource::endpoints::<qna::Questions>()));
    all.extend(resource::read_endpoints::<photos::Photos>());
    all.push(resource::delete_endpoint::<photos::Photos>());
    all
}

/// The content area (domain.md §4) and the news feeds that fill the screens' bottom band. Content
/// notices and urgent messages show statuses derived from the clock: their lists and details are
/// their own, beside the shared save and delete.
fn content_endpoints() -> Vec<Endpoint> {
    use content::{contents, manager, notices, urgent};
    let perm = Access::perm;
    let writes = |all: Vec<Endpoint>| all.into_iter().filter(|e| e.path.ends_with("/jsonSave.do") || e.path.ends_with("/jsonDelete.do"));
    let mut all = vec![
        post("/api/content/contentNoti/jsonList.do", perm("content.contentNoti", Kind::List), "콘텐츠 하단 공지 목록", notices::list)
            .with_doc(|d| d.body = Some(dated::list_schema::<notices::ContentNotices>("timeStatus")))
            .reads(resource::list_indexes::<notices::ContentNotices>()),
        post("/api/content/contentNoti/jsonDetail.do", perm("content.contentNoti", Kind::View), "콘텐츠 하단 공지 상세", notices::detail),
        post("/api/content/urgentMsg/jsonList.do", perm("content.urgentMsg", Kind::List), "긴급 메시지 목록", urgent::list)
            .with_doc(|d| d.body = Some(dated::list_schema::<urgent::UrgentMessages>("status")))
            .reads(resource::list_indexes::<urgent::UrgentMessages>()),
        post("/api/content/urgentMsg/jsonDetail.do", perm("content.urgentMsg", Kind::View), "긴급 메시지 상세 (대상, 도달 매체 수)", urgent::detail),
        post("/api/content/urgentMsg/jsonStop.do", perm("content.urgentMsg", Kind::Update), "긴급 메시지 중지", urgent::stop),
        post("/api/content/manager/jsonList.do", perm("content.manager", Kind::List), "하단 콘텐츠 설정 목록 (매체 그룹별)", manager::list)
            .with_doc(|d| d.body = Some(resource::list_schema(&manager::filters(), &manager::sorts()))),
        post("/api/content/manager/jsonDetail.do", perm("content.manager", Kind::View), "하단 콘텐츠 설정 상세", manager::detail),
        post("/api/content/manager/jsonSave.do", perm("content.manager", Kind::Update), "하단 콘텐츠 설정 저장", manager::save),
        post("/api/system/newsmng/jsonItems.do", perm("system.newsmng", Kind::View), "뉴스 기사 (최근 20건)", system::newsfeed::items),
        post("/api/system/newsmng/jsonFetch.do", perm("system.newsmng", Kind::Update), "뉴스 피드 지금 읽기 (작업)", system::newsfeed::fetch),
    ];
    all.extend(writes(resource::endpoints::<notices::ContentNotices>()));
    all.extend(writes(resource::endpoints::<urgent::UrgentMessages>()));
    all.extend(resource::endpoints::<contents::Contents>());
    all
}

/// The campaign calls of api.md with their declared permissions. Steps the owner side shares with
/// operators (cancel, change requests) are declared with `campaign.run:other`, which both hold;
/// the handler then checks the status machine's own rights.
fn campaign_endpoints() -> Vec<Endpoint> {
    use campaign::{actions, excel, lists, regist, report};
    let perm = Access::perm;
    let list_doc = |d: &mut route::Described| d.body = Some(campaign::listing::schema());
    // A campaign list: described by the lists' schema, read through their indexes.
    let list = |e: Endpoint| e.with_doc(list_doc).reads(campaign::listing::indexes());
    vec![
        post("/api/campaign/regist/jsonSave.do", perm("campaign.regist", Kind::Write), "캠페인 저장 (임시저장/반려)", regist::save_draft),
        post("/api/campaign/regist/jsonQuote.do", perm("campaign.regist", Kind::List), "캠페인 견적과 슬롯 확인", regist::quote),
        post("/api/campaign/regist/jsonRequest.do", perm("campaign.regist", Kind::Write), "캠페인 승인요청", regist::request),
        post("/api/campaign/regist/jsonAvailability.do", perm("campaign.regist", Kind::List), "매체 그룹 일자별 슬롯", regist::availability),
        list(post("/api/campaign/regist/jsonList.do", perm("campaign.regist", Kind::List), "캠페인 목록 (팝업)", regist::list)),
        list(post("/api/campaign/temp/jsonList.do", perm("campaign.temp", Kind::List), "임시저장 캠페인 목록", lists::list::<lists::Temp>)),
        list(post("/api/campaign/request/jsonList.do", perm("campaign.request", Kind::List), "승인요청 캠페인 목록", lists::list::<lists::Request>)),
        list(post("/api/campaign/run/jsonList.do", perm("campaign.run", Kind::List), "진행 캠페인 목록", lists::list::<lists::Run>)),
        list(post("/api/campaign/end/jsonList.do", perm("campaign.end", Kind::List), "종료 캠페인 목록", lists::list::<lists::End>)),
        post("/api/campaign/temp/jsonDetail.do", perm("campaign.temp", Kind::View), "임시저장 캠페인 상세", lists::detail::<lists::Temp>),
        post("/api/campaign/request/jsonDetail.do", perm("campaign.request", Kind::View), "승인요청 캠페인 상세", lists::detail::<lists::Request>),
        post("/api/campaign/run/jsonDetail.do", perm("campaign.run", Kind::View), "진행 캠페인 상세", lists::detail::<lists::Run>),
        post("/api/campaign/end/jsonDetail.do", perm("campaign.end", Kind::View), "종료 캠페인 상세", lists::detail::<lists::End>),
        post("/api/campaign/request/jsonSave.do", perm("campaign.request", Kind::Write), "승인요청 캠페인 수정", regist::save_request),
        post("/api/campaign/request/jsonApproval.do", perm("campaign.request", Kind::Update), "캠페인 (또는 변경 요청) 승인", actions::approve),
        post("/api/campaign/request/jsonReject.do", perm("campaign.request", Kind::Update), "캠페인 (또는 변경 요청) 반려", actions::reject),
        post("/api/campaign/temp/jsonDelete.do", perm("campaign.temp", Kind::Delete), "임시저장 캠페인 삭제", actions::delete_temp),
        post("/api/campaign/request/jsonDelete.do", perm("campaign.request", Kind::Delete), "승인요청 캠페인 삭제", actions::delete_request),
        post("/api/campaign/run/jsonStop.do", perm("campaign.run", Kind::Update), "캠페인 중지", actions::stop),
        post("/api/campaign/run/jsonResume.do", perm("campaign.run", Kind::Update), "캠페인 재개", actions::resume),
        post("/api/campaign/run/jsonChange.do", perm("campaign.run", Kind::Other), "캠페인 변경 요청", actions::change),
        post("/api/campaign/cancel/jsonCancel.do", perm("campaign.run", Kind::Other), "캠페인 승인취소", actions::cancel),
        post("/api/campaign/cancel/jsonRevert.do", perm("campaign.run", Kind::Update), "캠페인 승인취소 철회", actions::revert),
        // The list named in the query decides the download permission, checked by the handler.
        get("/api/campaign/excel/download.do", Access::LoggedIn, "캠페인 목록 엑셀 (목록별 다운로드 권한)", excel::download_list).binary(XLSX),
        // Readers of a running or an ended campaign: checked by the handlers (either permission).
        post("/api/campaign/report/jsonList.do", Access::LoggedIn, "캠페인 리포트 (일자·매체 그룹별 송출)", report::list)
            .with_doc(|d| d.body = Some(report::list_schema())),
        get("/api/campaign/report/excel/download.do", Access::LoggedIn, "캠페인 리포트 엑셀", report::excel).binary(XLSX),
        get("/api/campaign/excel/cuesheet/download.do", Access::LoggedIn, "캠페인 큐시트 엑셀", report::cue_sheet).binary(XLSX),
    ]
}
