//! Menus (`/system/menu`): the two-level tree edited by managers, and the caller's own menu
//! (`jsonUserMenu.do`) filtered on the server by domain.md §1.

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::auth::Caller;
use crate::db::entity::menu::{self, ActiveModel, Column, Entity, Model};
use crate::db::entity::program;
use crate::error::{ApiError, ApiResult, ok};
use crate::settings;
use crate::state::AppState;
use axum::extract::State;
use axum::response::Response;
use sea_orm::{ActiveValue::Set, ColumnTrait, DatabaseTransaction, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder};
use serde::Deserialize;
use serde_json::json;
use townboard_domain::menu::{MenuRow, MenuViewer, visible_menu};

pub struct Menus;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MenuInput {
    mn_id: Option<i64>,
    parent_id: Option<i64>,
    mn_name: String,
    #[serde(default)]
    mn_dir: String,
    #[serde(default)]
    link: String,
    prg_code: Option<String>,
    #[serde(default)]
    mn_icon: String,
    #[serde(default)]
    sort_order: i32,
    #[serde(default = "yes")]
    use_yn: String,
}

fn yes() -> String {
    "Y".into()
}

impl Resource for Menus {
    type Entity = Entity;
    type Input = MenuInput;
    type Extra = ();
    const PATH: &'static str = "system/menu";
    const PROGRAM: &'static str = "system.menu";
    const ID_FIELD: &'static str = "mnId";
    const SUMMARY: &'static str = "메뉴";

    fn filters() -> Vec<Filter<Column>> {
        vec![filter("mnName", Column::MnName, Match::Contains), filter("parentId", Column::ParentId, Match::Int), filter("useYn", Column::UseYn, Match::Text)]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("mnId", Column::MnId), ("sortOrder", Column::SortOrder), ("mnName", Column::MnName)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::SortOrder, Order::Asc)
    }
    fn input_id(input: &MenuInput) -> Option<i64> {
        input.mn_id
    }
    fn build<'a>(
        db: &'a DatabaseTransaction,
        input: MenuInput,
        existing: Option<&'a Model>,
        _ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("mnName", &input.mn_name, 100);
            check.max_len("mnIcon", &input.mn_icon, 100);
            check.range("sortOrder", input.sort_order.into(), 0, 9999);
            check.yn("useYn", &input.use_yn);
            let prg_code = input.prg_code.map(clean).filter(|c| !c.is_empty());
            match input.parent_id {
                None => {
                    check.required("mnDir", &input.mn_dir, 200);
                    if !input.mn_dir.starts_with('/') {
                        check.fail("mnDir", "/로 시작해야 합니다.");
                    }
                }
                Some(parent) => {
                    check.required("link", &input.link, 200);
                    if !input.link.starts_with('/') {
                        check.fail("link", "/로 시작해야 합니다.");
                    }
                    let top = Entity::find_by_id(parent).one(db).await?;
                    if top.is_none_or(|t| t.parent_id.is_some()) || Some(parent) == existing.map(|e| e.mn_id) {
                        check.fail("parentId", "상위 메뉴는 최상위 메뉴여야 합니다.");
                    }
                    let known = match &prg_code {
                        Some(code) => program::Entity::find().filter(program::Column::PrgCode.eq(code.as_str())).count(db).await? > 0,
                        None => false,
                    };
                    if !known {
                        check.fail("prgCode", "등록된 프로그램을 선택하세요.");
                    }
                }
            }
            if input.parent_id.is_some() && existing.is_some_and(|e| e.parent_id.is_none()) {
                let children = Entity::find().filter(Column::ParentId.eq(existing.map(|e| e.mn_id))).count(db).await?;
                if children > 0 {
                    check.fail("parentId", "하위 메뉴가 있는 메뉴는 최상위에 있어야 합니다.");
                }
            }
            check.finish()?;
            let is_top = input.parent_id.is_none();
            Ok((
                ActiveModel {
                    mn_id: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.mn_id)),
                    parent_id: Set(input.parent_id),
                    mn_name: Set(clean(input.mn_name)),
                    mn_dir: Set(if is_top { clean(input.mn_dir) } else { String::new() }),
                    link: Set(if is_top { String::new() } else { clean(input.link) }),
                    prg_code: Set(if is_top { None } else { prg_code }),
                    mn_icon: Set(clean(input.mn_icon)),
                    sort_order: Set(input.sort_order),
                    use_yn: Set(input.use_yn),
                },
                (),
            ))
        })
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if Entity::find().filter(Column::ParentId.eq(model.mn_id)).count(db).await? > 0 {
                return Err(ApiError::conflict("하위 메뉴가 있어 삭제할 수 없습니다."));
            }
            Ok(())
        })
    }
}

/// `POST /api/system/menu/jsonTree.do`: the whole stored tree, for the menu screen.
pub async fn tree(State(state): State<AppState>) -> ApiResult<Response> {
    let rows = Entity::find().order_by_asc(Column::SortOrder).order_by_asc(Column::MnId).all(&state.db).await?;
    let tops: Vec<_> = rows
        .iter()
        .filter(|r| r.parent_id.is_none())
        .map(|top| {
            let children: Vec<&menu::Model> = rows.iter().filter(|r| r.parent_id == Some(top.mn_id)).collect();
            json!({
                "mnId": top.mn_id, "mnName": top.mn_name, "mnDir": top.mn_dir, "mnIcon": top.mn_icon,
                "sortOrder": top.sort_order, "useYn": top.use_yn, "children": children,
            })
        })
        .collect();
    Ok(ok(tops))
}

pub async fn user_menu(State(state): State<AppState>, caller: Caller) -> ApiResult<Response> {
    // The menu tree is the same for everyone and changes rarely: kept in memory.
    let rows = state
        .memo
        .get(Menus::PROGRAM, "menu", || async {
            Ok(Entity::find()
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
                .collect::<Vec<MenuRow>>())
        })
        .await?;
    let hide_corp_id = settings::get(&state, "MENU_HIDE_CORP_ID").await?.and_then(|v| v.trim().parse().ok());
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
