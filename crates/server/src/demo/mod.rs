//! `townboard seed-demo`: a plausible network in an empty database.

use crate::config::Config;

pub async fn seed(_config: Config) -> Result<(), String> {
    Err("seed-demo is not available yet".into())
}
