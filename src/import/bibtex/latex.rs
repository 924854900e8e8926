//! The LaTeX commands real exports put in values (issue 27, item 4), decoded before the
//! `biblatex` crate reads the value, which would otherwise drop their braces and leave
//! `z\raisebox-0.5exasciitilde0.3` or `J005512.2\ensuremath-255834` (ADS).
//!
//! Math stays math: `\ensuremath{…}` becomes `$…$`, a math-only symbol outside math (`{\sim}`)
//! becomes a formula of its own, and a formula's own text is left for `crate::rules::math`,
//! except `\ensuremath` inside it, which is dropped. `$$…$$` becomes `$\[…\]$`, which the crate
//! keeps as one formula (it reads `$$` as an empty one), and `formula` writes it back.
//!
//! ADS writes journals as the AAS macros (`journal = {\apj}`): a value that is only one of
//! them becomes the journal's name.
//!
//! The arguments of a command are decoded by calling this again on them: the nesting is that of
//! the value's braces, which the reader refused beyond 64 levels before anything gets here.

use crate::rules::math;

/// A literal `~` (from `\textasciitilde`), kept apart from the tie `~` that the prose tidying
/// turns into a space; `tidy` writes it back.
pub const TILDE: char = '\u{f8fe}';
/// A literal `{` and `}` (from `\{`, `\}`, `\textbraceleft`, `\textbraceright`), kept apart
/// from the braces of the value, which the crate reads as groups and the tidying drops; `tidy`
/// writes them back.
pub const BRACE_LEFT: char = '\u{f8fc}';
pub const BRACE_RIGHT: char = '\u{f8fd}';

/// Symbols that only exist in math, written as a formula of their own when found in prose.
const MATH_SYMBOLS: &[&str] =
    &["sim", "approx", "pm", "mp", "times", "lesssim", "gtrsim", "odot", "sun", "deg", "prime", "infty", "le", "ge", "leq", "geq"];

/// Text-mode symbols that Zotero's export writes for Unicode characters (its table of LaTeX
/// for Unicode), which the crate would otherwise spell out (`{\textmu}m` read as "mu m").
const TEXT_SYMBOLS: &[(&str, &str)] = &[
    ("textmu", "µ"),
    ("textdegree", "°"),
    ("textperiodcentered", "·"),
    ("textellipsis", "…"),
    ("textquotesingle", "'"),
    ("textbar", "|"),
    ("textless", "<"),
    ("textgreater", ">"),
    ("textasciicircum", "^"),
    ("textbullet", "•"),
    ("textregistered", "®"),
    ("texttrademark", "™"),
    ("textcopyright", "©"),
    ("textsection", "§"),
    ("textpm", "±"),
    ("texttimes", "×"),
    ("textonehalf", "½"),
    ("textquotedblleft", "“"),
    ("textquotedblright", "”"),
    ("textquoteleft", "‘"),
    ("textquoteright", "’"),
    ("ldots", "…"),
    ("dots", "…"),
];

/// The journal macros of the AAS (`aas_macros.sty`) that ADS writes as a whole `journal`
/// (`journal = {\apj}`), with the names ADS itself gives them.
const JOURNAL_MACROS: &[(&str, &str)] = &[
    ("aj", "The Astronomical Journal"),
    ("actaa", "Acta Astronomica"),
    ("araa", "Annual Review of Astronomy and Astrophysics"),
    ("apj", "The Astrophysical Journal"),
    ("apjl", "The Astrophysical Journal Letters"),
    ("apjs", "The Astrophysical Journal Supplement Series"),
    ("ao", "Applied Optics"),
    ("apss", "Astrophysics and Space Science"),
    ("aap", "Astronomy and Astrophysics"),
    ("aapr", "Astronomy and Astrophysics Reviews"),
    ("aaps", "Astronomy and Astrophysics Supplement Series"),
    ("azh", "Astronomicheskii Zhurnal"),
    ("baas", "Bulletin of the American Astronomical Society"),
    ("icarus", "Icarus"),
    ("jcap", "Journal of Cosmology and Astroparticle Physics"),
    ("jrasc", "Journal of the Royal Astronomical Society of Canada"),
    ("memras", "Memoirs of the Royal Astronomical Society"),
    ("mnras", "Monthly Notices of the Royal Astronomical Society"),
    ("na", "New Astronomy"),
    ("nar", "New Astronomy Reviews"),
    ("pra", "Physical Review A"),
    ("prb", "Physical Review B"),
    ("prc", "Physical Review C"),
    ("prd", "Physical Review D"),
    ("pre", "Physical Review E"),
    ("prl", "Physical Review Letters"),
    ("pasa", "Publications of the Astronomical Society of Australia"),
    ("pasp", "Publications of the Astronomical Society of the Pacific"),
    ("pasj", "Publications of the Astronomical Society of Japan"),
    ("qjras", "Quarterly Journal of the Royal Astronomical Society"),
    ("skytel", "Sky and Telescope"),
    ("solphys", "Solar Physics"),
    ("sovast", "Soviet Astronomy"),
    ("ssr", "Space Science Reviews"),
    ("zap", "Zeitschrift für Astrophysik"),
    ("nat", "Nature"),
    ("iaucirc", "IAU Circulars"),
    ("aplett", "Astrophysics Letters"),
    ("gca", "Geochimica et Cosmochimica Acta"),
    ("grl", "Geophysical Research Letters"),
    ("jcp", "Journal of Chemical Physics"),
    ("jgr", "Journal of Geophysical Research"),
    ("jqsrt", "Journal of Quantitative Spectroscopy and Radiative Transfer"),
    ("memsai", "Memorie della Società Astronomica Italiana"),
    ("nphysa", "Nuclear Physics A"),
    ("physrep", "Physics Reports"),
    ("physscr", "Physica Scripta"),
    ("planss", "Planetary and Space Science"),
    ("procspie", "Proceedings of the SPIE"),
];

/// The journal a whole `journal` value names as an AAS macro (`\apj`).
pub fn journal_macro(value: &str) -> Option<&'static str> {
    let name = value.trim().strip_prefix('\\')?;
    JOURNAL_MACROS.iter().find(|(macro_name, _)| *macro_name == name).map(|(_, journal)| *journal)
}

/// `value` with the commands decoded (see the module's list).
pub fn decode(value: &str) -> String {
    let value = display_math_as_one(&escaped_math(value));
    let mut out = String::with_capacity(value.len());
    let mut in_math = false;
    let mut rest = value.as_str();
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("\\$") {
            // A dollar of the text: no formula starts or ends here.
            out.push_str("\\$");
            rest = &rest[2..];
            continue;
        }
        if c == '$' {
            in_math = !in_math;
            out.push('$');
            rest = &rest[1..];
            continue;
        }
        // `\(…\)` is inline math as `$…$` is; the crate would read `\(` as a command and set
        // the formula apart with spaces (`{\(\Sigma\)}{\(\Pi\)}` as "\( \Sigma \) \( \Pi \)").
        if (rest.starts_with("\\(") && !in_math) || (rest.starts_with("\\)") && in_math) {
            in_math = !in_math;
            out.push('$');
            rest = &rest[2..];
            continue;
        }
        if c == '{'
            && rest[1..].starts_with('\\')
            && let Some((decoded, len)) = command(&rest[1..], in_math)
            && rest[1 + len..].starts_with('}')
        {
            // `{\sim}`, `{\ensuremath{-}}`, `{\raisebox{-0.5ex}\textasciitilde}`: the group
            // is only the command.
            out.push_str(&decoded);
            rest = &rest[len + 2..];
            continue;
        }
        if c == '\\'
            && let Some((decoded, len)) = command(rest, in_math)
        {
            out.push_str(&decoded);
            rest = &rest[len..];
            continue;
        }
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    out
}

/// DBLP's and Mendeley's titles write their math escaped as text: DBLP's `{\textdollar}
/// {\textbackslash}mathrm\{AC\}{\^{}}0{\textdollar}` for `$\mathrm{AC}^0$`, Mendeley's
/// `{\$}\backslashsqrt{\{}s{\}}{\$}` for `$\sqrt{s}$`. Between two such dollars, a span
/// holding an escaped backslash, caret, underscore or brace is that formula again; other text
/// dollars stay text. A value that escapes math Mendeley's way (`\backslash` glued to a
/// command's name, which TeX itself cannot read) has no text dollars: each pair is a formula
/// (`{\$}p{\$}`).
fn escaped_math(value: &str) -> String {
    let value = escaped_math_between(value, "{\\textdollar}", false);
    let glued =
        value.match_indices("\\backslash").any(|(at, word)| value[at + word.len()..].starts_with(|c: char| c.is_ascii_alphabetic()));
    escaped_math_between(&value, "{\\$}", glued)
}

/// [`escaped_math`] for one spelling of the dollar; `all` takes every pair as a formula.
fn escaped_math_between(value: &str, dollar: &str, all: bool) -> String {
    if value.matches(dollar).count() < 2 {
        return value.to_owned();
    }
    let mut out = String::with_capacity(value.len());
    let mut rest = value;
    while let Some(open) = rest.find(dollar) {
        let after = &rest[open + dollar.len()..];
        let Some(close) = after.find(dollar) else { break };
        let inner = &after[..close];
        out.push_str(&rest[..open]);
        let escaped = ["{\\textbackslash}", "\\backslash", "{\\^{}}", "{\\_}", "{\\{}"];
        if all || escaped.iter().any(|e| inner.contains(e)) {
            // The grouped escapes first: `{\{}` holds the `\{` of DBLP's brace.
            let tex = inner
                .replace("{\\{}", "{")
                .replace("{\\}}", "}")
                .replace("{\\textbackslash}", "\\")
                .replace("\\backslash", "\\")
                .replace("{\\^{}}", "^")
                .replace("{\\_}", "_")
                .replace("\\{", "{")
                .replace("\\}", "}");
            out.push('$');
            out.push_str(&tex);
            out.push('$');
            rest = &after[close + dollar.len()..];
        } else {
            out.push_str(dollar);
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// `$$…$$` as `$\[…\]$`. A `\$` is a dollar of the text, never half of a `$$`.
fn display_math_as_one(value: &str) -> String {
    if !value.contains("$$") {
        return value.to_owned();
    }
    let unescaped = |text: &str| {
        let mut from = 0;
        while let Some(at) = text[from..].find("$$").map(|at| from + at) {
            if text[..at].bytes().rev().take_while(|&b| b == b'\\').count() % 2 == 0 {
                return Some(at);
            }
            from = at + 1;
        }
        None
    };
    let mut out = String::with_capacity(value.len() + 8);
    let mut rest = value;
    while let Some(open) = unescaped(rest) {
        let Some(close) = unescaped(&rest[open + 2..]) else { break };
        out.push_str(&rest[..open]);
        out.push_str("$\\[");
        out.push_str(&rest[open + 2..open + 2 + close]);
        out.push_str("\\]$");
        rest = &rest[open + 2 + close + 2..];
    }
    out.push_str(rest);
    out
}

/// The command at the start of `text` (which starts with `\`), decoded, and its length with
/// its arguments; `None` for one this leaves to the crate.
fn command(text: &str, in_math: bool) -> Option<(String, usize)> {
    let name_len = text[1..].find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(text.len() - 1);
    if name_len == 0 {
        // A one-character command: `\&`, `\%`, `\_`, `\#`, `\{`, `\}`, `\,`.
        let symbol = text[1..].chars().next()?;
        return match (symbol, in_math) {
            ('&' | '%' | '_' | '#', false) => Some((symbol.to_string(), 2)),
            ('{', false) => Some((BRACE_LEFT.to_string(), 2)),
            ('}', false) => Some((BRACE_RIGHT.to_string(), 2)),
            (',', false) => Some((" ".to_owned(), 2)),
            _ => None,
        };
    }
    let name = &text[1..1 + name_len];
    let after = 1 + name_len;
    match name {
        "ensuremath" => {
            let (argument, len) = argument(&text[after..])?;
            let inner = decode_math(argument);
            Some((if in_math { inner } else { format!("${inner}$") }, after + len))
        }
        "raisebox" => {
            // `\raisebox{-0.5ex}{…}` or `\raisebox{-0.5ex}\textasciitilde`: what is raised.
            let (_, lift) = braced(&text[after..])?;
            let rest = &text[after + lift..];
            if rest.starts_with("\\textasciitilde") {
                // The space after the command's name ends the name: TeX prints none (ADS's
                // `z \raisebox{-0.5ex}\textasciitilde 1.6` is "z ∼1.6").
                return Some(("∼".to_owned(), skip_space(text, after + lift + "\\textasciitilde".len())));
            }
            let (raised, len) = argument(rest)?;
            Some((decode(raised), after + lift + len))
        }
        "textasciitilde" if !in_math => Some((TILDE.to_string(), skip_space(text, after))),
        "textbraceleft" if !in_math => Some((BRACE_LEFT.to_string(), skip_empty_group(text, after))),
        "textbraceright" if !in_math => Some((BRACE_RIGHT.to_string(), skip_empty_group(text, after))),
        "textendash" if !in_math => Some(("–".to_owned(), skip_space(text, after))),
        "textemdash" if !in_math => Some(("—".to_owned(), skip_space(text, after))),
        symbol if !in_math && let Some((_, unicode)) = TEXT_SYMBOLS.iter().find(|(name, _)| *name == symbol) => {
            Some(((*unicode).to_owned(), skip_empty_group(text, after)))
        }
        "textsuperscript" | "textsubscript" if !in_math => {
            let (argument, len) = argument(&text[after..])?;
            let inner = decode(argument);
            let map = if name == "textsuperscript" { math::superscript } else { math::subscript };
            let scripted: Option<String> = inner.chars().map(map).collect();
            Some((scripted.unwrap_or(inner), after + len))
        }
        // A type style is its argument's text, spaces included: left to the crate,
        // `{\emph{ Sp.}}` loses the space the tidying takes for the command's. Not a group of
        // its own: an owner's name in bold (`\textbf{Zhu, W.} and …`) is still a name.
        "emph" | "textit" | "textbf" | "textsc" | "texttt" | "textrm" | "textsf" | "textup" | "textsl" | "textmd" | "mbox" if !in_math => {
            let (styled, len) = argument(&text[after..])?;
            Some((decode(styled), after + len))
        }
        // csquotes' quotation (`\enquote{divide-and-conquer}`).
        "enquote" if !in_math => {
            let (quoted, len) = argument(&text[after..])?;
            Some((format!("“{}”", decode(quoted)), after + len))
        }
        // ADS titles (AASTeX): `\ion{H}{ii}` is the ion H II, `\object{M 31}` names an object.
        "ion" if !in_math => {
            let (element, first) = argument(&text[after..])?;
            let (stage, second) = argument(&text[after + first..])?;
            Some((format!("{} {}", decode(element), decode(stage).to_uppercase()), after + first + second))
        }
        "object" if !in_math => {
            let (name, len) = argument(&text[after..])?;
            Some((decode(name), after + len))
        }
        symbol if !in_math && MATH_SYMBOLS.contains(&symbol) => Some((format!("$\\{symbol}$"), after)),
        _ => None,
    }
}

/// A formula's text without `\ensuremath`.
fn decode_math(tex: &str) -> String {
    let mut out = String::with_capacity(tex.len());
    let mut rest = tex;
    while let Some(at) = rest.find("\\ensuremath") {
        out.push_str(&rest[..at]);
        let after = &rest[at + "\\ensuremath".len()..];
        match argument(after) {
            Some((inner, len)) => {
                out.push_str(&decode_math(inner));
                rest = &after[len..];
            }
            None => rest = after,
        }
    }
    out.push_str(rest);
    out
}

/// The length of `text` up to after the spaces that end a command name (`\textendash x`).
fn skip_space(text: &str, at: usize) -> usize {
    at + text[at..].len() - text[at..].trim_start_matches(' ').len()
}

/// The length of `text` up to after the `{}` or the spaces that end a command name
/// (`\textbraceleft{}x`, `\textbraceleft x`).
fn skip_empty_group(text: &str, at: usize) -> usize {
    if text[at..].starts_with("{}") { at + 2 } else { skip_space(text, at) }
}

/// A command's argument: `{…}` (its content), or else one character or one `\command`.
/// Returns the content and the length taken, spaces before it included.
fn argument(text: &str) -> Option<(&str, usize)> {
    let trimmed = text.trim_start_matches(' ');
    let skipped = text.len() - trimmed.len();
    if trimmed.starts_with('{') {
        let (inner, len) = braced(trimmed)?;
        return Some((inner, skipped + len));
    }
    let first = trimmed.chars().next()?;
    if first == '\\' {
        let len = 1 + trimmed[1..].find(|c: char| !c.is_ascii_alphabetic()).unwrap_or(trimmed.len() - 1).max(1);
        let len = len.min(trimmed.len());
        return Some((&trimmed[..len], skipped + len));
    }
    Some((&trimmed[..first.len_utf8()], skipped + first.len_utf8()))
}

/// `{…}` at the start of `text`: its content and the length with both braces.
fn braced(text: &str) -> Option<(&str, usize)> {
    if !text.starts_with('{') {
        return None;
    }
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'{' => depth += 1,
            b'}' => {
                depth -= 1;
                if depth == 0 {
                    return Some((&text[1..i], i + 1));
                }
            }
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ads_commands_become_text_and_math() {
        assert_eq!(decode("z{\\raisebox{-0.5ex}\\textasciitilde}0.3"), "z∼0.3");
        assert_eq!(decode("J005512.2{\\ensuremath{-}}255834"), "J005512.2$-$255834");
        assert_eq!(decode("J005512.2\\ensuremath{-}255834"), "J005512.2$-$255834");
        assert_eq!(decode("at z{\\sim}6"), "at z$\\sim$6");
        assert_eq!(decode("$\\ensuremath{\\Lambda}$CDM"), "$\\Lambda$CDM");
        assert_eq!(decode("\\raisebox{1pt}{x}"), "x");
    }

    #[test]
    fn escaped_dollars_and_braces_are_text() {
        assert_eq!(
            decode("\\{x\\} {\\{}y\\textbraceright{} \\textbraceleft z $\\{n\\}$"),
            format!("{BRACE_LEFT}x{BRACE_RIGHT} {BRACE_LEFT}y{BRACE_RIGHT} {BRACE_LEFT}z $\\{{n\\}}$")
        );
        assert_eq!(decode("\\$\\{\\$ $\\{$"), format!("\\${BRACE_LEFT}\\$ $\\{{$"), "a text dollar opens no formula");
        assert_eq!(decode("\\$$$x$$ and $$y$$"), "\\$$\\[x\\]$ and $\\[y\\]$", "a text dollar is no half of a $$");
    }

    #[test]
    fn text_commands_become_their_characters() {
        assert_eq!(decode("10\\textendash 20 \\textemdash{} \\& 5\\% a\\_b \\#1"), "10–20 —{} & 5% a_b #1");
        assert_eq!(decode("~user \\textasciitilde x"), format!("~user {TILDE}x"));
        assert_eq!(decode("10\\,GeV"), "10 GeV");
        assert_eq!(decode("H\\textsubscript{2}O and 10\\textsuperscript{-3} and 2\\textsuperscript{nd}"), "H₂O and 10⁻³ and 2nd");
    }

    #[test]
    fn ads_journal_macros_are_the_journals_names() {
        assert_eq!(journal_macro("\\apj"), Some("The Astrophysical Journal"));
        assert_eq!(journal_macro(" \\mnras "), Some("Monthly Notices of the Royal Astronomical Society"));
        assert_eq!(journal_macro("\\prd"), Some("Physical Review D"));
        assert_eq!(journal_macro("\\unknownjournal"), None);
        assert_eq!(journal_macro("see \\apj"), None, "only a whole value");
    }

    #[test]
    fn math_is_left_as_tex() {
        assert_eq!(decode("$10\\,\\mathrm{M}_\\odot$ and $a\\&b$"), "$10\\,\\mathrm{M}_\\odot$ and $a\\&b$");
        assert_eq!(decode("we have $$x^2$$ here"), "we have $\\[x^2\\]$ here");
    }

    #[test]
    fn ads_ions_and_objects_read_as_text() {
        assert_eq!(decode("The \\ion{H}{ii} region in \\object{M 31}"), "The H II region in M 31");
        assert_eq!(decode("\\ion{Fe}{xxv} lines"), "Fe XXV lines");
        assert_eq!(decode("\\ion{H}"), "\\ion{H}", "an ion without its stage is left alone");
    }

    #[test]
    fn unknown_and_broken_commands_are_left_alone() {
        assert_eq!(decode("\\emph{x} \\ensuremath"), "x \\ensuremath", "a type style is its argument's text");
        assert_eq!(decode("\\foo{x} \\ensuremath"), "\\foo{x} \\ensuremath");
        assert_eq!(decode("\\raisebox{-0.5ex"), "\\raisebox{-0.5ex");
    }
}
