//! Devices (`/media/device`): screen hardware from the warehouse on; serial numbers are unique.
//! Devices are the network's stock, so the program permission is their whole scope.

use crate::api::resource::{BoxFut, Filter, Match, Related, Resource, SaveContext, filter};
use crate::api::validation::{Check, clean};
use crate::db::entity::device::{ActiveModel, Column, Entity, Model};
use crate::db::entity::{media, user};
use crate::error::{ApiError, ApiResult};
use sea_orm::{ActiveValue::Set, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, PaginatorTrait, QueryFilter};
use serde::Deserialize;
use townboard_domain::validate::parse_date;

pub struct Devices;

#[derive(schemars::JsonSchema, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DeviceInput {
    dvc_idx: Option<i64>,
    dvc_nm: String,
    dvc_sn_num: String,
    os_type: String,
    wrhs_dt: String,
    #[serde(default)]
    erp_cd: String,
    #[serde(default)]
    device_status: i32,
    size: i32,
    resolution: String,
}

impl Resource for Devices {
    type Entity = Entity;
    type Input = DeviceInput;
    type Extra = ();
    const PATH: &'static str = "media/device";
    const PROGRAM: &'static str = "media.device";
    const ID_FIELD: &'static str = "dvcIdx";
    const SUMMARY: &'static str = "디바이스";

    fn filters() -> Vec<Filter<Column>> {
        vec![
            filter("dvcNm", Column::DvcNm, Match::Contains),
            filter("dvcSnNum", Column::DvcSnNum, Match::Contains),
            filter("osType", Column::OsType, Match::Text),
            filter("deviceStatus", Column::DeviceStatus, Match::Int),
            filter("fromDate", Column::CreatedAt, Match::FromDate),
            filter("toDate", Column::CreatedAt, Match::ToDate),
        ]
    }
    fn sorts() -> Vec<(&'static str, Column)> {
        vec![("dvcNm", Column::DvcNm), ("dvcSnNum", Column::DvcSnNum), ("wrhsDt", Column::WrhsDt), ("createdAt", Column::CreatedAt), ("dvcIdx", Column::DvcIdx)]
    }
    fn input_id(input: &DeviceInput) -> Option<i64> {
        input.dvc_idx
    }
    fn build<'a>(
        _db: &'a DatabaseTransaction,
        input: DeviceInput,
        existing: Option<&'a Model>,
        ctx: &'a SaveContext<'a>,
    ) -> BoxFut<'a, ApiResult<(ActiveModel, ())>> {
        Box::pin(async move {
            let mut check = Check::new();
            check.required("dvcNm", &input.dvc_nm, 100);
            check.required("dvcSnNum", &input.dvc_sn_num, 100);
            check.code("osType", "OS_TYPE", &input.os_type);
            let wrhs = parse_date(input.wrhs_dt.trim());
            if wrhs.is_none() {
                check.fail("wrhsDt", "날짜 형식이 올바르지 않습니다.");
            }
            check.max_len("erpCd", &input.erp_cd, 50);
            check.code("deviceStatus", "DEVICE_STATUS", &input.device_status.to_string());
            check.code("size", "DEVICE_SIZE", &input.size.to_string());
            check.code("resolution", "RESOLUTION", &input.resolution);
            check.finish()?;
            Ok((
                ActiveModel {
                    dvc_idx: existing.map_or(sea_orm::ActiveValue::NotSet, |e| Set(e.dvc_idx)),
                    dvc_nm: Set(clean(input.dvc_nm)),
                    dvc_sn_num: Set(clean(input.dvc_sn_num)),
                    os_type: Set(input.os_type),
                    wrhs_dt: Set(wrhs.map(|d| d.format("%Y-%m-%d").to_string()).unwrap_or_default()),
                    erp_cd: Set(clean(input.erp_cd)),
                    device_status: Set(input.device_status),
                    size: Set(input.size),
                    resolution: Set(input.resolution),
                    created_by: Set(existing.map_or(Some(ctx.caller.u_idx()), |e| e.created_by)),
                    created_at: Set(existing.map_or(ctx.now, |e| e.created_at)),
                    updated_at: Set(ctx.now),
                    deleted_at: Set(None),
                },
                (),
            ))
        })
    }
    fn unique(row: &ActiveModel) -> Option<(Condition, &'static str)> {
        Some((Condition::all().add(Column::DvcSnNum.eq(row.dvc_sn_num.clone().unwrap())), "dvcSnNum"))
    }
    fn before_delete<'a>(db: &'a DatabaseTransaction, model: &'a Model) -> BoxFut<'a, ApiResult<()>> {
        Box::pin(async move {
            let in_use = media::Entity::find().filter(media::Column::DvcIdx.eq(model.dvc_idx)).filter(media::Column::DeletedAt.is_null()).count(db).await?;
            if in_use > 0 {
                return Err(ApiError::conflict("매체에 연결된 디바이스는 삭제할 수 없습니다."));
            }
            Ok(())
        })
    }
    fn related() -> Vec<Related> {
        vec![Related::label::<user::Entity>(Column::CreatedBy, user::Column::UIdx, user::Column::UName, "createrName")]
    }
}
