//! The API description of list and detail requests.

use serde_json::{Map, json};

use super::*;

/// The request of a list: paging, a whitelisted sort and the resource's filters.
pub fn list_schema<C>(filters: &[Filter<C>], sorts: &[(&'static str, C)]) -> schemars::Schema {
    list_schema_with(&[], filters, sorts)
}

/// A list field its handler reads itself besides the filters (a month, a period), for the API
/// description: its name, JSON schema and whether it is required.
pub type ListField = (&'static str, serde_json::Value, bool);

/// A date field of a list (`YYYY-MM-DD`).
pub fn date_field(name: &'static str, required: bool) -> ListField {
    (name, json!({ "type": "string", "format": "date" }), required)
}

/// [`list_schema`] whose whitelist also takes sorts by a column of a table beside the list's.
pub fn list_schema_beside<C>(filters: &[Filter<C>], sorts: &[(&'static str, C)], beside: &[Beside]) -> schemars::Schema {
    let names = sorts.iter().map(|(name, _)| *name).chain(beside.iter().map(|b| b.name)).collect();
    list_schema_named(&[], filters, names)
}

/// [`list_schema`] with the fields the handler reads itself.
pub fn list_schema_with<C>(fields: &[ListField], filters: &[Filter<C>], sorts: &[(&'static str, C)]) -> schemars::Schema {
    list_schema_named(fields, filters, sorts.iter().map(|(name, _)| *name).collect())
}

fn list_schema_named<C>(fields: &[ListField], filters: &[Filter<C>], sort_names: Vec<&str>) -> schemars::Schema {
    let mut props = Map::new();
    let required: Vec<&str> = fields.iter().filter(|(_, _, required)| *required).map(|(name, _, _)| *name).collect();
    for (name, schema, _) in fields {
        props.insert((*name).into(), schema.clone());
    }
    props.insert("page".into(), json!({ "type": "integer", "minimum": 1, "maximum": 1_000_000 }));
    props.insert("pageSize".into(), json!({ "type": "integer", "minimum": 1, "maximum": MAX_PAGE_SIZE }));
    props.insert("sortField".into(), json!({ "type": "string", "enum": sort_names }));
    props.insert("sortOrder".into(), json!({ "type": "string", "enum": ["asc", "desc"] }));
    for f in filters {
        let schema = match f.matching {
            Match::Int => json!({ "type": "integer" }),
            Match::FromDate | Match::ToDate => json!({ "type": "string", "format": "date" }),
            _ => json!({ "type": "string", "maxLength": MAX_FILTER_CHARS }),
        };
        props.insert(f.name.into(), schema);
    }
    schemars::Schema::try_from(json!({ "type": "object", "properties": props, "required": required, "additionalProperties": false })).expect("an object schema")
}

pub(super) fn id_schema(field: &str, text: bool) -> schemars::Schema {
    let kind = if text { "string" } else { "integer" };
    schemars::Schema::try_from(json!({ "type": "object", "properties": { field: { "type": kind } }, "required": [field] })).expect("an object schema")
}
