//! Photos over real HTTP, on the local folder and on S3 (`on_both_file_stores!`): a phone photo
//! with GPS EXIF becomes upright, metadata-free variants that the home page lists in its
//! `<picture>`; bad images (cut off, misnamed, animated, empty, decompression bombs) are refused
//! with a 422 and leave nothing stored; a CMYK JPEG is converted. Every fixture is made here.

use std::io::{Cursor, Write};
use std::time::{Duration, Instant};

use image::{GenericImageView, ImageFormat, Rgb, RgbImage};
use regex::Regex;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;

const BUCKET: &str = "profile-photos";

async fn upload(app: &TestApp, filename: &str, body: Vec<u8>) -> reqwest::Response {
    app.client.post(app.url(&format!("/api/uploads/{BUCKET}?filename={filename}"))).body(body).send().await.unwrap()
}

/// A 4032 × 3024 photo as a phone stores it: sideways pixels with EXIF orientation 6 ("turn
/// 90° clockwise to show"), the GPS position where it was taken, and photo-like content
/// (smooth light, edges, a little sensor noise). Shown upright it is 3024 × 4032 with a red band
/// along its top: the stored picture's left edge.
fn phone_photo() -> Vec<u8> {
    let mut noise = 0x2545_f491_u32;
    let picture = RgbImage::from_fn(4032, 3024, |x, y| {
        noise ^= noise << 13;
        noise ^= noise >> 17;
        noise ^= noise << 5;
        let grain = (noise % 9) as i32 - 4;
        if x < 300 {
            return Rgb([220, 30, 30]);
        }
        let (fx, fy) = (x as f32 / 4032.0, y as f32 / 3024.0);
        let circle = ((fx - 0.6).powi(2) + (fy - 0.5).powi(2)).sqrt() < 0.25;
        let base =
            if circle { [200.0 - 80.0 * fy, 170.0, 120.0 + 60.0 * fx] } else { [60.0 + 120.0 * fx, 90.0 + 100.0 * fy, 160.0 - 40.0 * fx] };
        let wave = 12.0 * ((x as f32 / 37.0).sin() * (y as f32 / 53.0).cos());
        Rgb(base.map(|c| (c + wave + grain as f32).clamp(0.0, 255.0) as u8))
    });
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 88).encode_image(&picture).unwrap();
    [&jpeg[..2], &exif_segment(), &jpeg[2..]].concat()
}

/// An EXIF APP1 segment (big-endian TIFF): orientation 6 and a GPS latitude of 59° 20' N.
fn exif_segment() -> Vec<u8> {
    let entry = |tag: u16, kind: u16, count: u32, value: [u8; 4]| {
        [tag.to_be_bytes().as_slice(), &kind.to_be_bytes(), &count.to_be_bytes(), &value].concat()
    };
    let (ifd0, gps): (u32, u32) = (8, 8 + 2 + 2 * 12 + 4);
    let latitude = gps + 2 + 2 * 12 + 4;
    let mut tiff = b"MM\x00\x2a".to_vec();
    tiff.extend(ifd0.to_be_bytes());
    tiff.extend(2u16.to_be_bytes());
    tiff.extend(entry(0x0112, 3, 1, [0, 6, 0, 0])); // Orientation: SHORT 6
    tiff.extend(entry(0x8825, 4, 1, gps.to_be_bytes())); // GPSInfo IFD
    tiff.extend(0u32.to_be_bytes());
    tiff.extend(2u16.to_be_bytes());
    tiff.extend(entry(0x0001, 2, 2, *b"N\0\0\0")); // GPSLatitudeRef
    tiff.extend(entry(0x0002, 5, 3, latitude.to_be_bytes())); // GPSLatitude: 3 RATIONALs
    tiff.extend(0u32.to_be_bytes());
    for (numerator, denominator) in [(59u32, 1u32), (20, 1), (0, 1)] {
        tiff.extend(numerator.to_be_bytes());
        tiff.extend(denominator.to_be_bytes());
    }
    let body = [b"Exif\0\0".as_slice(), &tiff].concat();
    [&[0xFF, 0xE1][..], &u16::try_from(body.len() + 2).unwrap().to_be_bytes(), &body].concat()
}

/// The marker segments of a JPEG before its image data, by marker byte.
fn jpeg_markers(jpeg: &[u8]) -> Vec<u8> {
    let mut markers = Vec::new();
    let mut at = 2;
    while at + 4 <= jpeg.len() && jpeg[at] == 0xFF {
        let marker = jpeg[at + 1];
        markers.push(marker);
        if marker == 0xDA {
            break;
        }
        at += 2 + usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
    }
    markers
}

/// The chunk names of a WebP file (RIFF).
fn webp_chunks(webp: &[u8]) -> Vec<String> {
    let mut chunks = Vec::new();
    let mut at = 12;
    while at + 8 <= webp.len() {
        chunks.push(String::from_utf8_lossy(&webp[at..at + 4]).into_owned());
        let size = u32::from_le_bytes(webp[at + 4..at + 8].try_into().unwrap()) as usize;
        at += 8 + size + size % 2;
    }
    chunks
}

/// `url Nw` pairs of a srcset.
fn srcset(value: &str) -> Vec<(String, u32)> {
    value
        .split(", ")
        .map(|candidate| {
            let (url, width) = candidate.rsplit_once(' ').unwrap();
            (url.replace("&amp;", "&"), width.trim_end_matches('w').parse().unwrap())
        })
        .collect()
}

fn attribute(tag: &str, name: &str) -> String {
    let found = Regex::new(&format!(r#"(?i)\s{name}="([^"]*)""#)).unwrap().captures(tag).unwrap_or_else(|| panic!("no {name} in {tag}"));
    found[1].to_owned()
}

/// The done-when test of issue 18: a real-sized phone photo with GPS EXIF, uploaded as the
/// profile photo, is served to visitors only as upright, metadata-free variants, each exactly
/// as wide as the page's `srcset` says, the 640 px ones at most 100 KB; the original stays the
/// owner's; removing the photo removes every variant.
async fn a_phone_photo_is_served_as_upright_variants_without_metadata(app: TestApp) {
    app.sign_in().await;
    let original = phone_photo();
    assert!(original.len() < 5 * 1024 * 1024 && original.windows(6).any(|w| w == b"Exif\0\0"));
    let created = upload(&app, "IMG_2041.JPG", original.clone()).await;
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
    let file: Value = created.json().await.unwrap();
    let (url, name) = (file["url"].as_str().unwrap().to_owned(), file["name"].as_str().unwrap().to_owned());
    assert!(name.ends_with("-3024x4032.jpg"), "the upright size is in the name: {name}");
    let hero = app.client.put(app.url("/api/homepage/hero")).json(&json!({ "name": "Maja Berg", "profile_image_url": url })).send().await;
    assert_eq!(hero.unwrap().status(), 200);

    let visitor = reqwest::Client::new();
    let home = visitor.get(app.url("/")).send().await.unwrap().text().await.unwrap();
    let picture =
        Regex::new(r"(?s)<picture[^>]*>(.*?)</picture>").unwrap().captures(&home).expect("a <picture> on the home page")[1].to_owned();
    let source = Regex::new(r"<source[^>]*>").unwrap().find(&picture).unwrap().as_str().to_owned();
    let img = Regex::new(r"<img[^>]*>").unwrap().find(&picture).unwrap().as_str().to_owned();
    assert_eq!(attribute(&source, "type"), "image/webp");
    assert!(!home.contains(&url), "the original is never linked from a public page");
    assert!(attribute(&img, "width").parse::<u32>().is_ok() && attribute(&img, "height").parse::<u32>().is_ok(), "{img}");
    let webp = srcset(&attribute(&source, "srcset"));
    let jpeg = srcset(&attribute(&img, "srcset"));
    let widths = [160, 320, 640, 1280];
    assert_eq!(webp.iter().map(|(_, w)| *w).collect::<Vec<_>>(), widths);
    assert_eq!(jpeg.iter().map(|(_, w)| *w).collect::<Vec<_>>(), widths);
    assert!(jpeg.iter().any(|(u, _)| *u == attribute(&img, "src")), "the <img> src is one of the JPEG variants");

    let mut sizes = Vec::new();
    for ((variant, width), format) in webp.iter().map(|v| (v, ImageFormat::WebP)).chain(jpeg.iter().map(|v| (v, ImageFormat::Jpeg))) {
        let response = visitor.get(app.url(variant)).send().await.unwrap();
        assert_eq!(response.status(), 200, "{variant}");
        assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable", "{variant}");
        let mime = if format == ImageFormat::WebP { "image/webp" } else { "image/jpeg" };
        assert_eq!(response.headers()["content-type"], mime, "{variant}");
        let bytes = response.bytes().await.unwrap();
        sizes.push((format, *width, bytes.len()));
        // No metadata at all: no EXIF (nor its GPS directory), no XMP, no ICC profile.
        assert!(!bytes.windows(4).any(|w| w == b"Exif" || w == b"MM\x00\x2a" || w == b"II\x2a\x00"), "{variant} carries EXIF");
        match format {
            ImageFormat::Jpeg => assert!(
                jpeg_markers(&bytes).iter().all(|m| matches!(m, 0xE0 | 0xDB | 0xC0 | 0xC4 | 0xDA)),
                "{variant}: {:x?}",
                jpeg_markers(&bytes)
            ),
            _ => assert_eq!(webp_chunks(&bytes), ["VP8 "], "{variant}"),
        }
        let decoded = image::load_from_memory_with_format(&bytes, format).unwrap();
        assert_eq!(decoded.dimensions(), (*width, (width * 4032 + 1512) / 3024), "{variant} is upright and as wide as its srcset says");
        let (top, bottom) = (decoded.get_pixel(width / 2, 2).0, decoded.get_pixel(width / 2, decoded.height() - 3).0);
        assert!(top[0] > 170 && top[1] < 90, "{variant}: the red band is at the top ({top:?})");
        assert!(bottom[0] < 170 || bottom[1] > 90, "{variant}: and not at the bottom ({bottom:?})");
        if *width == 640 {
            assert!(bytes.len() <= 100 * 1024, "{variant}: {} bytes", bytes.len());
        }
    }
    let size = |format, width| sizes.iter().find(|s| s.0 == format && s.1 == width).unwrap().2;
    assert!(size(ImageFormat::WebP, 1280) * 4 <= size(ImageFormat::Jpeg, 1280) * 3, "lossy WebP is at least 25% smaller: {sizes:?}");

    // The original, with its EXIF, is the owner's only.
    assert_eq!(visitor.get(app.url(&url)).send().await.unwrap().status(), 404);
    let own = app.client.get(app.url(&url)).send().await.unwrap();
    assert_eq!(own.headers()["cache-control"], "private, max-age=31536000, immutable");
    assert_eq!(own.bytes().await.unwrap().as_ref(), original.as_slice());
    assert_eq!(app.stored_files(BUCKET).await, 1 + 2 * widths.len());

    // Link previews and the Person's image name the widest variant.
    let about = visitor.get(app.url("/about")).send().await.unwrap().text().await.unwrap();
    assert!(about.contains(&format!("content=\"{}\"", app.url(&jpeg[3].0))), "og:image is the 1280 px JPEG");

    // A variant cannot be removed alone; removing the photo removes them all.
    let variant = jpeg[0].0.rsplit('/').next().unwrap();
    let alone = app.client.delete(app.url(&format!("/api/uploads/{BUCKET}/{variant}"))).send().await.unwrap();
    assert_eq!(alone.status(), 404);
    let removed = app.client.delete(app.url(&format!("/api/uploads/{BUCKET}/{name}"))).send().await.unwrap();
    assert_eq!(removed.status(), 204);
    assert_eq!(app.stored_files(BUCKET).await, 0);
    assert_eq!(visitor.get(app.url(&jpeg[2].0)).send().await.unwrap().status(), 404);
}
crate::on_both_file_stores!(a_phone_photo_is_served_as_upright_variants_without_metadata);

/// A real picture in `format`.
fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let picture = RgbImage::from_fn(width, height, |x, y| Rgb([(x * 7) as u8, (y * 5) as u8, 128]));
    let mut bytes = Cursor::new(Vec::new());
    picture.write_to(&mut bytes, format).unwrap();
    bytes.into_inner()
}

fn animated_gif() -> Vec<u8> {
    let mut gif = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut gif, 8, 8, &[0, 0, 0, 255, 255, 255]).unwrap();
        for colour in [0u8, 1] {
            encoder.write_frame(&gif::Frame { width: 8, height: 8, buffer: vec![colour; 64].into(), ..gif::Frame::default() }).unwrap();
        }
    }
    gif
}

fn animated_png() -> Vec<u8> {
    let mut apng = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut apng, 8, 8);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_animated(2, 0).unwrap();
        let mut writer = encoder.write_header().unwrap();
        for colour in [0u8, 255] {
            writer.write_image_data(&[colour; 8 * 8 * 3]).unwrap();
        }
    }
    apng
}

fn animated_webp() -> Vec<u8> {
    let frames: Vec<Vec<u8>> = [0u8, 255].iter().map(|&c| [c, c, c, 255].repeat(64)).collect();
    let config = webp::WebPConfig::new().unwrap();
    let mut encoder = webp::AnimEncoder::new(8, 8, &config);
    for (i, frame) in frames.iter().enumerate() {
        encoder.add_frame(webp::AnimFrame::from_rgba(frame, 8, 8, i as i32 * 100));
    }
    encoder.encode().to_vec()
}

/// The decompression bomb of the research notes: a 1-bit PNG declaring 30,000 × 30,000 pixels,
/// about 110 KB of zeros compressed (900 megapixels: 3.6 GB as RGBA).
fn png_bomb() -> Vec<u8> {
    let side = 30_000u32;
    let row = vec![0u8; 1 + side.div_ceil(8) as usize];
    let mut zlib = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
    for _ in 0..side {
        zlib.write_all(&row).unwrap();
    }
    let data = zlib.finish().unwrap();
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, body) in [
        (&b"IHDR"[..], [side.to_be_bytes().as_slice(), &side.to_be_bytes(), &[1, 0, 0, 0, 0]].concat()),
        (b"IDAT", data),
        (b"IEND", Vec::new()),
    ] {
        png.extend(u32::try_from(body.len()).unwrap().to_be_bytes());
        let mut crc = flate2::Crc::new();
        crc.update(kind);
        crc.update(&body);
        png.extend(kind);
        png.extend(&body);
        png.extend(crc.sum().to_be_bytes());
    }
    png
}

/// A small JPEG whose frame header declares 65,535 × 65,535 pixels (the most JPEG can say).
fn jpeg_bomb() -> Vec<u8> {
    let mut jpeg = encoded(ImageFormat::Jpeg, 16, 16);
    let sof = jpeg.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    jpeg[sof + 5..sof + 9].copy_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF]);
    jpeg
}

/// Every kind of bad image gets a 422 with a message that says what is wrong, quickly (a bomb
/// is refused from its header), and leaves nothing stored.
async fn bad_images_are_refused_with_a_clear_message_and_nothing_is_stored(app: TestApp) {
    app.sign_in().await;
    let jpeg = encoded(ImageFormat::Jpeg, 64, 48);
    let png = encoded(ImageFormat::Png, 64, 48);
    let damaged = "The image could not be read: the file is damaged or incomplete";
    let too_large = "The image is too large: at most 10000 pixels wide and high and 40 megapixels";
    let animated = "Animated images cannot be used as a photo: upload a still image";
    let bomb = png_bomb();
    assert!(bomb.len() < 200 * 1024, "{} bytes", bomb.len());
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        ("cut.jpg", jpeg[..jpeg.len() / 2].to_vec(), damaged),
        ("cut.png", png[..png.len() - 30].to_vec(), damaged),
        ("photo.jpg", png.clone(), "This file is a PNG image, but its name ends in .jpg: rename it or choose another file"),
        ("wave.gif", animated_gif(), animated),
        ("wave.png", animated_png(), animated),
        ("wave.webp", animated_webp(), animated),
        ("empty.jpg", Vec::new(), "The file is empty"),
        ("bomb.png", bomb, too_large),
        ("bomb.jpg", jpeg_bomb(), too_large),
    ];
    for (name, body, expected) in cases {
        let started = Instant::now();
        let response = upload(&app, name, body).await;
        let elapsed = started.elapsed();
        let status = response.status();
        let error: Value = response.json().await.unwrap();
        assert_eq!((status, error["error"]["message"].as_str().unwrap()), (StatusCode::UNPROCESSABLE_ENTITY, expected), "{name}");
        assert_eq!(error["error"]["fields"]["file"], expected, "{name}");
        assert!(elapsed < Duration::from_secs(2), "{name} took {elapsed:?}");
    }
    assert_eq!(app.stored_files(BUCKET).await, 0, "nothing refused was stored");
}
crate::on_both_file_stores!(bad_images_are_refused_with_a_clear_message_and_nothing_is_stored);

/// A CMYK JPEG (what print workflows export) is converted to RGB, not refused: a cyan picture
/// stays cyan.
async fn a_cmyk_jpeg_is_converted_not_refused(app: TestApp) {
    app.sign_in().await;
    let (width, height) = (400u16, 300u16);
    let cyan = [255u8, 0, 0, 0].repeat(usize::from(width) * usize::from(height));
    let mut cmyk = Vec::new();
    jpeg_encoder::Encoder::new(&mut cmyk, 90).encode(&cyan, width, height, jpeg_encoder::ColorType::Cmyk).unwrap();
    let created = upload(&app, "print.jpg", cmyk).await;
    assert_eq!(created.status(), 201, "{}", created.text().await.unwrap());
    let name = created.json::<Value>().await.unwrap()["name"].as_str().unwrap().to_owned();
    let variant = name.replace(".jpg", "-320.jpg");
    let bytes = reqwest::get(app.url(&format!("/files/{BUCKET}/{variant}"))).await.unwrap().bytes().await.unwrap();
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Jpeg).unwrap();
    assert_eq!(decoded.color(), image::ColorType::Rgb8);
    let [r, g, b, _] = decoded.get_pixel(160, 120).0;
    assert!(r < 60 && g > 190 && b > 190, "cyan stays cyan: {:?}", (r, g, b));
}
crate::on_both_file_stores!(a_cmyk_jpeg_is_converted_not_refused);

/// Small pictures are never enlarged and keep transparency in WebP (on white in the JPEG).
async fn a_small_transparent_picture_is_never_enlarged(app: TestApp) {
    app.sign_in().await;
    let picture = image::RgbaImage::from_fn(200, 100, |x, _| image::Rgba([0, 0, 255, if x < 100 { 0 } else { 255 }]));
    let mut png = Cursor::new(Vec::new());
    picture.write_to(&mut png, ImageFormat::Png).unwrap();
    let created = upload(&app, "logo.png", png.into_inner()).await;
    assert_eq!(created.status(), 201);
    let name = created.json::<Value>().await.unwrap()["name"].as_str().unwrap().to_owned();
    assert!(name.ends_with("-200x100.png"), "{name}");
    assert_eq!(app.stored_files(BUCKET).await, 1 + 2 * 2, "160 and 200 px, in two formats");
    let stem = name.trim_end_matches(".png");
    let fetch = |file: String| {
        let url = app.url(&format!("/files/{BUCKET}/{file}"));
        async move { image::load_from_memory(&reqwest::get(url).await.unwrap().bytes().await.unwrap()).unwrap() }
    };
    let webp = fetch(format!("{stem}-200.webp")).await;
    assert_eq!((webp.dimensions(), webp.get_pixel(10, 50).0[3]), ((200, 100), 0), "transparent in WebP");
    let jpeg = fetch(format!("{stem}-200.jpg")).await;
    let [r, g, b, _] = jpeg.get_pixel(10, 50).0;
    assert!(r > 240 && g > 240 && b > 240, "white in JPEG: {:?}", (r, g, b));
    assert_eq!(reqwest::get(app.url(&format!("/files/{BUCKET}/{stem}-320.jpg"))).await.unwrap().status(), 404);
}
crate::on_both_file_stores!(a_small_transparent_picture_is_never_enlarged);
