//! The caller's menu (`jsonUserMenu.do`), filtered on the server by domain.md §1.

use crate::auth::guard::Caller;
use crate::db::entity::menu;
use crate::error::{ApiResult, ok};
use crate::settings;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::EntityTrait;
use townboard_domain::menu::{MenuRow, MenuViewer, visible_menu};

pub async fn user_menu(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    let rows: Vec<MenuRow> = menu::Entity::find()
        .all(&state.db)
        .await?
        .into_iter()
        .map(|m| MenuRow {
            mn_id: m.mn_id,
            parent_id: m.parent_id,
            mn_name: m.mn_name,
            mn_dir: m.mn_dir,
            link: m.link,
            prg_code: m.prg_code,
            sort_order: m.sort_order,
            use_yn: m.use_yn == "Y",
        })
        .collect();
    let hide_corp_id = settings::get(&state.db, "MENU_HIDE_CORP_ID").await?.and_then(|v| v.trim().parse().ok());
    let u = &caller.user;
    let viewer = MenuViewer {
        role: caller.role,
        c_id: u.c_id,
        permission_codes: &caller.permissions,
        show_content_menu: u.show_content_menu == "Y",
        show_board_menu: u.show_board_menu == "Y",
        show_img_board: u.show_img_board == "Y",
        show_mov_board: u.show_mov_board == "Y",
        hide_corp_id,
    };
    Ok(ok(visible_menu(&rows, &viewer)))
}
