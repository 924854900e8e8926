//! A blog post as search engines read it: a schema.org `BlogPosting` in JSON-LD on its page
//! (headline, dates, author, description, image and keywords), beside the link-preview tags
//! the page's head already has.

use serde_json::{Value, json};

use super::PublicPost;
use super::escape_json_for_script;
use super::paper::absolute_url;
use crate::content::homepage::HeroContent;
use crate::routes::Route;

/// The `<script type="application/ld+json">` block, safe inside HTML whatever the texts hold.
pub fn json_ld_script(post: &PublicPost, owner: &HeroContent, base_url: &str) -> String {
    let json = serde_json::to_string(&json_ld(post, owner, base_url)).expect("a JSON value serialises");
    format!("<script type=\"application/ld+json\">{}</script>", escape_json_for_script(&json))
}

fn json_ld(public: &PublicPost, owner: &HeroContent, base_url: &str) -> Value {
    let post = &public.post;
    let url = absolute_url(base_url, &Route::Post(&post.slug).path());
    let mut posting = json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": post.title,
        "url": url,
        "mainEntityOfPage": url,
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
