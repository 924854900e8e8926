//! RFC 6238 time-based one-time codes, through `totp-rs`: HMAC-SHA-1, 6 digits, a 30-second
//! step, one step of clock skew either way, a 160-bit secret. Every code Vita checks goes
//! through `Authenticator`, and the RFC's own test vectors run through it (below), so a crate
//! upgrade cannot change the algorithm unnoticed.
//!
//! `totp-rs` only says which step a code matched; refusing a step used before (RFC 6238 §5.2)
//! is the store's job (`super::check_code`).

use chrono::{DateTime, Utc};
use qrcode::QrCode;
use qrcode::render::svg;
use totp_rs::{Builder, Secret, Totp};

use crate::error::AppError;

/// What authenticator apps show the account under.
const ISSUER: &str = "Vita";
const DIGITS: u8 = 6;
const STEP_SECONDS: i64 = 30;

/// One owner's code generator.
pub struct Authenticator(Totp);

impl Authenticator {
    /// A new random secret (160 bits, the length RFC 4226 recommends), as base32.
    pub fn new_secret() -> String {
        Secret::generate().to_base32()
    }

    /// The generator for a stored base32 secret; `account` is the owner's e-mail address.
    pub fn new(secret: &str, account: &str) -> Result<Self, AppError> {
        Self::with_digits(secret, account, DIGITS)
    }

    fn with_digits(secret: &str, account: &str, digits: u8) -> Result<Self, AppError> {
        let secret = Secret::try_from_base32(secret).map_err(|e| AppError::Internal(anyhow::anyhow!("a stored TOTP secret: {e}")))?;
        Builder::new()
            .with_secret(secret)
            .with_digits(digits)
            .with_step_duration(STEP_SECONDS as u64)
            .with_issuer(Some(ISSUER))
            .with_account_name(account)
            .build()
            .map(Self)
            .map_err(|e| AppError::Internal(anyhow::anyhow!("a TOTP generator: {e}")))
    }

    /// The time step a code matches at `now` (the current one, or one either side), if any.
    /// Spaces and dashes the owner typed inside the code are ignored.
    pub fn check(&self, code: &str, now: DateTime<Utc>) -> Option<i64> {
        let code: String = code.chars().filter(|c| !c.is_whitespace() && *c != '-').collect();
        let step = self.0.check(&code, seconds(now))?;
        i64::try_from(step).ok()
    }

    /// The code an authenticator app shows at `now`.
    pub fn code_at(&self, now: DateTime<Utc>) -> String {
        self.0.generate(seconds(now)).to_string()
    }

    /// The `otpauth://` address an authenticator app reads from the QR code.
    pub fn otpauth_url(&self) -> Result<String, AppError> {
        self.0.to_url().map_err(|e| AppError::Internal(anyhow::anyhow!("an otpauth address: {e}")))
    }

    /// The otpauth address as a QR code, an SVG image (black on white, as scanners expect).
    pub fn qr_svg(&self) -> Result<String, AppError> {
        let url = self.otpauth_url()?;
        let code = QrCode::new(url.as_bytes()).map_err(|e| AppError::Internal(anyhow::anyhow!("a QR code: {e}")))?;
        Ok(code.render::<svg::Color<'_>>().min_dimensions(200, 200).quiet_zone(true).build())
    }
}

/// The step number of an instant, as RFC 6238 counts: 30-second steps since the Unix epoch.
pub fn step_of(now: DateTime<Utc>) -> i64 {
    now.timestamp().div_euclid(STEP_SECONDS)
}

/// The first instant of a step.
pub fn start_of(step: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(step * STEP_SECONDS, 0).unwrap_or_default()
}

fn seconds(now: DateTime<Utc>) -> u64 {
    u64::try_from(now.timestamp()).unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238's key for SHA-1: the ASCII digits "12345678901234567890".
    const RFC_SECRET: &str = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

    fn at(seconds: i64) -> DateTime<Utc> {
        DateTime::from_timestamp(seconds, 0).unwrap()
    }

    #[test]
    fn the_rfc_6238_sha1_vectors_match() {
        // Appendix B: 8-digit codes; the same HMAC-SHA-1 path as the 6-digit codes Vita uses.
        let rfc = Authenticator::with_digits(RFC_SECRET, "owner@example.org", 8).unwrap();
        for (time, code) in [
            (59, "94287082"),
            (1_111_111_109, "07081804"),
            (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"),
            (20_000_000_000, "65353130"),
        ] {
            assert_eq!(rfc.code_at(at(time)), code, "at {time}");
            assert_eq!(rfc.check(code, at(time)), Some(step_of(at(time))), "at {time}");
        }
        // Six digits are the last six of the eight (dynamic truncation, modulo 10^6).
        let six = Authenticator::new(RFC_SECRET, "owner@example.org").unwrap();
        assert_eq!(six.code_at(at(59)), "287082");
    }

    #[test]
    fn one_step_of_skew_either_way_is_accepted_two_are_not() {
        let authenticator = Authenticator::new(&Authenticator::new_secret(), "owner@example.org").unwrap();
        let now = at(1_800_000_015);
        let step = step_of(now);
        for offset in -1..=1 {
            let code = authenticator.code_at(start_of(step + offset));
            assert_eq!(authenticator.check(&code, now), Some(step + offset), "offset {offset}");
        }
        for offset in [-2, 2] {
            let code = authenticator.code_at(start_of(step + offset));
            // A code of another step may equal one inside the window by chance (1 in 10^6).
            let inside = (-1..=1).any(|near| authenticator.code_at(start_of(step + near)) == code);
            assert!(inside || authenticator.check(&code, now).is_none(), "offset {offset}");
        }
    }

    #[test]
    fn a_new_secret_has_160_bits_and_the_address_names_vita_and_the_owner() {
        let secret = Authenticator::new_secret();
        assert_eq!(Secret::try_from_base32(&secret).unwrap().as_bytes().len(), 20);
        let url = Authenticator::new(&secret, "owner@example.org").unwrap().otpauth_url().unwrap();
        assert!(url.starts_with("otpauth://totp/Vita:owner%40example.org?"), "{url}");
        assert!(url.contains(&format!("secret={secret}")) && url.contains("issuer=Vita"), "{url}");
        let svg = Authenticator::new(&secret, "owner@example.org").unwrap().qr_svg().unwrap();
        assert!(svg.starts_with("<?xml") && svg.contains("<svg"), "{svg:.80}");
    }

    #[test]
    fn spaces_inside_a_code_are_ignored_and_other_characters_refused() {
        let authenticator = Authenticator::new(RFC_SECRET, "owner@example.org").unwrap();
        assert_eq!(authenticator.check("287 082", at(59)), Some(1));
        assert_eq!(authenticator.check("287082x", at(59)), None);
        assert_eq!(authenticator.check("+87082", at(59)), None);
        assert_eq!(authenticator.check("", at(59)), None);
    }
}
