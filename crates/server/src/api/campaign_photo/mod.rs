//! Campaign photo reports: verification vendors' photos of campaigns playing at sites.

pub mod exif;
pub mod export;
pub mod photos;
pub mod rules;
