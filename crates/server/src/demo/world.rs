//! What the demo has made so far, by the names the story gives things, and the means to act.

use super::client::Api;
use super::timeline::Timeline;
use crate::state::AppState;
use serde_json::Value;
use std::collections::HashMap;
use std::path::PathBuf;

/// A screen the demo installed: its id, group, site and device serial.
#[derive(Debug, Clone)]
pub struct Screen {
    pub media_id: i64,
    pub group: &'static str,
    pub serial: String,
}

pub struct Demo {
    pub state: AppState,
    pub api: Api,
    pub time: Timeline,
    pub password: String,
    /// Where the generated media files are made (removed at the end).
    pub work: PathBuf,
    pub users: HashMap<&'static str, i64>,
    pub corps: HashMap<&'static str, i64>,
    pub sites: HashMap<&'static str, i64>,
    pub groups: HashMap<&'static str, i64>,
    pub screens: Vec<Screen>,
    pub materials: HashMap<&'static str, i64>,
    pub campaigns: HashMap<&'static str, i64>,
    /// Wire ids of the catalogue entries the demo adds (`PR00000002`, `P000000004`, ...).
    pub catalogue: HashMap<&'static str, String>,
    pub coupon: Option<i64>,
}

fn find(map: &HashMap<&'static str, i64>, what: &str, key: &str) -> Result<i64, String> {
    map.get(key).copied().ok_or_else(|| format!("the demo has no {what} named {key}"))
}

impl Demo {
    pub fn new(state: &AppState, password: String, work: PathBuf) -> Demo {
        Demo {
            state: state.clone(),
            api: Api::new(state),
            time: Timeline::new(state),
            password,
            work,
            users: HashMap::new(),
            corps: HashMap::new(),
            sites: HashMap::new(),
            groups: HashMap::new(),
            screens: Vec::new(),
            materials: HashMap::new(),
            campaigns: HashMap::new(),
            catalogue: HashMap::new(),
            coupon: None,
        }
    }

    pub fn user(&self, u_id: &str) -> Result<i64, String> {
        find(&self.users, "user", u_id)
    }
    pub fn corp(&self, key: &str) -> Result<i64, String> {
        find(&self.corps, "corp", key)
    }
    pub fn site(&self, key: &str) -> Result<i64, String> {
        find(&self.sites, "site", key)
    }
    pub fn group(&self, key: &str) -> Result<i64, String> {
        find(&self.groups, "media group", key)
    }
    pub fn material(&self, key: &str) -> Result<i64, String> {
        find(&self.materials, "material", key)
    }
    pub fn campaign(&self, key: &str) -> Result<i64, String> {
        find(&self.campaigns, "campaign", key)
    }

    /// A back-office call as the demo user `u_id`.
    pub async fn call(&self, u_id: &str, path: &str, body: Value) -> Result<Value, String> {
        self.api.call(self.user(u_id)?, path, body).await.map_err(|e| format!("{u_id} {e}"))
    }

    /// Runs every job that is due, two at a time (as `serve` does on two cores).
    pub async fn run_jobs(&self) {
        tokio::join!(crate::jobs::run_until_idle(&self.state), crate::jobs::run_until_idle(&self.state));
    }

    /// The start of day `n`: the clock there, and the periodic jobs of that day done (campaigns
    /// going live or ending, the nightly plans, the status sweep).
    pub async fn dawn(&self, n: i64) -> Result<(), String> {
        self.time.go(n, 6, 5);
        crate::jobs::schedule_periodic(&self.state).await.map_err(|e| format!("periodic jobs: {e}"))?;
        self.run_jobs().await;
        Ok(())
    }
}
