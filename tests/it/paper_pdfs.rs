//! A paper's PDF (issue 13, item 4) over real HTTP, on SQLite and PostgreSQL: uploaded to the
//! `paper-pdfs` bucket with the uploads' rules, saved on a publication, served at
//! `/publications/<slug>/<slug>.pdf` with a direct 200 only while the paper is published.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

const PDF: &[u8] = b"%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const PNG_SIGNATURE: &[u8] = &[0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52];
const MB: usize = 1024 * 1024;

async fn upload(app: &TestApp, body: Vec<u8>) -> reqwest::Response {
    app.client.post(app.url("/api/uploads/paper-pdfs?filename=Paper.pdf")).body(body).send().await.unwrap()
}

async fn message(response: reqwest::Response) -> (StatusCode, String) {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    (status, body["error"]["message"].as_str().unwrap_or_default().to_owned())
}

/// Every key of a publication's input (a PUT must send them all).
fn paper(status: &str, pdf_file: Option<&str>) -> Value {
    json!({
        "title": "Masking", "slug": "masking", "authors": ["Ada"], "kind": "journal-article", "venue": "TC",
        "year": 2024, "month": null, "abstract": null, "pdf_url": "https://example.org/elsewhere.pdf", "pdf_file": pdf_file,
        "url": null, "doi": null, "pages": null, "volume": null, "issue": null, "publisher": null, "bibtex": null,
        "featured": false, "status": status, "tag_ids": [],
    })
}

/// A visitor: no session, and a redirect would show as itself rather than be followed.
fn visitor() -> reqwest::Client {
    reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

/// How many objects the bucket holds on disk.
fn stored_objects(app: &TestApp) -> usize {
    std::fs::read_dir(app.data_dir().join("files/paper-pdfs")).map(|dir| dir.count()).unwrap_or(0)
}

async fn a_published_paper_serves_its_pdf_at_its_own_path(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let uploaded = upload(&app, PDF.to_vec()).await;
    assert_eq!(uploaded.status(), 201);
    let file: Value = uploaded.json().await.unwrap();
    let name = file["name"].as_str().unwrap().to_owned();
    assert!(name.ends_with(".pdf"), "{name}");
    assert_eq!((file["bucket"].as_str(), file["content_type"].as_str()), (Some("paper-pdfs"), Some("application/pdf")));
    assert_eq!(file["size"], PDF.len());

    let created = app.client.post(app.url("/api/publications")).json(&paper("published", Some(&name))).send().await.unwrap();
    assert_eq!(created.status(), 201);
    let row: Value = created.json().await.unwrap();
    assert_eq!(row["pdf_file"], name.as_str());
    assert_eq!(row["pdf_url"], "https://example.org/elsewhere.pdf", "the external link is kept as well");
    let id = row["id"].as_str().unwrap().to_owned();

    let url = app.url("/publications/masking/masking.pdf");
    let served = visitor().get(&url).send().await.unwrap();
    assert_eq!(served.status(), 200, "a direct answer, no redirect");
    let headers = served.headers().clone();
    assert_eq!(headers["content-type"], "application/pdf");
    assert_eq!(headers["x-content-type-options"], "nosniff");
    assert_eq!(headers["content-disposition"], "inline; filename=\"masking.pdf\"");
    assert_eq!(headers["cache-control"], "public, no-cache");
    assert_eq!(headers["content-length"], PDF.len().to_string().as_str());
    assert_eq!(served.bytes().await.unwrap().as_ref(), PDF);
    let etag = headers["etag"].to_str().unwrap().to_owned();
    assert_eq!(etag, format!("\"{name}\""));
    let revalidated = visitor().get(&url).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(revalidated.status(), 304);
    assert_eq!(visitor().head(&url).send().await.unwrap().status(), 200);

    // Only the paper's own name, under its own path.
    for wrong in [
        "/publications/masking/paper.pdf",
        "/publications/masking/masking.PDF",
        "/publications/other/other.pdf",
        "/publications/masking/masking",
    ] {
        assert_eq!(visitor().get(app.url(wrong)).send().await.unwrap().status(), 404, "{wrong}");
    }
    // The bucket's own address is the owner's preview, not a second public one.
    assert_eq!(visitor().get(app.url(&format!("/files/paper-pdfs/{name}"))).send().await.unwrap().status(), 404);
    assert_eq!(app.client.get(app.url(&format!("/files/paper-pdfs/{name}"))).send().await.unwrap().status(), 200);

    let put = |body: Value| app.client.put(app.url(&format!("/api/publications/{id}"))).json(&body).send();
    assert_eq!(put(paper("draft", Some(&name))).await.unwrap().status(), 200);
    assert_eq!(visitor().get(&url).send().await.unwrap().status(), 404, "a draft's PDF is not public");
    assert_eq!(put(paper("published", Some(&name))).await.unwrap().status(), 200);
    assert_eq!(visitor().get(&url).send().await.unwrap().status(), 200);

    // Only a name the upload could have given is taken.
    for bad in ["../vita.db", "https://example.org/p.pdf", "1-a.png"] {
        let refused = put(paper("published", Some(bad))).await.unwrap();
        assert_eq!(refused.status(), 422, "{bad}");
        let body: Value = refused.json().await.unwrap();
        assert_eq!(body["error"]["fields"]["pdf_file"], "Paper PDF must be a file uploaded here", "{body}");
    }

    assert_eq!(put(paper("published", None)).await.unwrap().status(), 200);
    assert_eq!(visitor().get(&url).send().await.unwrap().status(), 404, "a removed PDF is gone from the paper");
    let removed = app.client.delete(app.url(&format!("/api/uploads/paper-pdfs/{name}"))).send().await.unwrap();
    assert_eq!(removed.status(), 204);
    assert_eq!(stored_objects(&app), 0);
}

async fn only_pdfs_up_to_50_mb_are_taken(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let mut png = PNG_SIGNATURE.to_vec();
    png.resize(1024, 0);
    let (status, text) = message(upload(&app, png).await).await;
    assert_eq!((status, text.as_str()), (StatusCode::UNSUPPORTED_MEDIA_TYPE, "Only PDF files can be uploaded as a paper"));
    let (status, _) = message(upload(&app, b"%PDX not a pdf".to_vec()).await).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(stored_objects(&app), 0);

    // Past the other buckets' 32 MB drain limit, but within a paper's 50 MB: taken.
    let mut large = PDF.to_vec();
    large.resize(40 * MB, b' ');
    let taken = upload(&app, large).await;
    assert_eq!(taken.status(), 201);
    assert_eq!(stored_objects(&app), 1);

    let mut too_large = PDF.to_vec();
    too_large.resize(50 * MB + 1, b' ');
    let (status, text) = message(upload(&app, too_large).await).await;
    assert_eq!((status, text.as_str()), (StatusCode::PAYLOAD_TOO_LARGE, "File size must be less than 50MB"));
    assert_eq!(stored_objects(&app), 1, "nothing more is stored");
}

on_both_databases!(a_published_paper_serves_its_pdf_at_its_own_path, only_pdfs_up_to_50_mb_are_taken);
