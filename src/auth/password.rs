//! Password hashing with argon2id. Hashing is deliberately slow, so it runs on a blocking
//! thread and never stalls the async executor.

use argon2::Argon2;
use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};

use crate::error::AppError;

use crate::rules::{PASSWORD_MAX_LENGTH as MAX_LENGTH, PASSWORD_MIN_LENGTH as MIN_LENGTH};

/// The reasons a new password is refused (the spec's `weak_password` with reasons).
pub fn weaknesses(password: &str, email: &str) -> Vec<String> {
    let mut reasons = Vec::new();
    let length = password.chars().count();
    if length < MIN_LENGTH {
        reasons.push(format!("Password must be at least {MIN_LENGTH} characters long"));
    }
    if length > MAX_LENGTH {
        reasons.push(format!("Password must be at most {MAX_LENGTH} characters long"));
    }
    let distinct: std::collections::HashSet<char> = password.chars().collect();
    if length >= MIN_LENGTH && distinct.len() < 5 {
        reasons.push("Password must not repeat the same few characters".to_owned());
    }
    let local_part = email.split('@').next().unwrap_or("").to_lowercase();
    if !local_part.is_empty() && password.to_lowercase().contains(&local_part) {
        reasons.push("Password must not contain the e-mail address".to_owned());
    }
    reasons
}

pub async fn hash(password: String) -> Result<String, AppError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| AppError::Internal(anyhow::anyhow!("hashing failed: {e}")))
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))?
}

/// Checks a password against a stored hash. With no hash (unknown account) it verifies against
/// a dummy hash anyway, so the response time does not tell whether the account exists.
pub async fn verify(stored: Option<String>, password: String) -> Result<bool, AppError> {
    tokio::task::spawn_blocking(move || {
        let known = stored.is_some();
        let stored = stored.unwrap_or_else(|| DUMMY_HASH.clone());
        let Ok(parsed) = PasswordHash::new(&stored) else { return false };
        let matches = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        known && matches
    })
    .await
    .map_err(|e| AppError::Internal(e.into()))
}

static DUMMY_HASH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default().hash_password(b"not the password of anybody", &salt).expect("hashing a constant cannot fail").to_string()
});

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Deserialize)]
    struct PasswordCase {
        password: String,
        email: String,
        reasons: Vec<String>,
    }

    #[derive(Deserialize)]
    struct Vectors {
        password: Vec<PasswordCase>,
    }

    /// The password rules of `web/src/api/rule-vectors.json`, which the admin forms check too.
    #[test]
    fn password_rules_agree_with_the_shared_vectors() {
        let vectors: Vectors = serde_json::from_str(include_str!("../../web/src/api/rule-vectors.json")).expect("valid vectors");
        for case in vectors.password {
            assert_eq!(super::weaknesses(&case.password, &case.email), case.reasons, "{:?}", case.password);
        }
    }
}
