//! Sending text messages. Every message is kept in the `sms_outbox` table; env `SMS_PROVIDER`
//! chooses how it leaves: `log` (the default: a log line naming the outbox row, never the text)
//! or `http` (a JSON POST `{phone, text}` to env `SMS_WEBHOOK_URL`, an http or https gateway).

use crate::db::entity::sms_outbox;
use crate::error::{ApiError, ApiResult};
use crate::settings;
use crate::state::AppState;
use sea_orm::{ActiveValue::Set, EntityTrait};
use std::time::Duration;

/// Digits of a phone number with all but the first three and last four hidden.
pub fn mask_phone(phone: &str) -> String {
    let digits: Vec<char> = phone.chars().filter(char::is_ascii_digit).collect();
    let n = digits.len();
    digits.iter().enumerate().map(|(i, c)| if i + 4 >= n || i < 3 { *c } else { '*' }).collect()
}

pub async fn send(state: &AppState, phone: &str, text: &str) -> ApiResult<()> {
    let outbox =
        sms_outbox::ActiveModel { phone: Set(phone.to_string()), body: Set(text.to_string()), created_at: Set(state.clock.now()), ..Default::default() };
    let id = sms_outbox::Entity::insert(outbox).exec(&state.db).await?.last_insert_id;
    match settings::get(state, "SMS_PROVIDER").await?.as_deref().map(str::trim) {
        Some("http") => {
            let url = settings::get(state, "SMS_WEBHOOK_URL").await?.unwrap_or_default();
            let body = serde_json::json!({ "phone": phone, "text": text });
            crate::outbound::post_json(&state.http, url.trim(), &body, Duration::from_secs(5))
                .await
                .map_err(|e| ApiError::internal(format!("SMS webhook (outbox {id}): {e}")))?;
            tracing::info!(outbox_id = id, phone = %mask_phone(phone), "SMS sent through the webhook");
        }
        _ => tracing::info!(outbox_id = id, phone = %mask_phone(phone), "SMS kept in the outbox"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn phones_are_masked() {
        assert_eq!(super::mask_phone("010-1234-5678"), "010****5678");
        assert_eq!(super::mask_phone("01012345678"), "010****5678");
    }
}
