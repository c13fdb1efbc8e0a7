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
    pub database_url: Secret,
    pub env: Environment,
    pub admin_password: Option<Secret>,
    /// The built front end (index.html and assets).
    pub web_dir: PathBuf,
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
        let tz_offset_secs = match var("TOWNBOARD_TZ").as_deref() {
            None | Some("Asia/Seoul") => 9 * 3600,
            Some("UTC") => 0,
            Some(other) => return Err(format!("TOWNBOARD_TZ: unsupported time zone {other}")),
        };
        Ok(Config {
            bind,
            web_dir: PathBuf::from(var("TOWNBOARD_WEB_DIR").unwrap_or_else(|| "web/dist".into())),
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
            data_dir,
        })
    }

    /// A configuration for tests: the given database, no front end.
    pub fn for_tests(database_url: String, data_dir: PathBuf) -> Config {
        Config {
            bind: "127.0.0.1:0".parse().expect("literal address"),
            web_dir: data_dir.join("web"),
            database_url: Secret(database_url),
            env: Environment::Local,
            admin_password: Some(Secret("Admin-Test-Pass1".into())),
            test_captcha: None,
            secure_cookies: false,
            tz_offset_secs: 9 * 3600,
            session_idle_minutes: 60,
            login_limit_per_minute: 30,
            data_dir,
        }
    }
}
