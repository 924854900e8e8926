//! Uploads over real HTTP: limits, content checks, generated names, serving and removal.

use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::TestApp;

/// The smallest valid PNG: signature, IHDR, IDAT, IEND.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0, 0x1F,
    0x15, 0xC4, 0x89, 0, 0, 0, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1, 0x0D, 0x0A, 0x2D, 0xB4, 0, 0, 0, 0,
    0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];
const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const SVG: &[u8] = br#"<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>"#;

async fn upload(app: &TestApp, bucket: &str, filename: &str, body: Vec<u8>) -> reqwest::Response {
    app.client.post(app.url(&format!("/api/uploads/{bucket}?filename={filename}"))).body(body).send().await.unwrap()
}

async fn message(response: reqwest::Response) -> (StatusCode, String) {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    (status, body["error"]["message"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn a_photo_is_stored_under_a_generated_name_served_and_removed() {
    let app = TestApp::spawn().await;
    app.sign_in().await;
    let created = upload(&app, "profile-photos", "My Photo.PNG", PNG.to_vec()).await;
    assert_eq!(created.status(), 201);
    let file: Value = created.json().await.unwrap();
    let name = file["name"].as_str().unwrap();
    let (stamp, rest) = name.split_once('-').unwrap();
    assert!(stamp.parse::<i64>().is_ok() && rest.ends_with(".png") && rest.len() > 8, "{name}");
    assert_eq!(file["url"], format!("/files/profile-photos/{name}"));

    let served = reqwest::get(app.url(file["url"].as_str().unwrap())).await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);

    let second: Value = upload(&app, "profile-photos", "My Photo.PNG", PNG.to_vec()).await.json().await.unwrap();
    assert_ne!(second["name"], file["name"], "the same file twice gets two names");

    let removed = app.client.delete(app.url(&format!("/api/uploads/profile-photos/{name}"))).send().await.unwrap();
    assert_eq!(removed.status(), 204);
    assert_eq!(reqwest::get(app.url(file["url"].as_str().unwrap())).await.unwrap().status(), 404);
    let again = app.client.delete(app.url(&format!("/api/uploads/profile-photos/{name}"))).send().await.unwrap();
    assert_eq!(again.status(), 404);
}

#[tokio::test]
async fn the_type_is_decided_by_content_not_by_name() {
    let app = TestApp::spawn().await;
    app.sign_in().await;
    let (status, text) = message(upload(&app, "profile-photos", "innocent.png", SVG.to_vec()).await).await;
    assert_eq!(
        (status, text.as_str()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, "Only JPEG, PNG, WebP or GIF images can be uploaded as a profile photo")
    );
    let (status, _) = message(upload(&app, "cv-files", "cv.pdf", PNG.to_vec()).await).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let cv: Value = upload(&app, "cv-files", "cv.exe", PDF.to_vec()).await.json().await.unwrap();
    assert!(cv["name"].as_str().unwrap().ends_with(".pdf"), "a wrong extension is replaced by the content's");
    assert_eq!(cv["content_type"], "application/pdf");
}

#[tokio::test]
async fn oversized_files_are_refused_with_the_spec_message() {
    let app = TestApp::spawn().await;
    app.sign_in().await;
    let mut big = PNG.to_vec();
    big.resize(5 * 1024 * 1024 + 1, 0);
    let (status, text) = message(upload(&app, "profile-photos", "big.png", big.clone()).await).await;
    assert_eq!((status, text.as_str()), (StatusCode::PAYLOAD_TOO_LARGE, "File size must be less than 5MB"));
    // The same size is fine as a CV (10 MB), if it is a PDF.
    let mut cv = PDF.to_vec();
    cv.resize(5 * 1024 * 1024 + 1, b' ');
    assert_eq!(upload(&app, "cv-files", "cv.pdf", cv.clone()).await.status(), 201);
    cv.resize(10 * 1024 * 1024 + 1, b' ');
    let (status, text) = message(upload(&app, "cv-files", "cv.pdf", cv).await).await;
    assert_eq!((status, text.as_str()), (StatusCode::PAYLOAD_TOO_LARGE, "File size must be less than 10MB"));
}

#[tokio::test]
async fn uploads_need_a_session_and_a_known_bucket() {
    let app = TestApp::spawn().await;
    let (status, _) = message(upload(&app, "profile-photos", "p.png", PNG.to_vec()).await).await;
    assert_eq!(status, 401);
    app.sign_in().await;
    let (status, _) = message(upload(&app, "other-bucket", "p.png", PNG.to_vec()).await).await;
    assert_eq!(status, 404);
    let traversal = reqwest::get(app.url("/files/profile-photos/..%2F..%2Fvita.db")).await.unwrap();
    assert_eq!(traversal.status(), 404);
}
