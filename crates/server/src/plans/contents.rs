//! The contents in force for a loop's content slots (slot type 3): on (ctStatus 1), with today
//! inside their period (an open end is no limit), for the loop's template type (their template
//! types list it, or they list none); a material's content only while its material is live,
//! approved, encoded and of that template type. In the order they were made.

use crate::db::entity::{content, material};
use crate::error::ApiResult;
use chrono::NaiveDate;
use sea_orm::{ColumnTrait, Condition, ConnectionTrait, EntityTrait, QueryFilter, QueryOrder};
use std::collections::HashSet;
use townboard_domain::material::{approval, encoding};

/// A content slot: the material (none for a text), its seconds and its text (texts only).
pub type ContentSlot = (Option<i64>, i32, Option<String>);

pub async fn contents_for(db: &impl ConnectionTrait, template_type: i32, today: NaiveDate) -> ApiResult<Vec<ContentSlot>> {
    let day = today.format("%Y-%m-%d").to_string();
    let rows = content::Entity::find()
        .filter(content::Column::DeletedAt.is_null())
        .filter(content::Column::CtStatus.eq(1))
        .filter(Condition::any().add(content::Column::FromDate.is_null()).add(content::Column::FromDate.lte(day.clone())))
        .filter(Condition::any().add(content::Column::ToDate.is_null()).add(content::Column::ToDate.gte(day)))
        .order_by_asc(content::Column::CtIdx)
        .all(db)
        .await?;
    let rows: Vec<content::Model> = rows.into_iter().filter(|c| c.templates().is_empty() || c.templates().contains(&template_type)).collect();
    let mat_ids: Vec<i64> = rows.iter().filter_map(|c| c.mat_id).collect();
    let playable: HashSet<i64> = if mat_ids.is_empty() {
        HashSet::new()
    } else {
        material::Entity::find()
            .filter(material::Column::MatId.is_in(mat_ids))
            .filter(material::Column::DeletedAt.is_null())
            .filter(material::Column::MatStatus.eq(approval::APPROVED))
            .filter(material::Column::EncodingStatus.eq(encoding::ENCODED))
            .filter(material::Column::TemplateType.eq(template_type))
            .all(db)
            .await?
            .into_iter()
            .map(|m| m.mat_id)
            .collect()
    };
    Ok(rows
        .into_iter()
        .filter(|c| c.mat_id.is_none_or(|id| playable.contains(&id)))
        .filter(|c| c.mat_id.is_some() || c.text.as_deref().is_some_and(|t| !t.is_empty()))
        .map(|c| (c.mat_id, c.seconds, c.text))
        .collect())
}
