use sea_orm::entity::prelude::*;
use serde::Serialize;

/// A login account. `u_id_key` is the case-folded id: ids are unique and matched without case.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "users")]
#[serde(rename_all = "camelCase")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub u_idx: i64,
    #[serde(rename = "uId")]
    pub u_id: String,
    #[serde(skip)]
    pub u_id_key: String,
    pub u_name: String,
    #[serde(skip)]
    pub u_pw: String,
    #[serde(rename = "cId")]
    pub c_id: i64,
    pub role_cd: i32,
    pub u_status: i32,
    pub init_pwd_yn: String,
    pub auth_type: i32,
    pub team_id: Option<i64>,
    pub group_id: Option<i64>,
    pub phone: String,
    pub email: String,
    pub show_content_menu: String,
    pub show_board_menu: String,
    pub show_img_board: String,
    pub show_mov_board: String,
    pub platform: i32,
    #[serde(with = "crate::time::option")]
    pub last_login_at: Option<DateTimeUtc>,
    #[serde(with = "crate::time::option")]
    pub last_access_at: Option<DateTimeUtc>,
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
pub enum Relation {
    #[sea_orm(belongs_to = "super::corp::Entity", from = "Column::CId", to = "super::corp::Column::CId")]
    Corp,
}

impl Related<super::corp::Entity> for Entity {
    fn to() -> RelationDef {
        Relation::Corp.def()
    }
}

impl ActiveModelBehavior for ActiveModel {}
