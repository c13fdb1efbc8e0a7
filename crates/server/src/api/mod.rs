//! Every endpoint of the API with its declared access: read this list to audit who may do what.

pub mod account;
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
    ];
    all.extend(resource::endpoints::<system::code::Codes>());
    all.extend(resource::endpoints::<system::env::Envs>());
    all
}
