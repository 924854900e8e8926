//! The owner as search engines read them: a schema.org `Person` in JSON-LD on the home and
//! about pages (name, job title, affiliation, photo, and `sameAs` the Scholar, LinkedIn and
//! website links that are set), and the image link previews show for every page.

use serde::Serialize;
use serde_json::{Value, json};
use ts_rs::TS;

use super::escape_json_for_script;
use super::paper::absolute_url;
use crate::content::homepage::HeroContent;
use crate::media::photos::Photo;
use crate::routes::{PublicPage, Route};

/// The image a link preview shows for a page (`og:image`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct CardImage {
    /// Absolute address.
    pub url: String,
    /// The owner's photo (shown as a small card) rather than the wide default image.
    pub photo: bool,
}

impl CardImage {
    /// The owner's photo when one is set, else the default card (`render::card`).
    pub fn of(hero: &HeroContent, base_url: &str) -> Self {
        match photo_url(hero, base_url) {
            Some(url) => Self { url, photo: true },
            None => Self { url: absolute_url(base_url, &Route::SocialCard.path()), photo: false },
        }
    }
}

/// The profile photo's absolute address, if the owner set one: its widest variant when it has
/// variants (the original is not public). The built-in placeholder (an SVG, which link
/// previews do not show) does not count.
fn photo_url(hero: &HeroContent, base_url: &str) -> Option<String> {
    let url = hero.profile_image_url.trim();
    if url.is_empty() || url == HeroContent::default().profile_image_url || url.to_ascii_lowercase().ends_with(".svg") {
        return None;
    }
    let url = Photo::of_url(url).map_or_else(|| url.to_owned(), |photo| photo.largest);
    Some(if url.starts_with('/') { absolute_url(base_url, &url) } else { url })
}

/// The `<script type="application/ld+json">` block, safe inside HTML whatever the texts hold:
/// the owner, on `page` (a `WebPage`, which says the page's language; a `Person` has none).
pub fn json_ld_script(hero: &HeroContent, base_url: &str, page: Value) -> String {
    let mut person = json_ld(hero, base_url);
    person.as_object_mut().expect("an object").insert("mainEntityOfPage".into(), page);
    let json = serde_json::to_string(&person).expect("a JSON value serialises");
    format!("<script type=\"application/ld+json\">{}</script>", escape_json_for_script(&json))
}

fn json_ld(hero: &HeroContent, base_url: &str) -> Value {
    let mut person = json!({
        "@context": "https://schema.org",
        "@type": "Person",
        "name": hero.name.trim(),
        "url": absolute_url(base_url, PublicPage::Home.path()),
    });
    let fields = person.as_object_mut().expect("an object");
    let set = |value: &str| Some(value.trim()).filter(|v| !v.is_empty()).map(str::to_owned);
    if let Some(title) = set(&hero.title) {
        fields.insert("jobTitle".into(), json!(title));
    }
    if let Some(institution) = set(&hero.institution) {
        fields.insert("affiliation".into(), json!({ "@type": "Organization", "name": institution }));
    }
    if let Some(image) = photo_url(hero, base_url) {
        fields.insert("image".into(), json!(image));
    }
    let same_as: Vec<String> =
        [&hero.google_scholar_url, &hero.linkedin_url, &hero.website_url].into_iter().filter_map(|url| set(url)).collect();
    if !same_as.is_empty() {
        fields.insert("sameAs".into(), json!(same_as));
    }
    person
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_person_has_what_is_set_and_nothing_else() {
        let hero = HeroContent {
            name: "Dr. Zoë </script> Ångström".into(),
            google_scholar_url: "https://scholar.google.com/citations?user=x&hl=en".into(),
            website_url: "https://zoe.example".into(),
            linkedin_url: String::new(),
            profile_image_url: "/files/profile-photos/me.jpg".into(),
            ..HeroContent::default()
        };
        let page = json!({ "@type": "WebPage", "url": "https://vita.example/de/about", "inLanguage": "de" });
        let script = json_ld_script(&hero, "https://vita.example", page.clone());
        assert_eq!(script.matches("</script>").count(), 1, "{script}");
        let json = script.trim_start_matches("<script type=\"application/ld+json\">").trim_end_matches("</script>");
        let ld: Value = serde_json::from_str(json).unwrap();
        assert_eq!(ld["@type"], "Person");
        assert_eq!(ld["name"], "Dr. Zoë </script> Ångström");
        assert_eq!(ld["jobTitle"], "Associate Professor");
        assert_eq!(ld["affiliation"]["name"], HeroContent::default().institution);
        assert_eq!(ld["image"], "https://vita.example/files/profile-photos/me.jpg");
        assert_eq!(ld["sameAs"], json!(["https://scholar.google.com/citations?user=x&hl=en", "https://zoe.example"]));
        assert_eq!(ld["mainEntityOfPage"], page, "the page says its language; a Person has none");
        assert!(ld.get("inLanguage").is_none());
    }

    #[test]
    fn without_a_photo_the_card_is_the_default_image() {
        let placeholder = CardImage::of(&HeroContent::default(), "https://vita.example");
        assert_eq!((placeholder.url.as_str(), placeholder.photo), ("https://vita.example/social-card.png", false));
        let external = HeroContent { profile_image_url: "https://cdn.example/me.png".into(), ..HeroContent::default() };
        assert_eq!(CardImage::of(&external, "https://vita.example").url, "https://cdn.example/me.png");
        assert!(json_ld(&HeroContent::default(), "https://vita.example").get("image").is_none());
    }

    #[test]
    fn a_photo_with_variants_is_shown_by_its_widest_variant_never_the_original() {
        let hero = HeroContent { profile_image_url: "/files/profile-photos/17-ab-4032x3024.jpg".into(), ..HeroContent::default() };
        let widest = "https://vita.example/files/profile-photos/17-ab-4032x3024-1280.jpg";
        assert_eq!(CardImage::of(&hero, "https://vita.example").url, widest);
        assert_eq!(json_ld(&hero, "https://vita.example")["image"], widest);
    }
}
