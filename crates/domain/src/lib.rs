//! Pure rules of Townboard: no I/O, no clock reads (time comes in as arguments).
//! The server wires these to HTTP and the database; the browser mirrors the validators.

pub mod availability;
pub mod board;
pub mod campaign;
pub mod codes;
pub mod content;
pub mod fixed;
pub mod material;
pub mod menu;
pub mod password;
pub mod permission;
pub mod points;
pub mod pop;
pub mod price;
pub mod role;
pub mod schedule;
pub mod screen;
pub mod session;
pub mod settlement;
pub mod validate;
