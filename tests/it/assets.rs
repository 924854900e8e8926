//! The embedded frontend files over real HTTP: every text file comes in brotli and gzip,
//! compressed at build time, chosen by `Accept-Encoding`, each encoding with its own strong
//! ETag; the compressed copies are never files of their own.

use std::io::Read;

use reqwest::{Method, StatusCode};
use vita::render::assets::Manifest;

use crate::helpers::TestApp;

/// A client that shows the raw bytes and headers (no automatic decompression).
fn raw_client() -> reqwest::Client {
    reqwest::Client::builder().no_gzip().no_brotli().no_deflate().build().unwrap()
}

/// The public entry's script and stylesheet, and the admin page.
fn text_files() -> Vec<(String, &'static str)> {
    let manifest = Manifest::load().expect("the manifest is embedded");
    let entry = manifest.public_entry();
    let css = entry.css.first().expect("the public entry has a stylesheet");
    vec![
        (format!("/{}", entry.file), "public, max-age=31536000, immutable"),
        (format!("/{css}"), "public, max-age=31536000, immutable"),
        ("/admin/login".to_owned(), "no-cache"),
    ]
}

fn header<'a>(response: &'a reqwest::Response, name: &str) -> Option<&'a str> {
    response.headers().get(name).map(|value| value.to_str().unwrap())
}

fn decode(encoding: &str, body: &[u8]) -> Vec<u8> {
    let mut raw = Vec::new();
    match encoding {
        "br" => brotli::Decompressor::new(body, 4096).read_to_end(&mut raw).unwrap(),
        "gzip" => flate2::read::GzDecoder::new(body).read_to_end(&mut raw).unwrap(),
        other => panic!("unexpected encoding {other}"),
    };
    raw
}

#[tokio::test]
async fn text_files_come_in_brotli_and_gzip_each_with_its_own_strong_etag() {
    let app = TestApp::spawn().await;
    let client = raw_client();
    for (path, cache_control) in text_files() {
        let plain = client.get(app.url(&path)).send().await.unwrap();
        assert_eq!(plain.status(), 200, "{path}");
        assert_eq!(header(&plain, "content-encoding"), None, "{path}: no Accept-Encoding, no encoding");
        assert_eq!(header(&plain, "vary"), Some("accept-encoding"), "{path}");
        assert_eq!(header(&plain, "cache-control"), Some(cache_control), "{path}");
        let mut etags = vec![header(&plain, "etag").unwrap().to_owned()];
        let raw = plain.bytes().await.unwrap();

        let identity = client.get(app.url(&path)).header("accept-encoding", "identity").send().await.unwrap();
        assert_eq!(header(&identity, "content-encoding"), None, "{path}: identity asked for");
        assert_eq!(identity.bytes().await.unwrap(), raw, "{path}");

        // As a browser asks, then gzip alone, then brotli refused.
        for (accept, encoding) in [("gzip, deflate, br, zstd", "br"), ("gzip", "gzip"), ("br;q=0, gzip", "gzip")] {
            let response = client.get(app.url(&path)).header("accept-encoding", accept).send().await.unwrap();
            assert_eq!(response.status(), 200, "{path} {accept}");
            assert_eq!(header(&response, "content-encoding"), Some(encoding), "{path} {accept}");
            assert_eq!(header(&response, "vary"), Some("accept-encoding"), "{path} {accept}");
            assert_eq!(header(&response, "cache-control"), Some(cache_control), "{path} {accept}");
            let etag = header(&response, "etag").unwrap().to_owned();
            let body = response.bytes().await.unwrap();
            assert!(body.len() < raw.len(), "{path} {encoding}: {} bytes compressed, {} raw", body.len(), raw.len());
            assert!(decode(encoding, &body) == raw, "{path}: the {encoding} body is not the file");
            if !etags.contains(&etag) {
                etags.push(etag);
            }
        }
        assert_eq!(etags.len(), 3, "{path}: one ETag per encoding: {etags:?}");
        for etag in &etags {
            assert!(etag.starts_with('"') && etag.ends_with('"'), "{path}: {etag} is not a strong ETag");
        }

        for (accept, etag) in [("identity", &etags[0]), ("br", &etags[1]), ("gzip", &etags[2])] {
            let again = client.get(app.url(&path)).header("accept-encoding", accept).header("if-none-match", etag).send().await.unwrap();
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path} {accept}");
            assert_eq!(header(&again, "etag"), Some(etag.as_str()), "{path} {accept}");
            assert_eq!(header(&again, "vary"), Some("accept-encoding"), "{path} {accept}");
            assert!(again.bytes().await.unwrap().is_empty());
        }
        // Another encoding's validator does not revalidate this one.
        let other = client.get(app.url(&path)).header("accept-encoding", "br").header("if-none-match", &etags[2]).send().await.unwrap();
        assert_eq!(other.status(), 200, "{path}");
        assert_eq!(header(&other, "content-encoding"), Some("br"), "{path}");
    }
}

#[tokio::test]
async fn head_answers_with_the_headers_of_the_chosen_encoding() {
    let app = TestApp::spawn().await;
    let client = raw_client();
    for (path, _) in text_files() {
        let get = client.get(app.url(&path)).header("accept-encoding", "br").send().await.unwrap();
        let head = client.request(Method::HEAD, app.url(&path)).header("accept-encoding", "br").send().await.unwrap();
        assert_eq!(head.status(), 200, "{path}");
        assert_eq!(header(&head, "content-encoding"), Some("br"), "{path}");
        for name in ["content-encoding", "etag", "content-length"] {
            assert_eq!(header(&head, name), header(&get, name), "{path}: {name}");
        }
        assert!(head.bytes().await.unwrap().is_empty());
    }
}

#[tokio::test]
async fn compressed_copies_are_not_files_of_their_own() {
    let app = TestApp::spawn().await;
    let client = raw_client();
    let (script, _) = &text_files()[0];
    for path in [format!("{script}.br"), format!("{script}.gz"), "/favicon.svg.br".to_owned(), "/admin.html.gz".to_owned()] {
        let response = client.get(app.url(&path)).header("accept-encoding", "br, gzip").send().await.unwrap();
        assert_eq!(response.status(), 404, "{path}");
    }
    let favicon = client.get(app.url("/favicon.svg")).header("accept-encoding", "br").send().await.unwrap();
    assert_eq!(favicon.status(), 200);
    assert_eq!(header(&favicon, "cache-control"), Some("public, max-age=3600"));
}
