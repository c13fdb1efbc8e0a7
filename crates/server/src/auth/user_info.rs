//! The stored user info the browser keeps after login (api.md `user`).

use crate::auth::Caller;
use crate::db::entity::user;
use serde_json::{Value, json};
use std::collections::HashSet;
use townboard_domain::role::Role;

pub fn user_info(u: &user::Model, corp_name: &str, permissions: &HashSet<String>, vrix_url: &str) -> Value {
    let mut codes: Vec<&String> = permissions.iter().collect();
    codes.sort();
    json!({
        "uIdx": u.u_idx,
        "uId": u.u_id,
        "uName": u.u_name,
        "roleCd": u.role_cd,
        "roleCdNm": Role::from_code(u.role_cd).map(Role::name_ko).unwrap_or_default(),
        "cId": u.c_id,
        "cName": corp_name,
        "uStatus": u.u_status,
        "initPwdYn": u.init_pwd_yn,
        "showContentMenu": u.show_content_menu,
        "showBoardMenu": u.show_board_menu,
        "showImgBoard": u.show_img_board,
        "showMovBoard": u.show_mov_board,
        "authType": u.auth_type,
        "platform": u.platform,
        "programCodeList": codes,
        "vrixUrl": vrix_url,
        "lastAccessAt": u.last_access_at.as_ref().map(crate::time::format),
    })
}

pub fn of_caller(caller: &Caller, vrix_url: &str) -> Value {
    user_info(&caller.user, &caller.corp_name, &caller.permissions, vrix_url)
}
