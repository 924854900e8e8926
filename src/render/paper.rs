//! The page of one publication, `/publications/<slug>`, and what it adds to `<head>` for the
//! readers of scholarly metadata: Highwire Press `citation_*` tags (Google Scholar, Zotero)
//! and a schema.org `ScholarlyArticle` in JSON-LD (search engines).
//!
//! These tags are written here, from the stored record, and not by the React bundle: they
//! must sit in `<head>` only (Zotero reads `/html/head/meta`, and Scholar wants them on the
//! paper's own page and nowhere else), every value needs the same escaping, and each kind of
//! work needs exactly one venue tag, which the unit tests below pin down per kind.

use serde::Serialize;
use serde_json::{Value, json};
use ts_rs::TS;

use super::SiteInfo;
use crate::citations::{self, Citations};
use crate::content::publications::{self, PublicationKind};
use crate::routes::Route;
use crate::rules::math;

/// A published paper with its references ready to copy.
#[derive(Clone, Debug, Serialize, TS)]
pub struct PaperData {
    pub publication: publications::Model,
    /// IEEE and APA, each a safe HTML fragment made on the server.
    pub citations: Citations,
    /// The BibTeX entry (the stored one for imported papers, else generated).
    pub bibtex: String,
    /// Where the PDF button points: the uploaded file under the paper's own path
    /// (site-relative), else the external PDF link; none without either.
    pub pdf_href: Option<String>,
    /// "Cited by N", with the source and the day of the count, once a source counted it.
    pub cited_by: Option<crate::content::citation_counts::CitedBy>,
    /// "312 views · 87 PDF downloads since December 2026", when the owner shows it and
    /// something was counted.
    pub readership: Option<crate::stats::report::Readership>,
}

impl PaperData {
    /// The paper's page data; `key` is its citation key in the site's exports, `lang` the
    /// page's language (the references' terms and dates).
    pub fn new(publication: publications::Model, key: &str, lang: &str) -> Self {
        let pdf_href = match &publication.pdf_file {
            Some(_) => Some(uploaded_pdf_path(&publication.slug)),
            None => publication.pdf_url.clone(),
        };
        Self {
            citations: citations::format(&publication, lang),
            bibtex: citations::bibtex(&publication, key),
            pdf_href,
            publication,
            cited_by: None,
            readership: None,
        }
    }
}

/// The paper page's path; the canonical address is the site's base URL and this.
pub fn paper_path(slug: &str) -> String {
    Route::Paper(slug).path().into_owned()
}

/// Where an uploaded PDF is served: under the paper's own path, as Google Scholar wants it.
pub fn uploaded_pdf_path(slug: &str) -> String {
    Route::PaperPdf(slug).path().into_owned()
}

/// The `<head>` tags of a paper page: the Highwire Press `citation_*` tags, then the
/// JSON-LD block, its article on `page` (a `WebPage` in the page's language). Title,
/// description, canonical link and OpenGraph come from the bundle's head
/// (`web/src/ssr/head.ts`), as for every page.
pub fn head_tags(paper: &PaperData, site: &SiteInfo, page: Value) -> String {
    let mut html = String::with_capacity(2048);
    for (name, content) in citation_tags(paper, site) {
        html.push_str(&format!("<meta name=\"{name}\" content=\"{}\">\n", super::escape_attribute(&content)));
    }
    html.push_str("<script type=\"application/ld+json\">");
    let mut article = json_ld(paper, site);
    article.as_object_mut().expect("an object").insert("mainEntityOfPage".into(), page);
    html.push_str(&super::escape_json_for_script(&article.to_string()));
    html.push_str("</script>");
    html
}

/// The Highwire Press tags, in the order Google Scholar's guidelines list them. Optional
/// fields are left out when unknown, never sent empty.
pub fn citation_tags(paper: &PaperData, site: &SiteInfo) -> Vec<(&'static str, String)> {
    let p = &paper.publication;
    let mut tags: Vec<(&'static str, String)> = vec![("citation_title", math::to_plain(&p.title))];
    tags.extend(p.authors.0.iter().map(|author| ("citation_author", author.clone())));
    if let Some(year) = p.year {
        tags.push(("citation_publication_date", publication_date(year, p.month, '/')));
    }
    if let Some(venue) = venue_tag(p) {
        tags.push(venue);
    }
    let known = |value: &Option<String>| value.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    if let Some(volume) = known(&p.volume) {
        tags.push(("citation_volume", volume));
    }
    if let Some(issue) = known(&p.issue) {
        tags.push(("citation_issue", issue));
    }
    if let Some((first, last)) = known(&p.pages).as_deref().and_then(page_range) {
        tags.push(("citation_firstpage", first.to_owned()));
        if let Some(last) = last {
            tags.push(("citation_lastpage", last.to_owned()));
        }
    }
    if let Some(doi) = known(&p.doi) {
        tags.push(("citation_doi", doi));
    }
    if let Some(pdf) = scholar_pdf_url(paper, &site.base_url) {
        tags.push(("citation_pdf_url", pdf));
    }
    tags.push(("citation_abstract_html_url", absolute_url(&site.base_url, &paper_path(&p.slug))));
    tags
}

/// Exactly one venue tag, the one that tells Scholar and Zotero what kind of work this is
/// (Zotero's item type follows it). A preprint's server ("arXiv") is written as a journal,
/// as bioRxiv and medRxiv do; a book names its publisher; "other" names its venue as a
/// publisher, so it is not mistaken for a journal article.
fn venue_tag(p: &publications::Model) -> Option<(&'static str, String)> {
    let venue = math::to_plain(p.venue.trim());
    let publisher = p.publisher.as_deref().map(str::trim).filter(|v| !v.is_empty()).map(str::to_owned);
    let (name, value) = match p.kind {
        PublicationKind::JournalArticle | PublicationKind::Preprint => ("citation_journal_title", venue),
        PublicationKind::ConferencePaper => ("citation_conference_title", venue),
        PublicationKind::BookChapter => ("citation_book_title", venue),
        PublicationKind::Thesis => ("citation_dissertation_institution", venue),
        PublicationKind::Report => ("citation_technical_report_institution", venue),
        PublicationKind::Book => ("citation_publisher", publisher.unwrap_or(venue)),
        PublicationKind::Other => ("citation_publisher", venue),
    };
    (!value.is_empty()).then_some((name, value))
}

/// `YYYY` or, with a month, `YYYY<sep>MM` (`2024/03` for Highwire, `2024-03` for ISO 8601).
fn publication_date(year: i32, month: Option<i32>, separator: char) -> String {
    match month.filter(|m| (1..=12).contains(m)) {
        Some(month) => format!("{year:04}{separator}{month:02}"),
        None => format!("{year:04}"),
    }
}

/// The first and (when there is one) last page of `12-34`, `12–34`, `12--34` or `e1234`.
fn page_range(pages: &str) -> Option<(&str, Option<&str>)> {
    let mut parts = pages.split(['-', '–', '—']).map(str::trim).filter(|part| !part.is_empty());
    let first = parts.next()?;
    Some((first, parts.next_back()))
}

/// `citation_pdf_url`: Scholar follows it only to a PDF on the same host as the page, so an
/// uploaded PDF (under the paper's path) always qualifies and an external link only when it
/// points at this site.
fn scholar_pdf_url(paper: &PaperData, base_url: &str) -> Option<String> {
    let href = paper.pdf_href.as_deref()?;
    if href.starts_with('/') {
        return Some(absolute_url(base_url, href));
    }
    (origin(href).eq_ignore_ascii_case(origin(base_url)) && !origin(href).is_empty()).then(|| href.to_owned())
}

/// `scheme://host[:port]` of an absolute URL ("" when it is not one).
fn origin(url: &str) -> &str {
    let Some((_, rest)) = url.split_once("://") else { return "" };
    let end = url.len() - rest.len() + rest.find(['/', '?', '#']).unwrap_or(rest.len());
    &url[..end]
}

pub(crate) fn absolute_url(base_url: &str, path: &str) -> String {
    format!("{}{path}", base_url.trim_end_matches('/'))
}

/// The schema.org `ScholarlyArticle`: what search engines read (Zotero and Scholar do not). It
/// says no `inLanguage`: the paper's language is its own, which Vita does not know, and never
/// the page's (its title and abstract are never translated); the page's is said of its page.
fn json_ld(paper: &PaperData, site: &SiteInfo) -> Value {
    let p = &paper.publication;
    let url = absolute_url(&site.base_url, &paper_path(&p.slug));
    let mut article = json!({
        "@context": "https://schema.org",
        "@type": "ScholarlyArticle",
        "@id": url,
        "url": url,
        "headline": math::to_plain(&p.title),
        "name": math::to_plain(&p.title),
    });
    let fields = article.as_object_mut().expect("an object");
    // An imported paper may name no author (an edited volume): none is said rather than `[]`.
    if !p.authors.0.is_empty() {
        let authors: Vec<_> = p.authors.0.iter().map(|name| json!({ "@type": "Person", "name": name })).collect();
        fields.insert("author".into(), json!(authors));
    }
    if let Some(year) = p.year {
        fields.insert("datePublished".into(), json!(publication_date(year, p.month, '-')));
    }
    if let Some(text) = p.r#abstract.as_deref().filter(|t| !t.trim().is_empty()) {
        fields.insert("abstract".into(), json!(math::to_plain(text)));
    }
    if let Some(part_of) = container(p) {
        fields.insert("isPartOf".into(), part_of);
    }
    if let Some(publisher) = p.publisher.as_deref().filter(|v| !v.trim().is_empty()) {
        fields.insert("publisher".into(), json!({ "@type": "Organization", "name": publisher }));
    }
    if let Some(pages) = p.pages.as_deref().filter(|v| !v.trim().is_empty()) {
        fields.insert("pagination".into(), json!(pages));
        if let Some((first, last)) = page_range(pages) {
            fields.insert("pageStart".into(), json!(first));
            if let Some(last) = last {
                fields.insert("pageEnd".into(), json!(last));
            }
        }
    }
    // Stored bare (`rules::validate::doi`).
    if let Some(doi) = p.doi.as_deref() {
        fields.insert("identifier".into(), json!({ "@type": "PropertyValue", "propertyID": "DOI", "value": doi }));
        fields.insert("sameAs".into(), json!(format!("https://doi.org/{doi}")));
    }
    if let Some(href) = paper.pdf_href.as_deref() {
        let content_url = if href.starts_with('/') { absolute_url(&site.base_url, href) } else { href.to_owned() };
        fields.insert("encoding".into(), json!({ "@type": "MediaObject", "encodingFormat": "application/pdf", "contentUrl": content_url }));
    }
    article
}

/// What the paper appeared in: a journal (with its volume and issue, nested as schema.org
/// recommends), a proceedings or edited book, or the institution of a thesis or report.
fn container(p: &publications::Model) -> Option<Value> {
    let venue = math::to_plain(p.venue.trim());
    if venue.is_empty() {
        return None;
    }
    Some(match p.kind {
        PublicationKind::JournalArticle | PublicationKind::Preprint => {
            let mut part = json!({ "@type": "Periodical", "name": venue });
            if let Some(volume) = p.volume.as_deref().filter(|v| !v.trim().is_empty()) {
                part = json!({ "@type": "PublicationVolume", "volumeNumber": volume, "isPartOf": part });
            }
            if let Some(issue) = p.issue.as_deref().filter(|v| !v.trim().is_empty()) {
                part = json!({ "@type": "PublicationIssue", "issueNumber": issue, "isPartOf": part });
            }
            part
        }
        PublicationKind::ConferencePaper | PublicationKind::BookChapter => json!({ "@type": "Book", "name": venue }),
        PublicationKind::Thesis | PublicationKind::Report => json!({ "@type": "Organization", "name": venue }),
        PublicationKind::Book | PublicationKind::Other => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::{ContentStatus, StringList};
    use chrono::NaiveDate;

    fn site() -> SiteInfo {
        let card_image = crate::render::CardImage { url: "https://vita.example/social-card.png".into(), photo: false };
        SiteInfo {
            owner_name: "Dr. Zoë Ångström".into(),
            base_url: "https://vita.example/".into(),
            today: NaiveDate::MIN,
            card_image,
            menu: Vec::new(),
            lang: "en".into(),
            languages: Vec::new(),
            texts: Default::default(),
        }
    }

    fn paper(kind: PublicationKind) -> PaperData {
        let publication = publications::Model {
            id: uuid::Uuid::nil(),
            title: "Masking </script> RISC-V & \"friends\"".into(),
            slug: "masking-risc-v".into(),
            authors: StringList(vec!["Zoë Ångström".into(), "Çetin Kaya Koç".into()]),
            kind,
            venue: "IEEE Transactions on Computers".into(),
            year: Some(2024),
            month: Some(3),
            r#abstract: Some("We mask processors.".into()),
            pdf_url: None,
            pdf_file: None,
            url: None,
            // As the store keeps it (`rules::validate::doi`).
            doi: Some("10.1109/tc.2024.42".into()),
            pages: Some("101–115".into()),
            volume: Some("73".into()),
            issue: Some("4".into()),
            publisher: Some("IEEE".into()),
            bibtex: None,
            featured: false,
            status: ContentStatus::Published,
            created_at: chrono::DateTime::UNIX_EPOCH,
            updated_at: chrono::DateTime::UNIX_EPOCH,
            tags: Vec::new(),
        };
        PaperData::new(publication, "key", "en")
    }

    fn names(tags: &[(&'static str, String)]) -> Vec<&'static str> {
        tags.iter().map(|(name, _)| *name).collect()
    }

    const VENUE_TAGS: [&str; 6] = [
        "citation_journal_title",
        "citation_conference_title",
        "citation_book_title",
        "citation_dissertation_institution",
        "citation_technical_report_institution",
        "citation_publisher",
    ];

    #[test]
    fn every_kind_has_exactly_one_venue_tag_and_the_right_one() {
        let expected = [
            (PublicationKind::JournalArticle, "citation_journal_title", "IEEE Transactions on Computers"),
            (PublicationKind::ConferencePaper, "citation_conference_title", "IEEE Transactions on Computers"),
            (PublicationKind::Preprint, "citation_journal_title", "IEEE Transactions on Computers"),
            (PublicationKind::Book, "citation_publisher", "IEEE"),
            (PublicationKind::BookChapter, "citation_book_title", "IEEE Transactions on Computers"),
            (PublicationKind::Thesis, "citation_dissertation_institution", "IEEE Transactions on Computers"),
            (PublicationKind::Report, "citation_technical_report_institution", "IEEE Transactions on Computers"),
            (PublicationKind::Other, "citation_publisher", "IEEE Transactions on Computers"),
        ];
        for (kind, tag, value) in expected {
            let tags = citation_tags(&paper(kind), &site());
            let venues: Vec<_> = tags.iter().filter(|(name, _)| VENUE_TAGS.contains(name)).collect();
            assert_eq!(venues, vec![&(tag, value.to_owned())], "{kind:?}");
        }
        // A book without a publisher names its venue instead.
        let mut book = paper(PublicationKind::Book);
        book.publication.publisher = None;
        book.publication.venue = "Springer".into();
        assert!(citation_tags(&book, &site()).contains(&("citation_publisher", "Springer".into())));
    }

    #[test]
    fn the_tags_carry_the_record_in_order() {
        let tags = citation_tags(&paper(PublicationKind::JournalArticle), &site());
        assert_eq!(
            tags,
            vec![
                ("citation_title", "Masking </script> RISC-V & \"friends\"".to_owned()),
                ("citation_author", "Zoë Ångström".into()),
                ("citation_author", "Çetin Kaya Koç".into()),
                ("citation_publication_date", "2024/03".into()),
                ("citation_journal_title", "IEEE Transactions on Computers".into()),
                ("citation_volume", "73".into()),
                ("citation_issue", "4".into()),
                ("citation_firstpage", "101".into()),
                ("citation_lastpage", "115".into()),
                ("citation_doi", "10.1109/tc.2024.42".into()),
                ("citation_abstract_html_url", "https://vita.example/publications/masking-risc-v".into()),
            ]
        );
    }

    #[test]
    fn dates_are_a_year_or_a_year_and_month() {
        let mut p = paper(PublicationKind::Thesis);
        p.publication.month = None;
        assert!(citation_tags(&p, &site()).contains(&("citation_publication_date", "2024".into())));
        p.publication.month = Some(11);
        assert!(citation_tags(&p, &site()).contains(&("citation_publication_date", "2024/11".into())));
        p.publication.month = Some(13); // never stored (the input is checked), never sent
        assert!(citation_tags(&p, &site()).contains(&("citation_publication_date", "2024".into())));
    }

    #[test]
    fn unknown_fields_are_left_out() {
        let mut p = paper(PublicationKind::Report);
        p.publication.volume = None;
        p.publication.issue = Some("  ".into());
        p.publication.pages = None;
        p.publication.doi = None;
        let tags = names(&citation_tags(&p, &site()));
        for absent in ["citation_volume", "citation_issue", "citation_firstpage", "citation_lastpage", "citation_doi", "citation_pdf_url"] {
            assert!(!tags.contains(&absent), "{absent}");
        }
        p.publication.pages = Some("e1234".into());
        let tags = citation_tags(&p, &site());
        assert!(tags.contains(&("citation_firstpage", "e1234".into())));
        assert!(!names(&tags).contains(&"citation_lastpage"));
    }

    #[test]
    fn the_pdf_tag_points_at_this_host_only() {
        let mut p = paper(PublicationKind::ConferencePaper);
        p.pdf_href = Some("https://elsewhere.example/paper.pdf".into());
        assert!(!names(&citation_tags(&p, &site())).contains(&"citation_pdf_url"));
        p.pdf_href = Some("https://vita.example.evil/paper.pdf".into());
        assert!(!names(&citation_tags(&p, &site())).contains(&"citation_pdf_url"));
        p.pdf_href = Some("https://VITA.example/files/paper.pdf".into());
        assert!(citation_tags(&p, &site()).contains(&("citation_pdf_url", "https://VITA.example/files/paper.pdf".into())));
        // An uploaded PDF: absolute, under the paper's own path.
        p.publication.pdf_file = Some("stored-name.pdf".into());
        let uploaded = PaperData::new(p.publication.clone(), "key", "en");
        assert_eq!(uploaded.pdf_href.as_deref(), Some("/publications/masking-risc-v/masking-risc-v.pdf"));
        assert!(
            citation_tags(&uploaded, &site())
                .contains(&("citation_pdf_url", "https://vita.example/publications/masking-risc-v/masking-risc-v.pdf".into()))
        );
    }

    #[test]
    fn the_head_escapes_attributes_and_the_json_ld_cannot_close_its_script() {
        let german = SiteInfo { lang: "de".into(), ..site() };
        let page = crate::render::web_page(&german, "/de/publications/masking-risc-v");
        let head = head_tags(&paper(PublicationKind::JournalArticle), &german, page);
        assert!(head.contains(r#"<meta name="citation_title" content="Masking &lt;/script&gt; RISC-V &amp; &quot;friends&quot;">"#));
        assert_eq!(head.matches("</script>").count(), 1, "only the JSON-LD block's own end tag: {head}");
        let json = head.split_once("<script type=\"application/ld+json\">").unwrap().1.trim_end_matches("</script>");
        let ld: Value = serde_json::from_str(json).unwrap();
        assert_eq!(ld["@type"], "ScholarlyArticle");
        assert_eq!(ld["headline"], "Masking </script> RISC-V & \"friends\"");
        assert_eq!(ld["author"][1]["name"], "Çetin Kaya Koç");
        assert_eq!(ld["datePublished"], "2024-03");
        assert_eq!(ld["url"], "https://vita.example/publications/masking-risc-v");
        assert_eq!(ld["isPartOf"]["issueNumber"], "4");
        assert_eq!(ld["isPartOf"]["isPartOf"]["volumeNumber"], "73");
        assert_eq!(ld["isPartOf"]["isPartOf"]["isPartOf"]["name"], "IEEE Transactions on Computers");
        assert_eq!(ld["sameAs"], "https://doi.org/10.1109/tc.2024.42");
        assert!(ld.get("inLanguage").is_none(), "the paper's own language is not the page's");
        let page = &ld["mainEntityOfPage"];
        assert_eq!((&page["@type"], &page["inLanguage"]), (&json!("WebPage"), &json!("de")), "the page says its language");
        assert_eq!(page["url"], "https://vita.example/de/publications/masking-risc-v");
    }
}
