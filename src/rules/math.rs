//! TeX math in titles, abstracts, venues and rich text (issue 27, item 1): rendered once, on
//! the server, as MathML Core that every current browser draws itself, so the public pages need
//! no math script. The TeX stays inside as `<annotation encoding="application/x-tex">` for
//! copying and screen readers. Places that take plain text (meta tags, the document title,
//! feeds, CSL-JSON) get the Unicode form instead (`$\Lambda$CDM` → `ΛCDM`, `$H_0$` → `H₀`), or
//! the TeX without its dollars when there is no Unicode form (`\frac{a}{b}`).
//!
//! What counts as math: `$…$` and `\(…\)` inline; `$$…$$` and `\[…\]` displayed where the text
//! may hold blocks (abstracts, rich text), inline elsewhere. A `$` opens math only when a
//! non-space follows it, and closes it only after a non-space and before a non-digit (pandoc's
//! rule), so "$4.2 billion, $5 more" is prose; `\$` is a dollar sign. TeX the converter cannot
//! read is shown as it was written, never as an error.
//!
//! The converter is `pulldown-latex` (MathML Core output). Its output is read again here by a
//! strict tokenizer that lets through only MathML Core elements and presentation attributes
//! with escaped values: the crate writes some symbols unescaped (`<mo><</mo>`, and the text of
//! `\operatorname{…}` as it is), so nothing it writes goes to a page unchecked.

use std::fmt::Write as _;

use pulldown_latex::event::{Content, Event, Grouping, ScriptType};
use pulldown_latex::{Parser, RenderConfig, Storage, config::DisplayMode, push_mathml};

/// A formula longer than this is shown as its source: no real title or abstract has one.
const MAX_TEX: usize = 4_000;
/// Deeper brace nesting than any real formula has: shown as source (the parser recurses).
const MAX_DEPTH: usize = 32;

/// One run of a text: prose, or a formula with the text it was written as.
#[derive(Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Prose, with `\$` already turned into `$`.
    Text(String),
    Math {
        tex: &'a str,
        display: bool,
        source: &'a str,
    },
}

/// Whether `text` holds anything [`pieces`] would read as math (or a `\$`): text without is
/// passed through untouched.
pub fn has_math(text: &str) -> bool {
    text.contains(['$', '\\']) && !matches!(pieces(text).as_slice(), [Piece::Text(t)] if t == text)
}

/// `text` split into prose and formulas.
pub fn pieces(text: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut prose = String::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let rest = &text[i..];
        let found = if rest.starts_with("\\$") {
            prose.push('$');
            i += 2;
            continue;
        } else if rest.starts_with("\\(") {
            closing(text, i + 2, "\\)").map(|end| (i + 2, end, end + 2, false))
        } else if rest.starts_with("\\[") {
            closing(text, i + 2, "\\]").map(|end| (i + 2, end, end + 2, true))
        } else if rest.starts_with("$$") {
            closing(text, i + 2, "$$").map(|end| (i + 2, end, end + 2, true))
        } else if rest.starts_with('$') {
            inline_dollar(text, i).map(|end| (i + 1, end, end + 1, false))
        } else {
            None
        };
        match found {
            Some((start, end, after, display)) if !text[start..end].trim().is_empty() => {
                if !prose.is_empty() {
                    out.push(Piece::Text(std::mem::take(&mut prose)));
                }
                out.push(Piece::Math { tex: text[start..end].trim(), display, source: &text[i..after] });
                i = after;
            }
            _ => {
                // A `$$` that opens nothing is two dollars of prose.
                let c = rest.chars().next().unwrap_or(' ');
                prose.push(c);
                i += c.len_utf8();
            }
        }
    }
    if !prose.is_empty() {
        out.push(Piece::Text(prose));
    }
    out
}

/// Where `close` first occurs at or after `from`, not escaped by a backslash.
fn closing(text: &str, from: usize, close: &str) -> Option<usize> {
    let mut k = from;
    while let Some(offset) = text[k..].find(close) {
        let at = k + offset;
        if !escaped(text, at) || close.starts_with('\\') {
            return Some(at);
        }
        k = at + 1;
    }
    None
}

/// Whether the character at `at` follows an odd number of backslashes.
fn escaped(text: &str, at: usize) -> bool {
    text[..at].bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 1
}

/// The closing `$` of an inline formula opened at `open`, by pandoc's rule.
fn inline_dollar(text: &str, open: usize) -> Option<usize> {
    let after = text[open + 1..].chars().next()?;
    if after.is_whitespace() || after == '$' {
        return None;
    }
    let mut k = open + 1;
    while let Some(offset) = text[k..].find('$') {
        let at = k + offset;
        let before = text[..at].chars().next_back().unwrap_or(' ');
        let next = text[at + 1..].chars().next();
        if !escaped(text, at) && !before.is_whitespace() && !next.is_some_and(|c| c.is_ascii_digit()) {
            return Some(at);
        }
        k = at + 1;
    }
    None
}

/// `text` as HTML: the prose escaped, each formula as MathML (its source when it cannot be
/// read). `blocks` says whether `$$…$$` and `\[…\]` are displayed as blocks.
pub fn to_html(text: &str, blocks: bool) -> String {
    let mut html = String::with_capacity(text.len() + 16);
    for piece in pieces(text) {
        match piece {
            Piece::Text(prose) => html.push_str(&escape(&prose)),
            Piece::Math { tex, display, source } => match mathml(tex, display && blocks) {
                Some(math) => html.push_str(&math),
                None => html.push_str(&escape(source)),
            },
        }
    }
    html
}

/// `text` as plain text: each formula in Unicode where every part of it has a Unicode form,
/// else its TeX without the delimiters.
pub fn to_plain(text: &str) -> String {
    if !text.contains(['$', '\\']) {
        return text.to_owned();
    }
    let mut plain = String::with_capacity(text.len());
    for piece in pieces(text) {
        match piece {
            Piece::Text(prose) => plain.push_str(&prose),
            Piece::Math { tex, .. } => plain.push_str(&unicode(tex).unwrap_or_else(|| tex.to_owned())),
        }
    }
    plain
}

/// Sanitised HTML (rich text as stored) with the formulas of its text converted: the text
/// between tags is read as [`to_html`] reads a text with blocks, except inside `<code>` and
/// `<pre>`. A formula cannot span a tag.
pub fn html_with_math(html: &str) -> String {
    if !html.contains(['$', '\\']) {
        return html.to_owned();
    }
    let mut out = String::with_capacity(html.len() + 64);
    let mut code_depth = 0usize;
    let mut rest = html;
    while !rest.is_empty() {
        if rest.starts_with('<') {
            let end = tag_end(rest);
            let tag = &rest[..end];
            let name: String = tag.trim_start_matches(['<', '/']).chars().take_while(char::is_ascii_alphanumeric).collect();
            if name.eq_ignore_ascii_case("code") || name.eq_ignore_ascii_case("pre") {
                if tag.starts_with("</") {
                    code_depth = code_depth.saturating_sub(1);
                } else if !tag.ends_with("/>") {
                    code_depth += 1;
                }
            }
            out.push_str(tag);
            rest = &rest[end..];
        } else {
            let end = rest.find('<').unwrap_or(rest.len());
            let text = &rest[..end];
            if code_depth == 0 && text.contains(['$', '\\']) {
                out.push_str(&to_html(&unescape(text), true));
            } else {
                out.push_str(text);
            }
            rest = &rest[end..];
        }
    }
    out
}

/// Where the tag at the start of `html` ends: after its `>`, skipping quoted attribute values
/// (the serialiser leaves `>` unescaped in them).
pub(crate) fn tag_end(html: &str) -> usize {
    let mut quote = None;
    for (i, c) in html.char_indices() {
        match (quote, c) {
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return i + 1,
            _ => {}
        }
    }
    html.len()
}

/// The entities ammonia writes (and numeric ones) back to characters.
pub(crate) fn unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('&') {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        // Searched as bytes: the 12th byte may fall inside a character ("&amp; Jerry’s").
        let Some(semi) = rest.as_bytes()[..rest.len().min(12)].iter().position(|b| *b == b';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let c = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|dec| dec.parse().ok()))
                .and_then(char::from_u32),
        };
        match c {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Text for HTML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Text commands of real exports that the converter does not know, as ones it does.
fn prepare(tex: &str) -> String {
    let mut tex = tex.to_owned();
    for (from, to) in [
        ("\\ensuremath{", "{"),
        ("\\mbox{", "\\text{"),
        ("\\hbox{", "\\text{"),
        ("\\textrm{", "\\text{"),
        ("\\textnormal{", "\\text{"),
        ("\\textsc{", "\\text{"),
        ("\\textup{", "\\text{"),
    ] {
        if tex.contains(from) {
            tex = tex.replace(from, to);
        }
    }
    tex
}

/// The converter's events for `tex`, or `None` when it cannot read all of it.
fn events<'s>(tex: &'s str, storage: &'s Storage) -> Option<Vec<Event<'s>>> {
    if tex.len() > MAX_TEX || depth(tex) > MAX_DEPTH {
        return None;
    }
    let events: Result<Vec<Event<'_>>, _> = Parser::new(tex, storage).collect();
    events.ok().filter(|events| !events.is_empty())
}

fn depth(tex: &str) -> usize {
    let (mut depth, mut deepest) = (0usize, 0usize);
    for b in tex.bytes() {
        match b {
            b'{' => {
                depth += 1;
                deepest = deepest.max(depth);
            }
            b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest
}

/// One formula as `<math>`, its TeX as the annotation; `None` when it cannot be read. The
/// converter runs under `catch_unwind`: a formula that made it panic is shown as its source,
/// never taking the page (or the render thread that called it from JavaScript) down.
pub fn mathml(tex: &str, display: bool) -> Option<String> {
    std::panic::catch_unwind(|| convert(tex, display)).ok().flatten()
}

fn convert(tex: &str, display: bool) -> Option<String> {
    let prepared = prepare(tex);
    let storage = Storage::new();
    let events = events(&prepared, &storage)?;
    let annotation = escape(tex);
    let config = RenderConfig {
        display_mode: if display { DisplayMode::Block } else { DisplayMode::Inline },
        annotation: Some(&annotation),
        ..RenderConfig::default()
    };
    let mut raw = String::new();
    let no_error: Vec<Result<Event<'_>, std::fmt::Error>> = events.into_iter().map(Ok).collect();
    push_mathml(&mut raw, no_error.into_iter(), config).ok()?;
    let mut clean = clean_mathml(&raw);
    // The converter puts the space before an operator name that has a script (`m\log^8 n`)
    // inside the script element, as a third child: it belongs before it.
    for script in ["msup", "msub", "msubsup", "munder", "mover", "munderover"] {
        let misplaced = format!("<{script}><mspace width=\"0.1667em\"/>");
        if clean.contains(&misplaced) {
            clean = clean.replace(&misplaced, &format!("<mspace width=\"0.1667em\"/><{script}>"));
        }
    }
    Some(clean)
}

/// MathML Core's elements: anything else the converter wrote is escaped as text.
const ELEMENTS: &[&str] = &[
    "math",
    "semantics",
    "annotation",
    "mrow",
    "mi",
    "mn",
    "mo",
    "ms",
    "mtext",
    "mspace",
    "msub",
    "msup",
    "msubsup",
    "munder",
    "mover",
    "munderover",
    "mmultiscripts",
    "mprescripts",
    "mfrac",
    "msqrt",
    "mroot",
    "mtable",
    "mtr",
    "mtd",
    "mstyle",
    "mpadded",
    "mphantom",
];

/// Presentation attributes kept (with escaped values); `style` and `class` are dropped.
const ATTRIBUTES: &[&str] = &[
    "display",
    "mathvariant",
    "stretchy",
    "symmetric",
    "fence",
    "separator",
    "form",
    "lspace",
    "rspace",
    "minsize",
    "maxsize",
    "movablelimits",
    "largeop",
    "accent",
    "accentunder",
    "width",
    "height",
    "depth",
    "voffset",
    "displaystyle",
    "scriptlevel",
    "linethickness",
    "encoding",
    "columnspan",
    "rowspan",
];

/// The converter's output written again: allowed tags with allowed attributes, every other
/// `<`, `>` and `&` (one that starts no entity) escaped.
fn clean_mathml(raw: &str) -> String {
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(c) = rest.chars().next() {
        match c {
            '<' => match tag(rest) {
                Some((len, cleaned)) => {
                    out.push_str(&cleaned);
                    rest = &rest[len..];
                    continue;
                }
                None => out.push_str("&lt;"),
            },
            '>' => out.push_str("&gt;"),
            // `\mu` comes out as the micro sign, which fonts draw upright: the Greek letter.
            '\u{b5}' => out.push('μ'),
            '&' => {
                let entity = rest[1..].split_once(';').map(|(e, _)| e).filter(|e| {
                    matches!(*e, "amp" | "lt" | "gt" | "quot" | "#39")
                        || e.strip_prefix('#').is_some_and(|n| !n.is_empty() && n.len() < 8 && n.bytes().all(|b| b.is_ascii_digit()))
                });
                out.push_str(if entity.is_some() { "&" } else { "&amp;" });
            }
            c => out.push(c),
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// A tag at the start of `text` (`<name attr="value" …>`, `</name>`, `<name … />`) whose name
/// is allowed: its length and the tag written again.
fn tag(text: &str) -> Option<(usize, String)> {
    let bytes = text.as_bytes();
    let mut k = 1;
    let closing = bytes.get(k) == Some(&b'/');
    if closing {
        k += 1;
    }
    let name_start = k;
    while k < bytes.len() && bytes[k].is_ascii_lowercase() {
        k += 1;
    }
    let name = &text[name_start..k];
    if !ELEMENTS.contains(&name) {
        return None;
    }
    let mut cleaned = format!("<{}{name}", if closing { "/" } else { "" });
    loop {
        let spaces = k;
        while k < bytes.len() && bytes[k] == b' ' {
            k += 1;
        }
        match bytes.get(k) {
            Some(b'>') => {
                cleaned.push('>');
                return Some((k + 1, cleaned));
            }
            Some(b'/') if !closing && bytes.get(k + 1) == Some(&b'>') => {
                cleaned.push_str("/>");
                return Some((k + 2, cleaned));
            }
            Some(b) if b.is_ascii_lowercase() && !closing && k > spaces => {
                let attr_start = k;
                while k < bytes.len() && (bytes[k].is_ascii_lowercase() || bytes[k] == b'-') {
                    k += 1;
                }
                let attr = &text[attr_start..k];
                if !text[k..].starts_with("=\"") {
                    return None;
                }
                let value_start = k + 2;
                let value_len = text[value_start..].find('"')?;
                let value = &text[value_start..value_start + value_len];
                k = value_start + value_len + 1;
                if ATTRIBUTES.contains(&attr) {
                    let _ = write!(cleaned, " {attr}=\"{}\"", escape(value));
                }
            }
            _ => return None,
        }
    }
}

/// A formula in Unicode (`\Lambda` → Λ, `H_0` → H₀, `\sigma_8` → σ₈, `^0[\oplus]` → ⁰[⊕]),
/// or `None` when some part has no Unicode form (a fraction, a root, a subscript letter
/// Unicode lacks, a matrix).
pub fn unicode(tex: &str) -> Option<String> {
    std::panic::catch_unwind(|| unicode_of(tex)).ok().flatten()
}

fn unicode_of(tex: &str) -> Option<String> {
    let prepared = prepare(tex);
    let storage = Storage::new();
    let events = events(&prepared, &storage)?;
    let mut k = 0;
    let mut out = String::new();
    while k < events.len() {
        let (text, next) = element(&events, k)?;
        out.push_str(&text);
        k = next;
    }
    Some(out.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The element starting at `k` in plain text, and where the next one starts.
fn element(events: &[Event<'_>], k: usize) -> Option<(String, usize)> {
    match events.get(k)? {
        Event::Content(content) => Some((content_text(content), k + 1)),
        Event::Begin(grouping) => {
            let (open, close) = match grouping {
                Grouping::Normal => (None, None),
                Grouping::LeftRight(open, close) => (*open, *close),
                _ => return None,
            };
            let mut text: String = open.map(String::from).unwrap_or_default();
            let mut j = k + 1;
            loop {
                match events.get(j)? {
                    Event::End => {
                        text.extend(close);
                        return Some((text, j + 1));
                    }
                    _ => {
                        let (inner, next) = element(events, j)?;
                        text.push_str(&inner);
                        j = next;
                    }
                }
            }
        }
        Event::Script { ty, .. } => {
            let (base, mut j) = element(events, k + 1)?;
            // An operator name's scripts follow the name, not the space after it.
            let mut text = base.trim_end().to_owned();
            let scripts: &[fn(char) -> Option<char>] = match ty {
                ScriptType::Subscript => &[subscript],
                ScriptType::Superscript => &[superscript],
                ScriptType::SubSuperscript => &[subscript, superscript],
            };
            for map in scripts {
                let (script, next) = element(events, j)?;
                j = next;
                for c in script.trim().chars() {
                    text.push(map(c)?);
                }
            }
            if base.ends_with(' ') {
                text.push(' ');
            }
            Some((text, j))
        }
        Event::Space { .. } => Some((" ".to_owned(), k + 1)),
        // A font (`\mathrm`, `\mathbf`), a colour or a style: the letters as they are.
        Event::StateChange(_) => Some((String::new(), k + 1)),
        Event::End | Event::Visual(_) | Event::EnvironmentFlow(_) => None,
    }
}

fn content_text(content: &Content<'_>) -> String {
    match content {
        Content::Text(text) | Content::Number(text) => (*text).to_owned(),
        // An operator's name (`\log`) stands apart from what it applies to.
        Content::Function(name) => format!(" {name} "),
        Content::Ordinary { content: '\u{b5}', .. } => "μ".to_owned(),
        Content::Ordinary { content, .. } | Content::LargeOp { content, .. } | Content::Delimiter { content, .. } => content.to_string(),
        Content::BinaryOp { content, .. } => content.to_string(),
        Content::Punctuation(c) => c.to_string(),
        Content::Relation { content, .. } => {
            let mut buf = [0u8; 8];
            format!(" {} ", std::str::from_utf8(content.encode_utf8_to_buf(&mut buf)).unwrap_or(""))
        }
    }
}

/// `c` as a Unicode subscript, if it has one (`2` → `₂`, `n` → `ₙ`); also the import's
/// `\textsubscript`.
pub fn subscript(c: char) -> Option<char> {
    Some(match c {
        '0'..='9' => char::from_u32(0x2080 + (c as u32 - '0' as u32))?,
        '+' => '₊',
        '-' | '−' => '₋',
        '=' => '₌',
        '(' => '₍',
        ')' => '₎',
        'a' => 'ₐ',
        'e' => 'ₑ',
        'h' => 'ₕ',
        'i' => 'ᵢ',
        'j' => 'ⱼ',
        'k' => 'ₖ',
        'l' => 'ₗ',
        'm' => 'ₘ',
        'n' => 'ₙ',
        'o' => 'ₒ',
        'p' => 'ₚ',
        'r' => 'ᵣ',
        's' => 'ₛ',
        't' => 'ₜ',
        'u' => 'ᵤ',
        'v' => 'ᵥ',
        'x' => 'ₓ',
        'β' => 'ᵦ',
        'γ' => 'ᵧ',
        'ρ' => 'ᵨ',
        'φ' | 'ϕ' => 'ᵩ',
        'χ' => 'ᵪ',
        _ => return None,
    })
}

/// `c` as a Unicode superscript, if it has one (`2` → `²`, `n` → `ⁿ`); also the import's
/// `\textsuperscript`.
pub fn superscript(c: char) -> Option<char> {
    Some(match c {
        '0' => '⁰',
        '1' => '¹',
        '2' => '²',
        '3' => '³',
        '4'..='9' => char::from_u32(0x2070 + (c as u32 - '0' as u32))?,
        '+' => '⁺',
        '-' | '−' => '⁻',
        '=' => '⁼',
        '(' => '⁽',
        ')' => '⁾',
        'i' => 'ⁱ',
        'n' => 'ⁿ',
        '*' | '∗' => '*',
        '′' => '′',
        '∘' | '○' => '°',
        _ => return None,
    })
}

#[cfg(test)]
mod tests;
