//! Session lifetime rules: idle expiry (spec §4, 60 minutes by default) and an absolute lifetime.

use chrono::{DateTime, Duration, Utc};

#[derive(Debug, Clone, Copy)]
pub struct SessionLimits {
    pub idle: Duration,
    pub absolute: Duration,
}

impl Default for SessionLimits {
    fn default() -> Self {
        SessionLimits { idle: Duration::minutes(60), absolute: Duration::hours(12) }
    }
}

impl SessionLimits {
    /// A session is over when it was idle longer than `idle` or lived longer than `absolute`.
    pub fn is_expired(&self, created_at: DateTime<Utc>, last_access_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
        now - last_access_at > self.idle || now - created_at > self.absolute
    }
}

/// Consecutive failed logins before the account locks, and from which a captcha is required.
pub const LOCK_AFTER_FAILURES: i32 = 5;
pub const CAPTCHA_FROM_FAILURES: i32 = 2;
/// An encrypted credential is accepted for this long after its `ts`.
pub const CREDENTIAL_MAX_AGE: Duration = Duration::minutes(5);

pub fn captcha_required(failures: i32) -> bool {
    failures >= CAPTCHA_FROM_FAILURES
}

pub fn locked(failures: i32) -> bool {
    failures >= LOCK_AFTER_FAILURES
}

/// The credential's timestamp must be recent (and not from the future beyond a small clock skew).
pub fn credential_fresh(ts_ms: i64, now: DateTime<Utc>) -> bool {
    let age_ms = now.timestamp_millis() - ts_ms;
    age_ms <= CREDENTIAL_MAX_AGE.num_milliseconds() && age_ms >= -60_000
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn idle_and_absolute_expiry() {
        let limits = SessionLimits::default();
        let t0 = Utc.with_ymd_and_hms(2026, 1, 1, 0, 0, 0).unwrap();
        let m = Duration::minutes;
        let table = [
            (t0, t0, t0 + m(60), false),
            (t0, t0, t0 + m(61), true),
            (t0, t0 + m(11 * 60), t0 + m(11 * 60 + 59), false),
            (t0, t0 + m(11 * 60 + 59), t0 + m(12 * 60 + 1), true),
        ];
        for (created, last, now, expired) in table {
            assert_eq!(limits.is_expired(created, last, now), expired, "{created} {last} {now}");
        }
    }

    #[test]
    fn captcha_from_third_attempt_lock_after_five() {
        // After two failures the third attempt needs a captcha.
        assert!(!captcha_required(1));
        assert!(captcha_required(2));
        assert!(!locked(4));
        assert!(locked(5));
    }

    #[test]
    fn credential_age() {
        let now = Utc.with_ymd_and_hms(2026, 1, 1, 0, 10, 0).unwrap();
        let ms = now.timestamp_millis();
        assert!(credential_fresh(ms, now));
        assert!(credential_fresh(ms - 5 * 60_000, now));
        assert!(!credential_fresh(ms - 5 * 60_000 - 1, now));
        assert!(credential_fresh(ms + 30_000, now));
        assert!(!credential_fresh(ms + 120_000, now));
    }
}
