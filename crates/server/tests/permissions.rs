//! The role × endpoint matrix: every endpoint that declares a permission refuses a logged-in user
//! whose role lacks it, before reading the body.

mod common;

use common::*;
use serde_json::json;
use std::collections::HashSet;
use townboard_domain::permission::default_permissions;
use townboard_domain::role::Role;
use townboard_server::session::guard::Access;

#[tokio::test]
async fn every_permission_endpoint_refuses_roles_without_it() {
    let app = spawn().await;
    let mut logged_in_as: Option<Role> = None;
    // One login per role, its session kept: switching back and forth must not run into the login rate limit.
    let mut sessions: std::collections::HashMap<Role, Option<String>> = std::collections::HashMap::new();
    let mut checked = 0;
    for ep in townboard_server::api::endpoints() {
        let Access::Permission(perm) = ep.access else { continue };
        // Permissions every role holds (my page) cannot be refused by role.
        let Some(lacking) = Role::ALL.into_iter().find(|r| !default_permissions(*r).contains(&perm)) else { continue };
        if logged_in_as != Some(lacking) {
            match sessions.get(&lacking) {
                Some(cookie) => app.set_cookie(cookie.clone()),
                None => {
                    app.login_as_new_user(&format!("role{}", lacking.code()), lacking.code(), 3).await;
                    sessions.insert(lacking, app.cookie());
                }
            }
            logged_in_as = Some(lacking);
        }
        let res = if ep.method == "get" {
            let path = ep.path.replace("{type}", "notice").replace("{id}", "1").replace("{fileName}", "a.txt");
            let (status, _, body) = app.get_bytes(&path).await;
            let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
            assert_eq!((status.as_u16(), body["code"].as_i64()), (403, Some(10403)), "{:?} on GET {}", lacking, ep.path);
            checked += 1;
            continue;
        } else {
            app.post(&ep.path, json!({})).await
        };
        assert_eq!((res.status.as_u16(), res.code()), (403, 10403), "{lacking:?} on {} ({})", ep.path, perm.code());
        checked += 1;
    }
    assert!(checked >= 60, "{checked} endpoints checked");
}

#[tokio::test]
async fn a_user_group_replaces_the_role_default_at_the_next_request() {
    let app = spawn().await;
    app.login_admin().await;
    let admin = app.cookie();
    let group =
        app.post("/api/account/usergroup/jsonSave.do", json!({ "groupNm": "코드 관리자", "permCodes": ["system.code:list", "system.code:view"] })).await;
    assert_eq!(group.code(), 0, "{:?}", group.body);
    let group_id = group.data()["groupId"].as_i64().unwrap();
    let bad = app.post("/api/account/usergroup/jsonSave.do", json!({ "groupNm": "잘못", "permCodes": ["system.code:fly"] })).await;
    assert_eq!(bad.code(), 10400);

    let u_idx = app.login_as_new_user("installer1", 10007, 1).await;
    let me = app.cookie();
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 10403);

    app.set_cookie(admin);
    let detail = app.post("/api/account/user/jsonDetail.do", json!({ "uIdx": u_idx })).await;
    let mut body = json!({});
    for field in
        ["uIdx", "uId", "uName", "cId", "uStatus", "authType", "teamId", "phone", "email", "showContentMenu", "showBoardMenu", "showImgBoard", "showMovBoard"]
    {
        body[field] = detail.data()[field].clone();
    }
    body["groupId"] = json!(group_id);
    let saved = app.post("/api/account/user/jsonSave.do", body).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);

    // Joining a group ends the user's sessions; at the next login the group's set applies.
    app.set_cookie(me);
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 10500);
    let login = app.try_login("installer1", NEW_PW, None).await;
    let codes: HashSet<&str> = login.data()["user"]["programCodeList"].as_array().unwrap().iter().map(|v| v.as_str().unwrap()).collect();
    assert_eq!(codes, HashSet::from(["system.code:list", "system.code:view"]));
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 0);
    assert_eq!(app.post("/api/account/mypage/jsonDetail.do", json!({})).await.code(), 10403, "the group replaced the role's set");

    // The role matrix: a change applies to the role's users at their next request.
    app.login_as_new_user("vendor9", 10009, 1).await;
    let vendor = app.cookie();
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 10403);
    app.set_cookie(None);
    assert_eq!(app.try_login("admin", NEW_PW, None).await.code(), 0);
    let groups = app.post("/api/account/authgroup/jsonList.do", json!({})).await;
    let vendors = groups.data()["list"].as_array().unwrap().iter().find(|g| g["roleCd"] == 10009).unwrap().clone();
    assert_eq!((vendors["roleCdNm"].as_str(), vendors["userCnt"].as_i64()), (Some("검수업체"), Some(1)));
    let matrix = app.post("/api/system/authrole/jsonList.do", json!({ "roleCd": 10009 })).await;
    assert_eq!(vendors["permCnt"].as_u64(), Some(matrix.data()["permCodes"].as_array().unwrap().len() as u64));
    let mut codes: Vec<String> = matrix.data()["permCodes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    assert!(matrix.data()["programs"].as_array().unwrap().len() > 40);
    codes.push("system.code:list".into());
    assert_eq!(app.post("/api/system/authrole/jsonSave.do", json!({ "roleCd": 10009, "permCodes": codes })).await.code(), 0);
    assert_eq!(app.post("/api/system/authrole/jsonSave.do", json!({ "roleCd": 10009, "permCodes": ["nope:list"] })).await.code(), 10400);
    assert_eq!(app.post("/api/system/authrole/jsonSave.do", json!({ "roleCd": 99, "permCodes": [] })).await.code(), 10400);
    app.set_cookie(vendor);
    assert_eq!(app.post("/api/system/code/jsonList.do", json!({})).await.code(), 0);
}
