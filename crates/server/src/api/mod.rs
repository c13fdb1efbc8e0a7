//! Every endpoint of the API with its declared access: read this list to audit who may do what.

pub mod account;
pub mod common;
pub mod data;
pub mod lookup;
pub mod media;
pub mod openapi;
pub mod resource;
pub mod route;
pub mod system;
pub mod validation;

use crate::auth::guard::Access;
use crate::auth::login;
use route::{Endpoint, get, post};
use townboard_domain::permission::Kind;

pub fn endpoints() -> Vec<Endpoint> {
    use Access::*;
    let mut all = vec![
        post("/api/jsonAppInfo.do", Public, "환경 정보 (헤더 색상)", login::app_info),
        post("/api/jsonPublicKey.do", Public, "로그인 암호화 공개키", login::public_key),
        get("/api/captcha/image.do", Public, "자동입력 방지 이미지", login::captcha_image),
        get("/api/captcha/audio.do", Public, "자동입력 방지 음성", login::captcha_audio),
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
        post("/api/system/notice/jsonDashList.do", LoggedIn, "최근 공지사항 (홈)", system::notice::dash_list),
        post("/api/system/notice/jsonDashDetail.do", LoggedIn, "공지사항 상세 (홈)", system::notice::dash_detail),
        post("/api/system/authrole/jsonList.do", Access::perm("system.authrole", Kind::List), "역할별 권한", system::authrole::list),
        post("/api/account/authgroup/jsonList.do", Access::perm("system.authrole", Kind::List), "권한 그룹 (역할별 요약)", system::authrole::groups),
        post("/api/system/authrole/jsonSave.do", Access::perm("system.authrole", Kind::Update), "역할별 권한 저장", system::authrole::save),
        get("/api/common/file/download/{type}/{id}/{fileName}", LoggedIn, "첨부파일 내려받기", common::file::download),
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
        post("/api/data/kapt/jsonList.do", Access::perm("media.poi", Kind::List), "공동주택 목록", data::kapt_list),
        post("/api/media/poi/jsonKaptSave.do", Access::perm("media.poi", Kind::Write), "공동주택으로 사이트 등록", media::poi::kapt_save),
        post("/api/media/mediagroup/jsonDemolish.do", Access::perm("media.mediagroup", Kind::Update), "매체 그룹 철거", media::mediagroup::demolish),
        post("/api/media/mediagroup/jsonBulkMapping.do", Access::perm("media.mediagroup", Kind::Update), "매체 일괄 매핑", media::mediagroup::bulk_mapping),
        post("/api/media/media/jsonSsaidReset.do", Access::perm("media.media", Kind::Update), "SSAID 초기화", media::screen::ssaid_reset),
        post("/api/media/media/jsonStatusReset.do", Access::perm("media.media", Kind::Update), "상태 초기화", media::screen::status_reset),
        post("/api/media/media/jsonSendMsg.do", Access::perm("media.media", Kind::Other), "메시지 전송", media::screen::send_message),
        post("/api/media/{mediaId}/capture.do", Access::perm("media.media", Kind::Other), "화면 캡처 요청", media::screen::capture),
        get("/api/media/{mediaId}/capture/result.do", Access::perm("media.media", Kind::View), "화면 캡처 결과", media::screen::capture_result),
        post("/api/media/player/jsonDeploy.do", Access::perm("media.player", Kind::Update), "플레이어 배포", media::player::deploy),
        post("/api/media/operation/jsonList.do", Access::perm("media.operation", Kind::List), "운영 현황", media::operation::list),
        get("/api/media/monitoring/jsonMonitoringList.do", Access::perm("media.operation", Kind::List), "모니터링 목록", media::operation::monitoring),
        post("/api/media/report/jsonMonthList.do", Access::perm("media.report", Kind::List), "월별 사용 현황", media::report::month_list),
        post("/api/media/report/jsonDailyList.do", Access::perm("media.report", Kind::List), "일별 사용 현황", media::report::daily_list),
        post("/api/media/report/jsonChart.do", Access::perm("media.report", Kind::List), "일자별 사용 추이", media::report::chart),
        get("/api/media/report/excel/download.do", Access::perm("media.report", Kind::Download), "사용 현황 엑셀", media::report::excel),
        post("/api/player/v1/register", Public, "플레이어 등록", crate::player::handlers::register),
        get("/api/player/v1/schedule", Device, "편성 내려받기", crate::player::handlers::schedule),
        post("/api/player/v1/heartbeat", Device, "하트비트", crate::player::handlers::heartbeat),
        post("/api/player/v1/pop", Device, "재생 증명 (시간별)", crate::player::handlers::pop),
        post("/api/player/v1/capture/{uuid}", Device, "캡처 업로드", crate::player::handlers::capture).with_body_limit(10 * 1024 * 1024 + 1024),
        get("/api/player/v1/update", Device, "플레이어 업데이트", crate::player::handlers::update),
    ];
    all.extend(resource::endpoints::<system::code::Codes>());
    all.extend(resource::endpoints::<system::env::Envs>());
    all.extend(resource::endpoints::<system::menu::Menus>());
    all.extend(resource::endpoints::<system::program::Programs>());
    all.extend(resource::endpoints::<system::notice::Notices>());
    all.extend(resource::endpoints::<system::newsmng::NewsProviders>());
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
    all
}
