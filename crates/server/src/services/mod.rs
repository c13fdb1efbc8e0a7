//! Business rules over the database that the back office API, the player API and the jobs share:
//! below all three, above the database and `townboard_domain`'s pure rules.

pub mod campaign;
pub mod settlement;
