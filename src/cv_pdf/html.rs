//! Stored HTML as styled text for the PDF: the sanitised rich text of the CV's "other"
//! sections and the references `crate::citations` writes (`<i>`, `<b>`, `<strong>`, `<sup>`,
//! `<sub>`, DOI links). Only what a CV needs survives: paragraphs, headings, list items,
//! bold, italic, super- and subscripts and links; formulas become their Unicode form.

use crate::rules::math::{tag_end, to_plain, unescape};

/// A stretch of text in one style.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Run {
    pub text: String,
    pub bold: bool,
    pub italic: bool,
    pub sup: bool,
    pub sub: bool,
    pub link: Option<String>,
}

impl Run {
    fn same_style(&self, other: &Run) -> bool {
        (self.bold, self.italic, self.sup, self.sub, &self.link) == (other.bold, other.italic, other.sup, other.sub, &other.link)
    }
}

/// What a list item is marked with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Marker {
    Bullet,
    /// The item's number in its ordered list, from 1.
    Number(u32),
}

impl Marker {
    /// "•" or "3.".
    pub fn label(self) -> String {
        match self {
            Marker::Bullet => "•".to_owned(),
            Marker::Number(number) => format!("{number}."),
        }
    }
}

/// A paragraph, a heading or a list item.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Block {
    pub runs: Vec<Run>,
    pub heading: bool,
    /// A list item's marker.
    pub marker: Option<Marker>,
}

/// The runs of a reference (inline HTML): one paragraph.
pub fn runs(html: &str) -> Vec<Run> {
    blocks(html).into_iter().flat_map(|block| block.runs).collect()
}

/// The blocks of rich text, empty ones left out.
pub fn blocks(html: &str) -> Vec<Block> {
    let mut reader = Reader::default();
    let mut rest = html;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = tag_end(rest);
            reader.tag(&rest[..end]);
            rest = &rest[end..];
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            reader.text(&unescape(&rest[..end]));
            rest = &rest[end..];
        }
    }
    reader.finish_block();
    reader.blocks
}

#[derive(Default)]
struct Reader {
    blocks: Vec<Block>,
    current: Block,
    bold: usize,
    italic: usize,
    sup: usize,
    sub: usize,
    code: usize,
    links: Vec<Option<String>>,
    /// One entry per open list: `Some(next number)` for `<ol>`, `None` for `<ul>`.
    lists: Vec<Option<u32>>,
}

impl Reader {
    fn tag(&mut self, tag: &str) {
        let closing = tag.starts_with("</");
        let name: String =
            tag.trim_start_matches(['<', '/']).chars().take_while(char::is_ascii_alphanumeric).collect::<String>().to_ascii_lowercase();
        let depth = |counter: &mut usize| {
            if closing {
                *counter = counter.saturating_sub(1);
            } else if !tag.ends_with("/>") {
                *counter += 1;
            }
        };
        match name.as_str() {
            "b" | "strong" => depth(&mut self.bold),
            "i" | "em" | "cite" | "var" | "dfn" => depth(&mut self.italic),
            "sup" => depth(&mut self.sup),
            "sub" => depth(&mut self.sub),
            "code" | "kbd" | "samp" | "tt" => depth(&mut self.code),
            "pre" => {
                self.finish_block();
                depth(&mut self.code);
            }
            "a" if closing => {
                self.links.pop();
            }
            "a" => self.links.push(attribute(tag, "href")),
            "ul" | "ol" => {
                self.finish_block();
                if closing {
                    self.lists.pop();
                } else {
                    self.lists.push((name == "ol").then_some(1));
                }
            }
            "li" => {
                self.finish_block();
                if !closing {
                    self.current.marker = Some(match self.lists.last_mut() {
                        Some(Some(number)) => {
                            *number += 1;
                            Marker::Number(*number - 1)
                        }
                        _ => Marker::Bullet,
                    });
                }
            }
            "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => {
                self.finish_block();
                self.current.heading = !closing;
            }
            "p" | "div" | "br" | "hr" | "blockquote" | "tr" | "dt" | "dd" | "table" | "figure" | "figcaption" | "section" | "header"
            | "footer" | "article" | "aside" | "nav" | "details" | "summary" | "dl" => self.finish_block(),
            _ => {}
        }
    }

    fn text(&mut self, text: &str) {
        let text = if self.code > 0 { text.to_owned() } else { to_plain(text) };
        let mut collapsed = String::with_capacity(text.len());
        for c in text.chars() {
            if c.is_whitespace() && c != '\u{a0}' {
                let at_start = collapsed.is_empty() && self.current.runs.last().is_none_or(|run| run.text.ends_with(' '));
                if !at_start && !collapsed.ends_with(' ') {
                    collapsed.push(' ');
                }
            } else {
                collapsed.push(c);
            }
        }
        if collapsed.is_empty() {
            return;
        }
        let run = Run {
            text: collapsed,
            bold: self.bold > 0,
            italic: self.italic > 0,
            sup: self.sup > 0,
            sub: self.sub > 0,
            link: self.links.iter().rev().find_map(Clone::clone),
        };
        match self.current.runs.last_mut() {
            Some(last) if last.same_style(&run) => last.text.push_str(&run.text),
            _ => self.current.runs.push(run),
        }
    }

    fn finish_block(&mut self) {
        let mut block = std::mem::take(&mut self.current);
        if let Some(last) = block.runs.last_mut() {
            last.text.truncate(last.text.trim_end().len());
        }
        block.runs.retain(|run| !run.text.is_empty());
        if !block.runs.is_empty() {
            self.blocks.push(block);
        }
    }
}

/// The value of attribute `name` in a start tag as ammonia writes it (double quotes).
fn attribute(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = tag[start..].find('"')? + start;
    Some(unescape(&tag[start..end]))
}

#[cfg(test)]
mod tests {
    use super::*;

    impl Run {
        fn plain(text: impl Into<String>) -> Self {
            Self { text: text.into(), ..Self::default() }
        }

        fn bold(text: impl Into<String>) -> Self {
            Self { text: text.into(), bold: true, ..Self::default() }
        }
    }

    #[test]
    fn a_reference_keeps_its_styles_and_its_doi_link() {
        let html = "A. Author and <strong>B. Owner</strong>, “Title &amp; more,” <i>Journal</i>, vol. 1, 2024, doi: <a href=\"https://doi.org/10.1/x\">10.1/x</a>.";
        let runs = runs(html);
        assert_eq!(runs[0], Run::plain("A. Author and "));
        assert_eq!(runs[1], Run::bold("B. Owner"));
        assert_eq!(runs[2], Run::plain(", “Title & more,” "));
        assert_eq!(runs[3], Run { text: "Journal".into(), italic: true, ..Run::default() });
        assert_eq!(runs.last().unwrap(), &Run::plain("."));
        let link = &runs[runs.len() - 2];
        assert_eq!((link.text.as_str(), link.link.as_deref()), ("10.1/x", Some("https://doi.org/10.1/x")));
    }

    #[test]
    fn rich_text_becomes_paragraphs_headings_and_list_items() {
        let html = "<h3>Languages</h3><p>German  (native),\n<em>French</em></p><ul><li>One</li><li><b>Two</b></li></ul><ol><li>First</li><li>Second</li></ol><p> </p>";
        let blocks = blocks(html);
        assert_eq!(blocks.len(), 6, "{blocks:?}");
        assert!(blocks[0].heading);
        assert_eq!(blocks[0].runs, vec![Run::plain("Languages")]);
        assert_eq!(blocks[1].runs, vec![Run::plain("German (native), "), Run { text: "French".into(), italic: true, ..Run::default() }]);
        assert_eq!(blocks[2].marker.map(Marker::label).as_deref(), Some("•"));
        assert_eq!(blocks[3].runs, vec![Run::bold("Two")]);
        let labels = (blocks[4].marker.map(Marker::label), blocks[5].marker.map(Marker::label));
        assert_eq!((labels.0.as_deref(), labels.1.as_deref()), (Some("1."), Some("2.")));
    }

    #[test]
    fn formulas_become_unicode_except_in_code() {
        let blocks = blocks("<p>Measured $H_0$ with <code>$x$</code></p>");
        assert_eq!(blocks[0].runs, vec![Run::plain("Measured H₀ with $x$")]);
    }
}
