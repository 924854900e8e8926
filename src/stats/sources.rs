//! Where a reader came from: the `Referer`'s host only (never its path or query), named when
//! it is a place academics come from, or the `utm_source` of the link they followed. The
//! site's own pages are no source.

use std::borrow::Cow;

/// Known hosts, by the end of the host name (`scholar.google.de` ends in `scholar.google.de`,
/// matched by `scholar.google.`), first match wins.
const NAMED: &[(Match, &str)] = &[
    (Match::Prefix("scholar.google."), "Google Scholar"),
    (Match::Domain("semanticscholar.org"), "Semantic Scholar"),
    (Match::Domain("arxiv.org"), "arXiv"),
    (Match::Domain("orcid.org"), "ORCID"),
    (Match::Domain("dblp.org"), "DBLP"),
    (Match::Domain("dblp.uni-trier.de"), "DBLP"),
    (Match::Domain("researchgate.net"), "ResearchGate"),
    (Match::Domain("pubmed.ncbi.nlm.nih.gov"), "PubMed"),
    (Match::Domain("doi.org"), "DOI"),
    (Match::Domain("openalex.org"), "OpenAlex"),
    (Match::Domain("bsky.app"), "Bluesky"),
    (Match::Domain("x.com"), "X"),
    (Match::Domain("twitter.com"), "X"),
    (Match::Domain("t.co"), "X"),
    (Match::Domain("linkedin.com"), "LinkedIn"),
    (Match::Domain("lnkd.in"), "LinkedIn"),
    (Match::Domain("facebook.com"), "Facebook"),
    (Match::Domain("reddit.com"), "Reddit"),
    (Match::Domain("news.ycombinator.com"), "Hacker News"),
    (Match::Domain("github.com"), "GitHub"),
    (Match::Domain("wikipedia.org"), "Wikipedia"),
    (Match::Contains("mastodon"), "Mastodon"),
    (Match::Domain("mstdn.social"), "Mastodon"),
    (Match::Domain("fosstodon.org"), "Mastodon"),
    (Match::Domain("hachyderm.io"), "Mastodon"),
    (Match::Domain("sigmoid.social"), "Mastodon"),
    (Match::Domain("scholar.social"), "Mastodon"),
    (Match::Domain("infosec.exchange"), "Mastodon"),
    (Match::Domain("fediscience.org"), "Mastodon"),
    (Match::Prefix("www.google."), "Google"),
    (Match::Prefix("google."), "Google"),
    (Match::Domain("bing.com"), "Bing"),
    (Match::Domain("duckduckgo.com"), "DuckDuckGo"),
    (Match::Domain("search.brave.com"), "Brave Search"),
    (Match::Domain("ecosia.org"), "Ecosia"),
    (Match::Domain("startpage.com"), "Startpage"),
    (Match::Domain("kagi.com"), "Kagi"),
    (Match::Domain("qwant.com"), "Qwant"),
    (Match::Domain("yahoo.com"), "Yahoo"),
    (Match::Prefix("yandex."), "Yandex"),
    (Match::Domain("baidu.com"), "Baidu"),
    (Match::Domain("naver.com"), "Naver"),
];

enum Match {
    /// The host is this domain or one under it.
    Domain(&'static str),
    /// The host starts with this (a search engine's country domains).
    Prefix(&'static str),
    Contains(&'static str),
}

impl Match {
    fn matches(&self, host: &str) -> bool {
        match self {
            Match::Domain(domain) => host.strip_suffix(domain).is_some_and(|rest| rest.is_empty() || rest.ends_with('.')),
            Match::Prefix(prefix) => host.starts_with(prefix),
            Match::Contains(part) => host.contains(part),
        }
    }
}

/// A host name is at most this long (RFC 1035).
const LONGEST_HOST: usize = 253;
/// The longest `utm_source` kept.
const LONGEST_UTM_SOURCE: usize = 60;

/// The source of a request: its `utm_source`, else the name of its referrer's host; `None`
/// for a referrer on `own_host`, none at all, or one that is not an http(s) URL.
pub fn source<'a>(referer: Option<&'a str>, query: Option<&'a str>, own_host: Option<&str>) -> Option<Cow<'a, str>> {
    if let Some(utm) = query.filter(|q| q.contains("utm_source=")).and_then(utm_source) {
        return Some(utm);
    }
    let host = referrer_host(referer?)?;
    if own_host.is_some_and(|own| own.split(':').next().is_some_and(|own| own.eq_ignore_ascii_case(host))) {
        return None;
    }
    Some(named(host))
}

/// The host of an `http(s)://` referrer, lower case is not required of the sender: `None` when
/// it is not one a browser would send.
fn referrer_host(referer: &str) -> Option<&str> {
    let rest = referer.strip_prefix("https://").or_else(|| referer.strip_prefix("http://"))?;
    let authority = rest.split(['/', '?', '#']).next()?;
    // No user info (`user@host`) in a referrer: a browser strips it.
    let host = authority.rsplit('@').next()?.split(':').next()?;
    let plain = !host.is_empty()
        && host.len() <= LONGEST_HOST
        && host.contains('.')
        && host.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
    plain.then_some(host)
}

/// The name of a known host, else the host itself (lower case, without `www.`).
fn named(host: &str) -> Cow<'_, str> {
    let lower: Cow<str> =
        if host.bytes().any(|b| b.is_ascii_uppercase()) { Cow::Owned(host.to_ascii_lowercase()) } else { Cow::Borrowed(host) };
    if let Some((_, name)) = NAMED.iter().find(|(rule, _)| rule.matches(&lower)) {
        return Cow::Borrowed(name);
    }
    match lower {
        Cow::Borrowed(host) => Cow::Borrowed(host.strip_prefix("www.").unwrap_or(host)),
        Cow::Owned(host) => Cow::Owned(host.strip_prefix("www.").map(str::to_owned).unwrap_or(host)),
    }
}

/// The link's `utm_source`: a known host's name (`scholar.google.com`), else as written, if it
/// is short plain text.
fn utm_source(query: &str) -> Option<Cow<'_, str>> {
    let (_, value) = form_urlencoded::parse(query.as_bytes()).find(|(name, _)| name == "utm_source")?;
    let value = value.trim();
    let plain = !value.is_empty()
        && value.chars().count() <= LONGEST_UTM_SOURCE
        && value.chars().all(|c| c.is_alphanumeric() || " .-_".contains(c));
    if !plain {
        return None;
    }
    let lower = value.to_lowercase();
    Some(match NAMED.iter().find(|(rule, _)| rule.matches(&lower)) {
        Some((_, name)) => Cow::Borrowed(name),
        None => Cow::Owned(value.to_owned()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(referer: &str) -> Option<String> {
        source(Some(referer), None, Some("www.example.org")).map(Cow::into_owned)
    }

    #[test]
    fn referrers_are_named_by_their_host() {
        assert_eq!(of("https://scholar.google.com/scholar?q=masking").as_deref(), Some("Google Scholar"));
        assert_eq!(of("https://scholar.google.de/").as_deref(), Some("Google Scholar"));
        assert_eq!(of("https://www.google.com/").as_deref(), Some("Google"));
        assert_eq!(of("https://www.semanticscholar.org/paper/x").as_deref(), Some("Semantic Scholar"));
        assert_eq!(of("https://arxiv.org/abs/2401.00001").as_deref(), Some("arXiv"));
        assert_eq!(of("https://orcid.org/0000-0002-1825-0097").as_deref(), Some("ORCID"));
        assert_eq!(of("https://dblp.org/pid/1/2.html").as_deref(), Some("DBLP"));
        assert_eq!(of("https://www.researchgate.net/x").as_deref(), Some("ResearchGate"));
        assert_eq!(of("https://bsky.app/profile/x").as_deref(), Some("Bluesky"));
        assert_eq!(of("https://mastodon.social/@x").as_deref(), Some("Mastodon"));
        assert_eq!(of("https://t.co/abc").as_deref(), Some("X"));
        assert_eq!(of("https://www.linkedin.com/feed/").as_deref(), Some("LinkedIn"));
        assert_eq!(of("https://duckduckgo.com/").as_deref(), Some("DuckDuckGo"));
        assert_eq!(of("https://WWW.Uni-Example.EDU/~ada/links.html").as_deref(), Some("uni-example.edu"));
        // Not a host that merely ends in a known name.
        assert_eq!(of("https://notx.com/").as_deref(), Some("notx.com"));
    }

    #[test]
    fn own_pages_and_garbage_are_no_source() {
        assert_eq!(of("https://www.example.org/publications"), None);
        assert_eq!(of("not a url"), None);
        assert_eq!(of("javascript:alert(1)"), None);
        assert_eq!(of("https://<script>/"), None);
        assert_eq!(of(&format!("https://{}.com/", "a".repeat(300))), None);
        assert_eq!(source(None, None, None), None);
    }

    #[test]
    fn utm_source_wins() {
        let named = |query: &str| source(Some("https://t.co/x"), Some(query), None).map(Cow::into_owned);
        assert_eq!(named("utm_source=newsletter&utm_medium=email").as_deref(), Some("newsletter"));
        assert_eq!(named("utm_source=scholar.google.com").as_deref(), Some("Google Scholar"));
        assert_eq!(named("utm_source=%3Cscript%3E").as_deref(), Some("X"), "not plain text: the referrer instead");
    }
}
