//! Password hashing with argon2id.

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::LazyLock;

fn argon() -> Argon2<'static> {
    // 19 MiB, 2 passes: the OWASP minimum for argon2id, keeping a login well under 150 ms on 2 cores.
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::new(19 * 1024, 2, 1, None).expect("valid params"))
}

pub fn hash(password: &str) -> Result<String, String> {
    let salt = SaltString::encode_b64(&crate::crypto::random_bytes::<16>()).map_err(|e| e.to_string())?;
    argon().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string())
}

/// A hash of a random password, verified against when the user does not exist so that unknown
/// and known ids take the same time.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| hash(&crate::crypto::random_token()).expect("hashing works"));

pub fn verify(password: &str, stored: Option<&str>) -> bool {
    let stored = stored.unwrap_or(&DUMMY_HASH);
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    argon().verify_password(password.as_bytes(), &parsed).is_ok() && !std::ptr::eq(stored, DUMMY_HASH.as_str())
}

/// A random password that satisfies the policy (letters, digits and a symbol).
pub fn generate() -> String {
    let token = crate::crypto::random_token();
    format!("Tb{}7!", &token[..14])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_and_verify() {
        let h = hash("Correct-Horse-1").unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(verify("Correct-Horse-1", Some(&h)));
        assert!(!verify("correct-horse-1", Some(&h)));
        assert!(!verify("Correct-Horse-1", None));
        assert!(!verify("x", Some("not a hash")));
    }

    #[test]
    fn generated_passwords_pass_the_policy() {
        for _ in 0..20 {
            let p = generate();
            assert_eq!(townboard_domain::password::check_password(&p, "admin"), Ok(()), "{p}");
        }
    }
}
