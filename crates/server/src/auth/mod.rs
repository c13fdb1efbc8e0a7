//! Authentication and authorisation: sessions, login (RSA credential, captcha, SMS), the permission
//! guard and data scope.

pub mod caller;
pub mod callers;
pub mod captcha;
pub mod guard;
pub mod keys;
pub mod limiter;
pub mod login;
pub mod password;
pub mod scope;
pub mod session;
pub mod user_info;
