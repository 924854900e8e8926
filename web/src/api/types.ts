// Generated from the Rust types by `VITA_UPDATE_TYPES=1 cargo test types`. Do not edit.

export type ErrorBody = { error: ErrorDetail, };

export type ErrorDetail = { code: string, message: string, fields?: FieldErrors, 
/**
 * The stored item a conflict is with (`AppError::Conflict`).
 */
existing?: Existing, };

export type Existing = { id: string, slug: string, title: string, };

export type FieldErrors = Record<string, string>;

export type StringList = Array<string>;

export type ContentStatus = "published" | "draft";

export type User = { id: string, email: string, };

export type SessionInfo = { user: User, expires_at: string, };

export type SignInRequest = { email?: string | null, password?: string | null, };

export type SignOutScope = "local" | "others" | "global";

export type SetupRequest = { email: string, password: string, password_confirmation: string, 
/**
 * The one-time token of the setup link that `vita serve` printed (see `SetupToken`).
 */
token: string, };

export type SetupStatus = { setup_needed: boolean, };

export type ChangePasswordRequest = { current_password: string, new_password: string, };

export type SessionSummary = { id: string, created_at: string, last_seen_at: string, user_agent: string | null, ip: string | null, 
/**
 * The session making this request.
 */
current: boolean, };

export type SignInResponse = SessionInfo | SecondFactorChallenge;

export type SecondFactorChallenge = { 
/**
 * Sent back with the code (`SecondFactorSignInRequest`); works once, until `expires_at`.
 */
second_factor_token: string, expires_at: string, };

export type SecondFactorSignInRequest = { second_factor_token: string, code: string, };

export type SecondFactorSignIn = { 
/**
 * After a recovery code: how many are left.
 */
recovery_codes_left: number | null, user: User, expires_at: string, };

export type SecondFactorStatus = { enabled: boolean, recovery_codes_left: number, };

export type StartEnrolmentRequest = { password: string, };

export type Enrolment = { 
/**
 * Base32, for typing into an app that cannot scan.
 */
secret: string, 
/**
 * The `otpauth://` address the QR code holds.
 */
otpauth_url: string, 
/**
 * The QR code, an SVG document.
 */
qr_svg: string, };

export type CodeRequest = { code: string, };

export type RecoveryCodes = { recovery_codes: Array<string>, };

export type DisableRequest = { password: string, code: string, };

export type Confirmation = { current_password: string, 
/**
 * A code from the app or a recovery code, when the second factor is on.
 */
code: string, };

export type SectionRecord<T> = { section: string, content: T, updated_at: string | null, };

export type HeroContent = { name: string, title: string, institution: string, bio: string, profile_image_url: string, profile_image_alt: string, google_scholar_url: string, cv_url: string, phone: string, website_url: string, linkedin_url: string, };

export type StatsContent = { publications_label: string, publications_description: string, students_label: string, students_description: string, courses_label: string, courses_description: string, research_areas_label: string, research_areas_description: string, };

export type AboutContent = { title: string, bio: string, background: string, research_interests: string, education: string, experience: string, awards: string, leadership: string, service: string, personal: string, education_source: AboutBlockSource, 
/**
 * The CV's appointments.
 */
experience_source: AboutBlockSource, awards_source: AboutBlockSource, service_source: AboutBlockSource, };

export type AboutBlockSource = "text" | "cv";

export type ContactContent = { title: string, subtitle: string, office_address: string, mailing_address: string, phone: string, email: string, office_hours: string, additional_info: string, };

export type PublicationKind = "journal-article" | "conference-paper" | "preprint" | "book" | "book-chapter" | "thesis" | "report" | "other";

export type CourseTerm = "spring" | "summer" | "fall" | "winter";

export type CourseRole = "instructor" | "co-instructor" | "lecturer" | "teaching-assistant";

export type StudentLevel = "bachelor" | "master" | "phd";

export type StudentStatus = "current" | "graduated";

export type TalkType = "invited" | "keynote" | "conference" | "workshop" | "seminar" | "webinar";

export type ServiceKind = "committee" | "editorial-board" | "reviewing" | "other";

export type Photo = { 
/**
 * The JPEG of the `<img>` (the variant closest to 640 px wide).
 */
src: string, 
/**
 * The picture's width and height (its aspect ratio: a frame's `sizes` needs it).
 */
width: number, height: number, 
/**
 * `srcset` of the WebP `<source>` and of the JPEG `<img>`: "url 160w, url 320w, …".
 */
webp: string, jpeg: string, 
/**
 * The widest JPEG, absolute path: what link previews and JSON-LD name.
 */
largest: string, };

export type CardImage = { 
/**
 * Absolute address.
 */
url: string, 
/**
 * The owner's photo (shown as a small card) rather than the wide default image.
 */
photo: boolean, };

export type SiteInfo = { owner_name: string, base_url: string, 
/**
 * The server's date when the page was rendered (`YYYY-MM-DD`): pages compute relative
 * dates ("Soon") from it, so the server and the browser render the same thing.
 */
today: string, 
/**
 * What link previews show for every page (`og:image`).
 */
card_image: CardImage, 
/**
 * The navigation bar's links, in order (`menu::links`).
 */
menu: Array<MenuLink>, 
/**
 * The page's language (a BCP 47 tag such as `en` or `zh-Hans`): `<html lang>`, the
 * interface's words, dates and citations follow it.
 */
lang: string, 
/**
 * The owner's wording of fixed sentences, by key (`content::sentences`); a page shows the
 * default of any other (`web/src/public/sentences.ts`).
 */
texts: { [key in string]: string }, 
/**
 * The page in each of the site's languages, the default first (one entry on a site with
 * one language): the language switcher links them, and `<head>` tells search engines
 * which are real translations (canonical, `hreflang`).
 */
languages: Array<LanguageVersion>, };

export type HomeData = { hero: HeroContent, 
/**
 * What the hero's "Download CV" button opens ("" for no button): the uploaded CV or
 * /cv.pdf, as the settings choose.
 */
cv_link: string, 
/**
 * The hero's photo in its sizes, when it is a photo uploaded with variants.
 */
portrait: Photo | null, stats: HomeStats, research_areas: Array<ResearchArea>, featured_projects: Array<Project>, latest_news: Array<NewsItem>, featured_publications: Array<Publication>, };

export type HomeStats = { labels: StatsContent, publications: number, students: number, courses: number, research_areas: number, };

export type AboutPage = { content: AboutContent, stored: boolean, cv: AboutCvLists, };

export type AboutCvLists = { education: Array<CvEntry> | null, 
/**
 * The appointments.
 */
experience: Array<CvEntry> | null, awards: Array<CvEntry> | null, service: Array<CvEntry> | null, };

export type SectionPage<T> = { content: T, stored: boolean, };

export type Pagination = { 
/**
 * From 1.
 */
page: number, 
/**
 * At least 1: an empty list is one page with the empty message.
 */
pages: number, };

export type PublicationFilters = { kind: PublicationKind | null, year: number | null, 
/**
 * A tag's slug; a slug no tag has is dropped when the page is read.
 */
tag: string | null, 
/**
 * Trimmed, with runs of whitespace made one space.
 */
q: string | null, };

export type PublicationsData = { publications: Array<Publication>, pagination: Pagination, 
/**
 * The owner's Google Scholar profile, "" when not set.
 */
scholar_url: string, 
/**
 * The filters that applied (`?kind=&year=&tag=&q=`), shown with a link removing each.
 */
filters: PublicationFilters, 
/**
 * The filter form's choices: every tag, and the years that have published papers.
 */
tags: Array<Tag>, years: Array<number>, 
/**
 * With the owner's "show citation counts on Publications" on: each listed paper's count
 * (by its id) and the total.
 */
citations: ListedCitations | null, };

export type ListedCitations = { total: number, papers: { [key in string]: CitedBy }, };

export type TagPageData = { tag: Tag, publications: Array<Publication>, projects: Array<Project>, talks: Array<Talk>, news: Array<NewsItem>, posts: Array<PublicPost>, pagination: Pagination, };

export type CvData = { document: CvDocument, 
/**
 * What "Download PDF" links to: /cv.pdf, or the uploaded CV (the hero's `cv_url`) when
 * the settings choose it and there is one.
 */
pdf_url: string, };

export type CvDocument = { sections: Array<CvSection>, };

export type CvSection = { 
/**
 * The section's name in the page's anchors (`cv-<id>`): "appointments", "other-<uuid>".
 */
id: string, title: string, 
/**
 * The title's language when it is not the page's (a free section's title the owner has
 * not translated into it).
 */
lang?: string, parts: Array<CvPart>, };

export type CvPart = { "kind": "entries", heading: string | null, entries: Array<CvEntry>, } | { "kind": "references", heading: string, numbered: boolean, references: Array<CvReference>, } | { "kind": "rich_text", html: string, 
/**
 * Its language when it is not the page's.
 */
lang?: string, };

export type CvEntry = { id: string, 
/**
 * "2019–present", "2012", "Spring 2024"; empty for a project without dates.
 */
when: string, 
/**
 * The first names the item; a line an optional field left empty is left out.
 */
lines: Array<CvLine>, };

export type CvLine = { style: CvLineStyle, texts: Array<CvText>, };

export type CvLineStyle = "strong" | "plain" | "muted";

export type CvText = { text: string, 
/**
 * May hold TeX math (`$H_0$`).
 */
math: boolean, 
/**
 * In the normal weight after a strong line's text (a student's level); the page greys it.
 */
aside: boolean, 
/**
 * The site's page it links to on /cv (a project's); the PDF stands alone, without it.
 */
link: string | null, 
/**
 * Its language when it is not the page's (an owner's text not translated into it).
 */
lang?: string, };

export type CvReference = { id: string, slug: string, 
/**
 * The title as plain text (math as Unicode), naming the link to its page.
 */
title: string, html: string, };

export type Citations = { ieee: string, apa: string, };

export type CitedBy = { count: number, 
/**
 * "OpenAlex" or "Crossref".
 */
source: string, 
/**
 * `YYYY-MM-DD`, the day the source was asked.
 */
counted_on: string, };

export type PaperData = { publication: Publication, 
/**
 * IEEE and APA, each a safe HTML fragment made on the server.
 */
citations: Citations, 
/**
 * The BibTeX entry (the stored one for imported papers, else generated).
 */
bibtex: string, 
/**
 * Where the PDF button points: the uploaded file under the paper's own path
 * (site-relative), else the external PDF link; none without either.
 */
pdf_href: string | null, 
/**
 * "Cited by N", with the source and the day of the count, once a source counted it.
 */
cited_by: CitedBy | null, 
/**
 * "312 views · 87 PDF downloads since December 2026", when the owner shows it and
 * something was counted.
 */
readership: Readership | null, };

export type PublicPost = { cover: Photo | null, id: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string, 
/**
 * Sent empty: today.
 */
date: string, 
/**
 * A sentence or two for the list, the feeds and link previews.
 */
summary: string | null, 
/**
 * Rich text (HTML), sanitised before it is stored.
 */
content: string | null, 
/**
 * An image's address: an upload here (`/files/…`) or a URL.
 */
cover_image: string | null, featured: boolean, status: ContentStatus, created_at: string, updated_at: string, 
/**
 * Its tags, by name: kept in its join table (`TAG_LINKS`), filled in by every
 * read (`tagging::attach`).
 */
tags: Array<Tag>, };

export type PublicStudent = { id: string, name: string, level: StudentLevel, status: StudentStatus, bio: string | null, thesis_title: string | null, start_year: number, graduation_year: number | null, current_position: string | null, linkedin_url: string | null, website_url: string | null, profile_image_url: string | null, 
/**
 * The photo in its sizes, when it is one uploaded with variants.
 */
photo: Photo | null, };

export type PageData = { "page": "home", "data": HomeData } | { "page": "about", "data": AboutPage } | { "page": "research", "data": { areas: Array<ResearchArea>, } } | { "page": "publications", "data": PublicationsData } | { "page": "paper", "data": PaperData } | { "page": "projects", "data": { projects: Array<Project>, pagination: Pagination, } } | { "page": "teaching", "data": { courses: Array<Course>, pagination: Pagination, } } | { "page": "students", "data": { students: Array<PublicStudent>, pagination: Pagination, } } | { "page": "talks", "data": { talks: Array<Talk>, pagination: Pagination, } } | { "page": "blog", "data": { posts: Array<PublicPost>, pagination: Pagination, } } | { "page": "post", "data": PublicPost } | { "page": "open_calls", "data": { calls: Array<OpenCall>, pagination: Pagination, } } | { "page": "contact", "data": SectionPage<ContactContent> } | { "page": "news", "data": { items: Array<NewsItem>, pagination: Pagination, } } | { "page": "tag", "data": TagPageData } | { "page": "cv", "data": CvData } | { "page": "not_found" };

export type RenderInput = { path: string, site: SiteInfo, page: PageData, 
/**
 * The texts of `page` shown in another language than the page's, with their language
 * (`TextLangs`): the components mark them with `lang`.
 */
text_langs: Record<string, string>, };

export type PublicPage = "home" | "about" | "research" | "publications" | "projects" | "teaching" | "students" | "talks" | "blog" | "open_calls" | "contact" | "news" | "cv";

export type MenuLink = { href: string, label: string, };

export type LanguageVersion = { 
/**
 * The BCP 47 tag (`de`).
 */
lang: string, 
/**
 * The language's name in itself (`Deutsch`): what the language switcher shows.
 */
name: string, 
/**
 * The start of the language's addresses: "" for the default, `/de` for the others.
 */
prefix: string, 
/**
 * The page's address in the language, with the page number of a long list's page after
 * the first (`/de/news?page=2`).
 */
path: string, 
/**
 * A real translation (always, for the default language); false for a page shown wholly
 * in the fallback language, which search engines are not told about.
 */
translated: boolean, };

export type MenuItem = { "kind": "page", page: PublicPage, shown: boolean, } | { "kind": "link", label: string, url: string, };

export type Menu = Array<MenuItem>;

export type MenuPage = { page: PublicPage, label: string, path: string, 
/**
 * Whether "Hide sections with nothing published" can leave it out.
 */
can_be_empty: boolean, };

export type Languages = Array<string>;

export type CitationStyle = "ieee" | "apa";

export type PaperSize = "a4" | "us-letter";

export type CvButton = "uploaded" | "generated";

export type Statistics = "visitors" | "views" | "off";

export type RetentionMonths = number;

export type SiteSettings = { 
/**
 * A visitor-counter or analytics script, loaded on the home page only ("" for none):
 * from one of `ANALYTICS_PROVIDERS`, or from `analytics_own_origin`.
 */
analytics_script_url: string, 
/**
 * An origin (`https://stats.example.org`) the owner declares their own, for a self-hosted
 * counter: scripts from it are allowed too ("" for none). The admin shows a warning.
 */
analytics_own_origin: string, 
/**
 * The spec keeps the student list for signed-in users; this shows it to every visitor
 * (never with e-mail addresses).
 */
show_students_publicly: boolean, 
/**
 * The owner's ORCID iD (`0000-0002-1825-0097`, "" for none): the admin's "Import from
 * ORCID" reads its works, and a daily check lists the new ones on the dashboard.
 */
orcid_id: string, 
/**
 * An OpenAlex API key ("" for none): citation counts by year from OpenAlex. Without one,
 * Crossref's counts are used. Only the owner reads it (`GET /api/settings`).
 */
openalex_api_key: string, 
/**
 * Shows each paper's citation count on /publications, with the total (off by default;
 * the paper pages always show theirs).
 */
show_citation_counts: boolean, 
/**
 * The reference style of the publications on /cv and /cv.pdf (issue 28).
 */
cv_citation_style: CitationStyle, 
/**
 * The paper /cv.pdf is set on.
 */
cv_paper_size: PaperSize, 
/**
 * What the home page's "Download CV" button and the "Download PDF" link of /cv open.
 */
cv_button: CvButton, 
/**
 * What the server counts of its readers, with no cookie and no script (issue 43,
 * `crate::stats`).
 */
statistics: Statistics, 
/**
 * Months the counts per page and per source are kept; the daily totals and the downloads
 * per file are kept for good.
 */
statistics_retention_months: RetentionMonths, 
/**
 * A public line on each paper's page, "312 views · 87 PDF downloads since December 2026"
 * (`stats::report::readership`): off by default, and shown only while `statistics` counts.
 */
show_paper_statistics: boolean, 
/**
 * The public menu, in order (issue 44): every page of the site once, shown or not, and
 * the owner's own links.
 */
menu: Menu, 
/**
 * Leaves out of the menu a list page with nothing published (`MenuItem::can_be_empty`).
 */
hide_empty_sections: boolean, 
/**
 * The owner's own wording of fixed public sentences, by key (`content::sentences`,
 * issue 44): a sentence not here reads as the site came. Written through
 * `PUT /api/settings/texts` (`save_texts`), a page's sentences at a time.
 */
texts: { [key in string]: string }, 
/**
 * The site's languages (issue 45), BCP 47 tags in their canonical case: the first is the
 * default, served at `/`; each other one has every page under `/<tag>/…`
 * (`crate::languages`). Settings stored before languages existed read as `["en"]`.
 */
languages: Languages, };

export type SiteSettingsView = { 
/**
 * The providers whose scripts are accepted: name and script origin.
 */
analytics_providers: Array<[string, string]>, analytics_warning: string | null, 
/**
 * The origin of the script the home page loads, and since when (the dashboard shows it).
 */
analytics_script: ScriptSince | null, 
/**
 * The site's pages with their menu labels, for the Navigation card.
 */
menu_pages: Array<MenuPage>, 
/**
 * What "Reset to the default menu" puts back.
 */
default_menu: Menu, 
/**
 * Each of `languages` with its name in itself (`["de", "Deutsch"]`): the admin's
 * language tabs on translatable fields.
 */
language_names: Array<[string, string]>, 
/**
 * A visitor-counter or analytics script, loaded on the home page only ("" for none):
 * from one of `ANALYTICS_PROVIDERS`, or from `analytics_own_origin`.
 */
analytics_script_url: string, 
/**
 * An origin (`https://stats.example.org`) the owner declares their own, for a self-hosted
 * counter: scripts from it are allowed too ("" for none). The admin shows a warning.
 */
analytics_own_origin: string, 
/**
 * The spec keeps the student list for signed-in users; this shows it to every visitor
 * (never with e-mail addresses).
 */
show_students_publicly: boolean, 
/**
 * The owner's ORCID iD (`0000-0002-1825-0097`, "" for none): the admin's "Import from
 * ORCID" reads its works, and a daily check lists the new ones on the dashboard.
 */
orcid_id: string, 
/**
 * An OpenAlex API key ("" for none): citation counts by year from OpenAlex. Without one,
 * Crossref's counts are used. Only the owner reads it (`GET /api/settings`).
 */
openalex_api_key: string, 
/**
 * Shows each paper's citation count on /publications, with the total (off by default;
 * the paper pages always show theirs).
 */
show_citation_counts: boolean, 
/**
 * The reference style of the publications on /cv and /cv.pdf (issue 28).
 */
cv_citation_style: CitationStyle, 
/**
 * The paper /cv.pdf is set on.
 */
cv_paper_size: PaperSize, 
/**
 * What the home page's "Download CV" button and the "Download PDF" link of /cv open.
 */
cv_button: CvButton, 
/**
 * What the server counts of its readers, with no cookie and no script (issue 43,
 * `crate::stats`).
 */
statistics: Statistics, 
/**
 * Months the counts per page and per source are kept; the daily totals and the downloads
 * per file are kept for good.
 */
statistics_retention_months: RetentionMonths, 
/**
 * A public line on each paper's page, "312 views · 87 PDF downloads since December 2026"
 * (`stats::report::readership`): off by default, and shown only while `statistics` counts.
 */
show_paper_statistics: boolean, 
/**
 * The public menu, in order (issue 44): every page of the site once, shown or not, and
 * the owner's own links.
 */
menu: Menu, 
/**
 * Leaves out of the menu a list page with nothing published (`MenuItem::can_be_empty`).
 */
hide_empty_sections: boolean, 
/**
 * The owner's own wording of fixed public sentences, by key (`content::sentences`,
 * issue 44): a sentence not here reads as the site came. Written through
 * `PUT /api/settings/texts` (`save_texts`), a page's sentences at a time.
 */
texts: { [key in string]: string }, 
/**
 * The site's languages (issue 45), BCP 47 tags in their canonical case: the first is the
 * default, served at `/`; each other one has every page under `/<tag>/…`
 * (`crate::languages`). Settings stored before languages existed read as `["en"]`.
 */
languages: Languages, };

export type ScriptSince = { origin: string, since: string, };

export type Sentence = { 
/**
 * `<page>.<name>`: `home.featured_publications_intro`.
 */
key: string, 
/**
 * The public page it is read on, which is the admin screen it is edited under: `home`.
 */
page: string, 
/**
 * Where on the page it stands, as the admin names it.
 */
label: string, 
/**
 * The words the site came with: the English catalogue's.
 */
default: string, 
/**
 * Whether its default says something of the sample owner that a real one may not share
 * (their field): the dashboard lists it while the site shows it.
 */
sample: boolean, };

export type UploadedFile = { bucket: string, name: string, 
/**
 * The public URL to store in the content field.
 */
url: string, content_type: string, 
/**
 * Bytes; uploads are at most 50 MB, so a JSON number holds it exactly.
 */
size: number, };

export type EntryStatus = "new" | "duplicate" | "invalid";

export type ImportedPublication = { title: string, authors: Array<string>, kind: PublicationKind, venue: string, 
/**
 * None when the entry names no year ("submitted", a manual): the paper is stored undated.
 * A work read from ORCID or a DOI agency without a date has 0, which the year rule
 * refuses, so the owner gives it one in the preview (`PreviewEntry::needs_year`).
 */
year: number | null, month: number | null, volume: string | null, issue: string | null, pages: string | null, publisher: string | null, doi: string | null, url: string | null, pdf_url: string | null, abstract: string | null, 
/**
 * Shown on the home page: al-folio's `selected = {true}`.
 */
featured: boolean, };

export type DuplicateOf = { title: string, id: string | null, line: number | null, };

export type PreviewEntry = { 
/**
 * Position among the file's entries, from 0: what the import request names.
 */
index: number, 
/**
 * 1-based line of the entry's `@`.
 */
line: number, key: string | null, status: EntryStatus, 
/**
 * The mapped fields, for new entries and duplicates.
 */
publication: ImportedPublication | null, 
/**
 * Why an entry is invalid.
 */
reason: string | null, duplicate_of: DuplicateOf | null, 
/**
 * A warning that does not stop the import: a citation key used by an earlier entry.
 */
note: string | null, 
/**
 * The entry says no year (an ORCID work without a publication date): invalid as it is,
 * it can be imported once the owner gives it one (`OrcidImportRequest::years`).
 */
needs_year: boolean, };

export type ImportPreview = { entries: Array<PreviewEntry>, new: number, duplicates: number, invalid: number, };

export type ImportRequest = { bibtex: string, import: Array<number>, update: Array<number>, 
/**
 * The chosen file's name, which the import's record shows; pasted text has none.
 */
file_name?: string, };

export type ImportOutcome = { imported: number, updated: number, skipped: number, 
/**
 * "12 publications imported, 3 skipped": the toast and the command line's last line.
 */
message: string, };

export type CertificateStatus = { domains: Array<string>, expires_at: string | null, last_error: string | null, };

export type DoiLookupRequest = { 
/**
 * A bare DOI, `doi:…` or a doi.org link.
 */
doi: string, };

export type DoiRecord = { publication: ImportedPublication, 
/**
 * The BibTeX its agency gives (doi.org content negotiation), when it gives one.
 */
bibtex: string | null, 
/**
 * "Crossref", or "doi.org" for the other agencies.
 */
source: string, };

export type DoiLookup = { record: DoiRecord, duplicate_of: DuplicateOf | null, };

export type OrcidPreviewRequest = { 
/**
 * The iD to read; the one in the settings when left out.
 */
orcid_id?: string, };

export type OrcidImportRequest = { orcid_id: string | null, 
/**
 * The previewed works to add, by `index`.
 */
import: Array<number>, 
/**
 * The years the owner gave works that have none (the preview's `needs_year`), by `index`.
 */
years: Array<GivenYear>, };

export type GivenYear = { index: number, year: number, };

export type YearCount = { year: number, count: number, };

export type CitationSummary = { total: number, h_index: number, 
/**
 * Papers that a source counted.
 */
papers_counted: number, 
/**
 * Citations per year over all papers (OpenAlex's counts by year; empty without them).
 */
per_year: Array<YearCount>, 
/**
 * The newest count's day, `YYYY-MM-DD`.
 */
counted_on: string | null, };

export type SourceStatus = { name: string, last_run_at: string | null, last_success_at: string | null, last_error: string | null, last_error_at: string | null, };

export type OrcidCheck = { orcid_id: string, new_works: number, 
/**
 * The new works' titles, the first twenty.
 */
titles: Array<string>, };

export type ScholarlyDashboard = { citations: CitationSummary, sources: Array<SourceStatus>, 
/**
 * The daily ORCID check's last result for the iD set now.
 */
orcid: OrcidCheck | null, 
/**
 * Whether Vita may call the sources (`--no-outside-calls` turns it off).
 */
outside_calls: boolean, };

export type Report = { 
/**
 * Every day of the span, oldest first (zeros where nothing was counted).
 */
days: Array<DayFigures>, 
/**
 * Pages by views, most first.
 */
pages: Array<PageFigures>, 
/**
 * Paper PDFs and /cv.pdf by downloads, most first.
 */
downloads: Array<FileFigures>, 
/**
 * Where visitors came from, most first.
 */
sources: Array<SourceFigures>, 
/**
 * The latest figure of each feed reader in the span, summed.
 */
feed_subscribers: number, };

export type DayFigures = { date: string, visitors: number, views: number, downloads: number, };

export type PageFigures = { path: string, views: number, visitors: number, };

export type FileFigures = { path: string, 
/**
 * The paper's title ("CV" for /cv.pdf; the path of a paper no longer there).
 */
title: string, downloads: number, unique_downloads: number, };

export type SourceFigures = { source: string, visitors: number, };

export type Readership = { views: number, 
/**
 * `None` for a paper without an uploaded PDF: a PDF elsewhere is not served, so not counted.
 */
downloads: number | null, 
/**
 * The first day either was counted.
 */
since: string, };

export type SiteGenerator = "alfolio" | "hugo" | "academicpages";

export type SiteKind = "owner" | "about" | "publication" | "news" | "project" | "talk" | "course" | "post" | "cv-education" | "cv-appointment" | "cv-section";

export type SiteOutcome = { "outcome": "created" } | { "outcome": "updated" } | { "outcome": "unchanged" } | { "outcome": "duplicate", "reason": string } | { "outcome": "conflict" } | { "outcome": "skipped", "reason": string } | { "outcome": "error", "reason": string };

export type SiteItemReport = { kind: SiteKind, source: string, title: string, date: string | null, } & ({ "outcome": "created" } | { "outcome": "updated" } | { "outcome": "unchanged" } | { "outcome": "duplicate", "reason": string } | { "outcome": "conflict" } | { "outcome": "skipped", "reason": string } | { "outcome": "error", "reason": string });

export type SiteCounts = { created: number, updated: number, unchanged: number, duplicates: number, conflicts: number, skipped: number, errors: number, };

export type SiteProblem = { 
/**
 * The kind of item the file would have been, when known.
 */
kind: SiteKind | null, file: string, line: number, message: string, };

export type SiteMedia = { 
/**
 * Where it is in the site (as referred to, when it is missing).
 */
path: string, 
/**
 * The reference as the content file writes it (`/img/a.png`, `a.png`): what an import
 * rewrites to the stored file's address.
 */
reference: string, from: string, found: boolean, };

export type SiteSocial = { 
/**
 * The site's own key (`scholar_userid`, `github`, an icon name).
 */
key: string, url: string, };

export type SiteImportReport = { generator: SiteGenerator, dry_run: boolean, items: Array<SiteItemReport>, problems: Array<SiteProblem>, removed: Array<[string, string]>, media: Array<SiteMedia>, social: Array<SiteSocial>, 
/**
 * The social links placed in the hero (the others are listed only).
 */
social_placed: Array<string>, };

export type SiteKindCounts = { kind: SiteKind, heading: string, counts: SiteCounts, };

export type SiteImportAnswer = { 
/**
 * The upload to import (`POST /api/site-import/<token>`); null once imported.
 */
token: string | null, 
/**
 * Which generator read the site and why, as the command prints it.
 */
detection: string, 
/**
 * Each kind's numbers, in the preview's order, with its heading.
 */
counts: Array<SiteKindCounts>, report: SiteImportReport, };

export type BulkAction = "delete" | "publish" | "unpublish" | "tag";

export type BulkRequest = { action: BulkAction, ids: Array<string>, 
/**
 * The tag to add: only with `tag`.
 */
tag?: string, };

export type UndoToken = { undo: string, };

export type ImportKind = "bibtex" | "orcid" | "doi" | "site";

export type ImportSummary = { id: string, kind: ImportKind, label: string, created_at: string, 
/**
 * The papers it added.
 */
imported: number, 
/**
 * Those still stored.
 */
papers: number, 
/**
 * Those of `papers` changed since (a removal keeps them).
 */
edited: number, };

export type KeptPaper = { id: string, title: string, };

export type ImportRemoval = { 
/**
 * Takes the removal back (`POST /api/admin/undo/<undo>`); none when nothing was removed.
 */
undo: string | null, removed: number, 
/**
 * The papers changed since the import, left stored.
 */
kept: Array<KeptPaper>, };

export type SampleText = { 
/**
 * Which text, for good: the section and the field (`hero.name`).
 */
key: string, 
/**
 * Where the owner reads it in the admin: "Homepage: hero", "About page".
 */
place: string, 
/**
 * The field, as its form names it: "Name", "Short bio".
 */
label: string, 
/**
 * What visitors read.
 */
text: string, 
/**
 * The admin screen that edits it (`/admin/homepage`).
 */
edit_path: string, };

export type TranslationKind = "hero" | "about" | "contact" | "stats" | "research_area" | "project" | "news" | "talk" | "course" | "post" | "cv_appointment" | "cv_education" | "cv_award" | "cv_grant" | "cv_service" | "cv_other";

export type TextFormat = "short" | "long" | "html";

export type TranslationStatus = "untranslated" | "outdated" | "done";

export type TranslatableText = { kind: TranslationKind, item_id: string, 
/**
 * What the item is called: its title or name, or the page text's name ("Hero").
 */
item_label: string, 
/**
 * The kind in words ("research area").
 */
noun: string, field: string, 
/**
 * The field in words ("Research interests").
 */
field_label: string, format: TextFormat, 
/**
 * The text in the items' own language.
 */
source: string, translation: string | null, status: TranslationStatus, };

export type TranslationList = { lang: string, 
/**
 * The language the items are written in.
 */
source_lang: string, texts: Array<TranslatableText>, };

export type TranslationInput = { text: string, };

export type OutdatedCount = { lang: string, outdated: number, };

export type Translation = { 
/**
 * The item's kind (`TranslationKind::key`).
 */
kind: string, 
/**
 * The item's id, or the section's key for a page text (`hero`).
 */
item_id: string, field: string, 
/**
 * A BCP 47 tag in its usual case (`zh-Hans`, `pt-BR`).
 */
lang: string, text: string, 
/**
 * `source_hash` of the source text the translation was made from (or reviewed against).
 */
source_hash: string, updated_at: string, };

export type NewsItem = { id: string, title: string, content: string, 
/**
 * Sent empty: today.
 */
date: string, link_url: string | null, link_text: string | null, featured: boolean, status: ContentStatus, created_at: string, updated_at: string, 
/**
 * Its tags, by name: kept in its join table (`TAG_LINKS`), filled in by every
 * read (`tagging::attach`).
 */
tags: Array<Tag>, };

export type NewsItemInput = { title: string, content: string, 
/**
 * Sent empty: today.
 */
date: string | null, link_url: string | null, link_text: string | null, featured: boolean, status: ContentStatus, 
/**
 * The ids of its tags; an unknown one is refused.
 */
tag_ids: Array<string>, };

export type Publication = { id: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string, 
/**
 * Empty rows are dropped on save; at least one must remain. Empty only for an imported
 * entry that names no author (an edited volume, a manual): stored as the source has
 * it rather than with an invented name (issue 41, item 17), as a venue is; the admin
 * form still asks for one whenever the owner saves the paper.
 */
authors: StringList, kind: PublicationKind, 
/**
 * May be empty: an imported entry that names no venue is stored without one rather
 * than with an invented one (issue 27, item 6). The admin form still asks for one
 * whenever the owner saves the paper (`web/src/admin/entities/publications/schema.ts`).
 */
venue: string, 
/**
 * Sent empty: the current year. None only for an imported entry that names no year
 * ("submitted", a manual): such a paper lists after the dated ones and cites as
 * undated; the admin form asks for a year whenever the owner saves it.
 */
year: number | null, 
/**
 * 1 to 12, when known.
 */
month: number | null, abstract: string | null, pdf_url: string | null, 
/**
 * The uploaded PDF: the `name` an upload to the `paper-pdfs` bucket answered, served at
 * `/publications/<slug>/<slug>.pdf` while the paper is published.
 */
pdf_file: string | null, url: string | null, 
/**
 * Bare and lower case (`rules::validate::doi`), however it was typed.
 */
doi: string | null, pages: string | null, volume: string | null, issue: string | null, publisher: string | null, bibtex: string | null, featured: boolean, status: ContentStatus, created_at: string, updated_at: string, 
/**
 * Its tags, by name: kept in its join table (`TAG_LINKS`), filled in by every
 * read (`tagging::attach`).
 */
tags: Array<Tag>, };

export type PublicationInput = { title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string | null, 
/**
 * Empty rows are dropped on save; at least one must remain. Empty only for an imported
 * entry that names no author (an edited volume, a manual): stored as the source has
 * it rather than with an invented name (issue 41, item 17), as a venue is; the admin
 * form still asks for one whenever the owner saves the paper.
 */
authors: Array<string>, kind: PublicationKind, 
/**
 * May be empty: an imported entry that names no venue is stored without one rather
 * than with an invented one (issue 27, item 6). The admin form still asks for one
 * whenever the owner saves the paper (`web/src/admin/entities/publications/schema.ts`).
 */
venue: string, 
/**
 * Sent empty: the current year. None only for an imported entry that names no year
 * ("submitted", a manual): such a paper lists after the dated ones and cites as
 * undated; the admin form asks for a year whenever the owner saves it.
 */
year: number | null, 
/**
 * 1 to 12, when known.
 */
month: number | null, abstract: string | null, pdf_url: string | null, 
/**
 * The uploaded PDF: the `name` an upload to the `paper-pdfs` bucket answered, served at
 * `/publications/<slug>/<slug>.pdf` while the paper is published.
 */
pdf_file: string | null, url: string | null, 
/**
 * Bare and lower case (`rules::validate::doi`), however it was typed.
 */
doi: string | null, pages: string | null, volume: string | null, issue: string | null, publisher: string | null, bibtex: string | null, featured: boolean, status: ContentStatus, 
/**
 * The ids of its tags; an unknown one is refused.
 */
tag_ids: Array<string>, };

export type ResearchArea = { id: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string, description: string | null, 
/**
 * Rich text (HTML), sanitised before it is stored.
 */
content: string | null, 
/**
 * `#rrggbb`; sent empty: the default colour.
 */
color: string, 
/**
 * An icon name (Shield, Cpu, Brain, …); free text; sent empty: `DEFAULT_ICON`.
 */
icon: string, featured: boolean, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, };

export type ResearchAreaInput = { title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string | null, description: string | null, 
/**
 * Rich text (HTML), sanitised before it is stored.
 */
content: string | null, 
/**
 * `#rrggbb`; sent empty: the default colour.
 */
color: string | null, 
/**
 * An icon name (Shield, Cpu, Brain, …); free text; sent empty: `DEFAULT_ICON`.
 */
icon: string | null, featured: boolean, sort_order: number, status: ContentStatus, };

export type Project = { id: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string, summary: string, content: string | null, tech_stack: StringList, collaborators: StringList, repository_url: string | null, demo_url: string | null, funding_source: string | null, funding_amount: string | null, start_date: string | null, end_date: string | null, featured: boolean, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, 
/**
 * Its tags, by name: kept in its join table (`TAG_LINKS`), filled in by every
 * read (`tagging::attach`).
 */
tags: Array<Tag>, };

export type ProjectInput = { title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string | null, summary: string, content: string | null, tech_stack: Array<string>, collaborators: Array<string>, repository_url: string | null, demo_url: string | null, funding_source: string | null, funding_amount: string | null, start_date: string | null, end_date: string | null, featured: boolean, sort_order: number, status: ContentStatus, 
/**
 * The ids of its tags; an unknown one is refused.
 */
tag_ids: Array<string>, };

export type Course = { id: string, code: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string, 
/**
 * Sent empty: the current year.
 */
year: number, term: CourseTerm, role: CourseRole, description: string | null, 
/**
 * Fractional: 7.5 credits is common (ECTS).
 */
credits: number | null, students_count: number | null, course_url: string | null, syllabus_url: string | null, status: ContentStatus, featured: boolean, created_at: string, updated_at: string, };

export type CourseInput = { code: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string | null, 
/**
 * Sent empty: the current year.
 */
year: number | null, term: CourseTerm, role: CourseRole, description: string | null, 
/**
 * Fractional: 7.5 credits is common (ECTS).
 */
credits: number | null, students_count: number | null, course_url: string | null, syllabus_url: string | null, status: ContentStatus, featured: boolean, };

export type Student = { id: string, name: string, level: StudentLevel, status: StudentStatus, bio: string | null, thesis_title: string | null, 
/**
 * Sent empty: the current year.
 */
start_year: number, graduation_year: number | null, current_position: string | null, email: string | null, linkedin_url: string | null, website_url: string | null, profile_image_url: string | null, sort_order: number, created_at: string, updated_at: string, };

export type StudentInput = { name: string, level: StudentLevel, status: StudentStatus, bio: string | null, thesis_title: string | null, 
/**
 * Sent empty: the current year.
 */
start_year: number | null, graduation_year: number | null, current_position: string | null, email: string | null, linkedin_url: string | null, website_url: string | null, profile_image_url: string | null, sort_order: number, };

export type Talk = { id: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string, event_name: string, event_location: string | null, date: string, type: TalkType, abstract: string | null, slides_url: string | null, video_url: string | null, status: ContentStatus, featured: boolean, created_at: string, updated_at: string, 
/**
 * Its tags, by name: kept in its join table (`TAG_LINKS`), filled in by every
 * read (`tagging::attach`).
 */
tags: Array<Tag>, };

export type TalkInput = { title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string | null, event_name: string, event_location: string | null, date: string | null, type: TalkType, abstract: string | null, slides_url: string | null, video_url: string | null, status: ContentStatus, featured: boolean, 
/**
 * The ids of its tags; an unknown one is refused.
 */
tag_ids: Array<string>, };

export type Tag = { id: string, name: string, 
/**
 * Sent empty: made from the name.
 */
slug: string, 
/**
 * `#rrggbb`; sent empty: the default colour.
 */
color: string, created_at: string, updated_at: string, };

export type TagInput = { name: string, 
/**
 * Sent empty: made from the name.
 */
slug: string | null, 
/**
 * `#rrggbb`; sent empty: the default colour.
 */
color: string | null, };

export type OpenCall = { id: string, title: string, 
/**
 * Required for open calls: the form derives it from the title only when creating.
 */
slug: string, description: string | null, content: string | null, requirements: string | null, contact_email: string | null, contact_info: string | null, application_url: string | null, funding_amount: string | null, duration: string | null, funding_agency: string | null, deadline: string | null, status: ContentStatus, featured: boolean, created_at: string, updated_at: string, };

export type OpenCallInput = { title: string, 
/**
 * Required for open calls: the form derives it from the title only when creating.
 */
slug: string, description: string | null, content: string | null, requirements: string | null, contact_email: string | null, contact_info: string | null, application_url: string | null, funding_amount: string | null, duration: string | null, funding_agency: string | null, deadline: string | null, status: ContentStatus, featured: boolean, };

export type Post = { id: string, title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string, 
/**
 * Sent empty: today.
 */
date: string, 
/**
 * A sentence or two for the list, the feeds and link previews.
 */
summary: string | null, 
/**
 * Rich text (HTML), sanitised before it is stored.
 */
content: string | null, 
/**
 * An image's address: an upload here (`/files/…`) or a URL.
 */
cover_image: string | null, featured: boolean, status: ContentStatus, created_at: string, updated_at: string, 
/**
 * Its tags, by name: kept in its join table (`TAG_LINKS`), filled in by every
 * read (`tagging::attach`).
 */
tags: Array<Tag>, };

export type PostInput = { title: string, 
/**
 * Sent empty: made from the title.
 */
slug: string | null, 
/**
 * Sent empty: today.
 */
date: string | null, 
/**
 * A sentence or two for the list, the feeds and link previews.
 */
summary: string | null, 
/**
 * Rich text (HTML), sanitised before it is stored.
 */
content: string | null, 
/**
 * An image's address: an upload here (`/files/…`) or a URL.
 */
cover_image: string | null, featured: boolean, status: ContentStatus, 
/**
 * The ids of its tags; an unknown one is refused.
 */
tag_ids: Array<string>, };

export type CvAppointment = { id: string, title: string, institution: string, place: string | null, start_year: number, 
/**
 * Empty: to the present.
 */
end_year: number | null, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, };

export type CvAppointmentInput = { title: string, institution: string, place: string | null, start_year: number | null, 
/**
 * Empty: to the present.
 */
end_year: number | null, sort_order: number, status: ContentStatus, };

export type CvEducation = { id: string, degree: string, field: string | null, institution: string, year: number, thesis_title: string | null, advisor: string | null, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, };

export type CvEducationInput = { degree: string, field: string | null, institution: string, year: number | null, thesis_title: string | null, advisor: string | null, sort_order: number, status: ContentStatus, };

export type CvAward = { id: string, name: string, awarding_body: string | null, year: number, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, };

export type CvAwardInput = { name: string, awarding_body: string | null, year: number | null, sort_order: number, status: ContentStatus, };

export type CvGrant = { id: string, title: string, funder: string, 
/**
 * The owner's role: principal investigator, co-investigator, …; free text.
 */
role: string | null, amount: number | null, 
/**
 * ISO 4217, present whenever `amount` is.
 */
currency: string | null, start_year: number, 
/**
 * Empty: to the present.
 */
end_year: number | null, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, };

export type CvGrantInput = { title: string, funder: string, 
/**
 * The owner's role: principal investigator, co-investigator, …; free text.
 */
role: string | null, amount: number | null, 
/**
 * ISO 4217, present whenever `amount` is.
 */
currency: string | null, start_year: number | null, 
/**
 * Empty: to the present.
 */
end_year: number | null, sort_order: number, status: ContentStatus, };

export type CvService = { id: string, role: string, body: string, kind: ServiceKind, start_year: number, 
/**
 * Empty: to the present.
 */
end_year: number | null, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, };

export type CvServiceInput = { role: string, body: string, kind: ServiceKind, start_year: number | null, 
/**
 * Empty: to the present.
 */
end_year: number | null, sort_order: number, status: ContentStatus, };

export type CvOther = { id: string, title: string, 
/**
 * Rich text (HTML), sanitised before it is stored.
 */
content: string | null, sort_order: number, status: ContentStatus, created_at: string, updated_at: string, };

export type CvOtherInput = { title: string, 
/**
 * Rich text (HTML), sanitised before it is stored.
 */
content: string | null, sort_order: number, status: ContentStatus, };
