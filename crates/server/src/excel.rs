//! Excel exports: one sheet written row by row in constant memory; text that a spreadsheet would
//! read as a formula is neutralised.

use crate::error::{ApiError, ApiResult};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use rust_xlsxwriter::{Format, Workbook};

pub enum Cell {
    Text(String),
    Number(f64),
}

/// Text starting with `=`, `+`, `-` or `@` gets a leading apostrophe so it stays text.
pub fn neutralise(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) { format!("'{text}") } else { text.to_string() }
}

/// One sheet written row by row: rows may be added chunk by chunk as they are read, and the
/// worksheet keeps them in temporary files rather than in memory (constant-memory mode).
pub struct Sheet {
    book: Workbook,
    next_row: u32,
}

impl Sheet {
    /// A sheet with a bold header row.
    pub fn new(name: &str, headers: &[&str]) -> ApiResult<Sheet> {
        Sheet::titled(name, &[], headers)
    }

    /// A sheet whose first lines say what it is (bold, one a row, then a blank row), above a bold
    /// header row.
    pub fn titled(name: &str, title: &[String], headers: &[&str]) -> ApiResult<Sheet> {
        let mut book = Workbook::new();
        let ws = book.add_worksheet_with_constant_memory().map_err(ApiError::internal)?;
        ws.set_name(name).map_err(ApiError::internal)?;
        let bold = Format::new().set_bold();
        for (r, line) in title.iter().enumerate() {
            ws.write_string_with_format(r as u32, 0, neutralise(line), &bold).map_err(ApiError::internal)?;
        }
        let header_row = if title.is_empty() { 0 } else { title.len() as u32 + 1 };
        for (c, h) in headers.iter().enumerate() {
            ws.write_string_with_format(header_row, c as u16, *h, &bold).map_err(ApiError::internal)?;
        }
        Ok(Sheet { book, next_row: header_row + 1 })
    }

    pub fn add(&mut self, row: Vec<Cell>) -> ApiResult<()> {
        let ws = self.book.worksheet_from_index(0).map_err(ApiError::internal)?;
        let r = self.next_row;
        for (c, cell) in row.into_iter().enumerate() {
            let c = c as u16;
            match cell {
                Cell::Text(t) => ws.write_string(r, c, neutralise(&t)),
                Cell::Number(n) => ws.write_number(r, c, n),
            }
            .map_err(ApiError::internal)?;
        }
        self.next_row += 1;
        Ok(())
    }

    /// The xlsx file.
    pub fn finish(mut self) -> ApiResult<Vec<u8>> {
        self.book.save_to_buffer().map_err(ApiError::internal)
    }
}

/// A workbook of one sheet with a bold header row.
pub fn workbook(sheet: &str, headers: &[&str], rows: impl Iterator<Item = Vec<Cell>>) -> ApiResult<Vec<u8>> {
    let mut out = Sheet::new(sheet, headers)?;
    for row in rows {
        out.add(row)?;
    }
    out.finish()
}

pub fn download(file_name: &str, bytes: Vec<u8>) -> Response {
    let encoded: String =
        file_name.bytes().map(|b| if b.is_ascii_alphanumeric() || b"-._".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }).collect();
    let disposition = HeaderValue::from_str(&format!("attachment; filename*=UTF-8''{encoded}")).unwrap_or(HeaderValue::from_static("attachment"));
    (
        [
            (header::CONTENT_TYPE, HeaderValue::from_static("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        bytes,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised() {
        for (input, out) in [("=1+1", "'=1+1"), ("+cmd", "'+cmd"), ("-2", "'-2"), ("@SUM(A1)", "'@SUM(A1)"), ("안녕", "안녕"), ("a=b", "a=b")] {
            assert_eq!(neutralise(input), out);
        }
    }

    #[test]
    fn a_workbook_is_a_zip() {
        let bytes = workbook("시트", &["이름", "값"], vec![vec![Cell::Text("=x".into()), Cell::Number(3.0)]].into_iter()).unwrap();
        assert_eq!(&bytes[..2], b"PK");
    }
}
