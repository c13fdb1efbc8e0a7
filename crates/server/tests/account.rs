//! Account area: corps, users, teams, advertisers, my page, lookups and data scope.

mod common;

use common::*;
use serde_json::{Value, json};

fn corp(name: &str, biz: &str, role: i32) -> Value {
    json!({ "cName": name, "cRep": "홍길동", "cBizNo": biz, "cType": 1, "cPayType": 1, "roleCd": role, "cStatus": 1 })
}

fn user(uid: &str, c_id: &Value) -> Value {
    json!({ "uId": uid, "uName": format!("{uid} 이름"), "cId": c_id, "uStatus": 1, "uPw": "Init-Pass-2026", "authType": 3, "showContentMenu": "N", "showBoardMenu": "N", "showImgBoard": "N", "showMovBoard": "N" })
}

#[tokio::test]
async fn corps_check_business_numbers_contacts_status_and_licence() {
    let app = spawn().await;
    app.login_admin().await;
    let invalid = app.post("/api/account/corp/jsonSave.do", corp("잘못된", "1234567890", 10004)).await;
    assert_eq!(invalid.code(), 10400);
    assert!(invalid.data()["fieldErrors"]["cBizNo"].is_string());
    let saved =
        app.post_multipart("/api/account/corp/jsonSave.do", corp("매체사", "124-81-00998", 10004), &[("licence", "licence.pdf", b"%PDF-1.4 licence")]).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let c_id = saved.data()["cId"].clone();
    let detail = app.post("/api/account/corp/jsonDetail.do", json!({ "cId": c_id })).await;
    assert_eq!(detail.data()["cBizNo"], "1248100998");
    assert_eq!(detail.data()["licence"]["fileName"], "licence.pdf");
    let (status, _, body) = app.get_bytes(&format!("/api/common/file/download/corp/{}/licence.pdf", detail.data()["licence"]["fileIdx"])).await;
    assert_eq!((status.as_u16(), &body[..]), (200, &b"%PDF-1.4 licence"[..]));

    let dup = app.post("/api/account/corp/jsonSave.do", corp("같은번호", "1248100998", 10003)).await;
    assert_eq!((dup.code(), dup.data()["fieldErrors"]["cBizNo"].is_string()), (10409, true));
    assert_eq!(app.post("/api/account/corp/jsonDupCheck.do", json!({ "cBizNo": "124-81-00998" })).await.data()["dupYn"], "Y");
    assert_eq!(app.post("/api/account/corp/jsonDupCheck.do", json!({ "cBizNo": "1248100998", "cId": c_id })).await.data()["dupYn"], "N");
    assert_eq!(app.post("/api/account/corp/jsonDupCheck.do", json!({ "cBizNo": "9999999999" })).await.data()["dupYn"], "N", "the placeholder repeats");
    assert_eq!(app.post("/api/account/corp/jsonSave.do", corp("번호없음", "9999999999", 10003)).await.code(), 0);
    assert_eq!(app.post("/api/account/corp/jsonBiznoDetail.do", json!({ "cBizNo": "1248100998" })).await.data()["cName"], "매체사");

    let persons =
        json!({ "cId": c_id, "persons": [{ "personNm": "김담당", "personTel": "02-123-4567", "personEmail": "kim@example.com", "personDept": "영업" }] });
    assert_eq!(app.post("/api/account/corp/jsonPersonSave.do", persons).await.code(), 0);
    let listed = app.post("/api/account/corp/jsonPersonList.do", json!({ "cId": c_id })).await;
    assert_eq!(listed.data()["list"][0]["personNm"], "김담당");
    assert_eq!(app.post("/api/account/corp/jsonPersonSave.do", json!({ "cId": c_id, "persons": [{ "personNm": "" }] })).await.code(), 10400);

    assert_eq!(app.post("/api/account/corp/jsonStatus.do", json!({ "cId": c_id, "cStatus": 2 })).await.code(), 0);
    assert_eq!(app.post("/api/account/corp/jsonStatus.do", json!({ "cId": c_id, "cStatus": 7 })).await.code(), 10400);
    let filtered = app.post("/api/account/corp/jsonList.do", json!({ "cStatus": 2, "roleCd": 10004 })).await;
    assert_eq!(filtered.data()["totalCount"], 1);
    let roles = app.post("/api/account/corp/jsonRoleCdList.do", json!({})).await;
    assert_eq!(roles.data()["list"].as_array().unwrap().len(), 10);
    let keys = app.post("/api/account/corp/jsonCorpKeyList.do", json!({ "roleCdList": [10004] })).await;
    assert_eq!(keys.data()["list"], json!([{ "cId": c_id, "cName": "매체사" }]));
    let others = app.post("/api/account/corp/jsonExcludeRoleList.do", json!({ "roleCdList": [10004] })).await;
    assert!(others.data()["list"].as_array().unwrap().iter().all(|c| c["cId"] != c_id));
}

#[tokio::test]
async fn users_get_an_initial_password_follow_their_corp_and_can_be_managed() {
    let app = spawn().await;
    app.login_admin().await;
    let c = app.post("/api/account/corp/jsonSave.do", corp("매체사", "2208162517", 10004)).await;
    let c_id = c.data()["cId"].clone();
    let weak = app.post("/api/account/user/jsonSave.do", json!({ "uId": "media1", "uName": "n", "cId": c_id, "uPw": "short" })).await;
    assert!(weak.data()["fieldErrors"]["uPw"].is_string());
    let saved = app.post("/api/account/user/jsonSave.do", user("media1", &c_id)).await;
    assert_eq!(saved.code(), 0, "{:?}", saved.body);
    let u_idx = saved.data()["uIdx"].clone();
    assert_eq!(app.post("/api/account/user/jsonSave.do", user("MEDIA1", &c_id)).await.code(), 10409, "ids are unique without case");
    assert_eq!(app.post("/api/account/user/jsonIdCheck.do", json!({ "uId": "Media1" })).await.data()["dupYn"], "Y");
    let mut wrong_role = user("media2", &c_id);
    wrong_role["roleCd"] = json!(10001);
    assert!(app.post("/api/account/user/jsonSave.do", wrong_role).await.data()["fieldErrors"]["roleCd"].is_string(), "a user holds the corp's role");
    let mut right_role = user("media3", &c_id);
    right_role["roleCd"] = json!(10004);
    assert_eq!(app.post("/api/account/user/jsonSave.do", right_role).await.code(), 0, "roleCd of api.md is accepted");

    let detail = app.post("/api/account/user/jsonDetail.do", json!({ "uIdx": u_idx })).await;
    assert_eq!(detail.data()["roleCd"], 10004, "the corp's role");
    assert_eq!(detail.data()["roleCdNm"], "매체관리 대행사");
    assert_eq!(detail.data()["cName"], "매체사");
    assert_eq!(detail.data()["initPwdYn"], "Y");
    assert!(detail.data().get("uPw").is_none());

    // The new user must change the initial password, then sees the media menu and its own settlement.
    let admin = app.cookie();
    app.set_cookie(None);
    assert_eq!(app.try_login("media1", "Init-Pass-2026", None).await.code(), 0);
    assert_eq!(
        app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": "Init-Pass-2026", "newPassword": "Media-Pass-2026" })).await.code(),
        0
    );
    let menu = app.post("/api/system/menu/jsonUserMenu.do", json!({})).await;
    let tops: Vec<&str> = menu.data().as_array().unwrap().iter().map(|t| t["mnDir"].as_str().unwrap()).collect();
    assert_eq!(tops, vec!["/media", "/settlement"]);
    assert_eq!(app.post("/api/account/mypage/jsonSave.do", json!({ "uName": "새 이름", "phone": "010-0000-0000", "email": "me@example.com" })).await.code(), 0);
    assert_eq!(app.post("/api/account/mypage/jsonDetail.do", json!({})).await.data()["uName"], "새 이름");
    assert_eq!(app.post("/api/account/mypage/jsonSave.do", json!({ "uName": "", "email": "nope" })).await.code(), 10400);
    let media = app.cookie();

    app.set_cookie(admin);
    assert_eq!(app.post("/api/account/user/jsonStatus.do", json!({ "uIdx": u_idx, "uStatus": 2 })).await.code(), 0);
    app.set_cookie(media);
    assert_eq!(app.post("/api/system/menu/jsonUserMenu.do", json!({})).await.code(), 10500, "stopping a user ends their sessions");
    app.set_cookie(None);
    assert_eq!(app.try_login("admin", NEW_PW, None).await.code(), 0);
    assert_eq!(app.post("/api/account/user/jsonStatus.do", json!({ "uIdx": u_idx, "uStatus": 1 })).await.code(), 0);

    // Lock by failures, then unlock; a manager-set password is initial again.
    let admin = app.cookie();
    for _ in 0..2 {
        app.set_cookie(None);
        app.try_login("media1", "wrong-password-9", None).await;
    }
    app.set_cookie(admin.clone());
    let login = app.post("/api/account/user/jsonLoginDetail.do", json!({ "uIdx": u_idx })).await;
    assert_eq!(login.data()["failCnt"], 2);
    assert_eq!(app.post("/api/account/user/jsonUnlock.do", json!({ "uIdx": u_idx })).await.code(), 0);
    assert_eq!(app.post("/api/account/user/jsonLoginDetail.do", json!({ "uIdx": u_idx })).await.data()["failCnt"], 0);
    assert_eq!(app.post("/api/account/user/jsonChangePassword.do", json!({ "uIdx": u_idx, "uPw": "Reset-Pass-2026" })).await.code(), 0);
    app.set_cookie(None);
    let again = app.try_login("media1", "Reset-Pass-2026", None).await;
    assert_eq!(again.data()["user"]["initPwdYn"], "Y");
    app.set_cookie(admin);

    let listed = app.post("/api/account/user/jsonList.do", json!({ "cId": c_id, "sortField": "lastLoginAt", "sortOrder": "desc" })).await;
    assert_eq!(listed.data()["totalCount"], 2);
    assert_eq!(listed.data()["list"][0]["uId"], "media1", "the one who logged in comes first");
    let ascending = app.post("/api/account/user/jsonList.do", json!({ "cId": c_id, "sortField": "lastLoginAt", "sortOrder": "asc" })).await;
    assert_eq!(ascending.data()["list"][0]["uId"], "media1", "empty values sort last either way");
    assert_eq!(listed.data()["list"][0]["cName"], "매체사");

    // A corp's role change moves its users and ends their sessions.
    let mut changed = corp("매체사", "2208162517", 10003);
    changed["cId"] = c_id.clone();
    assert_eq!(app.post("/api/account/corp/jsonSave.do", changed).await.code(), 0);
    assert_eq!(app.post("/api/account/user/jsonDetail.do", json!({ "uIdx": u_idx })).await.data()["roleCd"], 10003);
    let sales = app.post("/api/account/user/jsonSalesList.do", json!({ "uName": "새" })).await;
    assert_eq!(sales.data()["list"][0]["uId"], "media1");
}

#[tokio::test]
async fn teams_and_groups() {
    let app = spawn().await;
    app.login_admin().await;
    let c = app.post("/api/account/corp/jsonSave.do", corp("영업사", "1018100340", 10003)).await;
    let c_id = c.data()["cId"].clone();
    let team = app.post("/api/account/userteam/jsonSave.do", json!({ "teamNm": "1팀", "cId": c_id })).await;
    assert_eq!(team.code(), 0, "{:?}", team.body);
    let team_id = team.data()["teamId"].clone();
    let mut u = user("sales1", &c_id);
    u["teamId"] = team_id.clone();
    u["authType"] = json!(2);
    assert_eq!(app.post("/api/account/user/jsonSave.do", u).await.code(), 0);
    let teams = app.post("/api/account/userteam/jsonList.do", json!({ "cId": c_id })).await;
    assert_eq!(teams.data()["list"][0]["memberCnt"], 1);
    assert_eq!(teams.data()["list"][0]["cName"], "영업사");
    assert_eq!(app.post("/api/account/userteam/jsonDelete.do", json!({ "ids": [team_id] })).await.code(), 10409, "a team with members stays");
    assert_eq!(app.post("/api/account/user/jsonUserteamList.do", json!({ "cId": c_id })).await.data()["list"][0]["teamNm"], "1팀");
    let other = app.post("/api/account/corp/jsonSave.do", corp("다른회사", "9999999999", 10003)).await;
    let mut wrong_team = user("sales2", &other.data()["cId"]);
    wrong_team["teamId"] = team_id.clone();
    assert!(app.post("/api/account/user/jsonSave.do", wrong_team).await.data()["fieldErrors"]["teamId"].is_string());

    let group =
        app.post("/api/account/usergroup/jsonSave.do", json!({ "groupNm": "조회 전용", "groupDesc": "목록만", "permCodes": ["account.user:list"] })).await;
    let detail = app.post("/api/account/usergroup/jsonDetail.do", json!({ "groupId": group.data()["groupId"] })).await;
    assert_eq!(detail.data()["permCodes"], json!(["account.user:list"]));
    assert_eq!(detail.data()["memberCnt"], 0);
    assert_eq!(app.post("/api/account/user/jsonUsergroupList.do", json!({})).await.data()["list"][0]["groupNm"], "조회 전용");
    assert_eq!(app.post("/api/common/usergroup/byName.do", json!({ "groupNm": "조회" })).await.data()["list"].as_array().unwrap().len(), 1);
    assert_eq!(app.post("/api/common/userteam/byCId.do", json!({ "cId": c_id })).await.data()["list"][0]["teamNm"], "1팀");
}

#[tokio::test]
async fn sales_agents_see_only_the_advertisers_in_their_reach() {
    let app = spawn().await;
    app.login_admin().await;
    let agency = app.post("/api/account/corp/jsonSave.do", corp("영업대행", "1248100998", 10003)).await;
    let agency_id = agency.data()["cId"].clone();
    assert_eq!(app.post("/api/account/user/jsonSave.do", user("agent1", &agency_id)).await.code(), 0);
    assert_eq!(app.post("/api/account/user/jsonSave.do", user("agent2", &agency_id)).await.code(), 0);
    let rival = app.post("/api/account/corp/jsonSave.do", corp("경쟁사", "2208162517", 10003)).await;
    assert_eq!(app.post("/api/account/user/jsonSave.do", user("rival1", &rival.data()["cId"])).await.code(), 0);
    let admin = app.cookie();

    let advertiser = |name: &str, uid: &str| json!({ "cName": name, "cRep": "대표", "cBizNo": "9999999999", "cType": 2, "cPayType": 1, "cStatus": 1, "uId": uid, "uName": format!("{name} 담당"), "uPw": "Adv-Pass-2026" });
    for (uid, pw) in [("agent1", "Agent-Pass-2026"), ("rival1", "Rival-Pass-2026")] {
        app.set_cookie(None);
        assert_eq!(app.try_login(uid, "Init-Pass-2026", None).await.code(), 0);
        assert_eq!(app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": "Init-Pass-2026", "newPassword": pw })).await.code(), 0);
        let name = format!("{uid}의 광고주");
        let saved = app.post("/api/account/advertiser/jsonSave.do", advertiser(&name, &format!("{uid}adv"))).await;
        assert_eq!(saved.code(), 0, "{:?}", saved.body);
    }
    // rival1 is logged in: sees only their own advertiser.
    let list = app.post("/api/account/advertiser/jsonList.do", json!({})).await;
    assert_eq!(list.data()["totalCount"], 1);
    assert_eq!(list.data()["list"][0]["uId"], "rival1adv");
    app.set_cookie(admin.clone());
    let all = app.post("/api/account/advertiser/jsonList.do", json!({ "sortField": "cName" })).await;
    assert_eq!(all.data()["totalCount"], 2);
    let agent_adv = all.data()["list"].as_array().unwrap().iter().find(|r| r["uId"] == "agent1adv").unwrap().clone();
    let by_user = app.post("/api/account/advertiser/jsonList.do", json!({ "uName": "agent1" })).await;
    assert_eq!(by_user.data()["totalCount"], 1);

    app.set_cookie(None);
    assert_eq!(app.try_login("rival1", "Rival-Pass-2026", None).await.code(), 0);
    let id = agent_adv["cId"].clone();
    for (path, body) in [
        ("/api/account/advertiser/jsonDetail.do", json!({ "cId": id })),
        ("/api/account/advertiser/jsonStatus.do", json!({ "cId": id, "cStatus": 2 })),
        ("/api/account/advertiser/jsonUnlock.do", json!({ "cId": id })),
        ("/api/account/advertiser/jsonChangePassword.do", json!({ "cId": id, "uPw": "Other-Pass-2026" })),
    ] {
        let res = app.post(path, body).await;
        assert_eq!((res.status.as_u16(), res.code()), (404, 10404), "{path}: outside scope answers like missing");
    }
    assert_eq!(app.post("/api/account/advertiser/jsonDelete.do", json!({ "ids": [id] })).await.code(), 10403, "sales agents do not delete advertisers");
    let mut edit = advertiser("탈취", "agent1adv");
    edit["cId"] = id.clone();
    assert_eq!(app.post("/api/account/advertiser/jsonSave.do", edit).await.code(), 10404);

    // agent2 shares agent1's corp with company authority: sees agent1's advertiser.
    app.set_cookie(None);
    assert_eq!(app.try_login("agent2", "Init-Pass-2026", None).await.code(), 0);
    assert_eq!(
        app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": "Init-Pass-2026", "newPassword": "Second-Pass-2026" })).await.code(),
        0
    );
    let list = app.post("/api/account/advertiser/jsonList.do", json!({})).await;
    assert_eq!(list.data()["totalCount"], 1);
    assert_eq!(list.data()["list"][0]["uId"], "agent1adv");
    assert_eq!(app.post("/api/account/advertiser/jsonStatus.do", json!({ "cId": id, "cStatus": 2 })).await.code(), 0);

    // The advertiser's main user logs in with the initial password.
    app.set_cookie(None);
    let adv_login = app.try_login("agent1adv", "Adv-Pass-2026", None).await;
    assert_eq!(adv_login.code(), 0);
    assert_eq!(adv_login.data()["user"]["roleCd"], 10006);
    assert_eq!(adv_login.data()["user"]["initPwdYn"], "Y");
    app.set_cookie(admin);
    let dup = app.post("/api/account/advertiser/jsonSave.do", advertiser("중복아이디", "AGENT1ADV")).await;
    assert!(dup.data()["fieldErrors"]["uId"].is_string());
}

#[tokio::test]
async fn lookups_stay_within_scope() {
    let app = spawn().await;
    app.login_admin().await;
    let a = app.post("/api/account/corp/jsonSave.do", corp("알파 매체", "1248100998", 10004)).await;
    app.post("/api/account/corp/jsonSave.do", corp("베타 매체", "2208162517", 10004)).await;
    assert_eq!(app.post("/api/account/user/jsonSave.do", user("alpha1", &a.data()["cId"])).await.code(), 0);
    assert_eq!(app.post("/api/common/corp/byName.do", json!({ "cName": "매체" })).await.data()["list"].as_array().unwrap().len(), 2);
    assert_eq!(app.post("/api/common/corp/roleByCid.do", json!({ "cId": a.data()["cId"] })).await.data()["list"][0]["roleCd"], 10004);
    let alpha = app.post("/api/common/user/byCId.do", json!({ "cId": a.data()["cId"] })).await.data()["list"][0].clone();
    assert_eq!(alpha["uId"], "alpha1");
    assert_eq!(app.post("/api/common/user/byUIdx.do", json!({ "uIdx": alpha["uIdx"] })).await.data()["list"][0]["uName"], "alpha1 이름");
    assert_eq!(app.post("/api/common/user/roleByCid.do", json!({ "cId": a.data()["cId"] })).await.data()["list"][0]["roleCd"], 10004);
    assert_eq!(app.post("/api/common/corp/byName.do", json!({})).await.code(), 10400);

    app.set_cookie(None);
    app.try_login("alpha1", "Init-Pass-2026", None).await;
    app.post("/api/account/mypage/jsonChangePassword.do", json!({ "currentPassword": "Init-Pass-2026", "newPassword": "Alpha-Pass-2026" })).await;
    let corps = app.post("/api/common/corp/byName.do", json!({ "cName": "매체" })).await;
    let names: Vec<&str> = corps.data()["list"].as_array().unwrap().iter().map(|c| c["cName"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["알파 매체"]);
    assert_eq!(app.post("/api/common/user/byName.do", json!({ "uName": "관리자" })).await.data()["list"].as_array().unwrap().len(), 0);
    assert_eq!(app.post("/api/common/corp/byCId.do", json!({ "cId": 1 })).await.data()["list"].as_array().unwrap().len(), 0, "the head office is out of reach");
}
