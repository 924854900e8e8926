//! A blog post as search engines read it: a schema.org `BlogPosting` in JSON-LD on its page
//! (headline, dates, author, description, image, keywords and its language), beside the
//! link-preview tags the page's head already has.

use serde_json::{Value, json};

use super::escape_json_for_script;
use super::paper::absolute_url;
use super::{PublicPost, SiteInfo};
use crate::content::homepage::HeroContent;
use crate::languages::localized;
use crate::routes::Route;

/// The `<script type="application/ld+json">` block, safe inside HTML whatever the texts hold:
/// the post as shown in `lang` (the page's language, or the one its text falls back to) on
/// `page` (a `WebPage` in the page's language).
pub fn json_ld_script(post: &PublicPost, owner: &HeroContent, site: &SiteInfo, lang: &str, page: Value) -> String {
    let json = serde_json::to_string(&json_ld(post, owner, site, lang, page)).expect("a JSON value serialises");
    format!("<script type=\"application/ld+json\">{}</script>", escape_json_for_script(&json))
}

fn json_ld(public: &PublicPost, owner: &HeroContent, site: &SiteInfo, lang: &str, page: Value) -> Value {
    let post = &public.post;
    let base_url = site.base_url.as_str();
    // The posting's address in its language: this page's when it is in the page's language, else
    // the page of the language it is written in (the default's, with no prefix).
    let prefix = if lang == site.lang { site.prefix() } else { "" };
    let url = absolute_url(base_url, &localized(prefix, &Route::Post(&post.slug).path()));
    let mut posting = json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": post.title,
        "inLanguage": lang,
        "url": url,
        "mainEntityOfPage": page,
        "datePublished": post.date.to_string(),
        "dateModified": post.updated_at.to_rfc3339(),
        "author": { "@type": "Person", "name": owner.name.trim(), "url": absolute_url(base_url, "/") },
    });
    let fields = posting.as_object_mut().expect("an object");
    if let Some(summary) = &post.summary {
        fields.insert("description".into(), summary.clone().into());
    }
    if let Some(image) = public.preview_image() {
        let image = if image.starts_with('/') { absolute_url(base_url, image) } else { image.to_owned() };
        fields.insert("image".into(), image.into());
    }
    if !post.tags.is_empty() {
        fields.insert("keywords".into(), post.tags.iter().map(|tag| tag.name.as_str()).collect::<Vec<_>>().join(", ").into());
    }
    posting
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::languages::versions;

    fn german_site() -> SiteInfo {
        let languages = vec!["en".to_owned(), "de".to_owned()];
        SiteInfo {
            owner_name: "Ada".into(),
            base_url: "https://vita.example".into(),
            today: NaiveDate::MIN,
            card_image: super::super::CardImage { url: String::new(), photo: false },
            menu: Vec::new(),
            lang: "de".into(),
            languages: versions("/blog/masks", &languages, |_| true),
            texts: Default::default(),
        }
    }

    fn post() -> PublicPost {
        let post: crate::content::posts::Model = serde_json::from_value(json!({
            "id": uuid::Uuid::nil(), "title": "Masken", "slug": "masks", "date": "2026-01-02", "summary": null, "content": "<p>x</p>",
            "cover_image": null, "featured": false, "status": "published", "tags": [],
            "created_at": "2026-01-01T00:00:00Z", "updated_at": "2026-01-01T00:00:00Z",
        }))
        .unwrap();
        post.into()
    }

    #[test]
    fn a_posting_says_its_language_and_its_page_the_pages() {
        let site = german_site();
        let page = crate::render::web_page(&site, "/de/blog/masks");
        let translated = json_ld(&post(), &HeroContent::default(), &site, "de", page.clone());
        assert_eq!(translated["inLanguage"], "de");
        assert_eq!(translated["url"], "https://vita.example/de/blog/masks", "the German posting is at the German page");
        assert_eq!(translated["mainEntityOfPage"], page);
        assert_eq!(page["inLanguage"], "de");
        let fallback = json_ld(&post(), &HeroContent::default(), &site, "en", page);
        assert_eq!(fallback["inLanguage"], "en", "an untranslated post is in English on the German page");
        assert_eq!(fallback["url"], "https://vita.example/blog/masks");
        assert_eq!(fallback["mainEntityOfPage"]["inLanguage"], "de");
    }
}
