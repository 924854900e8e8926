//! Uploads over real HTTP: limits, content checks, generated names, serving and removal, with
//! the files in the data folder and in a local S3 server's bucket (`on_both_file_stores!`).

use reqwest::StatusCode;
use serde_json::Value;

use sha2::{Digest, Sha256};

use crate::helpers::{S3Server, TestApp, TestDb};

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

async fn a_photo_is_stored_under_a_generated_name_served_and_removed(app: TestApp) {
    app.sign_in().await;
    let created = upload(&app, "profile-photos", "My Photo.PNG", PNG.to_vec()).await;
    assert_eq!(created.status(), 201);
    let file: Value = created.json().await.unwrap();
    let name = file["name"].as_str().unwrap();
    let (stamp, rest) = name.split_once('-').unwrap();
    assert!(stamp.parse::<i64>().is_ok() && rest.ends_with("-1x1.png") && rest.len() > 12, "{name}");
    assert_eq!(file["url"], format!("/files/profile-photos/{name}"));

    // The photo as uploaded is the owner's; visitors get its variants (tests/it/photos.rs).
    let served = app.client.get(app.url(file["url"].as_str().unwrap())).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.headers()["cache-control"], "private, max-age=31536000, immutable");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);
    assert_eq!(reqwest::get(app.url(file["url"].as_str().unwrap())).await.unwrap().status(), 404);
    let variant = app.url(&format!("/files/profile-photos/{}", name.replace(".png", "-1.webp")));
    let variant = reqwest::get(variant).await.unwrap();
    assert_eq!(variant.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(variant.headers()["content-type"], "image/webp");

    let second: Value = upload(&app, "profile-photos", "My Photo.PNG", PNG.to_vec()).await.json().await.unwrap();
    assert_ne!(second["name"], file["name"], "the same file twice gets two names");

    let removed = app.client.delete(app.url(&format!("/api/uploads/profile-photos/{name}"))).send().await.unwrap();
    assert_eq!(removed.status(), 204);
    assert_eq!(app.client.get(app.url(file["url"].as_str().unwrap())).send().await.unwrap().status(), 404);
    let again = app.client.delete(app.url(&format!("/api/uploads/profile-photos/{name}"))).send().await.unwrap();
    assert_eq!(again.status(), 404);
}
crate::on_both_file_stores!(a_photo_is_stored_under_a_generated_name_served_and_removed);

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

async fn oversized_files_are_refused_with_the_spec_message(app: TestApp) {
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
crate::on_both_file_stores!(oversized_files_are_refused_with_the_spec_message);

/// The largest CV the spec allows (10 MB) goes up in parts (the S3 object's ETag counts them)
/// and comes back byte for byte.
async fn a_large_cv_goes_up_in_parts_and_comes_back_the_same(app: TestApp) {
    app.sign_in().await;
    let mut cv = PDF.to_vec();
    // Not a repeated byte: a part mixed up with another would change the digest.
    cv.extend((0..10 * 1024 * 1024 - PDF.len()).map(|i| (i * 7 % 251) as u8));
    let created = upload(&app, "cv-files", "cv.pdf", cv.clone()).await;
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
    let file: Value = created.json().await.unwrap();
    let served = reqwest::get(app.url(file["url"].as_str().unwrap())).await.unwrap().bytes().await.unwrap();
    assert_eq!(Sha256::digest(&served), Sha256::digest(&cv));
    if let Some(s3) = &app.s3 {
        let etag = s3.etag(&format!("cv-files/{}", file["name"].as_str().unwrap())).await;
        assert!(etag.ends_with("-2"), "a 10 MB file is two 5 MiB parts, so a multipart upload: ETag {etag}");
    }
}
crate::on_both_file_stores!(a_large_cv_goes_up_in_parts_and_comes_back_the_same);

/// With the S3 server down, an upload answers 503 with a clear message (quickly, not after
/// minutes of retries), the stored CV link keeps its value, and the site still answers.
#[tokio::test]
async fn with_the_storage_down_an_upload_answers_503_and_the_stored_link_is_kept() {
    let mut app = TestApp::spawn_on_s3(TestDb::sqlite().await, S3Server::start().await).await;
    app.sign_in().await;
    let file: Value = upload(&app, "cv-files", "cv.pdf", PDF.to_vec()).await.json().await.unwrap();
    let mut hero: Value = app.client.get(app.url("/api/homepage/hero")).send().await.unwrap().json().await.unwrap();
    hero["content"]["cv_url"] = file["url"].clone();
    let saved = app.client.put(app.url("/api/homepage/hero")).json(&hero["content"]).send().await.unwrap();
    assert_eq!(saved.status(), 200, "{}", saved.text().await.unwrap());

    app.s3.as_mut().unwrap().stop();
    let started = std::time::Instant::now();
    let (status, text) = message(upload(&app, "cv-files", "new-cv.pdf", PDF.to_vec()).await).await;
    assert_eq!((status, text.as_str()), (StatusCode::SERVICE_UNAVAILABLE, "File storage is unavailable, please try again later"));
    assert!(started.elapsed() < std::time::Duration::from_secs(15), "answered after {:?}", started.elapsed());
    let (status, _) = message(reqwest::get(app.url(file["url"].as_str().unwrap())).await.unwrap()).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE, "the stored file cannot be read either, and that is no 500");
    let hero: Value = app.client.get(app.url("/api/homepage/hero")).send().await.unwrap().json().await.unwrap();
    assert_eq!(hero["content"]["cv_url"], file["url"]);
    assert_eq!(reqwest::get(app.url("/")).await.unwrap().status(), 200);
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

/// A standard CRC-32, for chunks of PNG files made below.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

/// A PNG whose header declares `width` × `height` pixels, with a single tiny data chunk: a
/// decoder that trusted the header would allocate for the whole image.
fn png_declaring(width: u32, height: u32) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let chunk = |png: &mut Vec<u8>, kind: &[u8], data: &[u8]| {
        png.extend_from_slice(&u32::try_from(data.len()).unwrap().to_be_bytes());
        let body = [kind, data].concat();
        png.extend_from_slice(&body);
        png.extend_from_slice(&crc32(&body).to_be_bytes());
    };
    let header = [width.to_be_bytes().as_slice(), &height.to_be_bytes(), &[8, 6, 0, 0, 0]].concat();
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &[0x78, 0x9C, 0x63, 0, 1, 0, 0, 5, 0, 1]);
    chunk(&mut png, b"IEND", &[]);
    png
}

/// A real image in `format`, made by the same crate the server decodes with.
fn encoded(format: image::ImageFormat) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(16, 16, |x, y| image::Rgb([(x * 16) as u8, (y * 16) as u8, 128]));
    let mut bytes = std::io::Cursor::new(Vec::new());
    picture.write_to(&mut bytes, format).unwrap();
    bytes.into_inner()
}

/// An OLE2 container (what a `.doc` is) holding the given streams.
fn ole2_with(streams: &[&str]) -> Vec<u8> {
    let mut file = cfb::CompoundFile::create(std::io::Cursor::new(Vec::new())).unwrap();
    for stream in streams {
        std::io::Write::write_all(&mut file.create_stream(stream).unwrap(), b"\x00\x01 content").unwrap();
    }
    file.flush().unwrap();
    file.into_inner().into_inner()
}

/// A ZIP (what a `.docx` is) with the given entries, stored uncompressed in this order.
fn zip_with(entries: &[&str]) -> Vec<u8> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    for entry in entries {
        zip.start_file(*entry, options).unwrap();
        std::io::Write::write_all(&mut zip, b"<?xml version=\"1.0\"?><x/>").unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// Files checked by what they are, not by their first bytes: truncated, oversized or polyglot
/// images and Word look-alikes are refused with a readable message and nothing is stored;
/// real ones are stored as uploaded and served as their own type, never as HTML.
async fn uploads_are_checked_by_their_content(app: TestApp) {
    app.sign_in().await;
    let jpeg = encoded(image::ImageFormat::Jpeg);
    let html = b"<html><body><script>alert(document.cookie)</script></body></html>".as_slice();
    let damaged = "The image could not be read: the file is damaged or incomplete";
    let too_large = "The image is too large: at most 10000 pixels wide and high and 40 megapixels";
    let trailing = "The image has other data after its end";
    let refusals: Vec<(&str, &str, Vec<u8>, StatusCode, &str)> = vec![
        ("profile-photos", "cut.png", PNG[..PNG.len() - 20].to_vec(), StatusCode::UNPROCESSABLE_ENTITY, damaged),
        ("profile-photos", "cut.jpg", jpeg[..jpeg.len() / 2].to_vec(), StatusCode::UNPROCESSABLE_ENTITY, damaged),
        ("profile-photos", "huge.png", png_declaring(50_000, 50_000), StatusCode::UNPROCESSABLE_ENTITY, too_large),
        ("profile-photos", "many.png", png_declaring(9_000, 9_000), StatusCode::UNPROCESSABLE_ENTITY, too_large),
        ("profile-photos", "short.png", png_declaring(64, 64), StatusCode::UNPROCESSABLE_ENTITY, damaged),
        ("profile-photos", "page.jpg", [jpeg.as_slice(), html].concat(), StatusCode::UNPROCESSABLE_ENTITY, trailing),
        ("profile-photos", "zip.png", [PNG, &zip_with(&["a.txt"])].concat(), StatusCode::UNPROCESSABLE_ENTITY, trailing),
        ("cv-files", "cv.doc", ole2_with(&["Workbook"]), StatusCode::UNSUPPORTED_MEDIA_TYPE, "This .doc file is not a Word document"),
        (
            "cv-files",
            "cv.docx",
            zip_with(&["word/styles.xml", "[Content_Types].xml"]),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "This .docx file is not a Word document",
        ),
        (
            "cv-files",
            "cv.docx",
            zip_with(&["word/document.xml"]),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "This .docx file is not a Word document",
        ),
    ];
    for (bucket, name, body, expected_status, expected) in refusals {
        let (status, text) = message(upload(&app, bucket, name, body).await).await;
        assert_eq!((status, text.as_str()), (expected_status, expected), "{name}");
    }
    for bucket in ["profile-photos", "cv-files"] {
        assert_eq!(app.stored_files(bucket).await, 0, "nothing refused was stored in {bucket}");
    }

    let accepted = [
        ("profile-photos", "me.jpg", jpeg.clone(), "image/jpeg"),
        ("profile-photos", "me.png", encoded(image::ImageFormat::Png), "image/png"),
        ("profile-photos", "me.gif", encoded(image::ImageFormat::Gif), "image/gif"),
        ("profile-photos", "me.webp", encoded(image::ImageFormat::WebP), "image/webp"),
        ("cv-files", "cv.doc", ole2_with(&["WordDocument", "1Table"]), "application/msword"),
        (
            "cv-files",
            "cv.docx",
            zip_with(&["word/document.xml", "[Content_Types].xml", "_rels/.rels"]),
            "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        ),
    ];
    for (bucket, name, body, mime) in accepted {
        let created = upload(&app, bucket, name, body.clone()).await;
        assert_eq!(created.status(), 201, "{name}: {}", created.text().await.unwrap());
        let file: Value = created.json().await.unwrap();
        assert_eq!(file["content_type"], mime, "{name}");
        let served = app.client.get(app.url(file["url"].as_str().unwrap())).send().await.unwrap();
        assert_eq!(served.headers()["content-type"], mime, "{name}");
        assert_eq!(served.headers()["x-content-type-options"], "nosniff", "{name}");
        let disposition = served.headers()["content-disposition"].to_str().unwrap().to_owned();
        assert_eq!(disposition, if mime.starts_with("image/") { "inline" } else { "attachment" }, "{name}");
        assert!(served.headers()["content-security-policy"].to_str().unwrap().contains("sandbox"), "{name}");
        assert_eq!(served.bytes().await.unwrap().as_ref(), body.as_slice(), "{name}: stored as uploaded");
    }
}
crate::on_both_file_stores!(uploads_are_checked_by_their_content);

/// Whatever name is asked for, a stored file never comes back as HTML.
async fn a_stored_file_is_never_served_as_html(app: TestApp) {
    app.sign_in().await;
    let file: Value = upload(&app, "profile-photos", "page.html", PNG.to_vec()).await.json().await.unwrap();
    let name = file["name"].as_str().unwrap();
    assert!(name.ends_with(".png"), "{name}");
    let served = app.client.get(app.url(&format!("/files/profile-photos/{name}"))).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/png");
    let stem = name.trim_end_matches(".png");
    for other in [format!("{stem}.html"), format!("{stem}.svg"), format!("{name}.html")] {
        let response = app.client.get(app.url(&format!("/files/profile-photos/{other}"))).send().await.unwrap();
        assert_eq!(response.status(), 404, "{other}: only the generated name with its content's extension exists");
    }
}
crate::on_both_file_stores!(a_stored_file_is_never_served_as_html);
