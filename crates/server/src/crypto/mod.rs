//! Small cryptographic helpers: random tokens and digests, and password hashes ([`password`]).

pub mod password;

use aws_lc_rs::{digest, rand};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    rand::fill(&mut buf).expect("the system random source works");
    buf
}

/// A URL-safe random token with 256 bits of entropy.
pub fn random_token() -> String {
    URL_SAFE_NO_PAD.encode(random_bytes::<32>())
}

pub fn sha256_hex(data: &[u8]) -> String {
    digest::digest(&digest::SHA256, data).as_ref().iter().map(|b| format!("{b:02x}")).collect()
}

/// A uniformly random number below `bound`.
pub fn random_below(bound: u32) -> u32 {
    // Rejection sampling avoids modulo bias.
    let limit = u32::MAX - u32::MAX % bound;
    loop {
        let v = u32::from_le_bytes(random_bytes::<4>());
        if v < limit {
            return v % bound;
        }
    }
}

/// Compares secrets in constant time.
pub fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}
