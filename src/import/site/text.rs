//! A page's body made fit for Vita: Liquid (Jekyll) and shortcodes (Hugo) converted to plain
//! Markdown, never stored raw; what has no meaning outside the generator removed and listed;
//! then the Markdown turned into the text Vita stores: plain text with math for the plain
//! fields (news, projects, the about page), sanitised HTML for rich text. Code blocks are left
//! as they are.

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::routes::{PublicPage, Route};
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use regex::Regex;

/// What converting one body found.
#[derive(Debug, Default)]
pub struct Converted {
    /// The body as Markdown without template code.
    pub markdown: String,
    /// Template code removed because it has no meaning here (`{% include news.liquid %}`).
    pub removed: Vec<String>,
}

/// Where the converted links of a site point: a cited paper's page by its BibTeX key.
#[derive(Default)]
pub struct Links {
    pub papers: HashMap<String, String>,
}

static LIQUID_TAG: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\{%-?\s*([A-Za-z_]+)(.*?)-?%\}").unwrap());
static LIQUID_OUTPUT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\{\{-?(.*?)-?\}\}").unwrap());
static LIQUID_COMMENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\{%-?\s*comment\s*-?%\}.*?\{%-?\s*endcomment\s*-?%\}").unwrap());
static SHORTCODE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)\{\{([<%])\s*(/?)\s*([A-Za-z_][\w-]*)(.*?)\s*[>%]\}\}").unwrap());
static ARGUMENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"(?:([\w-]+)\s*=\s*)?(?:"([^"]*)"|'([^']*)'|([^\s"']+))"#).unwrap());
static QUOTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"^\s*["']([^"']*)["']"#).unwrap());
static EMOJI: LazyLock<Regex> = LazyLock::new(|| Regex::new(r":([a-z0-9_+-]+):").unwrap());
static TAGS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)<!--.*?-->|<[^>]*>").unwrap());
static HREF: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"(?i)<a\s[^>]*href\s*=\s*["']([^"']+)["']"#).unwrap());
static BREAK: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?i)<br\s*/?>|</p>|</div>|</li>|</h[1-6]>").unwrap());
static IMG_SRC: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#"(?i)<img\s[^>]*src\s*=\s*["']([^"']+)["']"#).unwrap());

/// The arguments of a tag or shortcode: named (`path="a.jpg"`) and positional (`"a.jpg"`).
fn arguments(text: &str) -> (HashMap<String, String>, Vec<String>) {
    let mut named = HashMap::new();
    let mut positional = Vec::new();
    for found in ARGUMENT.captures_iter(text) {
        let value = found.get(2).or(found.get(3)).or(found.get(4)).map(|m| m.as_str().to_owned()).unwrap_or_default();
        match found.get(1) {
            Some(name) => {
                named.insert(name.as_str().to_owned(), value);
            }
            None => positional.push(value),
        }
    }
    (named, positional)
}

/// Applies `convert` to the text outside fenced code blocks only.
fn outside_code(text: &str, mut convert: impl FnMut(&str) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut prose = String::new();
    let mut fence: Option<String> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        match &fence {
            Some(open) => {
                out.push_str(line);
                if trimmed.trim_end() == open.as_str() {
                    fence = None;
                }
            }
            None if trimmed.starts_with("```") || trimmed.starts_with("~~~") => {
                out.push_str(&convert(&std::mem::take(&mut prose)));
                fence = Some(trimmed[..3].to_owned());
                out.push_str(line);
            }
            None => prose.push_str(line),
        }
    }
    out.push_str(&convert(&prose));
    out
}

fn short(code: &str) -> String {
    let code = code.split_whitespace().collect::<Vec<_>>().join(" ");
    if code.chars().count() > 80 { format!("{}…", code.chars().take(80).collect::<String>()) } else { code }
}

/// A path of the site as a link (`assets/img/a.jpg` → `/assets/img/a.jpg`).
fn site_path(path: &str) -> String {
    if path.starts_with("http://") || path.starts_with("https://") || path.starts_with('/') { path.to_owned() } else { format!("/{path}") }
}

/// Jekyll's Liquid: `{{ site.baseurl }}`, `relative_url`, `{% include figure… path=… %}`,
/// `{% cite key %}`, `{% link %}`, `{% highlight %}`; any other tag removed and listed.
pub fn liquid(text: &str, links: &Links) -> Converted {
    let mut removed = Vec::new();
    let markdown = outside_code(text, |prose| {
        let prose = LIQUID_COMMENT.replace_all(prose, "");
        let prose = LIQUID_TAG.replace_all(&prose, |found: &regex::Captures| {
            let (name, rest) = (&found[1], found[2].trim());
            let (named, positional) = arguments(rest);
            match name {
                "raw" | "endraw" => String::new(),
                "highlight" => format!("```{}", positional.first().map(String::as_str).unwrap_or("")),
                "endhighlight" => "```".to_owned(),
                "include" | "include_relative" => {
                    let file = positional.first().map(String::as_str).unwrap_or("");
                    match named.get("path").or_else(|| named.get("src")) {
                        Some(path) if file.starts_with("figure") || file.starts_with("image") => {
                            let alt = named
                                .get("alt")
                                .or_else(|| named.get("title"))
                                .or_else(|| named.get("caption"))
                                .cloned()
                                .unwrap_or_default();
                            format!("![{alt}]({})", site_path(&liquid_value(path)))
                        }
                        Some(path) if file.starts_with("video") || file.starts_with("audio") => {
                            format!("[{}]({})", file.split('.').next().unwrap_or("media"), site_path(&liquid_value(path)))
                        }
                        _ => {
                            removed.push(short(&found[0]));
                            String::new()
                        }
                    }
                }
                "cite" => positional
                    .iter()
                    .map(|key| match links.papers.get(key) {
                        Some(path) => format!("[{key}]({path})"),
                        None => format!("[{key}]"),
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                "link" | "post_url" => {
                    let target = positional.first().cloned().unwrap_or_default();
                    let stem = target.rsplit('/').next().unwrap_or(&target);
                    let stem = stem.rsplit_once('.').map(|(s, _)| s).unwrap_or(stem);
                    match super::front::date_in_name(&format!("{stem}.md")) {
                        Some((_, slug)) => Route::Post(&slug).path().into_owned(),
                        None => site_path(target.trim_start_matches('_')),
                    }
                }
                _ => {
                    removed.push(short(&found[0]));
                    String::new()
                }
            }
        });
        LIQUID_OUTPUT
            .replace_all(&prose, |found: &regex::Captures| {
                let inner = found[1].trim();
                let value = liquid_value(inner);
                if value.is_empty() && !is_base_url(inner) {
                    removed.push(short(&found[0]));
                }
                value
            })
            .into_owned()
    });
    Converted { markdown: emoji(&markdown), removed }
}

fn is_base_url(expression: &str) -> bool {
    matches!(expression.split('|').next().map(str::trim), Some("site.baseurl" | "site.url" | "site.url | append: site.baseurl"))
}

/// An output expression's value where it is a path: `'/x' | relative_url` → `/x`; the site's
/// own address → nothing (links become relative to the new site); anything else → nothing.
fn liquid_value(expression: &str) -> String {
    let expression = expression.trim();
    if let Some(inner) = expression.strip_prefix("{{").and_then(|e| e.strip_suffix("}}")) {
        return liquid_value(inner);
    }
    if let Some(found) = QUOTED.captures(expression) {
        return found[1].to_owned();
    }
    if is_base_url(expression) {
        return String::new();
    }
    // A plain value (a path written without quotes in an include's argument).
    if !expression.contains(' ') && !expression.starts_with("site.") && !expression.starts_with("page.") && !expression.contains('|') {
        return expression.to_owned();
    }
    String::new()
}

/// Hugo's shortcodes: `figure` → image, `youtube`/`vimeo` → link, `callout`/`spoiler`/`alert` →
/// quote, `ref`/`relref` → link, `staticref` → link; any other removed and listed.
pub fn shortcodes(text: &str, links: &Links) -> Converted {
    let mut removed = Vec::new();
    let markdown = outside_code(text, |prose| {
        let mut out = String::with_capacity(prose.len());
        let mut rest = prose;
        while let Some(found) = SHORTCODE.captures(rest) {
            let whole = found.get(0).unwrap();
            out.push_str(&rest[..whole.start()]);
            rest = &rest[whole.end()..];
            let closing = &found[2] == "/";
            let name = found[3].to_ascii_lowercase();
            let (named, positional) = arguments(&found[4]);
            let first = || positional.first().cloned().unwrap_or_default();
            if closing {
                continue;
            }
            // A paired shortcode's inner text, up to its closing tag.
            let mut inner = || -> String {
                let closing = Regex::new(&format!(r"\{{\{{[<%]\s*/\s*{}\s*[>%]\}}\}}", regex::escape(&name))).unwrap();
                match closing.find(rest) {
                    Some(end) => {
                        let text = rest[..end.start()].to_owned();
                        rest = &rest[end.end()..];
                        text
                    }
                    None => String::new(),
                }
            };
            match name.as_str() {
                "figure" | "img" | "image" => {
                    let src = named.get("src").or_else(|| named.get("library")).cloned().unwrap_or_else(first);
                    let alt = named.get("alt").or_else(|| named.get("caption")).or_else(|| named.get("title")).cloned().unwrap_or_default();
                    out.push_str(&format!("![{alt}]({src})"));
                }
                "youtube" => {
                    out.push_str(&format!("[Video](https://www.youtube.com/watch?v={})", named.get("id").cloned().unwrap_or_else(first)))
                }
                "vimeo" => out.push_str(&format!("[Video](https://vimeo.com/{})", named.get("id").cloned().unwrap_or_else(first))),
                "callout" | "alert" | "spoiler" | "note" | "warning" | "tip" | "notice" | "toggle" => {
                    let title = named.get("text").or_else(|| named.get("title")).cloned();
                    let body = inner();
                    let quoted: String =
                        title.into_iter().chain(body.trim().lines().map(str::to_owned)).map(|line| format!("> {line}\n")).collect();
                    out.push_str(&format!("\n\n{quoted}\n"));
                }
                "ref" | "relref" => out.push_str(&reference(&first(), links)),
                "staticref" => {
                    let text = inner();
                    out.push_str(&format!("[{}]({})", text.trim(), site_path(&first())));
                }
                _ => removed.push(short(whole.as_str())),
            }
        }
        out.push_str(rest);
        out
    });
    Converted { markdown: emoji(&markdown), removed }
}

/// Where a Hugo `ref` points on the new site: a post's page, a paper's, else the home page.
fn reference(target: &str, links: &Links) -> String {
    let path = target.trim_start_matches('/');
    let path = path.strip_suffix("/index.md").or_else(|| path.strip_suffix(".md")).unwrap_or(path);
    let mut parts = path.split('/');
    let section = parts.next().unwrap_or("");
    let name = parts.next_back().unwrap_or("");
    match section {
        "post" | "posts" | "blog" => Route::Post(&crate::rules::validate::slugify_variant(name)).path().into_owned(),
        "publication" | "publications" => links.papers.get(name).cloned().unwrap_or_else(|| PublicPage::Publications.path().to_owned()),
        "talk" | "talks" | "event" => PublicPage::Talks.path().to_owned(),
        _ => PublicPage::Home.path().to_owned(),
    }
}

/// GitHub's emoji names the sites use (`:wave:`), as the characters jemoji would show.
fn emoji(text: &str) -> String {
    const NAMES: &[(&str, &str)] = &[
        ("wave", "👋"),
        ("smile", "😄"),
        ("sparkles", "✨"),
        ("tada", "🎉"),
        ("rocket", "🚀"),
        ("star", "⭐"),
        ("fire", "🔥"),
        ("heart", "❤️"),
        ("+1", "👍"),
        ("thumbsup", "👍"),
        ("mortar_board", "🎓"),
        ("books", "📚"),
        ("computer", "💻"),
        ("trophy", "🏆"),
    ];
    EMOJI
        .replace_all(text, |found: &regex::Captures| match NAMES.iter().find(|(name, _)| *name == &found[1]) {
            Some((_, emoji)) => (*emoji).to_owned(),
            None => found[0].to_owned(),
        })
        .into_owned()
}

/// What a body says as plain text, with the links and images it holds.
#[derive(Debug, Default)]
pub struct Plain {
    pub text: String,
    /// The first link: a news item's link.
    pub first_link: Option<(String, String)>,
    /// The pictures it shows (Markdown images and raw `<img>`) and the documents it links to
    /// on its own site (`/assets/pdf/a.pdf`): the files an import brings along.
    pub files: Vec<String>,
}

/// Whether a link points at a document of the site itself (a PDF, a slide deck), which an
/// import stores, rather than at a page or another site.
fn is_site_document(url: &str) -> bool {
    let path = url.split(['?', '#']).next().unwrap_or(url).to_ascii_lowercase();
    !path.contains("://") && !path.starts_with("//") && !path.starts_with("mailto:") && path.ends_with(".pdf")
}

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_MATH | Options::ENABLE_FOOTNOTES
}

/// Decodes the few entities raw HTML carries (`&amp;`, `&quot;`, `&#39;`, numbers).
pub fn decode_entities(text: &str) -> String {
    static ENTITY: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"&(#x?[0-9a-fA-F]+|[a-z]+);").unwrap());
    ENTITY
        .replace_all(text, |found: &regex::Captures| {
            let name = &found[1];
            let decoded = match name {
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "apos" => Some('\''),
                "nbsp" => Some('\u{a0}'),
                "ndash" => Some('–'),
                "mdash" => Some('—'),
                _ => name
                    .strip_prefix("#x")
                    .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                    .or_else(|| name.strip_prefix('#').and_then(|n| n.parse().ok()))
                    .and_then(char::from_u32),
            };
            decoded.map(String::from).unwrap_or_else(|| found[0].to_owned())
        })
        .into_owned()
}

/// Raw HTML as text: comments and tags dropped, block ends as line breaks, entities decoded.
pub fn html_text(html: &str) -> String {
    let broken = BREAK.replace_all(html, "\n");
    decode_entities(&TAGS.replace_all(&broken, ""))
}

/// Markdown as plain text: paragraphs a blank line apart, list items as `- `, math kept as
/// `$…$`, links as their text, images left out (listed).
pub fn plain(markdown: &str) -> Plain {
    let markdown = &without_comments(markdown);
    let mut plain = Plain::default();
    let mut out = String::new();
    let mut link: Option<(String, String)> = None;
    let mut lists: Vec<Option<u64>> = Vec::new();
    let mut in_image = false;
    for event in Parser::new_ext(markdown, options()) {
        match event {
            Event::Start(Tag::Paragraph) | Event::Start(Tag::Heading { .. }) | Event::Start(Tag::BlockQuote(_)) => {}
            Event::End(TagEnd::Paragraph) | Event::End(TagEnd::Heading(_)) | Event::End(TagEnd::CodeBlock) => {
                out.truncate(out.trim_end().len());
                out.push_str("\n\n");
            }
            Event::Start(Tag::List(start)) => lists.push(start),
            Event::End(TagEnd::List(_)) => {
                lists.pop();
                out.truncate(out.trim_end().len());
                out.push_str("\n\n");
            }
            Event::Start(Tag::Item) => {
                out.truncate(out.trim_end_matches([' ', '\t']).len());
                if !out.is_empty() && !out.ends_with('\n') {
                    out.push('\n');
                }
                let depth = lists.len().saturating_sub(1);
                out.push_str(&"  ".repeat(depth));
                match lists.last_mut() {
                    Some(Some(n)) => {
                        out.push_str(&format!("{n}. "));
                        *n += 1;
                    }
                    _ => out.push_str("- "),
                }
            }
            Event::End(TagEnd::Item) => {
                out.truncate(out.trim_end().len());
                out.push('\n');
            }
            Event::Start(Tag::Link { dest_url, .. }) => {
                if is_site_document(&dest_url) {
                    plain.files.push(dest_url.to_string());
                }
                link = Some((dest_url.to_string(), String::new()));
            }
            Event::End(TagEnd::Link) => {
                if let Some((url, text)) = link.take()
                    && plain.first_link.is_none()
                    && !url.starts_with('#')
                {
                    plain.first_link = Some((url, text));
                }
            }
            Event::Start(Tag::Image { dest_url, .. }) => {
                plain.files.push(dest_url.to_string());
                in_image = true;
            }
            Event::End(TagEnd::Image) => in_image = false,
            Event::Text(text) | Event::Code(text) if !in_image => {
                out.push_str(&text);
                if let Some((_, link_text)) = &mut link {
                    link_text.push_str(&text);
                }
            }
            Event::InlineMath(math) => out.push_str(&format!("${math}$")),
            Event::DisplayMath(math) => out.push_str(&format!("$${math}$$")),
            Event::Html(html) | Event::InlineHtml(html) => {
                plain.files.extend(IMG_SRC.captures_iter(&html).map(|found| decode_entities(&found[1])));
                if let Some(href) = HREF.captures(&html) {
                    if is_site_document(&href[1]) {
                        plain.files.push(decode_entities(&href[1]));
                    }
                    if plain.first_link.is_none() && link.is_none() {
                        link = Some((decode_entities(&href[1]), String::new()));
                    }
                } else if html.trim_start().to_ascii_lowercase().starts_with("</a")
                    && let Some((url, text)) = link.take()
                    && plain.first_link.is_none()
                {
                    plain.first_link = Some((url, text.trim().to_owned()));
                }
                out.push_str(&html_text(&html));
            }
            Event::SoftBreak => out.push(' '),
            Event::HardBreak => out.push('\n'),
            Event::Rule => out.push_str("\n\n"),
            _ => {}
        }
    }
    // Lines of only white space (left by removed comments and tags) are paragraph breaks.
    let mut text = String::new();
    let mut blank = 0;
    for line in out.lines() {
        if line.trim().is_empty() {
            blank += 1;
            continue;
        }
        if !text.is_empty() {
            text.push_str(if blank > 0 { "\n\n" } else { "\n" });
        }
        blank = 0;
        text.push_str(line.trim_end());
    }
    plain.text = text;
    plain
}

/// Markdown as HTML for a rich-text field (sanitised again when stored).
pub fn html(markdown: &str) -> String {
    let markdown = &without_comments(markdown);
    let mut out = String::new();
    let events = Parser::new_ext(markdown, options()).map(|event| match event {
        Event::Start(Tag::Heading { level, id, classes, attrs }) => {
            // The page's own title is the only h1.
            Event::Start(Tag::Heading { level: level.max(HeadingLevel::H2), id, classes, attrs })
        }
        other => other,
    });
    pulldown_cmark::html::push_html(&mut out, events);
    crate::rules::validate::sanitize_html(&out)
}

/// The text without HTML comments (outside code): a template's placeholder text kept in a
/// comment is not the owner's.
fn without_comments(markdown: &str) -> String {
    static COMMENT: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"(?s)<!--.*?-->").unwrap());
    outside_code(markdown, |prose| COMMENT.replace_all(prose, "").into_owned())
}

/// The first paragraph of a plain text, for a hero's short bio or a project's summary.
pub fn first_paragraph(text: &str) -> String {
    let paragraphs: Vec<&str> = text.split("\n\n").map(str::trim).filter(|p| !p.is_empty()).collect();
    // A greeting or a heading ("Hey there! 👋") is not a bio: the first paragraph that says
    // something, else the first.
    paragraphs.iter().find(|p| p.chars().count() >= 60).or(paragraphs.first()).map(|p| (*p).to_owned()).unwrap_or_default()
}

/// A title made from a text that has none (al-folio's inline news): its first sentence, at
/// most 120 characters, cut at a word.
pub fn title_from(text: &str) -> String {
    let line = text.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("");
    let sentence = line.split_inclusive(". ").next().unwrap_or(line).trim().trim_end_matches('.');
    if sentence.chars().count() <= 120 {
        return sentence.to_owned();
    }
    let cut: String = sentence.chars().take(120).collect();
    let cut = cut.rsplit_once(' ').map(|(head, _)| head).unwrap_or(&cut);
    format!("{cut}…")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liquid_becomes_markdown_and_unknown_code_is_listed() {
        let mut links = Links::default();
        links.papers.insert("smith2020".to_owned(), "/publications/a-paper".to_owned());
        let converted = liquid(
            "See [the CV]({{ '/assets/pdf/cv.pdf' | relative_url }}) and ![x]({{ site.baseurl }}/images/a.png).\n\
             {% include figure.liquid path=\"assets/img/1.jpg\" title=\"A lab\" class=\"img\" %}\n\
             As shown {% cite smith2020 %}.\n{% include news.liquid limit=true %}\n{% comment %}secret{% endcomment %}{{ page.title }}\n\
             ```liquid\n{% raw %}{{ kept }}{% endraw %}\n```\n",
            &links,
        );
        let md = &converted.markdown;
        assert!(md.contains("[the CV](/assets/pdf/cv.pdf)"), "{md}");
        assert!(md.contains("![x](/images/a.png)"), "{md}");
        assert!(md.contains("![A lab](/assets/img/1.jpg)"), "{md}");
        assert!(md.contains("[smith2020](/publications/a-paper)"), "{md}");
        assert!(!md.contains("secret") && !md.contains("news.liquid") && !md.contains("page.title"), "{md}");
        assert!(md.contains("{% raw %}{{ kept }}{% endraw %}"), "code blocks are left alone: {md}");
        assert_eq!(converted.removed, ["{% include news.liquid limit=true %}", "{{ page.title }}"]);
    }

    #[test]
    fn shortcodes_become_markdown() {
        let converted = shortcodes(
            "{{< figure src=\"/img/a.png\" caption=\"Setup\" >}}\n{{< youtube abc123 >}}\n{{% callout note %}}\nCareful.\n{{% /callout %}}\n\
             [post]({{< ref \"post/2020-01-01-hello.md\" >}}) {{< cta cta_link=\"x\" >}} {{% staticref \"uploads/cv.pdf\" \"newtab\" %}}CV{{% /staticref %}}",
            &Links::default(),
        );
        let md = &converted.markdown;
        assert!(md.contains("![Setup](/img/a.png)"), "{md}");
        assert!(md.contains("https://www.youtube.com/watch?v=abc123"), "{md}");
        assert!(md.contains("> Careful."), "{md}");
        assert!(md.contains("(/blog/2020-01-01-hello)"), "{md}");
        assert!(md.contains("[CV](/uploads/cv.pdf)"), "{md}");
        assert!(!md.contains("{{"), "{md}");
        assert_eq!(converted.removed.len(), 1);
    }

    #[test]
    fn markdown_as_plain_text_keeps_math_and_the_first_link() {
        let plain = plain(
            "<!-- A template comment -->\n\n🎉 Admitted to the [MS](https://iiit.ac.in/) program, **CSE** with $$x^2$$.\n\n1. one\n2. two\n\nmeet me at <a href=\"https://doi.org/10.5194/x\">my poster</a> &amp; more",
        );
        assert_eq!(plain.first_link, Some(("https://iiit.ac.in/".to_owned(), "MS".to_owned())));
        assert_eq!(plain.text, "🎉 Admitted to the MS program, CSE with $$x^2$$.\n\n1. one\n2. two\n\nmeet me at my poster & more");
        assert_eq!(
            super::plain("meet me at <a href=\"https://doi.org/x\">my poster</a>").first_link,
            Some(("https://doi.org/x".to_owned(), "my poster".to_owned()))
        );
    }
}
