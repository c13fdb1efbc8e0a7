//! The boards of the apartment complexes (image, video and all-screen posts on the screens'
//! board area, and their materials) and the Q&A between users and operators.

pub mod file_check;
pub mod kinds;
pub mod posts;
pub mod qna;
pub mod qna_rules;
pub mod rules;
pub mod screen_posts;
