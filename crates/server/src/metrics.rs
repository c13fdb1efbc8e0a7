//! Prometheus metrics of this process (served by `GET /metrics`, guarded by `TOWNBOARD_METRICS_TOKEN`):
//! requests by route template, their latency, jobs, screens and proof of play. Counters live in
//! the process (one registry, like any Prometheus client's default one); the gauges of shared
//! state (queued jobs, screens) are read from the database when scraped, so every process
//! answers the same network-wide figures.

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{LazyLock, Mutex};

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 12] = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0];

#[derive(Default)]
struct Series {
    by_status: HashMap<u16, u64>,
    /// Counts per bucket (not cumulative; summed when written).
    buckets: [u64; BUCKETS.len()],
    sum_seconds: f64,
    count: u64,
}

/// Method → series of one route.
type ByMethod = HashMap<Box<str>, Series>;

#[derive(Default)]
pub struct Metrics {
    /// route template → method → series. One short lock per request: cheaper than the request's
    /// own allocations, and the map only grows with the number of routes.
    requests: Mutex<HashMap<Box<str>, ByMethod>>,
    jobs_failed: AtomicU64,
    pop_items: AtomicU64,
}

static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::default);

pub fn global() -> &'static Metrics {
    &METRICS
}

impl Metrics {
    pub fn observe_request(&self, route: &str, method: &str, status: u16, seconds: f64) {
        let mut requests = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        let methods = match requests.get_mut(route) {
            Some(m) => m,
            None => requests.entry(route.into()).or_default(),
        };
        let series = match methods.get_mut(method) {
            Some(s) => s,
            None => methods.entry(method.into()).or_default(),
        };
        *series.by_status.entry(status).or_default() += 1;
        let bucket = BUCKETS.iter().position(|bound| seconds <= *bound).unwrap_or(BUCKETS.len() - 1);
        if seconds <= BUCKETS[BUCKETS.len() - 1] {
            series.buckets[bucket] += 1;
        }
        series.sum_seconds += seconds;
        series.count += 1;
    }

    /// A job attempt that failed (retried or not).
    pub fn job_failed(&self) {
        self.jobs_failed.fetch_add(1, Ordering::Relaxed);
    }

    /// Proof-of-play items counted for the first time.
    pub fn pop_items(&self, items: u64) {
        self.pop_items.fetch_add(items, Ordering::Relaxed);
    }

    /// The text exposition format; `jobs_queued` and `screens` come from the database.
    pub fn render(&self, jobs_queued: u64, screens: &[(String, u64)]) -> String {
        let mut out = String::with_capacity(4096);
        out.push_str("# HELP townboard_http_requests_total HTTP requests answered, by route template.\n");
        out.push_str("# TYPE townboard_http_requests_total counter\n");
        let requests = self.requests.lock().unwrap_or_else(|e| e.into_inner());
        let mut routes: Vec<_> = requests.iter().collect();
        routes.sort_by(|a, b| a.0.cmp(b.0));
        for (route, methods) in &routes {
            for (method, series) in sorted(methods) {
                let mut statuses: Vec<_> = series.by_status.iter().collect();
                statuses.sort();
                for (status, n) in statuses {
                    let _ = writeln!(out, "townboard_http_requests_total{{route=\"{}\",method=\"{}\",status=\"{status}\"}} {n}", escape(route), escape(method));
                }
            }
        }
        out.push_str("# HELP townboard_http_request_duration_seconds Time to answer a request, by route template.\n");
        out.push_str("# TYPE townboard_http_request_duration_seconds histogram\n");
        for (route, methods) in &routes {
            for (method, series) in sorted(methods) {
                let labels = format!("route=\"{}\",method=\"{}\"", escape(route), escape(method));
                let mut cumulative = 0;
                for (bound, n) in BUCKETS.iter().zip(series.buckets) {
                    cumulative += n;
                    let _ = writeln!(out, "townboard_http_request_duration_seconds_bucket{{{labels},le=\"{bound}\"}} {cumulative}");
                }
                let _ = writeln!(out, "townboard_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}", series.count);
                let _ = writeln!(out, "townboard_http_request_duration_seconds_sum{{{labels}}} {}", series.sum_seconds);
                let _ = writeln!(out, "townboard_http_request_duration_seconds_count{{{labels}}} {}", series.count);
            }
        }
        drop(requests);
        out.push_str("# HELP townboard_jobs_queued Jobs waiting or running, in every process.\n# TYPE townboard_jobs_queued gauge\n");
        let _ = writeln!(out, "townboard_jobs_queued {jobs_queued}");
        out.push_str("# HELP townboard_jobs_failed_total Job attempts that failed in this process.\n# TYPE townboard_jobs_failed_total counter\n");
        let _ = writeln!(out, "townboard_jobs_failed_total {}", self.jobs_failed.load(Ordering::Relaxed));
        out.push_str("# HELP townboard_screens Screens by monitoring status.\n# TYPE townboard_screens gauge\n");
        for (status, n) in screens {
            let _ = writeln!(out, "townboard_screens{{status=\"{}\"}} {n}", escape(status));
        }
        out.push_str("# HELP townboard_pop_items_total Proof-of-play items ingested by this process.\n# TYPE townboard_pop_items_total counter\n");
        let _ = writeln!(out, "townboard_pop_items_total {}", self.pop_items.load(Ordering::Relaxed));
        out
    }
}

fn sorted(methods: &ByMethod) -> Vec<(&str, &Series)> {
    let mut list: Vec<_> = methods.iter().map(|(m, s)| (&**m, s)).collect();
    list.sort_by(|a, b| a.0.cmp(b.0));
    list
}

fn escape(label: &str) -> String {
    label.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_counters_and_cumulative_buckets() {
        let m = Metrics::default();
        m.observe_request("/api/x/{id}", "GET", 200, 0.004);
        m.observe_request("/api/x/{id}", "GET", 200, 0.2);
        m.observe_request("/api/x/{id}", "GET", 404, 30.0);
        m.pop_items(7);
        m.job_failed();
        let text = m.render(3, &[("normal".into(), 5)]);
        assert!(text.contains("townboard_http_requests_total{route=\"/api/x/{id}\",method=\"GET\",status=\"200\"} 2"), "{text}");
        assert!(text.contains("townboard_http_requests_total{route=\"/api/x/{id}\",method=\"GET\",status=\"404\"} 1"));
        assert!(text.contains("townboard_http_request_duration_seconds_bucket{route=\"/api/x/{id}\",method=\"GET\",le=\"0.005\"} 1"));
        assert!(text.contains("townboard_http_request_duration_seconds_bucket{route=\"/api/x/{id}\",method=\"GET\",le=\"0.25\"} 2"));
        assert!(text.contains("townboard_http_request_duration_seconds_bucket{route=\"/api/x/{id}\",method=\"GET\",le=\"+Inf\"} 3"));
        assert!(text.contains("townboard_http_request_duration_seconds_count{route=\"/api/x/{id}\",method=\"GET\"} 3"));
        assert!(text.contains("townboard_jobs_queued 3\n"));
        assert!(text.contains("townboard_jobs_failed_total 1\n"));
        assert!(text.contains("townboard_screens{status=\"normal\"} 5\n"));
        assert!(text.contains("townboard_pop_items_total 7\n"));
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(escape("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
