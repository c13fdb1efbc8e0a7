//! The RSA-OAEP (SHA-256) key that login credentials are encrypted with. Kept in the database so
//! every server process behind a load balancer decrypts with the same key.

use crate::db::entity::login_key;
use aws_lc_rs::encoding::AsDer;
use aws_lc_rs::rsa::{KeySize, OAEP_SHA256_MGF1SHA256, OaepPrivateDecryptingKey, PrivateDecryptingKey};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use chrono::Utc;
use sea_orm::{ActiveValue::Set, DatabaseConnection, DbErr, EntityTrait, QueryOrder};

pub struct LoginKey {
    pub key_id: String,
    /// SPKI PEM, handed to the browser.
    pub public_pem: String,
    key: OaepPrivateDecryptingKey,
}

impl LoginKey {
    pub async fn load_or_create(db: &DatabaseConnection) -> Result<LoginKey, DbErr> {
        let existing = login_key::Entity::find().order_by_desc(login_key::Column::CreatedAt).one(db).await?;
        if let Some(row) = existing {
            let der = STANDARD.decode(&row.private_der).map_err(|e| DbErr::Custom(e.to_string()))?;
            let key = PrivateDecryptingKey::from_pkcs8(&der).map_err(|e| DbErr::Custom(e.to_string()))?;
            return Ok(Self::from_key(row.key_id, key));
        }
        let key = PrivateDecryptingKey::generate(KeySize::Rsa2048).map_err(|e| DbErr::Custom(e.to_string()))?;
        let der = key.as_der().map_err(|e| DbErr::Custom(e.to_string()))?;
        let key_id = crate::crypto::random_token()[..16].to_string();
        let row = login_key::ActiveModel { key_id: Set(key_id.clone()), private_der: Set(STANDARD.encode(der.as_ref())), created_at: Set(Utc::now()) };
        // Two processes starting together may both insert; the newest row wins on their next start.
        login_key::Entity::insert(row).exec(db).await?;
        Ok(Self::from_key(key_id, key))
    }

    fn from_key(key_id: String, key: PrivateDecryptingKey) -> LoginKey {
        let public = key.public_key();
        let spki = public.as_der().expect("public key encodes");
        let b64 = STANDARD.encode(spki.as_ref());
        let lines: Vec<&str> = b64.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).expect("base64 is ascii")).collect();
        let public_pem = format!("-----BEGIN PUBLIC KEY-----\n{}\n-----END PUBLIC KEY-----\n", lines.join("\n"));
        LoginKey { key_id, public_pem, key: OaepPrivateDecryptingKey::new(key).expect("an RSA key makes an OAEP key") }
    }

    /// Decrypts a base64 RSA-OAEP ciphertext; `None` for anything malformed.
    pub fn decrypt(&self, credential_b64: &str) -> Option<Vec<u8>> {
        let ciphertext = STANDARD.decode(credential_b64.trim()).ok()?;
        if ciphertext.len() != self.key.key_size_bytes() {
            return None;
        }
        let mut out = vec![0u8; self.key.min_output_size()];
        let plain = self.key.decrypt(&OAEP_SHA256_MGF1SHA256, &ciphertext, &mut out, None).ok()?;
        Some(plain.to_vec())
    }

    /// Encrypts like the browser does; used by tests and the benchmark client.
    pub fn encrypt_for_tests(public_pem: &str, plain: &[u8]) -> Vec<u8> {
        use aws_lc_rs::rsa::{OaepPublicEncryptingKey, PublicEncryptingKey};
        let b64: String = public_pem.lines().filter(|l| !l.starts_with("-----")).collect();
        let der = STANDARD.decode(b64).expect("pem body is base64");
        let key = OaepPublicEncryptingKey::new(PublicEncryptingKey::from_der(&der).expect("spki")).expect("oaep key");
        let mut out = vec![0u8; key.ciphertext_size()];
        key.encrypt(&OAEP_SHA256_MGF1SHA256, plain, &mut out, None).expect("encrypts").to_vec()
    }
}
