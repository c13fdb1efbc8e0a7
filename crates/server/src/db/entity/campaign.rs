use sea_orm::entity::prelude::*;
use serde::{Serialize, Serializer};

/// An advertiser's campaign: what it buys, where and when it plays, its status and the price as
/// last saved or approved. Dates are `YYYY-MM-DD` text; drafts may leave most fields empty.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "campaign")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub cmpg_id: i64,
    pub cmpg_title: String,
    #[serde(rename = "advertiserCId")]
    pub advertiser_c_id: i64,
    #[serde(rename = "agentCId")]
    pub agent_c_id: Option<i64>,
    pub sales_u_idx: Option<i64>,
    pub platform: i32,
    #[serde(serialize_with = "package_id")]
    pub pkg_id: Option<i64>,
    #[serde(serialize_with = "product_id")]
    pub prd_id: Option<i64>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub slot_cnt: Option<i32>,
    pub schd_rate: i32,
    pub extra_type: Option<String>,
    pub extra_value: Option<i64>,
    pub cp_idx: Option<i64>,
    pub memo: String,
    pub cmpg_status: i32,
    #[serde(skip)]
    pub cancelled_by_owner: bool,
    pub price_gross_yn: String,
    pub days: Option<i64>,
    pub media_cnt: Option<i64>,
    pub unit_price: Option<i64>,
    pub base: Option<i64>,
    pub slot_discount: Option<i64>,
    pub period_discount: Option<i64>,
    pub net: Option<i64>,
    pub adjusted: Option<i64>,
    pub coupon: Option<i64>,
    pub supply: Option<i64>,
    pub vat: Option<i64>,
    pub total: Option<i64>,
    pub audience: Option<i64>,
    pub paid_points: i64,
    #[serde(with = "crate::time::option")]
    pub requested_at: Option<DateTimeUtc>,
    #[serde(with = "crate::time::option")]
    pub approved_at: Option<DateTimeUtc>,
    #[serde(skip)]
    pub approved_by: Option<i64>,
    pub reject_reason: Option<String>,
    #[serde(skip)]
    pub created_by: Option<i64>,
    #[serde(with = "crate::time")]
    pub created_at: DateTimeUtc,
    #[serde(with = "crate::time")]
    pub updated_at: DateTimeUtc,
    #[serde(skip)]
    pub deleted_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

fn package_id<S: Serializer>(id: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match id {
        Some(id) => s.serialize_str(&super::package::wire_id(*id)),
        None => s.serialize_none(),
    }
}

fn product_id<S: Serializer>(id: &Option<i64>, s: S) -> Result<S::Ok, S::Error> {
    match id {
        Some(id) => s.serialize_str(&super::product::wire_id(*id)),
        None => s.serialize_none(),
    }
}

impl Model {
    /// A campaign read by the positions of its columns, in the order a select of the entity lists
    /// them (its fields' order): the derived reading looks each of its forty-odd columns up by
    /// name in the row's map of names, which cost a cold list page a tenth of its handler's time.
    pub fn by_position(res: &sea_orm::QueryResult) -> Result<Model, DbErr> {
        let mut at = 0;
        let mut next = || {
            at += 1;
            at - 1
        };
        // A struct's fields are evaluated in the order they are written.
        Ok(Model {
            cmpg_id: res.try_get_by_index(next())?,
            cmpg_title: res.try_get_by_index(next())?,
            advertiser_c_id: res.try_get_by_index(next())?,
            agent_c_id: res.try_get_by_index(next())?,
            sales_u_idx: res.try_get_by_index(next())?,
            platform: res.try_get_by_index(next())?,
            pkg_id: res.try_get_by_index(next())?,
            prd_id: res.try_get_by_index(next())?,
            start_date: res.try_get_by_index(next())?,
            end_date: res.try_get_by_index(next())?,
            slot_cnt: res.try_get_by_index(next())?,
            schd_rate: res.try_get_by_index(next())?,
            extra_type: res.try_get_by_index(next())?,
            extra_value: res.try_get_by_index(next())?,
            cp_idx: res.try_get_by_index(next())?,
            memo: res.try_get_by_index(next())?,
            cmpg_status: res.try_get_by_index(next())?,
            cancelled_by_owner: res.try_get_by_index(next())?,
            price_gross_yn: res.try_get_by_index(next())?,
            days: res.try_get_by_index(next())?,
            media_cnt: res.try_get_by_index(next())?,
            unit_price: res.try_get_by_index(next())?,
            base: res.try_get_by_index(next())?,
            slot_discount: res.try_get_by_index(next())?,
            period_discount: res.try_get_by_index(next())?,
            net: res.try_get_by_index(next())?,
            adjusted: res.try_get_by_index(next())?,
            coupon: res.try_get_by_index(next())?,
            supply: res.try_get_by_index(next())?,
            vat: res.try_get_by_index(next())?,
            total: res.try_get_by_index(next())?,
            audience: res.try_get_by_index(next())?,
            paid_points: res.try_get_by_index(next())?,
            requested_at: res.try_get_by_index(next())?,
            approved_at: res.try_get_by_index(next())?,
            approved_by: res.try_get_by_index(next())?,
            reject_reason: res.try_get_by_index(next())?,
            created_by: res.try_get_by_index(next())?,
            created_at: res.try_get_by_index(next())?,
            updated_at: res.try_get_by_index(next())?,
            deleted_at: res.try_get_by_index(next())?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sea_orm::{ConnectionTrait, Database, FromQueryResult, QueryOrder, QueryTrait, Schema};

    /// Every field read by position holds what reading by name finds: each field a value of its
    /// own, so that two fields of one type read in each other's place would differ.
    #[tokio::test]
    async fn a_campaign_read_by_position_is_the_campaign_read_by_name() {
        let db = Database::connect("sqlite::memory:").await.expect("connect");
        let backend = db.get_database_backend();
        db.execute(&Schema::new(backend).create_table_from_entity(Entity)).await.expect("table");
        let at = |s: i64| chrono::DateTime::from_timestamp(1_700_000_000 + s, 0).expect("a time");
        let full = Model {
            cmpg_id: 1,
            cmpg_title: "title".into(),
            advertiser_c_id: 2,
            agent_c_id: Some(3),
            sales_u_idx: Some(4),
            platform: 5,
            pkg_id: Some(6),
            prd_id: Some(7),
            start_date: Some("2026-01-01".into()),
            end_date: Some("2026-01-31".into()),
            slot_cnt: Some(8),
            schd_rate: 9,
            extra_type: Some("extra".into()),
            extra_value: Some(10),
            cp_idx: Some(11),
            memo: "memo".into(),
            cmpg_status: 12,
            cancelled_by_owner: true,
            price_gross_yn: "Y".into(),
            days: Some(13),
            media_cnt: Some(14),
            unit_price: Some(15),
            base: Some(16),
            slot_discount: Some(17),
            period_discount: Some(18),
            net: Some(19),
            adjusted: Some(20),
            coupon: Some(21),
            supply: Some(22),
            vat: Some(23),
            total: Some(24),
            audience: Some(25),
            paid_points: 26,
            requested_at: Some(at(1)),
            approved_at: Some(at(2)),
            approved_by: Some(27),
            reject_reason: Some("reason".into()),
            created_by: Some(28),
            created_at: at(3),
            updated_at: at(4),
            deleted_at: Some(at(5)),
        };
        let empty = Model {
            cmpg_id: 2,
            agent_c_id: None,
            sales_u_idx: None,
            pkg_id: None,
            prd_id: None,
            start_date: None,
            end_date: None,
            requested_at: None,
            approved_at: None,
            deleted_at: None,
            cancelled_by_owner: false,
            ..full.clone()
        };
        for model in [&full, &empty] {
            ActiveModel::from(model.clone()).insert(&db).await.expect("insert");
        }
        let rows = db.query_all_raw(Entity::find().order_by_asc(Column::CmpgId).build(backend)).await.expect("rows");
        assert_eq!(rows.len(), 2);
        for (row, model) in rows.iter().zip([full, empty]) {
            assert_eq!(Model::by_position(row).expect("by position"), model);
            assert_eq!(Model::from_query_result(row, "").expect("by name"), model);
        }
    }
}
