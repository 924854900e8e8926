//! The daily visitor key: an HMAC-SHA256, keyed with the day's random salt, of the reader's
//! address cut to its network (/24 of IPv4, /48 of IPv6) and their browser's family and major
//! version. The same reader gets the same key all day; with the salt deleted after its day,
//! no key can be linked to an address or to another day's key. Only the first 8 bytes are
//! kept: enough to tell a day's readers apart.

use std::net::IpAddr;

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The day's keyed hash, ready to take a reader's parts (cloned per request: the salt's key
/// schedule is computed once).
#[derive(Clone)]
pub struct DailyHash(Hmac<Sha256>);

/// A day's salt: 32 random bytes.
pub type Salt = [u8; 32];

impl DailyHash {
    pub fn new(salt: &Salt) -> Self {
        Self(Hmac::new_from_slice(salt).expect("HMAC takes a key of any length"))
    }

    /// The key of a reader at `address` with `browser`.
    pub fn key(&self, address: IpAddr, browser: Browser) -> i64 {
        let mut mac = self.0.clone();
        match address.to_canonical() {
            IpAddr::V4(v4) => mac.update(&v4.octets()[..3]),
            IpAddr::V6(v6) => mac.update(&v6.octets()[..6]),
        }
        let Browser { family, major } = browser;
        mac.update(&[0]);
        mac.update(family.as_bytes());
        mac.update(&major.to_be_bytes());
        let digest = mac.finalize().into_bytes();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        i64::from_be_bytes(first)
    }
}

/// A browser's family and major version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Browser {
    pub family: &'static str,
    pub major: u32,
}

/// The browser's family and major version, from the tokens browsers put in their user agent
/// (the most specific first: Edge and Opera also say Chrome, Chrome also says Safari).
pub fn browser(user_agent: &str) -> Browser {
    const FAMILIES: [(&str, &str); 7] = [
        ("Edg/", "Edge"),
        ("OPR/", "Opera"),
        ("SamsungBrowser/", "Samsung Internet"),
        ("Firefox/", "Firefox"),
        ("FxiOS/", "Firefox"),
        ("CriOS/", "Chrome"),
        ("Chrome/", "Chrome"),
    ];
    for (token, family) in FAMILIES {
        if let Some(at) = user_agent.find(token) {
            return Browser { family, major: major(&user_agent[at + token.len()..]) };
        }
    }
    if user_agent.contains("Safari/")
        && let Some(at) = user_agent.find("Version/")
    {
        return Browser { family: "Safari", major: major(&user_agent[at + "Version/".len()..]) };
    }
    Browser { family: "Other", major: 0 }
}

fn major(version: &str) -> u32 {
    let digits = version.bytes().take_while(u8::is_ascii_digit).take(6);
    digits.fold(0, |major, digit| major * 10 + u32::from(digit - b'0'))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHROME: &str = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

    #[test]
    fn browsers_are_told_by_family_and_major_version() {
        let of = |browser: Browser| (browser.family, browser.major);
        assert_eq!(of(browser(CHROME)), ("Chrome", 131));
        assert_eq!(of(browser(&format!("{CHROME} Edg/131.0.2903.70"))), ("Edge", 131));
        assert_eq!(of(browser("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")), ("Firefox", 133));
        assert_eq!(
            of(browser(
                "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15"
            )),
            ("Safari", 18)
        );
        assert_eq!(of(browser("Lynx/2.9.0")), ("Other", 0));
    }

    #[test]
    fn a_key_is_the_same_within_a_network_and_browser_and_differs_otherwise() {
        let day = DailyHash::new(&[7; 32]);
        let key = |address: &str, user_agent: &str| day.key(address.parse().unwrap(), browser(user_agent));
        assert_eq!(key("203.0.113.7", CHROME), key("203.0.113.200", CHROME), "one /24");
        assert_ne!(key("203.0.113.7", CHROME), key("203.0.114.7", CHROME));
        assert_eq!(key("2001:db8:1:2::1", CHROME), key("2001:db8:1:ffff::9", CHROME), "one /48");
        assert_ne!(key("2001:db8:1::1", CHROME), key("2001:db8:2::1", CHROME));
        assert_eq!(key("::ffff:203.0.113.7", CHROME), key("203.0.113.9", CHROME), "IPv4 mapped into IPv6");
        assert_ne!(key("203.0.113.7", CHROME), key("203.0.113.7", &CHROME.replace("Chrome/131", "Chrome/130")));
        let next_day = DailyHash::new(&[8; 32]);
        assert_ne!(key("203.0.113.7", CHROME), next_day.key("203.0.113.7".parse().unwrap(), browser(CHROME)), "a new salt, a new key");
    }
}
