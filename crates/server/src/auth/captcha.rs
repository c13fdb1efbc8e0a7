//! Captcha challenges: a PNG and a WAV of the same digits, bound to the caller's pre-login session,
//! single use, valid for 3 minutes.

use captcha::Captcha;
use captcha::filters::{Noise, Wave};
use chrono::{DateTime, Duration, Utc};
use std::io::Cursor;

pub const VALID_FOR: Duration = Duration::minutes(3);
const DIGITS: &[char] = &['2', '3', '4', '5', '6', '7', '8', '9'];

pub fn new_answer() -> String {
    (0..5).map(|_| DIGITS[crate::crypto::random_below(DIGITS.len() as u32) as usize]).collect()
}

fn render(answer: &str) -> Captcha {
    let mut c = Captcha::new();
    for ch in answer.chars() {
        c.set_chars(&[ch]).add_char();
    }
    c
}

pub fn png(answer: &str) -> Option<Vec<u8>> {
    let mut c = render(answer);
    c.apply_filter(Noise::new(0.1)).apply_filter(Wave::new(2.0, 16.0)).view(220, 100);
    c.as_png()
}

/// The digits read out one after another with a short pause, as one WAV.
pub fn wav(answer: &str) -> Option<Vec<u8>> {
    let spec = hound::WavSpec { channels: 1, sample_rate: 22050, bits_per_sample: 16, sample_format: hound::SampleFormat::Int };
    let mut out = Cursor::new(Vec::new());
    {
        let mut writer = hound::WavWriter::new(&mut out, spec).ok()?;
        let pause = spec.sample_rate as usize * 2 / 5;
        for clip in render(answer).as_wav() {
            let clip = clip?;
            let mut reader = hound::WavReader::new(&clip[..]).ok()?;
            for sample in reader.samples::<i16>() {
                writer.write_sample(sample.ok()?).ok()?;
            }
            for _ in 0..pause {
                writer.write_sample(0i16).ok()?;
            }
        }
        writer.finalize().ok()?;
    }
    Some(out.into_inner())
}

pub fn is_fresh(issued_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now - issued_at <= VALID_FOR
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_are_five_unambiguous_digits() {
        for _ in 0..50 {
            let a = new_answer();
            assert_eq!(a.len(), 5);
            assert!(a.chars().all(|c| DIGITS.contains(&c)), "{a}");
        }
    }

    #[test]
    fn png_and_wav_are_made() {
        let png = png("12345").unwrap();
        assert_eq!(&png[1..4], b"PNG");
        let wav = wav("12345").unwrap();
        assert_eq!(&wav[..4], b"RIFF");
        assert!(wav.len() > 22050 * 2, "five spoken digits last over a second");
    }
}
