//! `/api/openapi.json`, generated from the same endpoint table that builds the router, so the
//! description cannot drift from the routes. Bodies and query strings are the JSON Schemas of the
//! handlers' own request types; every text field states the maximum the request layer enforces.

use super::route::Endpoint;
use serde_json::{Map, Value, json};

pub fn document(endpoints: &[Endpoint]) -> Value {
    let mut paths = Map::new();
    for ep in endpoints {
        let tag = ep.path.trim_start_matches("/api/").split('/').next().unwrap_or("api").trim_end_matches(".do");
        let mut params: Vec<Value> =
            path_params(&ep.path).into_iter().map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } })).collect();
        if let Some(query) = &ep.doc.query {
            let query = with_max_lengths(query.as_value().clone(), "query");
            let required: Vec<&str> = query["required"].as_array().map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
            for (name, schema) in query["properties"].as_object().into_iter().flatten() {
                params.push(json!({ "name": name, "in": "query", "required": required.contains(&name.as_str()), "schema": schema }));
            }
        }
        let ok = match ep.doc.binary {
            Some(content_type) => json!({ "description": "file", "content": { content_type: { "schema": { "type": "string", "format": "binary" } } } }),
            None => {
                json!({ "description": "envelope {code, message, data}", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Envelope" } } } })
            }
        };
        let mut op = json!({
            "summary": ep.summary,
            "operationId": operation_id(ep.method, &ep.path),
            "tags": [tag],
            "x-permission": ep.access.describe(),
            "responses": {
                "200": ok,
                "default": { "description": "error envelope", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Envelope" } } } }
            }
        });
        if !params.is_empty() {
            op["parameters"] = Value::Array(params);
        }
        if ep.method == "post" {
            op["requestBody"] = request_body(ep);
        }
        paths.entry(ep.path.clone()).or_insert_with(|| json!({}))[ep.method] = op;
    }
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Townboard API", "version": env!("CARGO_PKG_VERSION") },
        "paths": paths,
        "components": { "schemas": { "Envelope": {
            "type": "object",
            "required": ["code", "message", "data"],
            "properties": { "code": { "type": "integer" }, "message": { "type": "string" }, "data": {} }
        } } }
    })
}

fn request_body(ep: &Endpoint) -> Value {
    let body =
        ep.doc.body.as_ref().map_or_else(|| json!({ "type": "object", "additionalProperties": false }), |s| with_max_lengths(s.as_value().clone(), "body"));
    if ep.doc.files.is_empty() {
        return json!({ "required": false, "content": { "application/json": { "schema": body } } });
    }
    let mut parts = Map::new();
    if ep.doc.body.is_some() {
        parts.insert("data".into(), body.clone());
    }
    for (name, many) in &ep.doc.files {
        let file = json!({ "type": "string", "format": "binary" });
        parts.insert((*name).into(), if *many { json!({ "type": "array", "items": file }) } else { file });
    }
    json!({
        "required": true,
        "content": {
            "multipart/form-data": {
                "schema": { "type": "object", "required": if ep.doc.body.is_some() { vec!["data"] } else { vec![] }, "properties": parts },
                "encoding": { "data": { "contentType": "application/json" } }
            },
            "application/json": { "schema": body }
        }
    })
}

/// Sets `maxLength` on every text of a schema to what the request layer enforces for its field.
fn with_max_lengths(mut schema: Value, field: &str) -> Value {
    if let Some(obj) = schema.as_object_mut() {
        let is_text = match &obj.get("type") {
            Some(Value::String(t)) => t == "string",
            Some(Value::Array(ts)) => ts.iter().any(|t| t == "string"),
            _ => false,
        };
        if is_text && !obj.contains_key("format") {
            obj.insert("maxLength".into(), json!(crate::input::max_chars(field)));
        }
        if let Some(Value::Object(props)) = obj.get_mut("properties") {
            for (name, prop) in props.iter_mut() {
                *prop = with_max_lengths(prop.take(), name);
            }
        }
        for key in ["items", "additionalProperties"] {
            if let Some(inner) = obj.get_mut(key).filter(|v| v.is_object()) {
                *inner = with_max_lengths(inner.take(), field);
            }
        }
        for key in ["anyOf", "oneOf", "allOf"] {
            if let Some(Value::Array(options)) = obj.get_mut(key) {
                for option in options.iter_mut() {
                    *option = with_max_lengths(option.take(), field);
                }
            }
        }
    }
    schema
}

fn operation_id(method: &str, path: &str) -> String {
    let words: String = path.trim_start_matches("/api/").chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    format!("{method}_{words}")
}

fn path_params(path: &str) -> Vec<&str> {
    path.split('/').filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect()
}
