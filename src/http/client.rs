//! Who the client is: the connection's peer address, or, when that peer is a trusted reverse
//! proxy (`--trusted-proxies`), the address the proxies recorded in `X-Forwarded-For`.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;
use ipnet::IpNet;

use super::AppState;

/// The client's address (see [`address`]), for handlers that need only that.
pub struct ClientAddress(pub IpAddr);

impl FromRequestParts<AppState> for ClientAddress {
    type Rejection = <ConnectInfo<SocketAddr> as FromRequestParts<AppState>>::Rejection;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let ConnectInfo(peer) = ConnectInfo::<SocketAddr>::from_request_parts(parts, state).await?;
        Ok(Self(address(peer.ip(), &parts.headers, &state.trusted_proxies)))
    }
}

/// The client's address. `X-Forwarded-For` is read from the right (each proxy appends the
/// address it saw), skipping trusted proxies; the first untrusted address is the client, since
/// anything left of it was written by the client itself. From an untrusted peer the header is
/// ignored.
pub fn address(peer: IpAddr, headers: &HeaderMap, trusted: &[IpNet]) -> IpAddr {
    let is_trusted = |ip: &IpAddr| trusted.iter().any(|net| net.contains(ip));
    if !is_trusted(&peer) {
        return peer;
    }
    let forwarded: Vec<IpAddr> = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .filter_map(|part| part.trim().parse().ok())
        .collect();
    forwarded.iter().rev().find(|ip| !is_trusted(ip)).or(forwarded.first()).copied().unwrap_or(peer)
}

/// Whether the client reached the site over HTTPS: the base URL says so, or a trusted proxy
/// (which terminated TLS) says so in `X-Forwarded-Proto`. From anyone else the header is
/// ignored, like `X-Forwarded-For`.
pub fn is_https(base_url_https: bool, peer: Option<IpAddr>, headers: &HeaderMap, trusted: &[IpNet]) -> bool {
    base_url_https
        || peer.is_some_and(|peer| trusted.iter().any(|net| net.contains(&peer)))
            && headers
                .get("x-forwarded-proto")
                .and_then(|value| value.to_str().ok())
                .and_then(|value| value.split(',').next())
                .is_some_and(|proto| proto.trim().eq_ignore_ascii_case("https"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(value: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-forwarded-for", value.parse().unwrap());
        headers
    }

    #[test]
    fn forwarded_for_counts_only_behind_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.2".parse().unwrap();
        let trusted: Vec<IpNet> = vec!["10.0.0.0/8".parse().unwrap()];
        let client: IpAddr = "203.0.113.7".parse().unwrap();
        assert_eq!(address(proxy, &headers("203.0.113.7"), &trusted), client);
        // A client that writes its own header cannot choose: the proxy's entry is the last.
        assert_eq!(address(proxy, &headers("198.51.100.1, 203.0.113.7"), &trusted), client);
        // Two proxies in a row.
        assert_eq!(address(proxy, &headers("203.0.113.7, 10.0.0.9"), &trusted), client);
        // Untrusted peer, or no trusted proxies at all: the header is ignored.
        assert_eq!(address(client, &headers("198.51.100.1"), &trusted), client);
        assert_eq!(address(proxy, &headers("198.51.100.1"), &[]), proxy);
        // Garbage in the header: the peer.
        assert_eq!(address(proxy, &headers("not an address"), &trusted), proxy);
    }
}
