//! Which menu items a user sees (domain.md §1). The server answers the filtered tree; the browser
//! only draws it.

use crate::role::Role;
use serde::Serialize;
use std::collections::HashSet;

pub const TOP_ACCOUNT: i64 = 10002;
pub const TOP_CONTENT: i64 = 10005;
pub const TOP_BOARD: i64 = 10104;
pub const SUB_VIDEO_BOARD: i64 = 10106;
pub const SUB_IMAGE_BOARD: i64 = 10120;

/// One stored menu row: a top item (no parent) or a sub-item linking to a program's screen.
#[derive(Debug, Clone)]
pub struct MenuRow {
    pub mn_id: i64,
    pub parent_id: Option<i64>,
    pub mn_name: String,
    pub mn_dir: String,
    pub link: String,
    pub prg_code: Option<String>,
    pub sort_order: i32,
    pub use_yn: bool,
}

/// What about the user decides the menu.
#[derive(Debug, Clone)]
pub struct MenuViewer<'a> {
    pub role: Role,
    pub c_id: i64,
    pub permission_codes: &'a HashSet<String>,
    pub show_content_menu: bool,
    pub show_board_menu: bool,
    pub show_img_board: bool,
    pub show_mov_board: bool,
    /// env `MENU_HIDE_CORP_ID`: a corp whose users do not see the account menu.
    pub hide_corp_id: Option<i64>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuItem {
    pub mn_id: i64,
    pub mn_name: String,
    pub link: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MenuTop {
    pub mn_id: i64,
    pub mn_name: String,
    pub mn_dir: String,
    pub children: Vec<MenuItem>,
}

/// Removes the `.do` suffix old links were stored with.
pub fn clean_link(link: &str) -> String {
    link.strip_suffix(".do").unwrap_or(link).to_string()
}

fn top_allowed(id: i64, viewer: &MenuViewer) -> bool {
    match id {
        TOP_ACCOUNT => viewer.role != Role::VerificationVendor && viewer.hide_corp_id != Some(viewer.c_id),
        TOP_CONTENT => viewer.show_content_menu,
        TOP_BOARD => viewer.show_board_menu,
        _ => true,
    }
}

fn sub_allowed(row: &MenuRow, viewer: &MenuViewer) -> bool {
    let flag_ok = match row.mn_id {
        SUB_IMAGE_BOARD => viewer.show_img_board,
        SUB_VIDEO_BOARD => viewer.show_mov_board,
        _ => true,
    };
    let permitted = match &row.prg_code {
        Some(program) => viewer.permission_codes.contains(&format!("{program}:list")),
        None => false,
    };
    flag_ok && permitted
}

/// The two-level menu the viewer sees, in stored order: a sub-item needs `{program}:list` and its
/// flag; a top item needs its own rule and at least one shown sub-item.
pub fn visible_menu(rows: &[MenuRow], viewer: &MenuViewer) -> Vec<MenuTop> {
    let mut tops: Vec<&MenuRow> = rows.iter().filter(|r| r.parent_id.is_none() && r.use_yn).collect();
    tops.sort_by_key(|r| (r.sort_order, r.mn_id));
    tops.into_iter()
        .filter(|top| top_allowed(top.mn_id, viewer))
        .filter_map(|top| {
            let mut subs: Vec<&MenuRow> = rows.iter().filter(|r| r.parent_id == Some(top.mn_id) && r.use_yn && sub_allowed(r, viewer)).collect();
            subs.sort_by_key(|r| (r.sort_order, r.mn_id));
            if subs.is_empty() {
                return None;
            }
            Some(MenuTop {
                mn_id: top.mn_id,
                mn_name: top.mn_name.clone(),
                mn_dir: top.mn_dir.clone(),
                children: subs.into_iter().map(|s| MenuItem { mn_id: s.mn_id, mn_name: s.mn_name.clone(), link: clean_link(&s.link) }).collect(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn top(id: i64, dir: &str) -> MenuRow {
        MenuRow {
            mn_id: id,
            parent_id: None,
            mn_name: format!("top{id}"),
            mn_dir: dir.into(),
            link: String::new(),
            prg_code: None,
            sort_order: 0,
            use_yn: true,
        }
    }
    fn sub(id: i64, parent: i64, link: &str, program: &str, order: i32) -> MenuRow {
        MenuRow {
            mn_id: id,
            parent_id: Some(parent),
            mn_name: format!("sub{id}"),
            mn_dir: String::new(),
            link: link.into(),
            prg_code: Some(program.into()),
            sort_order: order,
            use_yn: true,
        }
    }

    fn rows() -> Vec<MenuRow> {
        vec![
            top(10001, "/system"),
            sub(20101, 10001, "/system/code/list.do", "system.code", 2),
            sub(20102, 10001, "/system/env/list", "system.env", 1),
            top(TOP_ACCOUNT, "/account"),
            sub(20201, TOP_ACCOUNT, "/account/user/list", "account.user", 1),
            top(TOP_CONTENT, "/content"),
            sub(20501, TOP_CONTENT, "/content/content/list", "content.content", 1),
            top(TOP_BOARD, "/board"),
            sub(SUB_VIDEO_BOARD, TOP_BOARD, "/board/material/list", "board.material", 2),
            sub(SUB_IMAGE_BOARD, TOP_BOARD, "/board/image/list", "board.image", 3),
            sub(10121, TOP_BOARD, "/board/qna/list", "board.qna", 4),
        ]
    }

    fn all_codes() -> HashSet<String> {
        ["system.code", "system.env", "account.user", "content.content", "board.material", "board.image", "board.qna"]
            .iter()
            .map(|p| format!("{p}:list"))
            .collect()
    }

    fn viewer<'a>(codes: &'a HashSet<String>) -> MenuViewer<'a> {
        MenuViewer {
            role: Role::Manager,
            c_id: 1,
            permission_codes: codes,
            show_content_menu: true,
            show_board_menu: true,
            show_img_board: true,
            show_mov_board: true,
            hide_corp_id: None,
        }
    }

    fn ids(menu: &[MenuTop]) -> Vec<i64> {
        menu.iter().flat_map(|t| std::iter::once(t.mn_id).chain(t.children.iter().map(|c| c.mn_id))).collect()
    }

    #[test]
    fn full_menu_in_order_with_do_removed() {
        let codes = all_codes();
        let menu = visible_menu(&rows(), &viewer(&codes));
        assert_eq!(ids(&menu), vec![10001, 20102, 20101, 10002, 20201, 10005, 20501, 10104, 10106, 10120, 10121]);
        assert_eq!(menu[0].children[1].link, "/system/code/list");
    }

    #[test]
    fn sub_items_need_list_permission_and_empty_tops_disappear() {
        let codes: HashSet<String> = ["system.env:list", "system.code:view", "account.user:write"].iter().map(|s| s.to_string()).collect();
        let menu = visible_menu(&rows(), &viewer(&codes));
        assert_eq!(ids(&menu), vec![10001, 20102]);
    }

    #[test]
    fn account_top_hidden_for_verification_vendor_and_the_hidden_corp() {
        let codes = all_codes();
        let mut v = viewer(&codes);
        v.role = Role::VerificationVendor;
        assert!(!ids(&visible_menu(&rows(), &v)).contains(&TOP_ACCOUNT));
        let mut v = viewer(&codes);
        v.hide_corp_id = Some(1);
        assert!(!ids(&visible_menu(&rows(), &v)).contains(&TOP_ACCOUNT));
        v.hide_corp_id = Some(2);
        assert!(ids(&visible_menu(&rows(), &v)).contains(&TOP_ACCOUNT));
    }

    #[test]
    fn flags_hide_content_board_and_boards() {
        let codes = all_codes();
        type Case = (fn(&mut MenuViewer), &'static [i64]);
        let cases: &[Case] = &[
            (|v| v.show_content_menu = false, &[TOP_CONTENT, 20501]),
            (|v| v.show_board_menu = false, &[TOP_BOARD, SUB_VIDEO_BOARD, SUB_IMAGE_BOARD, 10121]),
            (|v| v.show_img_board = false, &[SUB_IMAGE_BOARD]),
            (|v| v.show_mov_board = false, &[SUB_VIDEO_BOARD]),
        ];
        for (change, hidden) in cases {
            let mut v = viewer(&codes);
            change(&mut v);
            let shown = ids(&visible_menu(&rows(), &v));
            for id in *hidden {
                assert!(!shown.contains(id), "{id} should be hidden");
            }
            assert_eq!(shown.len(), 11 - hidden.len());
        }
    }

    #[test]
    fn unused_rows_are_skipped() {
        let codes = all_codes();
        let mut rows = rows();
        rows.iter_mut().find(|r| r.mn_id == 20101).unwrap().use_yn = false;
        rows.iter_mut().find(|r| r.mn_id == TOP_ACCOUNT).unwrap().use_yn = false;
        let shown = ids(&visible_menu(&rows, &viewer(&codes)));
        assert!(!shown.contains(&20101));
        assert!(!shown.contains(&TOP_ACCOUNT) && !shown.contains(&20201));
    }

    #[test]
    fn clean_link_only_strips_a_trailing_do() {
        assert_eq!(clean_link("/a/b/list.do"), "/a/b/list");
        assert_eq!(clean_link("/a/b.do/list"), "/a/b.do/list");
        assert_eq!(clean_link("/a/b/list"), "/a/b/list");
    }
}
