//! The default link-preview image (`og:image` when the owner has no profile photo): a
//! 1200×630 PNG, the size chat and social sites show as a large card, drawn here once at the
//! first request rather than shipped as a binary file.

use std::io::Cursor;
use std::sync::OnceLock;

use image::{ImageFormat, Rgb, RgbImage};

pub const WIDTH: u32 = 1200;
pub const HEIGHT: u32 = 630;

/// The PNG's bytes.
pub fn png() -> &'static [u8] {
    static PNG: OnceLock<Vec<u8>> = OnceLock::new();
    PNG.get_or_init(|| {
        let mut bytes = Cursor::new(Vec::new());
        draw().write_to(&mut bytes, ImageFormat::Png).expect("encoding a PNG in memory cannot fail");
        bytes.into_inner()
    })
}

/// A diagonal gradient in the site's blue with rings on the right: recognisably the site's,
/// with no text to go stale when the owner renames themselves.
fn draw() -> RgbImage {
    const FROM: [f32; 3] = [30.0, 58.0, 138.0]; // #1e3a8a
    const TO: [f32; 3] = [59.0, 130.0, 246.0]; // #3b82f6
    let (cx, cy) = (WIDTH as f32 * 0.78, HEIGHT as f32 * 0.5);
    RgbImage::from_fn(WIDTH, HEIGHT, |x, y| {
        let t = (x as f32 / WIDTH as f32 * 0.6 + y as f32 / HEIGHT as f32 * 0.4).clamp(0.0, 1.0);
        let distance = ((x as f32 - cx).powi(2) + (y as f32 - cy).powi(2)).sqrt();
        // Rings 60 px apart, 6 px wide, fading out with distance.
        let ring = if distance % 60.0 < 6.0 { (1.0 - distance / 520.0).max(0.0) * 0.18 } else { 0.0 };
        let channel = |i: usize| (FROM[i] + (TO[i] - FROM[i]) * t + (255.0 - FROM[i]) * ring).round() as u8;
        Rgb([channel(0), channel(1), channel(2)])
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_card_is_a_1200_by_630_png() {
        let decoded = image::load_from_memory_with_format(png(), ImageFormat::Png).unwrap();
        assert_eq!((decoded.width(), decoded.height()), (WIDTH, HEIGHT));
    }
}
