//! Log output: readable lines by default, one JSON object per line with
//! `TOWNBOARD_LOG_FORMAT=json`. What is logged is chosen where it is logged: request lines carry
//! the route template, method, status, duration and user id, never a body, header or cookie.

use serde_json::{Map, Value};
use std::fmt;
use tracing::field::{Field, Visit};
use tracing::{Event, Subscriber};
use tracing_subscriber::EnvFilter;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FmtContext, FormatEvent, FormatFields};
use tracing_subscriber::registry::LookupSpan;

/// The target of the one line logged per request.
pub const REQUEST_TARGET: &str = "townboard::request";

const DEFAULT_FILTER: &str = "info,sqlx=warn,sea_orm=warn,memory_serve=warn";

/// Installs the global subscriber from `TOWNBOARD_LOG` (filter) and `TOWNBOARD_LOG_FORMAT`.
pub fn init() -> Result<(), String> {
    let filter = EnvFilter::try_from_env("TOWNBOARD_LOG").unwrap_or_else(|_| EnvFilter::new(DEFAULT_FILTER));
    let format = std::env::var("TOWNBOARD_LOG_FORMAT").unwrap_or_default();
    let builder = tracing_subscriber::fmt().with_env_filter(filter);
    match format.trim() {
        "" | "text" => builder.init(),
        "json" => builder.with_ansi(false).event_format(JsonLines).init(),
        other => return Err(format!("TOWNBOARD_LOG_FORMAT must be text or json, not {other}")),
    }
    Ok(())
}

/// One JSON object per event: time, level, target and the event's fields at the top level.
struct JsonLines;

impl<S, N> FormatEvent<S, N> for JsonLines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, _ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        writeln!(writer, "{}", Value::Object(json_of(event)))
    }
}

fn json_of(event: &Event<'_>) -> Map<String, Value> {
    let meta = event.metadata();
    let mut fields = Map::new();
    fields.insert("timestamp".into(), chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true).into());
    fields.insert("level".into(), meta.level().as_str().into());
    fields.insert("target".into(), meta.target().into());
    event.record(&mut Fields(&mut fields));
    if meta.target() == REQUEST_TARGET {
        // An anonymous request says so rather than leaving the field out.
        fields.entry("uIdx").or_insert(Value::Null);
    }
    fields
}

struct Fields<'a>(&'a mut Map<String, Value>);

impl Visit for Fields<'_> {
    fn record_i64(&mut self, field: &Field, value: i64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_u64(&mut self, field: &Field, value: u64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_f64(&mut self, field: &Field, value: f64) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_bool(&mut self, field: &Field, value: bool) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_str(&mut self, field: &Field, value: &str) {
        self.0.insert(field.name().into(), value.into());
    }
    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.0.insert(field.name().into(), format!("{value:?}").into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::{Arc, Mutex};
    use tracing_subscriber::fmt::MakeWriter;

    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for Captured {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    impl<'a> MakeWriter<'a> for Captured {
        type Writer = Captured;
        fn make_writer(&'a self) -> Captured {
            self.clone()
        }
    }

    #[test]
    fn request_lines_are_json_objects_with_their_fields_on_top() {
        let out = Captured::default();
        let subscriber = tracing_subscriber::fmt().with_writer(out.clone()).with_ansi(false).event_format(JsonLines).finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!(target: REQUEST_TARGET, route = "/api/x/{id}", method = "GET", status = 200u16, duration_ms = 1.25, uIdx = 7i64);
            tracing::info!(target: REQUEST_TARGET, route = "/healthz", method = "GET", status = 200u16, duration_ms = 0.5);
            tracing::warn!(job = 3, "job attempt failed");
        });
        let text = String::from_utf8(out.0.lock().unwrap().clone()).unwrap();
        let lines: Vec<Value> = text.lines().map(|l| serde_json::from_str(l).expect("one JSON object per line")).collect();
        assert_eq!(lines.len(), 3);
        assert_eq!(lines[0]["route"], "/api/x/{id}");
        assert_eq!(lines[0]["status"], 200);
        assert_eq!(lines[0]["duration_ms"], 1.25);
        assert_eq!(lines[0]["uIdx"], 7);
        assert_eq!(lines[0]["level"], "INFO");
        assert!(lines[1]["uIdx"].is_null() && lines[1].as_object().unwrap().contains_key("uIdx"));
        assert_eq!(lines[2]["message"], "job attempt failed");
        assert_eq!(lines[2]["job"], 3);
        assert!(!lines[2].as_object().unwrap().contains_key("uIdx"));
    }
}
