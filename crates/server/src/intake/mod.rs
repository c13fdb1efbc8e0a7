//! What screens send all the time, taken in memory and written together (group commit): their
//! heartbeats ([`beats`], flushed by the player API's beat writer) and their proof of play
//! ([`pop`]). A screen's call is answered once what it sent is durable.

pub mod beats;
pub mod pop;
