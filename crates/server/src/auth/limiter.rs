//! A fixed-window request counter per client address (login brute-force brake, 10429).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct RateLimiter {
    limit: u32,
    window: Duration,
    counts: Mutex<HashMap<Option<IpAddr>, (Instant, u32)>>,
}

impl RateLimiter {
    pub fn new(limit: u32, window: Duration) -> Self {
        RateLimiter { limit, window, counts: Mutex::new(HashMap::new()) }
    }

    /// Counts one request; false when the client is over the limit for this window.
    pub fn allow(&self, client: Option<IpAddr>) -> bool {
        let now = Instant::now();
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        if counts.len() > 10_000 {
            counts.retain(|_, (start, _)| now.duration_since(*start) < self.window);
        }
        let entry = counts.entry(client).or_insert((now, 0));
        if now.duration_since(entry.0) >= self.window {
            *entry = (now, 0);
        }
        entry.1 += 1;
        entry.1 <= self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_client_within_the_window() {
        let limiter = RateLimiter::new(2, Duration::from_secs(60));
        let a = Some("10.0.0.1".parse().unwrap());
        let b = Some("10.0.0.2".parse().unwrap());
        assert!(limiter.allow(a));
        assert!(limiter.allow(a));
        assert!(!limiter.allow(a));
        assert!(limiter.allow(b));
        let quick = RateLimiter::new(1, Duration::from_millis(0));
        assert!(quick.allow(a));
        assert!(quick.allow(a));
    }
}
