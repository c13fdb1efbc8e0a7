//! Materials: the files ads and contents are played from. Campaign materials (advertisers' ads),
//! house materials (house ads and contents) and board materials share one table, one upload with
//! its checks, one transcoding job, one approval and one set of downloads; each kind is a small
//! definition ([`kind::MaterialKind`], [`kinds`]).

pub mod download;
pub mod endpoints;
pub mod kind;
pub mod kinds;
pub mod review;
pub mod save;
pub mod upload;
