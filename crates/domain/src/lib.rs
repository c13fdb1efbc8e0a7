//! Pure rules of Townboard: no I/O, no clock reads (time comes in as arguments).
//! The server wires these to HTTP and the database; the browser mirrors the validators.

pub mod codes;
pub mod menu;
pub mod password;
pub mod permission;
pub mod pop;
pub mod role;
pub mod session;
pub mod validate;
