//! Lines and pages. The CV's text is shaped by rustybuzz, broken into lines where Unicode's
//! line-breaking rules allow (UAX #14, which also breaks between CJK characters), set ragged
//! right, and the lines are laid onto pages: a heading stays with what follows it, an entry
//! stays whole when it fits on a page. A word wider than its column is broken between
//! characters. Also kept: the document's structure (headings, paragraphs, lists) for the
//! tagged PDF, as a tree whose leaves are the fragments drawn.

use std::collections::HashMap;

use krilla::text::{GlyphId, KrillaGlyph};
use unicode_linebreak::{BreakOpportunity, linebreaks};

use super::fonts::{Face, Fallback, Picker};
use super::frame::Frame;
use super::html::{self, Block as RichBlock, Marker, Run};
use crate::content::settings::PaperSize;
use crate::render::cv::{CvDocument, CvEntry, CvLine, CvLineStyle, CvPart};
use crate::rules::math::to_plain;

/// Points per centimetre.
const CM: f32 = 72.0 / 2.54;
pub(super) const MARGIN_X: f32 = 2.0 * CM;
const MARGIN_TOP: f32 = 2.0 * CM;
pub(super) const MARGIN_BOTTOM: f32 = 2.4 * CM;
/// The body text's size; spacing is in multiples of it.
const BODY: f32 = 10.5;
/// The column of years (dated entries) and the gap after it.
const YEARS: f32 = 2.9 * CM;
const GUTTER: f32 = 0.9 * BODY;
const HANGING: f32 = 1.4 * BODY;
/// Baseline and line height as multiples of the font size.
const ASCENT: f32 = 0.9;
const LEADING: f32 = 1.28;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ink {
    Text,
    Muted,
    Link,
}

/// A stretch of one line drawn in one face, size and ink.
pub struct Fragment {
    /// Its leaf in the structure tree.
    pub id: usize,
    /// From the left edge of its line.
    pub x: f32,
    /// Down from the line's baseline (super- and subscripts).
    pub shift: f32,
    pub width: f32,
    pub text: String,
    pub glyphs: Vec<KrillaGlyph>,
    pub face: &'static Face,
    pub size: f32,
    pub ink: Ink,
    pub link: Option<String>,
}

#[derive(Default)]
pub struct Line {
    pub height: f32,
    /// From the line's top to its baseline.
    pub ascent: f32,
    pub fragments: Vec<Fragment>,
    /// A rule under the line (section headings).
    pub rule: bool,
}

/// A line where it is drawn.
pub struct Placed {
    pub x: f32,
    pub y: f32,
    pub line: Line,
}

pub enum Kind {
    Heading(u16, String),
    Paragraph,
    List { numbered: bool },
    Item,
    Label,
    Body,
}

pub struct Node {
    pub kind: Kind,
    pub children: Vec<Child>,
}

pub enum Child {
    Node(Node),
    /// A fragment, by its id.
    Text(usize),
}

/// The CV laid out: pages of lines, each page's footer, and the structure.
pub struct Layout {
    pub width: f32,
    pub height: f32,
    pub pages: Vec<Vec<Placed>>,
    pub footers: Vec<Vec<Placed>>,
    pub tree: Vec<Node>,
    pub fragments: usize,
    /// A character no font has: printed as an empty box, and the PDF cannot be PDF/A.
    pub missing_glyphs: bool,
}

impl Layout {
    pub fn content_width(&self) -> f32 {
        self.width - 2.0 * MARGIN_X
    }
}

pub fn layout(cv: &CvDocument, frame: &Frame, fallback: Fallback) -> Layout {
    let (width, height) = match frame.paper {
        PaperSize::A4 => (21.0 * CM, 29.7 * CM),
        PaperSize::Letter => (612.0, 792.0),
    };
    let mut setter = Typesetter::new(fallback, width - 2.0 * MARGIN_X);
    let blocks = setter.document(cv, frame);
    let pages = flow(blocks, height);
    let count = pages.len();
    let footers = (1..=count).map(|page| setter.footer(frame, page, count, width, height)).collect();
    Layout { width, height, pages, footers, tree: setter.tree, fragments: setter.next_id, missing_glyphs: setter.picker.missing }
}

/// A run of text in one style, before it is broken into lines.
struct Span<'a> {
    text: &'a str,
    /// Index of the embedded face: regular, italic, bold, bold italic.
    style: usize,
    size: f32,
    shift: f32,
    ink: Ink,
    link: Option<&'a str>,
}

/// The style a paragraph's runs start from.
#[derive(Clone, Copy)]
struct Base {
    size: f32,
    bold: bool,
    italic: bool,
    muted: bool,
}

impl Base {
    const BODY: Base = Base { size: BODY, bold: false, italic: false, muted: false };

    fn size(self, size: f32) -> Self {
        Self { size, ..self }
    }

    fn bold(self) -> Self {
        Self { bold: true, ..self }
    }

    fn italic(self) -> Self {
        Self { italic: true, ..self }
    }

    fn muted(self, muted: bool) -> Self {
        Self { muted, ..self }
    }

    fn spans(self, runs: &[Run]) -> Vec<Span<'_>> {
        runs.iter()
            .map(|run| {
                let small = run.sup || run.sub;
                Span {
                    text: &run.text,
                    style: usize::from(self.italic || run.italic) + 2 * usize::from(self.bold || run.bold),
                    size: if small { self.size * 0.7 } else { self.size },
                    shift: if run.sup {
                        -0.33 * self.size
                    } else if run.sub {
                        0.15 * self.size
                    } else {
                        0.0
                    },
                    ink: match (&run.link, self.muted) {
                        (Some(_), _) => Ink::Link,
                        (None, true) => Ink::Muted,
                        (None, false) => Ink::Text,
                    },
                    link: run.link.as_deref(),
                }
            })
            .collect()
    }

    fn plain(self, text: &str) -> Vec<Span<'_>> {
        vec![Span {
            text,
            style: usize::from(self.italic) + 2 * usize::from(self.bold),
            size: self.size,
            shift: 0.0,
            ink: if self.muted { Ink::Muted } else { Ink::Text },
            link: None,
        }]
    }
}

/// Shaped text up to a place where a line may break; `space` for its trailing white space,
/// which takes no room at the end of a line.
struct Piece<'a> {
    text: &'a str,
    glyphs: Vec<KrillaGlyph>,
    face: usize,
    size: f32,
    shift: f32,
    ink: Ink,
    link: Option<&'a str>,
    width: f32,
    space: bool,
}

/// What goes on the pages between two others, and how it may be split.
struct Block {
    lines: Vec<Line>,
    above: f32,
    below: f32,
    /// Not split across pages when it fits on one.
    keep: bool,
    /// On the same page as the start of the next block (headings).
    sticky: bool,
}

impl Block {
    fn height(&self) -> f32 {
        self.lines.iter().map(|line| line.height).sum()
    }
}

struct Typesetter {
    picker: Picker,
    width: f32,
    /// Shaped text by face (an index of the picker's) and text: names and venues recur.
    cache: Vec<HashMap<String, Vec<KrillaGlyph>>>,
    next_id: usize,
    /// The structure: finished top-level nodes, and the nodes being filled.
    tree: Vec<Node>,
    open: Vec<Node>,
}

impl Typesetter {
    fn new(fallback: Fallback, width: f32) -> Self {
        Self { picker: Picker::new(fallback), width, cache: Vec::new(), next_id: 0, tree: Vec::new(), open: Vec::new() }
    }

    fn document(&mut self, cv: &CvDocument, frame: &Frame) -> Vec<Block> {
        let mut blocks = Vec::new();
        let width = self.width;
        if !frame.name.is_empty() {
            let name = Base::BODY.size(22.0).bold().plain(&frame.name);
            let lines = self.node(Kind::Heading(1, frame.name.clone()), &name, width, width, 0.0);
            blocks.push(Block { lines, above: 0.0, below: 0.3 * BODY, keep: false, sticky: false });
        }
        if !frame.headline.is_empty() {
            self.start(Kind::Paragraph);
            let base = Base::BODY.size(12.0).muted(true);
            let lines = frame.headline.iter().flat_map(|line| self.lines(&base.plain(line), width, width, 0.0)).collect();
            self.end();
            blocks.push(Block { lines, above: 0.0, below: 0.7 * BODY, keep: false, sticky: false });
        }
        for section in &cv.sections {
            let title = Base::BODY.size(13.0).bold().plain(&section.title);
            let mut lines = self.node(Kind::Heading(2, section.title.clone()), &title, width, width, 0.0);
            if let Some(last) = lines.last_mut() {
                last.rule = true;
            }
            blocks.push(Block { lines, above: 1.9 * BODY, below: 0.9 * BODY, keep: false, sticky: true });
            for part in &section.parts {
                self.part(part, &mut blocks);
            }
        }
        blocks
    }

    fn part(&mut self, part: &CvPart, blocks: &mut Vec<Block>) {
        let heading = match part {
            CvPart::Entries { heading, .. } => heading.as_deref(),
            CvPart::References { heading, .. } => Some(heading.as_str()),
            CvPart::RichText { .. } => None,
        };
        if let Some(heading) = heading {
            let title = Base::BODY.size(11.0).bold().italic().plain(heading);
            let lines = self.node(Kind::Heading(3, heading.to_owned()), &title, self.width, self.width, 0.0);
            blocks.push(Block { lines, above: 1.1 * BODY, below: 0.7 * BODY, keep: false, sticky: true });
        }
        match part {
            CvPart::Entries { entries, .. } => {
                self.start(Kind::List { numbered: false });
                for entry in entries {
                    let lines = self.dated(entry);
                    blocks.push(Block { lines, above: 0.0, below: 0.85 * BODY, keep: true, sticky: false });
                }
                self.end();
            }
            CvPart::References { numbered, references, .. } => {
                let items: Vec<Vec<Run>> = references.iter().map(|reference| html::runs(&reference.html)).collect();
                let label_width = if *numbered {
                    let widest = format!("[{}]", items.len());
                    self.measure(&Base::BODY.plain(&widest)) + 0.6 * BODY
                } else {
                    0.0
                };
                self.start(Kind::List { numbered: *numbered });
                for (number, runs) in items.iter().enumerate() {
                    self.start(Kind::Item);
                    let lines = if *numbered {
                        let label = format!("[{}]", number + 1);
                        let label = self.node(Kind::Label, &Base::BODY.plain(&label), label_width, label_width, 0.0);
                        let text_width = self.width - label_width;
                        let body = self.node(Kind::Body, &Base::BODY.spans(runs), text_width, text_width, 0.0);
                        columns(label, body, label_width)
                    } else {
                        self.node(Kind::Body, &Base::BODY.spans(runs), self.width, self.width - HANGING, HANGING)
                    };
                    self.end();
                    blocks.push(Block { lines, above: 0.0, below: 0.75 * BODY, keep: true, sticky: false });
                }
                self.end();
            }
            CvPart::RichText { html: rich, .. } => {
                // Consecutive list items of one kind are one list.
                let mut list: Option<bool> = None;
                for block in &html::blocks(rich) {
                    let numbered = block.marker.map(|marker| matches!(marker, Marker::Number(_)));
                    if list.is_some() && list != numbered {
                        self.end();
                    }
                    if numbered.is_some() && list != numbered {
                        self.start(Kind::List { numbered: numbered == Some(true) });
                    }
                    list = numbered;
                    blocks.push(self.rich(block));
                }
                if list.is_some() {
                    self.end();
                }
            }
        }
    }

    /// An entry: its years in the left column, its lines beside them.
    fn dated(&mut self, entry: &CvEntry) -> Vec<Line> {
        self.start(Kind::Item);
        let years = self.node(Kind::Label, &Base::BODY.muted(true).plain(&entry.when), YEARS, YEARS, 0.0);
        self.start(Kind::Body);
        let text_width = self.width - YEARS - GUTTER;
        let mut body = Vec::new();
        for line in &entry.lines {
            let base = Base::BODY.muted(line.style == CvLineStyle::Muted);
            body.extend(self.node(Kind::Paragraph, &base.spans(&runs(line)), text_width, text_width, 0.0));
        }
        self.end();
        self.end();
        columns(years, body, YEARS + GUTTER)
    }

    /// A paragraph, a heading or a list item (in the list `part` opened) of a free section.
    fn rich(&mut self, block: &RichBlock) -> Block {
        let width = self.width;
        if block.heading {
            let title: String = block.runs.iter().map(|run| run.text.as_str()).collect();
            let lines = self.node(Kind::Heading(4, title), &Base::BODY.bold().spans(&block.runs), width, width, 0.0);
            return Block { lines, above: 0.9 * BODY, below: 0.5 * BODY, keep: false, sticky: true };
        }
        let Some(marker) = block.marker else {
            let lines = self.node(Kind::Paragraph, &Base::BODY.spans(&block.runs), width, width, 0.0);
            return Block { lines, above: 0.0, below: 0.7 * BODY, keep: false, sticky: false };
        };
        let indent = 1.2 * BODY;
        self.start(Kind::Item);
        let label = self.node(Kind::Label, &Base::BODY.plain(&marker.label()), indent, indent, 0.0);
        let body = self.node(Kind::Body, &Base::BODY.spans(&block.runs), width - indent, width - indent, 0.0);
        self.end();
        Block { lines: columns(label, body, indent), above: 0.45 * BODY, below: 0.45 * BODY, keep: false, sticky: false }
    }

    /// The footer of page `page` of `count`: the site's address, the page, the date.
    fn footer(&mut self, frame: &Frame, page: usize, count: usize, width: f32, height: f32) -> Vec<Placed> {
        let base = Base::BODY.size(8.5).muted(true);
        let y = height - MARGIN_BOTTOM + 0.9 * CM;
        let texts = [frame.address.clone(), frame.page_of(page, count), frame.generated.clone()];
        let mut placed = Vec::new();
        for (at, text) in texts.iter().enumerate() {
            let Some(line) = self.lines(&base.plain(text), f32::INFINITY, f32::INFINITY, 0.0).into_iter().next() else {
                continue;
            };
            let line_width: f32 = line.fragments.iter().map(|fragment| fragment.width).sum();
            let x = match at {
                0 => MARGIN_X,
                1 => (width - line_width) / 2.0,
                _ => width - MARGIN_X - line_width,
            };
            placed.push(Placed { x, y, line });
        }
        placed
    }

    /// `spans` as lines (see `lines`) under a node of their own in the structure.
    fn node(&mut self, kind: Kind, spans: &[Span], first: f32, rest: f32, indent: f32) -> Vec<Line> {
        self.start(kind);
        let lines = self.lines(spans, first, rest, indent);
        self.end();
        lines
    }

    fn start(&mut self, kind: Kind) {
        self.open.push(Node { kind, children: Vec::new() });
    }

    fn end(&mut self) {
        let node = self.open.pop().expect("every end has its start");
        match self.open.last_mut() {
            Some(parent) => parent.children.push(Child::Node(node)),
            None => self.tree.push(node),
        }
    }

    /// The width of text on one line.
    fn measure(&mut self, spans: &[Span]) -> f32 {
        let lines = self.break_lines(spans, f32::INFINITY, f32::INFINITY);
        lines.iter().flatten().map(|piece| piece.width).sum()
    }

    /// `spans` broken into lines `first` wide, then `rest` wide and `indent` in.
    fn lines(&mut self, spans: &[Span], first: f32, rest: f32, indent: f32) -> Vec<Line> {
        let size = spans.iter().map(|span| span.size).fold(0.0, f32::max);
        let broken = self.break_lines(spans, first, rest);
        broken
            .into_iter()
            .enumerate()
            .map(|(index, pieces)| {
                let fragments = self.fragments(pieces, if index == 0 { 0.0 } else { indent });
                Line { height: LEADING * size, ascent: ASCENT * size, fragments, rule: false }
            })
            .collect()
    }

    fn break_lines<'a>(&mut self, spans: &[Span<'a>], first: f32, rest: f32) -> Vec<Vec<Piece<'a>>> {
        let mut text = String::new();
        let mut bounds = Vec::new();
        for span in spans {
            let start = text.len();
            text.push_str(span.text);
            bounds.push(start..text.len());
        }
        if text.trim().is_empty() {
            return Vec::new();
        }
        let mut lines = Vec::new();
        let mut line: Vec<Piece<'a>> = Vec::new();
        let (mut used, mut room) = (0.0, first);
        let mut start = 0;
        for (end, opportunity) in linebreaks(&text) {
            let mut word = Vec::new();
            for (span, bounds) in spans.iter().zip(&bounds) {
                let (from, to) = (bounds.start.max(start), bounds.end.min(end));
                if from < to {
                    self.pieces(span, &span.text[from - bounds.start..to - bounds.start], &mut word);
                }
            }
            start = end;
            let content: f32 = word.iter().filter(|piece| !piece.space).map(|piece| piece.width).sum();
            if !line.is_empty() && used + content > room {
                lines.push(std::mem::take(&mut line));
                (used, room) = (0.0, rest);
            }
            if line.is_empty() && content > room {
                // Wider than the column (a long URL, a name without spaces): broken between
                // characters.
                for piece in self.characters(word) {
                    if !line.is_empty() && !piece.space && used + piece.width > room {
                        lines.push(std::mem::take(&mut line));
                        (used, room) = (0.0, rest);
                    }
                    used += piece.width;
                    line.push(piece);
                }
            } else {
                used += word.iter().map(|piece| piece.width).sum::<f32>();
                line.extend(word);
            }
            if opportunity == BreakOpportunity::Mandatory {
                lines.push(std::mem::take(&mut line));
                (used, room) = (0.0, rest);
            }
        }
        // A text that ends in a line break leaves an empty last line.
        while lines.last().is_some_and(|line: &Vec<Piece>| line.iter().all(|piece| piece.space)) {
            lines.pop();
        }
        lines
    }

    /// The pieces of `text` (part of one word, in one span's style): one per face and per
    /// stretch of white space; control characters (line breaks) left out.
    fn pieces<'a>(&mut self, span: &Span<'a>, text: &'a str, out: &mut Vec<Piece<'a>>) {
        let mut from = 0;
        let mut current: Option<(usize, bool)> = None;
        for (at, c) in text.char_indices() {
            if c.is_control() {
                if let Some((face, space)) = current.take() {
                    out.push(self.piece(span, &text[from..at], face, space));
                }
                from = at + c.len_utf8();
                continue;
            }
            let key = (self.picker.pick(span.style, c), c.is_whitespace());
            if current.is_some_and(|current| current != key) {
                let (face, space) = current.expect("checked");
                out.push(self.piece(span, &text[from..at], face, space));
                from = at;
            }
            current = Some(key);
        }
        if let Some((face, space)) = current {
            out.push(self.piece(span, &text[from..], face, space));
        }
    }

    fn piece<'a>(&mut self, span: &Span<'a>, text: &'a str, face: usize, space: bool) -> Piece<'a> {
        let glyphs = self.shape(face, text);
        let width = glyphs.iter().map(|glyph| glyph.x_advance).sum::<f32>() * span.size;
        Piece { text, glyphs, face, size: span.size, shift: span.shift, ink: span.ink, link: span.link, width, space }
    }

    /// A word as one piece per character, for breaking it where it has no break.
    fn characters<'a>(&mut self, word: Vec<Piece<'a>>) -> Vec<Piece<'a>> {
        let mut out = Vec::new();
        for piece in word {
            if piece.space {
                out.push(piece);
                continue;
            }
            for (at, c) in piece.text.char_indices() {
                let text = &piece.text[at..at + c.len_utf8()];
                let glyphs = self.shape(piece.face, text);
                let width = glyphs.iter().map(|glyph| glyph.x_advance).sum::<f32>() * piece.size;
                out.push(Piece { text, glyphs, width, space: false, ..piece });
            }
        }
        out
    }

    /// Glyphs of `text` in a face, advances in ems (as krilla wants them).
    fn shape(&mut self, face: usize, text: &str) -> Vec<KrillaGlyph> {
        if let Some(glyphs) = self.cache.get(face).and_then(|shaped| shaped.get(text)) {
            return glyphs.clone();
        }
        let shaper = self.picker.shaper(face);
        let mut buffer = rustybuzz::UnicodeBuffer::new();
        buffer.push_str(text);
        buffer.guess_segment_properties();
        let shaped = rustybuzz::shape(shaper, &[], buffer);
        let em = shaper.units_per_em() as f32;
        let mut clusters: Vec<usize> = shaped.glyph_infos().iter().map(|info| info.cluster as usize).collect();
        clusters.sort_unstable();
        clusters.dedup();
        let glyphs: Vec<KrillaGlyph> = shaped
            .glyph_infos()
            .iter()
            .zip(shaped.glyph_positions())
            .map(|(info, position)| {
                let start = info.cluster as usize;
                // A glyph stands for the text up to the next cluster (in either direction).
                let end = clusters.get(clusters.partition_point(|&cluster| cluster <= start)).copied().unwrap_or(text.len());
                KrillaGlyph::new(
                    GlyphId::new(info.glyph_id),
                    position.x_advance as f32 / em,
                    position.x_offset as f32 / em,
                    position.y_offset as f32 / em,
                    position.y_advance as f32 / em,
                    start..end,
                    None,
                )
            })
            .collect();
        if self.cache.len() <= face {
            self.cache.resize_with(face + 1, HashMap::new);
        }
        self.cache[face].insert(text.to_owned(), glyphs.clone());
        glyphs
    }

    /// A line's pieces as fragments, neighbours in the same face and style drawn as one.
    fn fragments(&mut self, pieces: Vec<Piece>, indent: f32) -> Vec<Fragment> {
        let mut fragments: Vec<Fragment> = Vec::new();
        let mut x = indent;
        for piece in pieces {
            let face = self.picker.face(piece.face);
            let link = piece.link.map(str::to_owned);
            match fragments.last_mut() {
                Some(last)
                    if std::ptr::eq(last.face, face)
                        && (last.size, last.shift, last.ink) == (piece.size, piece.shift, piece.ink)
                        && last.link == link =>
                {
                    let offset = last.text.len();
                    last.text.push_str(piece.text);
                    last.glyphs.extend(piece.glyphs.into_iter().map(|mut glyph| {
                        glyph.text_range = glyph.text_range.start + offset..glyph.text_range.end + offset;
                        glyph
                    }));
                    last.width += piece.width;
                }
                _ => {
                    let id = self.leaf();
                    fragments.push(Fragment {
                        id,
                        x,
                        shift: piece.shift,
                        width: piece.width,
                        text: piece.text.to_owned(),
                        glyphs: piece.glyphs,
                        face,
                        size: piece.size,
                        ink: piece.ink,
                        link,
                    });
                }
            }
            x += piece.width;
        }
        fragments
    }

    /// A new fragment's id, as a leaf of the node being filled (none for the footer).
    fn leaf(&mut self) -> usize {
        let id = self.next_id;
        self.next_id += 1;
        if let Some(node) = self.open.last_mut() {
            node.children.push(Child::Text(id));
        }
        id
    }
}

/// A line of an entry as styled text: a strong line in bold but for its aside, formulas in
/// their Unicode form. Links to the site's pages are for /cv only: the PDF stands alone.
fn runs(line: &CvLine) -> Vec<Run> {
    let bold = line.style == CvLineStyle::Strong;
    line.texts
        .iter()
        .map(|text| Run {
            text: if text.math { to_plain(&text.text) } else { text.text.clone() },
            bold: bold && !text.aside,
            ..Run::default()
        })
        .collect()
}

/// Two columns side by side, row by row: `left` at the left edge, `right` `offset` in.
fn columns(left: Vec<Line>, right: Vec<Line>, offset: f32) -> Vec<Line> {
    let rows = left.len().max(right.len());
    let mut left = left.into_iter();
    let mut right = right.into_iter();
    (0..rows)
        .map(|_| {
            let mut row = left.next().unwrap_or_default();
            if let Some(line) = right.next() {
                row.height = row.height.max(line.height);
                row.ascent = row.ascent.max(line.ascent);
                row.fragments.extend(line.fragments.into_iter().map(|mut fragment| {
                    fragment.x += offset;
                    fragment
                }));
            }
            row
        })
        .collect()
}

/// The blocks onto pages `height` high.
fn flow(blocks: Vec<Block>, height: f32) -> Vec<Vec<Placed>> {
    let bottom = height - MARGIN_BOTTOM;
    let needs: Vec<f32> = (0..blocks.len()).map(|at| needed(&blocks, at)).collect();
    let mut pages = vec![Vec::new()];
    let mut y = MARGIN_TOP;
    let mut fresh = true;
    let mut below = 0.0;
    for (block, need) in blocks.into_iter().zip(needs) {
        if block.lines.is_empty() {
            continue;
        }
        let mut gap = if fresh { 0.0 } else { block.above.max(below) };
        if !fresh && y + gap + need > bottom {
            pages.push(Vec::new());
            (y, fresh, gap) = (MARGIN_TOP, true, 0.0);
        }
        y += gap;
        for line in block.lines {
            if !fresh && y + line.height > bottom {
                pages.push(Vec::new());
                y = MARGIN_TOP;
            }
            let height = line.height;
            pages.last_mut().expect("a page").push(Placed { x: MARGIN_X, y, line });
            y += height;
            fresh = false;
        }
        below = block.below;
    }
    pages
}

/// The room block `at` needs at the foot of a page: all of it when kept whole, its first line
/// otherwise, and a heading with what it must stay with.
fn needed(blocks: &[Block], at: usize) -> f32 {
    let block = &blocks[at];
    let own = match block.keep || block.sticky {
        true => block.height(),
        false => block.lines.first().map_or(0.0, |line| line.height),
    };
    match blocks.get(at + 1) {
        Some(next) if block.sticky => own + block.below.max(next.above) + needed(blocks, at + 1),
        _ => own,
    }
}
