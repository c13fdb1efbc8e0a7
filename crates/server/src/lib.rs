//! The Townboard server: the back office API, the player API and the built front end in one binary.

pub mod api;
pub mod app;
pub mod auth;
pub mod cli;
pub mod config;
pub mod crypto;
pub mod db;
pub mod error;
pub mod excel;
pub mod files;
pub mod input;
pub mod jobs;
pub mod player;
pub mod sanitize;
pub mod settings;
pub mod simulate;
pub mod sms;
pub mod state;
pub mod storage;
pub mod time;
