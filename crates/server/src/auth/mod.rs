//! Who is calling and what they may do: the caller and its kept copies, the screens known by their
//! players' tokens, the login key, passwords' second factors (captcha, limiter), and data scope.
//! Signing in and the request guard, which read the application's state, are in `crate::session`.

pub mod caller;
pub mod callers;
pub mod captcha;
pub mod devices;
pub mod keys;
pub mod limiter;
pub mod scope;
pub mod user_info;

pub use caller::Caller;
