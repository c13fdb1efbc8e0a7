//! `/api/openapi.json`, generated from the same endpoint table that builds the router, so the
//! description cannot drift from the routes.

use super::route::Endpoint;
use serde_json::{Map, Value, json};

pub fn document(endpoints: &[Endpoint]) -> Value {
    let mut paths = Map::new();
    for ep in endpoints {
        let tag = ep.path.trim_start_matches("/api/").split('/').next().unwrap_or("api").trim_end_matches(".do");
        let params: Vec<Value> =
            path_params(&ep.path).into_iter().map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } })).collect();
        let mut op = json!({
            "summary": ep.summary,
            "tags": [tag],
            "x-permission": ep.access.describe(),
            "responses": {
                "200": { "description": "envelope {code, message, data}", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Envelope" } } } },
                "default": { "description": "error envelope", "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Envelope" } } } }
            }
        });
        if !params.is_empty() {
            op["parameters"] = Value::Array(params);
        }
        if ep.method == "post" {
            op["requestBody"] = json!({ "required": false, "content": { "application/json": { "schema": { "type": "object" } } } });
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

fn path_params(path: &str) -> Vec<&str> {
    path.split('/').filter_map(|seg| seg.strip_prefix('{').and_then(|s| s.strip_suffix('}'))).collect()
}
