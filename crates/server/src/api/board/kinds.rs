//! The three boards a post can be on.

/// What a board declares.
pub trait BoardKind: Send + Sync + 'static {
    /// `board_kind` of its posts.
    const KIND: &'static str;
    const PATH: &'static str;
    const PROGRAM: &'static str;
    const SUMMARY: &'static str;
    /// Posts name their media groups; otherwise they run on every screen.
    const TARGETED: bool;
    /// Posts carry images as files; otherwise they play a board video material.
    const IMAGES: bool;
}

/// Image posts on chosen groups (`/board/image`).
pub struct ImageBoard;

impl BoardKind for ImageBoard {
    const KIND: &'static str = "image";
    const PATH: &'static str = "board/image";
    const PROGRAM: &'static str = "board.image";
    const SUMMARY: &'static str = "이미지 게시판";
    const TARGETED: bool = true;
    const IMAGES: bool = true;
}

/// Video posts on chosen groups (`/board/material`).
pub struct VideoBoard;

impl BoardKind for VideoBoard {
    const KIND: &'static str = "video";
    const PATH: &'static str = "board/material";
    const PROGRAM: &'static str = "board.material";
    const SUMMARY: &'static str = "동영상 게시판";
    const TARGETED: bool = true;
    const IMAGES: bool = false;
}

/// Image posts on every screen (`/board/adImage`).
pub struct AllScreenBoard;

impl BoardKind for AllScreenBoard {
    const KIND: &'static str = "all";
    const PATH: &'static str = "board/adImage";
    const PROGRAM: &'static str = "board.adImage";
    const SUMMARY: &'static str = "전체화면 게시판";
    const TARGETED: bool = false;
    const IMAGES: bool = true;
}

/// The program that guards posts of a `board_kind`.
pub fn program_of(kind: &str) -> Option<&'static str> {
    match kind {
        ImageBoard::KIND => Some(ImageBoard::PROGRAM),
        VideoBoard::KIND => Some(VideoBoard::PROGRAM),
        AllScreenBoard::KIND => Some(AllScreenBoard::PROGRAM),
        _ => None,
    }
}
