//! `/cv.pdf` (issue 28): the CV typeset inside this process, from the value `/cv` shows
//! (`crate::render::cv`, where its wording is). `frame` is what the PDF adds around it (the
//! name on top, the footers), `layout` breaks both into lines and pages, and krilla writes
//! them: a tagged PDF conforming to PDF/A-2a, the fonts subset and embedded. The owner's text
//! is only ever shaped and drawn, never interpreted, so `#`, `$`, `*`, `@`, `<` or a backslash
//! print as themselves. Fonts: see `fonts`.
//!
//! The boundary: this is a CV typesetter, not a general one. It sets text ragged right, with
//! no justification, no hyphenation and no bidi (right-to-left words are shaped, but a phrase
//! of them reads left to right), and flows a CV's few kinds of blocks onto pages. A CV that
//! needs more than that is the time to revisit Typst (README, "Why not Typst").

mod fonts;
mod frame;
mod html;
mod layout;

use std::num::NonZeroU16;

use anyhow::anyhow;
use krilla::Document;
use krilla::SerializeSettings;
use krilla::action::{Action, LinkAction};
use krilla::annotation::{Annotation, LinkAnnotation, Target};
use krilla::color::rgb;
use krilla::configure::{Archival, ConfigurationBuilder};
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::{DateTime, Metadata};
use krilla::num::NormalizedF32;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::surface::Surface;
use krilla::tagging::{Artifact, ArtifactType, ContentTag, Identifier, ListNumbering, SpanTag, Tag, TagGroup, TagKind, TagTree};

use crate::render::cv::CvDocument;
use fonts::Fallback;
pub use frame::{Frame, pdf_filename};
use layout::{Child, Ink, Kind, Layout, Node, Placed};

/// The CV as PDF bytes: tagged PDF conforming to PDF/A-2a (archival, with its structure for
/// screen readers). CPU-bound (milliseconds to tens of them for hundreds of papers): call it
/// off the executor.
pub fn typeset(cv: &CvDocument, frame: &Frame) -> anyhow::Result<Vec<u8>> {
    typeset_with(cv, frame, Fallback::System)
}

/// Typesets `cv` with the embedded fonts only (what a server without other fonts does).
#[cfg(test)]
fn typeset_embedded_only(cv: &CvDocument, frame: &Frame) -> anyhow::Result<Vec<u8>> {
    typeset_with(cv, frame, Fallback::None)
}

fn typeset_with(cv: &CvDocument, frame: &Frame, fallback: Fallback) -> anyhow::Result<Vec<u8>> {
    let layout = layout::layout(cv, frame, fallback);
    if !layout.missing_glyphs {
        match write(frame, &layout, true) {
            Ok(pdf) => return Ok(pdf),
            Err(err) => tracing::warn!(error = ?err, "the CV is not PDF/A"),
        }
    } else {
        // PDF/A refuses a character no font has (it prints as an empty box): the CV is still
        // wanted, as a tagged PDF that is not PDF/A.
        tracing::warn!("the CV is not PDF/A: install a font for its script (see README, The CV as PDF)");
    }
    write(frame, &layout, false).map_err(|err| anyhow!("writing the CV's PDF failed: {err:?}"))
}

fn write(frame: &Frame, layout: &Layout, archival: bool) -> Result<Vec<u8>, krilla::error::KrillaError> {
    let mut configuration = ConfigurationBuilder::new();
    if archival {
        configuration = configuration.with_archival_validator(Archival::A2_A);
    }
    let configuration = configuration.finish().expect("PDF/A-2a alone is a valid configuration");
    let mut document = Document::new_with(SerializeSettings { configuration, enable_tagging: true, ..SerializeSettings::default() });
    // The marked content of each fragment, and its link's annotation, by fragment id.
    let mut spans: Vec<Option<Identifier>> = (0..layout.fragments).map(|_| None).collect();
    let mut annotations: Vec<Option<Identifier>> = (0..layout.fragments).map(|_| None).collect();
    let size = PageSettings::from_wh(layout.width, layout.height).expect("a paper size is positive");
    for (lines, footer) in layout.pages.iter().zip(&layout.footers) {
        let mut page = document.start_page_with(size.clone());
        let mut links = Vec::new();
        let mut surface = page.surface();
        for placed in lines {
            for fragment in &placed.line.fragments {
                surface.set_fill(Some(fill(fragment.ink)));
                spans[fragment.id] = Some(surface.start_tagged(ContentTag::Span(SpanTag::empty())));
                draw(&mut surface, placed, fragment);
                surface.end_tagged();
                if let Some(link) = &fragment.link {
                    let top = placed.y + placed.line.ascent + fragment.shift - fragment.size * 0.8;
                    let area = Rect::from_xywh(placed.x + fragment.x, top, fragment.width.max(0.1), fragment.size * 1.05);
                    links.extend(area.map(|area| (fragment.id, area, link.clone())));
                }
            }
            if placed.line.rule {
                rule(&mut surface, placed, layout.content_width());
            }
        }
        surface.start_tagged(ContentTag::Artifact(Artifact::with_kind(ArtifactType::Footer)));
        for placed in footer {
            for fragment in &placed.line.fragments {
                surface.set_fill(Some(fill(fragment.ink)));
                draw(&mut surface, placed, fragment);
            }
        }
        surface.end_tagged();
        surface.finish();
        for (id, area, uri) in links {
            let link = LinkAnnotation::new(area, Target::Action(Action::Link(LinkAction::new(uri.clone()))));
            annotations[id] = Some(page.add_tagged_annotation(Annotation::new_link(link, Some(uri))));
        }
        page.finish();
    }
    let mut tree = TagTree::new().with_lang(Some(frame.lang.clone()));
    for node in &layout.tree {
        tree.push(group(node, &mut spans, &mut annotations));
    }
    document.set_tag_tree(tree);
    let (year, month, day) = frame.generated_on;
    let mut metadata = Metadata::new()
        .title(frame.title())
        .language(frame.lang.clone())
        .creator("Vita".to_owned())
        .creation_date(DateTime::new(year.clamp(0, 9999) as u16).month(month).day(day));
    if !frame.name.is_empty() {
        metadata = metadata.authors(vec![frame.name.clone()]);
    }
    document.set_metadata(metadata);
    document.finish()
}

fn fill(ink: Ink) -> Fill {
    let color = match ink {
        Ink::Text => rgb::Color::new(0, 0, 0),
        Ink::Muted => rgb::Color::new(80, 80, 80),
        Ink::Link => rgb::Color::new(0x1d, 0x4e, 0xd8),
    };
    Fill { paint: color.into(), opacity: NormalizedF32::ONE, rule: Default::default() }
}

fn draw(surface: &mut Surface, placed: &Placed, fragment: &layout::Fragment) {
    let baseline = Point::from_xy(placed.x + fragment.x, placed.y + placed.line.ascent + fragment.shift);
    surface.draw_glyphs(baseline, &fragment.glyphs, fragment.face.pdf.clone(), &fragment.text, fragment.size, false);
}

/// The thin rule under a section's heading: decoration, not content.
fn rule(surface: &mut Surface, placed: &Placed, width: f32) {
    let y = placed.y + placed.line.height + 1.0;
    let mut path = PathBuilder::new();
    path.move_to(placed.x, y);
    path.line_to(placed.x + width, y);
    let Some(path) = path.finish() else { return };
    surface.start_tagged(ContentTag::Artifact(Artifact::with_kind(ArtifactType::Layout)));
    surface.set_fill(None);
    surface.set_stroke(Some(Stroke { paint: rgb::Color::new(170, 170, 170).into(), width: 0.5, ..Stroke::default() }));
    surface.draw_path(&path);
    surface.set_stroke(None);
    surface.end_tagged();
}

/// A node of the layout's structure as a tag group; a linked fragment as a Link group of its
/// text and its annotation.
fn group(node: &Node, spans: &mut [Option<Identifier>], annotations: &mut [Option<Identifier>]) -> TagGroup {
    let kind: TagKind = match &node.kind {
        Kind::Heading(level, title) => Tag::Hn(NonZeroU16::new(*level).unwrap_or(NonZeroU16::MIN), Some(title.clone())).into(),
        Kind::Paragraph => Tag::P.into(),
        Kind::List { numbered } => Tag::L(if *numbered { ListNumbering::Decimal } else { ListNumbering::None }).into(),
        Kind::Item => Tag::LI.into(),
        Kind::Label => Tag::Lbl.into(),
        Kind::Body => Tag::LBody.into(),
    };
    let mut group = TagGroup::new(kind);
    for child in &node.children {
        match child {
            Child::Node(node) => group.push(self::group(node, spans, annotations)),
            Child::Text(id) => {
                let Some(span) = spans[*id].take() else { continue };
                match annotations[*id].take() {
                    Some(annotation) => {
                        let mut link = TagGroup::new(Tag::Link);
                        link.push(span);
                        link.push(annotation);
                        group.push(link);
                    }
                    None => group.push(span),
                }
            }
        }
    }
    group
}

#[cfg(test)]
mod tests;
