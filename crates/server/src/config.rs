//! One configuration struct, read from `TOWNBOARD_*` environment variables with working defaults.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Environment {
    Local,
    Dev,
    Stage,
    Prod,
}

impl Environment {
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "local" => Some(Self::Local),
            "dev" => Some(Self::Dev),
            "stage" => Some(Self::Stage),
            "prod" => Some(Self::Prod),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Local => "local",
            Self::Dev => "dev",
            Self::Stage => "stage",
            Self::Prod => "prod",
        }
    }
}

/// A value that must never reach a log line.
#[derive(Clone, Default)]
pub struct Secret(pub String);

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[derive(Debug, Clone)]
pub struct Config {
    pub bind: SocketAddr,
    pub data_dir: PathBuf,
    /// Where stored files live: `files` under the data directory, or object storage.
    pub storage: Storage,
    pub database_url: Secret,
    pub env: Environment,
    pub admin_password: Option<Secret>,
    /// A directory holding the built front end, read at request time (while developing); without
    /// one, the front end built into the binary.
    pub web_dir: Option<PathBuf>,
    /// A fixed captcha answer for automated browser tests; refused in prod.
    pub test_captcha: Option<String>,
    /// Cookies get the `__Host-` prefix and `Secure` when the public address is https.
    pub secure_cookies: bool,
    /// Offset of the configured time zone in seconds (Asia/Seoul: +09:00, no daylight saving).
    pub tz_offset_secs: i32,
    /// Idle minutes before a session ends (spec §4: 60).
    pub session_idle_minutes: i64,
    /// Login attempts one client address may make a minute.
    pub login_limit_per_minute: u32,
    /// Answers carry `x-db-statements`, the statements their request ran (for the benchmark).
    pub statement_header: bool,
    /// Heartbeats wait for the writer task's shared flush (`serve` runs it); without it each
    /// heartbeat writes itself before it is answered.
    pub heartbeat_group_commit: bool,
    /// More roots to trust for outbound HTTPS (`TOWNBOARD_CA_FILE`, PEM), besides the platform's.
    pub ca_file: Option<PathBuf>,
    /// The largest material upload (500 MB, domain.md §4); a test may lower it.
    pub max_upload_bytes: u64,
    /// x264's preset for material renditions (`veryfast` by default; tests use `ultrafast`).
    pub encode_preset: String,
    /// Shifts the time the whole application sees (`-45d`, `+3d`, `-2h`); refused in prod.
    pub clock_offset: chrono::Duration,
    /// `GET /metrics` answers only with this bearer token; without one it is not served.
    pub metrics_token: Option<Secret>,
    /// How long a screen may be unheard (no heartbeat, no open push channel) before the status
    /// sweep calls it silent (domain.md §3: 3 minutes); the benchmark shortens it.
    pub screen_silent_after: chrono::Duration,
    /// How often the status sweep runs (every minute); the benchmark shortens it.
    pub status_sweep_every_secs: u64,
}

/// Reads an offset such as `-45d`, `+3d`, `-2h`, `30m` or `90s`.
pub fn parse_offset(text: &str) -> Option<chrono::Duration> {
    let text = text.trim();
    let (sign, rest) = match text.as_bytes().first()? {
        b'-' => (-1, &text[1..]),
        b'+' => (1, &text[1..]),
        _ => (1, text),
    };
    let unit = rest.chars().last()?;
    let amount: i64 = rest[..rest.len() - unit.len_utf8()].parse().ok()?;
    let seconds = match unit {
        'd' => amount.checked_mul(86_400)?,
        'h' => amount.checked_mul(3_600)?,
        'm' => amount.checked_mul(60)?,
        's' => amount,
        _ => return None,
    };
    (seconds.abs() <= 3650 * 86_400).then(|| chrono::Duration::seconds(sign * seconds))
}

fn var(name: &str) -> Option<String> {
    std::env::var(name).ok().filter(|v| !v.trim().is_empty())
}

impl Config {
    pub fn from_env() -> Result<Config, String> {
        let data_dir = PathBuf::from(var("TOWNBOARD_DATA_DIR").unwrap_or_else(|| "./data".into()));
        let bind = var("TOWNBOARD_BIND").unwrap_or_else(|| "127.0.0.1:8080".into()).parse().map_err(|e| format!("TOWNBOARD_BIND: {e}"))?;
        let env = match var("TOWNBOARD_ENV") {
            Some(v) => Environment::parse(&v).ok_or("TOWNBOARD_ENV must be local, dev, stage or prod")?,
            None => Environment::Local,
        };
        let database_url = var("TOWNBOARD_DATABASE_URL").unwrap_or_else(|| format!("sqlite://{}?mode=rwc", data_dir.join("townboard.db").display()));
        let test_captcha = var("TOWNBOARD_TEST_CAPTCHA");
        if test_captcha.is_some() && env == Environment::Prod {
            return Err("TOWNBOARD_TEST_CAPTCHA is refused in prod".into());
        }
        let clock_offset = match var("TOWNBOARD_CLOCK_OFFSET") {
            Some(_) if env == Environment::Prod => return Err("TOWNBOARD_CLOCK_OFFSET is refused in prod".into()),
            Some(v) => parse_offset(&v).ok_or("TOWNBOARD_CLOCK_OFFSET must look like -45d, +3d, -2h, 30m or 90s (at most ten years)")?,
            None => chrono::Duration::zero(),
        };
        let tz_offset_secs = match var("TOWNBOARD_TZ").as_deref() {
            None | Some("Asia/Seoul") => 9 * 3600,
            Some("UTC") => 0,
            Some(other) => return Err(format!("TOWNBOARD_TZ: unsupported time zone {other}")),
        };
        let storage = Storage::from_env()?;
        Ok(Config {
            bind,
            storage,
            web_dir: var("TOWNBOARD_WEB_DIR").map(PathBuf::from),
            database_url: Secret(database_url),
            env,
            admin_password: var("TOWNBOARD_ADMIN_PASSWORD").map(Secret),
            test_captcha,
            secure_cookies: var("TOWNBOARD_PUBLIC_URL").is_some_and(|u| u.starts_with("https://")),
            tz_offset_secs,
            session_idle_minutes: match var("TOWNBOARD_SESSION_IDLE_MINUTES") {
                Some(v) => v.parse().ok().filter(|m| *m > 0).ok_or("TOWNBOARD_SESSION_IDLE_MINUTES must be a positive number")?,
                None => 60,
            },
            login_limit_per_minute: match var("TOWNBOARD_LOGIN_LIMIT_PER_MINUTE") {
                Some(v) => v.parse().ok().filter(|n| *n > 0).ok_or("TOWNBOARD_LOGIN_LIMIT_PER_MINUTE must be a positive number")?,
                None => 30,
            },
            clock_offset,
            statement_header: var("TOWNBOARD_STATEMENT_HEADER").is_some_and(|v| v == "1"),
            heartbeat_group_commit: true,
            ca_file: var("TOWNBOARD_CA_FILE").map(PathBuf::from),
            max_upload_bytes: match var("TOWNBOARD_MAX_UPLOAD_MB") {
                Some(v) => {
                    v.parse::<u64>().ok().filter(|mb| (1..=500).contains(mb)).map(|mb| mb * 1024 * 1024).ok_or("TOWNBOARD_MAX_UPLOAD_MB must be 1-500")?
                }
                None => townboard_domain::material::MAX_UPLOAD_BYTES,
            },
            encode_preset: match var("TOWNBOARD_ENCODE_PRESET") {
                Some(p) if ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow"].contains(&p.as_str()) => p,
                Some(_) => return Err("TOWNBOARD_ENCODE_PRESET must be an x264 preset (ultrafast ... slow)".into()),
                None => "veryfast".into(),
            },
            metrics_token: var("TOWNBOARD_METRICS_TOKEN").map(Secret),
            screen_silent_after: match var("TOWNBOARD_SCREEN_SILENT_SECONDS") {
                Some(v) => v
                    .parse::<i64>()
                    .ok()
                    .filter(|s| (5..=3600).contains(s))
                    .map(chrono::Duration::seconds)
                    .ok_or("TOWNBOARD_SCREEN_SILENT_SECONDS must be 5-3600")?,
                None => chrono::Duration::minutes(3),
            },
            status_sweep_every_secs: match var("TOWNBOARD_STATUS_SWEEP_SECONDS") {
                Some(v) => v.parse::<u64>().ok().filter(|s| (1..=600).contains(s)).ok_or("TOWNBOARD_STATUS_SWEEP_SECONDS must be 1-600")?,
                None => 60,
            },
            data_dir,
        })
    }

    /// A configuration for tests: the given database, no front end.
    pub fn for_tests(database_url: String, data_dir: PathBuf) -> Config {
        Config {
            bind: "127.0.0.1:0".parse().expect("literal address"),
            storage: Storage::Local,
            web_dir: Some(data_dir.join("web")),
            database_url: Secret(database_url),
            env: Environment::Local,
            admin_password: Some(Secret("Admin-Test-Pass1".into())),
            test_captcha: None,
            secure_cookies: false,
            tz_offset_secs: 9 * 3600,
            session_idle_minutes: 60,
            login_limit_per_minute: 30,
            clock_offset: chrono::Duration::zero(),
            statement_header: true,
            heartbeat_group_commit: false,
            ca_file: None,
            max_upload_bytes: townboard_domain::material::MAX_UPLOAD_BYTES,
            encode_preset: "ultrafast".into(),
            metrics_token: None,
            screen_silent_after: chrono::Duration::minutes(3),
            status_sweep_every_secs: 60,
            data_dir,
        }
    }
}

/// Where stored files live.
#[derive(Debug, Clone)]
pub enum Storage {
    /// `files` under the data directory.
    Local,
    /// An S3-compatible bucket (`TOWNBOARD_STORAGE=s3://bucket/prefix`).
    S3(S3Storage),
}

/// A bucket and the usual AWS variables, read once at start.
#[derive(Debug, Clone, Default)]
pub struct S3Storage {
    pub bucket: String,
    /// Every stored file lies under it (no leading or trailing slash; may be empty).
    pub prefix: String,
    /// `AWS_ENDPOINT_URL`: a MinIO, moto or other S3-compatible server; AWS itself without one.
    pub endpoint: Option<String>,
    /// `AWS_REGION` (or `AWS_DEFAULT_REGION`).
    pub region: Option<String>,
    /// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY` (and `AWS_SESSION_TOKEN` for temporary
    /// keys); without them the instance's role is asked.
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<Secret>,
    pub session_token: Option<Secret>,
    /// `AWS_ALLOW_HTTP=true`: a local server without TLS.
    pub allow_http: bool,
}

impl Storage {
    fn from_env() -> Result<Storage, String> {
        let Some(url) = var("TOWNBOARD_STORAGE") else {
            return Ok(Storage::Local);
        };
        let (bucket, prefix) = S3Storage::parse_url(&url)?;
        let allow_http = match var("AWS_ALLOW_HTTP").map(|v| v.to_ascii_lowercase()).as_deref() {
            None | Some("false" | "0") => false,
            Some("true" | "1") => true,
            Some(_) => return Err("AWS_ALLOW_HTTP must be true or false".into()),
        };
        Ok(Storage::S3(S3Storage {
            bucket,
            prefix,
            endpoint: var("AWS_ENDPOINT_URL"),
            region: var("AWS_REGION").or_else(|| var("AWS_DEFAULT_REGION")),
            access_key_id: var("AWS_ACCESS_KEY_ID"),
            secret_access_key: var("AWS_SECRET_ACCESS_KEY").map(Secret),
            session_token: var("AWS_SESSION_TOKEN").map(Secret),
            allow_http,
        }))
    }
}

impl S3Storage {
    /// Reads `s3://bucket/prefix` (the prefix may be left out) into the bucket and the prefix.
    pub fn parse_url(url: &str) -> Result<(String, String), String> {
        let refused = || format!("TOWNBOARD_STORAGE must look like s3://bucket/prefix, not {url}");
        let rest = url.trim().strip_prefix("s3://").ok_or_else(refused)?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        // S3's bucket naming rules: 3-63 lowercase letters, digits, dots and hyphens.
        let bucket_ok = (3..=63).contains(&bucket.len())
            && bucket.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'.' || b == b'-')
            && bucket.as_bytes()[0].is_ascii_alphanumeric();
        let prefix = prefix.trim_matches('/');
        let prefix_ok = prefix.is_empty()
            || prefix.split('/').all(|part| !part.is_empty() && part != "." && part != ".." && !part.chars().any(|c| c.is_control() || c == '\\'));
        if !bucket_ok || !prefix_ok {
            return Err(refused());
        }
        Ok((bucket.to_string(), prefix.to_string()))
    }
}

#[cfg(test)]
mod storage_tests {
    use super::S3Storage;

    #[test]
    fn storage_urls() {
        assert_eq!(S3Storage::parse_url("s3://townboard/files"), Ok(("townboard".into(), "files".into())));
        assert_eq!(S3Storage::parse_url("s3://my.bucket-1/a/b/"), Ok(("my.bucket-1".into(), "a/b".into())));
        assert_eq!(S3Storage::parse_url("s3://townboard"), Ok(("townboard".into(), String::new())));
        for bad in ["/var/files", "file:///var/files", "s3://", "s3://Upper/x", "s3://ab/x", "s3://bucket/a//b", "s3://bucket/../x", "gs://bucket/x"] {
            assert!(S3Storage::parse_url(bad).is_err(), "{bad}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_offset;
    use chrono::Duration;

    #[test]
    fn clock_offsets() {
        assert_eq!(parse_offset("-45d"), Some(Duration::days(-45)));
        assert_eq!(parse_offset("+3d"), Some(Duration::days(3)));
        assert_eq!(parse_offset("-2h"), Some(Duration::hours(-2)));
        assert_eq!(parse_offset("30m"), Some(Duration::minutes(30)));
        for bad in ["", "d", "-x3d", "3w", "99999d", "+"] {
            assert_eq!(parse_offset(bad), None, "{bad}");
        }
    }
}
