//! Photos (the owner's profile photo, the students' photos): every uploaded image is decoded once,
//! within explicit limits, turned upright (EXIF orientation), converted to 8-bit sRGB and written
//! again at a few widths as lossy WebP and as JPEG. Visitors download a picture about the size of
//! its frame, and nothing the camera wrote (EXIF, the GPS position, the serial number) ever leaves
//! the server: the variants are new files made from pixels only.
//!
//! **Names.** An upload's generated name carries the oriented size of the picture,
//! `<stamp>-<random>-<W>x<H>.<ext>`, and each variant is named after it,
//! `<stamp>-<random>-<W>x<H>-<width>.webp` and `….jpg`. So a page needs only the stored URL to
//! write its `<picture>` (`Photo::of_url`): no table, no extra read, the same on the local folder
//! and on S3, in a backup and in a static export. The original is kept for the owner (the admin
//! shows it; `is_private`), never linked from a public page.
//!
//! **Photos stored before variants existed** have names without a size: they are shown as they
//! were, the stored file itself, until the owner uploads the photo again.
//!
//! **Limits.** The declared size is read from the header first and checked against
//! `MAX_IMAGE_SIDE` and `MAX_IMAGE_PIXELS` before anything is allocated; the decoder also gets
//! `MAX_DECODE_BYTES` as its allocation limit. So a 109 KB PNG declaring 30,000 × 30,000 pixels
//! is refused at once. The work runs on a blocking thread, one photo at a time (`Files`).

use std::io::Cursor;
use std::sync::Arc;

use image::codecs::jpeg::JpegEncoder;
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, RgbImage, RgbaImage};
use serde::Serialize;
use ts_rs::TS;

use crate::error::AppError;
use crate::media::buckets::{Bucket, refused_file as refused};

/// The widths made of every photo (never wider than the photo itself): 160 for the students'
/// 64 px avatars on dense screens, 320 and 640 for the hero on phones and desktops, 1280 for
/// link previews and large screens.
pub const WIDTHS: [u32; 4] = [160, 320, 640, 1280];

/// The widest or tallest image accepted, in pixels (a profile photo needs far less).
pub const MAX_IMAGE_SIDE: u32 = 10_000;
/// The most pixels an accepted image may have: 40 megapixels, 160 MB decoded as RGBA.
pub const MAX_IMAGE_PIXELS: u64 = 40_000_000;
/// What the decoder may allocate at most: a 40 MP RGBA picture and some room.
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;

/// JPEG quality of the variants: visually clean for photos at a third of the bytes of q95.
const JPEG_QUALITY: u8 = 80;
/// Lossy WebP quality: about a third of the JPEG's bytes at the same look.
const WEBP_QUALITY: f32 = 75.0;

/// A photo's picture as a page shows it: a `<picture>` with a WebP `<source>` and a JPEG `<img>`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, TS)]
pub struct Photo {
    /// The JPEG of the `<img>` (the variant closest to 640 px wide).
    pub src: String,
    /// The picture's width and height (its aspect ratio: a frame's `sizes` needs it).
    pub width: u32,
    pub height: u32,
    /// `srcset` of the WebP `<source>` and of the JPEG `<img>`: "url 160w, url 320w, …".
    pub webp: String,
    pub jpeg: String,
    /// The widest JPEG, absolute path: what link previews and JSON-LD name.
    pub largest: String,
}

impl Photo {
    /// The picture of a stored photo's URL (`/files/profile-photos/<name>`); `None` for anything
    /// else (an outside address, the placeholder, a photo stored before variants existed).
    pub fn of_url(url: &str) -> Option<Self> {
        let name = url.strip_prefix("/files/profile-photos/")?;
        let original = Original::parse(name)?;
        let variants = original.variants();
        let srcset = |format: VariantFormat| {
            variants.iter().map(|v| format!("{} {}w", v.url(&original, format), v.width)).collect::<Vec<_>>().join(", ")
        };
        let src = variants.iter().rev().find(|v| v.width <= 640).unwrap_or(&variants[0]);
        let largest = variants.last().expect("every photo has a variant");
        Some(Self {
            src: src.url(&original, VariantFormat::Jpeg),
            width: original.width,
            height: original.height,
            webp: srcset(VariantFormat::WebP),
            jpeg: srcset(VariantFormat::Jpeg),
            largest: largest.url(&original, VariantFormat::Jpeg),
        })
    }
}

/// The name of an original with its variants: `<stamp>-<random>-<W>x<H>.<ext>`.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Original {
    /// `<stamp>-<random>-<W>x<H>`.
    stem: String,
    width: u32,
    height: u32,
}

impl Original {
    fn parse(name: &str) -> Option<Self> {
        let (stem, extension) = name.rsplit_once('.')?;
        if !matches!(extension, "jpg" | "jpeg" | "png" | "webp" | "gif") {
            return None;
        }
        let mut parts = stem.split('-');
        let (stamp, random, size) = (parts.next()?, parts.next()?, parts.next()?);
        let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
        if parts.next().is_some() || !stamp.chars().all(|c| c.is_ascii_digit()) || !plain(stamp) || !plain(random) {
            return None;
        }
        let (width, height) = size.split_once('x')?;
        let (width, height) = (width.parse().ok()?, height.parse().ok()?);
        ((1..=MAX_IMAGE_SIDE).contains(&width) && (1..=MAX_IMAGE_SIDE).contains(&height)).then(|| Self {
            stem: stem.to_owned(),
            width,
            height,
        })
    }

    /// The widths made: each of `WIDTHS` below the photo's width, then the photo's own width if
    /// it is narrower than the largest (a photo is never enlarged).
    fn variants(&self) -> Vec<Variant> {
        let mut widths: Vec<u32> = WIDTHS.iter().copied().filter(|&w| w < self.width).collect();
        widths.push(self.width.min(WIDTHS[WIDTHS.len() - 1]));
        widths.dedup();
        widths.into_iter().map(|width| Variant { width, height: scaled_height(self.width, self.height, width) }).collect()
    }
}

/// The height of a `width` wide copy of a `w` × `h` picture, at least 1.
fn scaled_height(w: u32, h: u32, width: u32) -> u32 {
    ((u64::from(h) * u64::from(width) + u64::from(w) / 2) / u64::from(w)).max(1) as u32
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Variant {
    width: u32,
    height: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum VariantFormat {
    WebP,
    Jpeg,
}

impl VariantFormat {
    fn extension(self) -> &'static str {
        match self {
            VariantFormat::WebP => "webp",
            VariantFormat::Jpeg => "jpg",
        }
    }
}

impl Variant {
    fn name(&self, original: &Original, format: VariantFormat) -> String {
        format!("{}-{}.{}", original.stem, self.width, format.extension())
    }

    fn url(&self, original: &Original, format: VariantFormat) -> String {
        format!("/files/{}/{}", Bucket::ProfilePhotos.name(), self.name(original, format))
    }
}

/// Whether a stored file is only for the owner: an original whose variants the pages show.
pub fn is_private(bucket: Bucket, name: &str) -> bool {
    bucket == Bucket::ProfilePhotos && Original::parse(name).is_some()
}

/// Whether a name is one of a photo's variants (removed with its original, never alone).
pub fn is_variant(bucket: Bucket, name: &str) -> bool {
    let Some((stem, extension)) = name.rsplit_once('.') else { return false };
    let Some((original_stem, width)) = stem.rsplit_once('-') else { return false };
    bucket == Bucket::ProfilePhotos
        && matches!(extension, "webp" | "jpg")
        && Original::parse(&format!("{original_stem}.jpg"))
            .is_some_and(|original| original.variants().iter().any(|v| v.width.to_string() == width))
}

/// The names of a stored original's variants (none for a photo stored before they existed).
pub fn variant_names(name: &str) -> Vec<String> {
    let Some(original) = Original::parse(name) else { return Vec::new() };
    original.variants().iter().flat_map(|v| [v.name(&original, VariantFormat::WebP), v.name(&original, VariantFormat::Jpeg)]).collect()
}

/// A checked photo: the stem to store the original under and its variants' files.
pub struct Prepared {
    original: Original,
    pub files: Vec<(String, Vec<u8>)>,
}

impl Prepared {
    /// `<stamp>-<random>-<W>x<H>`: the original's name without its extension.
    pub fn stem(&self) -> &str {
        &self.original.stem
    }
}

fn too_large() -> AppError {
    refused(format!(
        "The image is too large: at most {MAX_IMAGE_SIDE} pixels wide and high and {} megapixels",
        MAX_IMAGE_PIXELS / 1_000_000
    ))
}

fn unreadable() -> AppError {
    refused("The image could not be read: the file is damaged or incomplete")
}

/// Checks an uploaded image (already recognised as `format` by its first bytes) and makes its
/// variants. `prefix` is `<stamp>-<random>`, the start of the generated name. CPU-bound: call
/// it on a blocking thread.
pub fn prepare(data: &[u8], format: ImageFormat, prefix: &str) -> Result<Prepared, AppError> {
    if is_animated(data, format)? {
        return Err(refused("Animated images cannot be used as a photo: upload a still image"));
    }
    let mut reader = ImageReader::with_format(Cursor::new(data), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let limit_or_unreadable = |e: image::ImageError| match e {
        image::ImageError::Limits(_) => too_large(),
        _ => unreadable(),
    };
    // Only the header is read here: a declared 50,000 × 50,000 image is refused unallocated.
    let mut decoder = reader.into_decoder().map_err(limit_or_unreadable)?;
    let (width, height) = decoder.dimensions();
    if u64::from(width) * u64::from(height) > MAX_IMAGE_PIXELS {
        return Err(too_large());
    }
    // A profile or orientation that cannot be read is ignored: the pixels are what count.
    let orientation = decoder.orientation().unwrap_or(image::metadata::Orientation::NoTransforms);
    let icc = decoder.icc_profile().ok().flatten();
    // An upright RGB or grey JPEG with no colour profile is, once its metadata is gone, as good a
    // copy at its own width as one encoded again, and may be smaller (a photo saved at q70).
    let upload_as_is = format == ImageFormat::Jpeg
        && icc.is_none()
        && orientation == image::metadata::Orientation::NoTransforms
        && matches!(decoder.original_color_type(), image::ExtendedColorType::Rgb8 | image::ExtendedColorType::L8);
    let mut picture = DynamicImage::from_decoder(decoder).map_err(limit_or_unreadable)?;
    match end_of_image(data, format) {
        EndMarker::Last => {}
        EndMarker::Missing => return Err(unreadable()),
        EndMarker::Early => return Err(refused("The image has other data after its end")),
    }
    picture.apply_orientation(orientation);
    let original =
        Original { stem: format!("{prefix}-{}x{}", picture.width(), picture.height()), width: picture.width(), height: picture.height() };
    let srgb = SrgbConversion::from_icc(icc.as_deref());
    let mut files = Vec::new();
    // Each smaller copy is made from the one before (1280 from the original, 640 from 1280…):
    // as sharp, and far less work than going back to 12 megapixels each time.
    let mut source =
        if picture.color().has_alpha() { DynamicImage::ImageRgba8(picture.to_rgba8()) } else { DynamicImage::ImageRgb8(picture.to_rgb8()) };
    drop(picture);
    for variant in original.variants().iter().rev() {
        let resized = if source.width() == variant.width {
            source.clone()
        } else {
            source.resize_exact(variant.width, variant.height, FilterType::Lanczos3)
        };
        let (webp, mut jpeg) = encode(&resized, &srgb)?;
        if upload_as_is
            && variant.width == original.width
            && let Some(stripped) = without_metadata(data).filter(|stripped| stripped.len() < jpeg.len())
        {
            jpeg = stripped;
        }
        files.push((variant.name(&original, VariantFormat::WebP), webp));
        files.push((variant.name(&original, VariantFormat::Jpeg), jpeg));
        source = resized;
    }
    Ok(Prepared { original, files })
}

/// The JPEG `data` without what the camera or editor wrote beside the picture: EXIF (with GPS),
/// XMP, profiles, comments (APP1 to APP13, APP15, COM). APP0 (JFIF) and APP14 (Adobe, which
/// says how the colours are coded) stay. `None` when the file's segments cannot be read.
fn without_metadata(data: &[u8]) -> Option<Vec<u8>> {
    let mut jpeg = img_parts::jpeg::Jpeg::from_bytes(img_parts::Bytes::copy_from_slice(data)).ok()?;
    jpeg.segments_mut().retain(|segment| !matches!(segment.marker(), 0xE1..=0xED | 0xEF | 0xFE));
    Some(jpeg.encoder().bytes().to_vec())
}

/// A variant as lossy WebP (keeping transparency) and JPEG (transparency on white), both sRGB.
fn encode(picture: &DynamicImage, srgb: &SrgbConversion) -> Result<(Vec<u8>, Vec<u8>), AppError> {
    let (width, height) = (picture.width(), picture.height());
    let failed = |what: &str| AppError::Internal(anyhow::anyhow!("encoding a photo as {what} failed"));
    let (webp, rgb) = match picture {
        DynamicImage::ImageRgba8(rgba) => {
            let mut rgba = rgba.clone();
            srgb.apply_rgba(&mut rgba);
            let webp = webp::Encoder::from_rgba(&rgba, width, height).encode_simple(false, WEBP_QUALITY).map_err(|_| failed("WebP"))?;
            (webp.to_vec(), on_white(&rgba))
        }
        other => {
            let mut rgb = other.to_rgb8();
            srgb.apply_rgb(&mut rgb);
            let webp = webp::Encoder::from_rgb(&rgb, width, height).encode_simple(false, WEBP_QUALITY).map_err(|_| failed("WebP"))?;
            (webp.to_vec(), rgb)
        }
    };
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY).encode_image(&rgb).map_err(|_| failed("JPEG"))?;
    Ok((webp, jpeg))
}

/// A transparent picture laid on white, for the JPEG, which has no transparency.
fn on_white(rgba: &RgbaImage) -> RgbImage {
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let blend = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a)) + 127) / 255) as u8;
        image::Rgb([blend(r), blend(g), blend(b)])
    })
}

/// The conversion of a photo's embedded RGB colour profile (a phone's Display P3, a camera's
/// Adobe RGB) to sRGB, what browsers assume of an image without one. Nothing to do without a
/// profile, or with one that cannot be read or is not RGB (a CMYK JPEG's profile describes the
/// ink values, and the decoder has already turned those into RGB).
struct SrgbConversion {
    rgb: Option<Arc<moxcms::Transform8BitExecutor>>,
    rgba: Option<Arc<moxcms::Transform8BitExecutor>>,
}

impl SrgbConversion {
    fn from_icc(icc: Option<&[u8]>) -> Self {
        let none = Self { rgb: None, rgba: None };
        let Some(profile) = icc.and_then(|icc| moxcms::ColorProfile::new_from_slice(icc).ok()) else { return none };
        if profile.color_space != moxcms::DataColorSpace::Rgb {
            return none;
        }
        let srgb = moxcms::ColorProfile::new_srgb();
        let transform = |layout| profile.create_transform_8bit(layout, &srgb, layout, moxcms::TransformOptions::default()).ok();
        Self { rgb: transform(moxcms::Layout::Rgb), rgba: transform(moxcms::Layout::Rgba) }
    }

    fn apply_rgb(&self, picture: &mut RgbImage) {
        Self::apply(self.rgb.as_deref(), picture);
    }

    fn apply_rgba(&self, picture: &mut RgbaImage) {
        Self::apply(self.rgba.as_deref(), picture);
    }

    fn apply(transform: Option<&moxcms::Transform8BitExecutor>, pixels: &mut [u8]) {
        if let Some(transform) = transform {
            let source = pixels.to_vec();
            // A failed conversion leaves the colours as they were: slightly off at worst.
            let _ = transform.transform(&source, pixels);
        }
    }
}

/// Whether the image has more than one frame: an animated GIF, an APNG or an animated WebP.
fn is_animated(data: &[u8], format: ImageFormat) -> Result<bool, AppError> {
    match format {
        ImageFormat::Gif => {
            let mut options = gif::DecodeOptions::new();
            // Counts frames from their headers; no frame is decompressed.
            options.skip_frame_decoding(true);
            let mut decoder = options.read_info(Cursor::new(data)).map_err(|_| unreadable())?;
            let mut frames = 0;
            while decoder.next_frame_info().map_err(|_| unreadable())?.is_some() {
                frames += 1;
                if frames > 1 {
                    return Ok(true);
                }
            }
            Ok(false)
        }
        ImageFormat::Png => {
            let decoder = image::codecs::png::PngDecoder::new(Cursor::new(data)).map_err(|e| match e {
                image::ImageError::Limits(_) => too_large(),
                _ => unreadable(),
            })?;
            decoder.is_apng().map_err(|_| unreadable())
        }
        ImageFormat::WebP => {
            let decoder = image::codecs::webp::WebPDecoder::new(Cursor::new(data)).map_err(|_| unreadable())?;
            Ok(decoder.has_animation())
        }
        _ => Ok(false),
    }
}

/// Where an image's end marker is.
enum EndMarker {
    /// The last bytes of the file, as it should be.
    Last,
    /// A cut-off file, which a lenient decoder would have filled with grey.
    Missing,
    /// Followed by more data: where a polyglot keeps its HTML or ZIP (decoders stop at the
    /// marker and ignore the rest).
    Early,
}

fn end_of_image(data: &[u8], format: ImageFormat) -> EndMarker {
    let marker = |end: &[u8]| {
        if data.ends_with(end) {
            EndMarker::Last
        } else if data.windows(end.len()).any(|w| w == end) {
            EndMarker::Early
        } else {
            EndMarker::Missing
        }
    };
    match format {
        ImageFormat::Jpeg => marker(&[0xFF, 0xD9]),
        ImageFormat::Png => marker(b"IEND\xAE\x42\x60\x82"),
        // The trailer is one common byte: a cut-off GIF fails in the decoder instead.
        ImageFormat::Gif if data.ends_with(&[0x3B]) => EndMarker::Last,
        ImageFormat::Gif => EndMarker::Early,
        // RIFF: the size after the first 8 bytes, padded to an even length.
        ImageFormat::WebP => {
            let declared = data.get(4..8).and_then(|size| size.try_into().ok()).map(|size: [u8; 4]| u32::from_le_bytes(size));
            match declared.map(|size| u64::from(size).div_ceil(2) * 2 + 8) {
                Some(end) if end == data.len() as u64 => EndMarker::Last,
                Some(end) if end < data.len() as u64 => EndMarker::Early,
                _ => EndMarker::Missing,
            }
        }
        _ => EndMarker::Last,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_are_never_wider_than_the_photo_and_keep_its_shape() {
        let widths = |name: &str| Original::parse(name).unwrap().variants().iter().map(|v| (v.width, v.height)).collect::<Vec<_>>();
        assert_eq!(widths("1-abc-4032x3024.jpg"), [(160, 120), (320, 240), (640, 480), (1280, 960)]);
        assert_eq!(widths("1-abc-3024x4032.jpg"), [(160, 213), (320, 427), (640, 853), (1280, 1707)]);
        assert_eq!(widths("1-abc-500x500.png"), [(160, 160), (320, 320), (500, 500)]);
        assert_eq!(widths("1-abc-1280x10.png"), [(160, 1), (320, 3), (640, 5), (1280, 10)]);
        assert_eq!(widths("1-abc-90x3000.gif"), [(90, 3000)]);
    }

    #[test]
    fn only_generated_original_names_have_variants() {
        assert!(Original::parse("1700000000000-abc123-4032x3024.jpg").is_some());
        for name in [
            "1700000000000-abc123.jpg",
            "1-abc-0x10.jpg",
            "1-abc-20000x10.jpg",
            "1-abc-10x10.svg",
            "1-ABC-10x10.jpg",
            "1-abc-10x10-160.jpg",
            "../1-abc-10x10.jpg",
        ] {
            assert!(Original::parse(name).is_none(), "{name}");
        }
        assert!(is_private(Bucket::ProfilePhotos, "1-abc-640x480.png"));
        assert!(!is_private(Bucket::ProfilePhotos, "1-abc-640x480-160.jpg"));
        assert!(!is_private(Bucket::ProfilePhotos, "1-abc.png"), "a photo stored before variants existed stays public");
        assert!(!is_private(Bucket::CvFiles, "1-abc-640x480.png"));
        assert!(is_variant(Bucket::ProfilePhotos, "1-abc-640x480-160.webp"));
        assert!(is_variant(Bucket::ProfilePhotos, "1-abc-640x480-640.jpg"));
        assert!(!is_variant(Bucket::ProfilePhotos, "1-abc-640x480-1280.jpg"), "no 1280 copy of a 640 px photo");
        assert!(!is_variant(Bucket::ProfilePhotos, "1-abc-640x480.jpg"));
        assert_eq!(
            variant_names("1-abc-200x100.png"),
            ["1-abc-200x100-160.webp", "1-abc-200x100-160.jpg", "1-abc-200x100-200.webp", "1-abc-200x100-200.jpg"]
        );
        assert!(variant_names("1-abc.png").is_empty());
    }

    /// Issue 25: a JPEG already smaller than its copy at the same width is served as uploaded,
    /// its EXIF and comment gone; a larger upload is encoded again as before.
    #[test]
    fn a_small_jpeg_is_kept_at_its_own_width_without_its_metadata() {
        let picture = image::RgbImage::from_fn(640, 480, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x * y) % 256) as u8]));
        let encoded = |quality: u8| {
            let mut out = Vec::new();
            image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality).encode_image(&picture).unwrap();
            // An EXIF segment and a comment, after the SOI marker.
            let exif: &[u8] = b"\xFF\xE1\x00\x12Exif\x00\x00GPS-SECRET";
            let comment: &[u8] = b"\xFF\xFE\x00\x08MY-CAM";
            [&out[..2], exif, comment, &out[2..]].concat()
        };
        let same_width = |upload: &[u8]| {
            let prepared = prepare(upload, ImageFormat::Jpeg, "1-ab").unwrap();
            prepared.files.into_iter().find(|(name, _)| name == "1-ab-640x480-640.jpg").unwrap().1
        };
        let small = encoded(40);
        let kept = same_width(&small);
        assert_eq!(kept.len(), small.len() - 20 - 10, "the upload less its two segments");
        assert!(!kept.windows(10).any(|w| w == b"GPS-SECRET") && !kept.windows(6).any(|w| w == b"MY-CAM"));
        assert_eq!(image::load_from_memory(&kept).unwrap().width(), 640);
        let large = encoded(98);
        let encoded_again = same_width(&large);
        assert!(encoded_again.len() < large.len(), "{} < {}", encoded_again.len(), large.len());
        assert!(!encoded_again.windows(10).any(|w| w == b"GPS-SECRET"));
    }

    #[test]
    fn a_photo_url_becomes_a_picture_with_both_formats() {
        let photo = Photo::of_url("/files/profile-photos/17-ab-800x600.jpg").unwrap();
        assert_eq!(
            photo,
            Photo {
                src: "/files/profile-photos/17-ab-800x600-640.jpg".into(),
                width: 800,
                height: 600,
                webp: "/files/profile-photos/17-ab-800x600-160.webp 160w, /files/profile-photos/17-ab-800x600-320.webp 320w, \
                       /files/profile-photos/17-ab-800x600-640.webp 640w, /files/profile-photos/17-ab-800x600-800.webp 800w"
                    .into(),
                jpeg: "/files/profile-photos/17-ab-800x600-160.jpg 160w, /files/profile-photos/17-ab-800x600-320.jpg 320w, \
                       /files/profile-photos/17-ab-800x600-640.jpg 640w, /files/profile-photos/17-ab-800x600-800.jpg 800w"
                    .into(),
                largest: "/files/profile-photos/17-ab-800x600-800.jpg".into(),
            }
        );
        assert_eq!(Photo::of_url("/files/profile-photos/17-ab-100x100.jpg").unwrap().src, "/files/profile-photos/17-ab-100x100-100.jpg");
        assert!(Photo::of_url("/files/profile-photos/17-ab.jpg").is_none());
        assert!(Photo::of_url("/files/cv-files/17-ab-800x600.jpg").is_none());
        assert!(Photo::of_url("https://example.org/files/profile-photos/17-ab-800x600.jpg").is_none());
        assert!(Photo::of_url("/profile-placeholder.svg").is_none());
    }
}
