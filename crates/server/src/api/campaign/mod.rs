//! The Campaign area: writing campaigns with their price and slots, the four lists, the steps of the
//! status machine, change requests and the Excel export. Shared parts sit below the calls: the
//! fields ([`form`]), the stored campaign and its history ([`store`]), points ([`pay`]), lists
//! ([`listing`]) and change requests ([`change`]).

pub mod actions;
pub mod change;
pub mod excel;
pub mod form;
pub mod listing;
pub mod lists;
pub mod pay;
pub mod regist;
pub mod report;
pub mod store;
