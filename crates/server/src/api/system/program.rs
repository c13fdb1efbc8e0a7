//! Programs (`/system/program`): screen families, the kinds of permission each offers and its platform.

use crate::api::resource::{BoxFut, Filter, Match, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::db::entity::program::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{menu, role_permission, user_group_permission};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, Order, PaginatorTrait, QueryFilter};
use serde::Deserialize;
use townboard_domain::permission::Kind;

pub struct Programs;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProgramInput {
    prg_idx: Option<i64>,
    prg_code: String,
    prg_name: String,
    prg_path: String,
    platform: String,
    prg_kinds: Vec<String>,
    #[serde(default)]
    sort_order: i32,
}

fn valid_code(code: &str) -> bool {
    let mut parts = code.split('.');
    let (Some(area), Some(name), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    !area.is_empty() && area.chars().all(|c| c.is_ascii_lowercase()) && !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric())
}

impl Resource for Programs {
    type Entity = Entity;
    type Input = ProgramInput;
    type Extra = ();
    const PATH: &'static str = "system/program";
    const PROGRAM: &'static str = "system.program";
    const ID_FIELD: &'static str = "prgIdx";
    const SUMMARY: &'static str = "프로그램";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("prgCode", Column::PrgCode, Match::Contains),
            filter("prgName", Column::PrgName, Match::Contains),
            filter("platform", Column::Platform, Match::Text),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("prgCode", Column::PrgCode), ("prgName", Column::PrgName), ("sortOrder", Column::SortOrder)]
    }
    fn default_sort() -> (Column, Order) {
        (Column::SortOrder, Order::Asc)
    }
    fn input_id(input: &ProgramInput) -> Option<i64> {
        input.prg_idx
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: ProgramInput,
        existing: Option<&'a Model>,
        _ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("prgCode", &input.prg_code, 60);
            if !valid_code(&input.prg_code) {
                check.fail("prgCode", "영역.이름 형식(예: campaign.request)이어야 합니다.");
            }
            if existing.is_some_and(|e| e.prg_code != input.prg_code) {
                check.fail("prgCode", "등록 후에는 바꿀 수 없습니다.");
            }
            check.required("prgName", &input.prg_name, 100);
            check.required("prgPath", &input.prg_path, 200);
            if !input.prg_path.starts_with('/') {
                check.fail("prgPath", "/로 시작해야 합니다.");
            }
            check.code("platform", "PLATFORM_ACCESS", &input.platform);
            let mut kinds: Vec<Kind> = Vec::new();
            for k in &input.prg_kinds {
                match Kind::parse(k) {
                    Some(kind) if !kinds.contains(&kind) => kinds.push(kind),
                    Some(_) => {}
                    None => check.fail("prgKinds", "알 수 없는 권한 종류입니다."),
                }
            }
            if kinds.is_empty() {
                check.fail("prgKinds", "하나 이상 선택하세요.");
            }
            check.range("sortOrder", input.sort_order.into(), 0, 9999);
            check.finish()?;
            kinds.sort();
            Ok((
                ActiveModel {
                    prg_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.prg_idx)),
                    prg_code: Set(clean(input.prg_code)),
                    prg_name: Set(clean(input.prg_name)),
                    prg_path: Set(clean(input.prg_path)),
                    platform: Set(input.platform),
                    prg_kinds: Set(kinds.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(",")),
                    sort_order: Set(input.sort_order),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        Some((Condition::all().add(Column::PrgCode.eq(row.prg_code.clone().unwrap())), "prgCode"))
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            if menu::Entity::find().filter(menu::Column::PrgCode.eq(model.prg_code.as_str())).count(db).await? > 0 {
                return Err(ApiError::conflict("메뉴에 연결된 프로그램은 삭제할 수 없습니다."));
            }
            let prefix = format!("{}:%", model.prg_code);
            role_permission::Entity::delete_many().filter(role_permission::Column::PermCode.like(prefix.as_str())).exec(db).await?;
            user_group_permission::Entity::delete_many().filter(user_group_permission::Column::PermCode.like(prefix.as_str())).exec(db).await?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn program_codes() {
        for (code, ok) in [
            ("campaign.request", true),
            ("board.adImage", true),
            ("Campaign.request", false),
            ("campaign", false),
            ("a.b.c", false),
            ("a.", false),
            ("a.b-c", false),
        ] {
            assert_eq!(super::valid_code(code), ok, "{code}");
        }
    }
}
