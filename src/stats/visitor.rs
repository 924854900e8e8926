//! The daily visitor key: an HMAC-SHA256, keyed with the day's random salt, of the reader's
//! address cut to its network (/24 of IPv4, /48 of IPv6) and their browser's family and major
//! version. The same reader gets the same key all day; with the salt deleted after its day,
//! no key can be linked to an address or to another day's key. Only the first 8 bytes are
//! kept: enough to tell a day's readers apart.

use std::cell::RefCell;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// The day's keyed hash, ready to take a reader's parts (cloned per request: the salt's key
/// schedule is computed once), with a number of its own for the keys a thread keeps.
#[derive(Clone)]
pub struct DailyHash {
    mac: Hmac<Sha256>,
    id: u64,
}

/// What a key is made of besides the salt: the reader's network (its family's number, then
/// its first 3 or 6 bytes) and browser.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Reader {
    /// The `DailyHash` (its `id`): another day, or another server in the same process (the
    /// tests), has other keys.
    salt: u64,
    network: [u8; 7],
    browser: Browser,
}

/// Keys a thread keeps: a reader's page brings their next requests (its pictures, a paper's
/// PDF, the next page), and the HMAC is the dearest part of counting one. Kept in memory only,
/// like the request itself; the salt they come from is in memory too.
const KEYS_KEPT: usize = 64;

/// A day's salt: 32 random bytes.
pub type Salt = [u8; 32];

impl DailyHash {
    pub fn new(salt: &Salt) -> Self {
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        let mac = Hmac::new_from_slice(salt).expect("HMAC takes a key of any length");
        Self { mac, id: NEXT_ID.fetch_add(1, Ordering::Relaxed) }
    }

    /// The key of a reader at `address` with `browser`.
    pub fn key(&self, address: IpAddr, browser: Browser) -> i64 {
        thread_local! {
            static KEYS: RefCell<[Option<(Reader, i64)>; KEYS_KEPT]> = const { RefCell::new([None; KEYS_KEPT]) };
        }
        let mut network = [0; 7];
        let prefix = match address.to_canonical() {
            IpAddr::V4(v4) => {
                network[0] = 4;
                network[1..4].copy_from_slice(&v4.octets()[..3]);
                &network[1..4]
            }
            IpAddr::V6(v6) => {
                network[0] = 6;
                network[1..7].copy_from_slice(&v6.octets()[..6]);
                &network[1..7]
            }
        };
        let reader = Reader { salt: self.id, network, browser };
        let slot =
            network.iter().fold(browser.major as usize, |slot, byte| slot.wrapping_mul(31).wrapping_add(usize::from(*byte))) % KEYS_KEPT;
        if let Some(key) = KEYS.with_borrow(|keys| keys[slot].filter(|(kept, _)| *kept == reader).map(|(_, key)| key)) {
            return key;
        }
        let key = self.compute(prefix, browser);
        KEYS.with_borrow_mut(|keys| keys[slot] = Some((reader, key)));
        key
    }

    /// The HMAC of a network's first bytes and a browser, cut to 8 bytes.
    fn compute(&self, network: &[u8], browser: Browser) -> i64 {
        let mut mac = self.mac.clone();
        mac.update(network);
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

    #[test]
    fn a_kept_key_is_the_key() {
        let (day, other_day) = (DailyHash::new(&[7; 32]), DailyHash::new(&[8; 32]));
        // More readers than a thread keeps, each asked twice (kept, then perhaps pushed out).
        for round in 0..2 {
            for n in 0..=255u8 {
                let address = IpAddr::from([198, 51, n, 1]);
                let chrome = browser(CHROME);
                assert_eq!(day.key(address, chrome), day.compute(&[198, 51, n], chrome), "round {round}, network {n}");
                assert_eq!(other_day.key(address, chrome), other_day.compute(&[198, 51, n], chrome), "another salt");
            }
        }
    }
}
