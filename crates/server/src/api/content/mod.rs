//! The content area: content notices, urgent messages, house contents for the content slots and
//! the lower content settings of each media group (content materials live with the materials).

pub mod contents;
pub mod manager;
pub mod notices;
pub mod urgent;
