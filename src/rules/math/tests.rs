//! Issue 27, item 1: each rule of the math conversion, then the golden file of real titles.

use super::*;

fn math_count(html: &str) -> usize {
    html.matches("<math").count()
}

#[test]
fn text_without_math_is_untouched() {
    for text in ["Masking RISC-V with AES", "A & B < C", "50% of \"quoted\" text", ""] {
        assert!(!has_math(text));
        assert_eq!(to_plain(text), text);
        assert_eq!(to_html(text, true), escape(text));
    }
}

#[test]
fn inline_math_in_dollars_and_parentheses_becomes_mathml_with_its_tex() {
    let html = to_html("Testing $\\Lambda$CDM", false);
    assert!(html.starts_with("Testing <math display=\"inline\"><semantics><mrow>"), "{html}");
    assert!(html.contains("<mi mathvariant=\"normal\">Λ</mi>"), "{html}");
    assert!(html.contains("<annotation encoding=\"application/x-tex\">\\Lambda</annotation></semantics></math>CDM"), "{html}");
    assert_eq!(math_count(&to_html("A bound \\(\\Delta \\ge 1\\) here", false)), 1);
}

#[test]
fn display_math_is_a_block_only_where_blocks_are_allowed() {
    let text = "We derive $$E = mc^2$$ and \\[x^2\\].";
    let blocks = to_html(text, true);
    assert_eq!(blocks.matches("<math display=\"block\">").count(), 2, "{blocks}");
    let inline = to_html(text, false);
    assert_eq!(inline.matches("<math display=\"inline\">").count(), 2, "{inline}");
}

#[test]
fn a_dollar_in_prose_is_not_math() {
    for text in ["It cost $4.2 billion and $5 more", "Prices: $ 3 and 4 $", "$$ alone", "a $ b"] {
        assert_eq!(math_count(&to_html(text, true)), 0, "{text}");
        assert_eq!(to_plain(text), text);
    }
    assert_eq!(to_html("A \\$4.2 bill", false), "A $4.2 bill", "an escaped dollar is a dollar");
    assert_eq!(to_plain("A \\$4.2 bill"), "A $4.2 bill");
}

#[test]
fn broken_tex_shows_as_written() {
    assert_eq!(to_html("Broken $\\frac{1}{$ here", false), "Broken $\\frac{1}{$ here");
    assert_eq!(to_html("$\\undefinedcommand{x}$", false), "$\\undefinedcommand{x}$");
    assert_eq!(to_html(&format!("${}x{}$", "{".repeat(100), "}".repeat(100)), false).matches("<math").count(), 0);
}

#[test]
fn what_the_converter_writes_unescaped_is_escaped_and_only_mathml_core_remains() {
    let html = to_html("$\\operatorname{<img src=x onerror=alert(1)>}$ and $a<b$ and $\\text{</math><script>}$ \\& $x \\& y$", false);
    assert!(!html.contains("<img") && !html.contains("<script") && !html.contains("<b>"), "{html}");
    assert!(html.contains("<mo>&lt;</mo>"), "{html}");
    let html = to_html("$\\color{red} x$ and $\\begin{pmatrix}a&b\\\\c&d\\end{pmatrix}$", false);
    assert!(!html.contains("style=") && !html.contains("class="), "{html}");
    assert!(html.contains("<mtable>"), "{html}");
}

#[test]
fn the_annotation_keeps_the_tex_escaped() {
    let html = to_html("$a<b$", false);
    assert!(html.contains("<annotation encoding=\"application/x-tex\">a&lt;b</annotation>"), "{html}");
}

#[test]
fn plain_text_takes_the_unicode_form_or_the_tex_without_dollars() {
    assert_eq!(to_plain("$\\Lambda$CDM"), "ΛCDM");
    assert_eq!(to_plain("$H_0$ tension"), "H₀ tension");
    assert_eq!(to_plain("$\\sigma_8$"), "σ₈");
    assert_eq!(to_plain("AC$^0[\\oplus]$"), "AC⁰[⊕]");
    assert_eq!(to_plain("$z \\sim 0.3$"), "z ∼ 0.3");
    assert_eq!(to_plain("$\\mathrm{M}_\\odot$"), "\\mathrm{M}_\\odot", "no subscript ⊙: the TeX");
    assert_eq!(to_plain("$\\frac{1}{2}$ of it"), "\\frac{1}{2} of it");
    assert_eq!(to_plain("An $O(n \\log n)$ algorithm"), "An O(n log n) algorithm");
    assert_eq!(to_plain("\\(x^2\\)"), "x²");
    assert_eq!(to_plain("Broken $x^$"), "Broken x^");
}

#[test]
fn rich_text_converts_its_text_but_not_tags_code_or_entities_as_markup() {
    let html = "<p>Since $a &lt; b$ we have <em>$\\alpha$</em>.</p><pre><code>$not math$</code></pre><p>$$x^2$$</p>";
    let out = html_with_math(html);
    assert!(out.starts_with("<p>Since <math display=\"inline\">"), "{out}");
    assert!(out.contains("<mo>&lt;</mo>"), "{out}");
    assert!(out.contains("<em><math display=\"inline\">"), "{out}");
    assert!(out.contains("<pre><code>$not math$</code></pre>"), "{out}");
    assert!(out.contains("<p><math display=\"block\">"), "{out}");
    assert_eq!(html_with_math("<p>No math &amp; no dollars</p>"), "<p>No math &amp; no dollars</p>");
    assert_eq!(html_with_math("<p>It cost $4 &amp; $5</p>"), "<p>It cost $4 &amp; $5</p>");
    // A `>` inside an attribute value (ammonia leaves it) does not end the tag.
    let titled = "<p><a href=\"https://example.org/\" title=\"a > $x$ b\">link</a> and $y$</p>";
    let out = html_with_math(titled);
    assert!(out.starts_with("<p><a href=\"https://example.org/\" title=\"a > $x$ b\">link</a> and <math"), "{out}");
    assert_eq!(math_count(&out), 1);
}

/// At least 40 real titles and abstracts (physics, mathematics, theory CS), converted and
/// compared with `tests/fixtures/math/golden.json`, whose every line was checked by hand.
/// `VITA_UPDATE_GOLDEN=1` writes the file again.
#[test]
fn math_golden() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/math");
    let inputs = std::fs::read_to_string(root.join("inputs.txt")).unwrap();
    let got: Vec<serde_json::Value> = inputs
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| serde_json::json!({ "text": line, "plain": to_plain(line), "html": to_html(line, true) }))
        .collect();
    assert!(got.len() >= 40);
    let path = root.join("golden.json");
    let written = serde_json::to_string_pretty(&got).unwrap() + "\n";
    if std::env::var_os("VITA_UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, &written).unwrap();
    }
    let want: Vec<serde_json::Value> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for (got, want) in got.iter().zip(&want) {
        assert_eq!(got, want);
    }
    assert_eq!(got.len(), want.len());
    // Every element of every formula is MathML Core.
    for entry in &got {
        let html = entry["html"].as_str().unwrap();
        for tag in html.split('<').skip(1) {
            let name: String = tag.trim_start_matches('/').chars().take_while(char::is_ascii_alphanumeric).collect();
            assert!(ELEMENTS.contains(&name.as_str()), "<{name}> in {html}");
        }
    }
}

/// Generated hostile texts: the conversion never panics, every `<` it writes starts a MathML
/// Core tag (or is the rich text's own markup), and the prose around formulas is kept.
mod generated {
    use proptest::prelude::*;

    use super::*;

    fn fragment() -> impl Strategy<Value = String> {
        prop_oneof![
            Just("$".to_owned()),
            Just("$$".to_owned()),
            Just("\\(".to_owned()),
            Just("\\)".to_owned()),
            Just("\\[".to_owned()),
            Just("\\]".to_owned()),
            Just("\\$".to_owned()),
            Just("{".to_owned()),
            Just("}".to_owned()),
            Just("^".to_owned()),
            Just("_".to_owned()),
            Just("&".to_owned()),
            Just("<".to_owned()),
            Just(">".to_owned()),
            Just("\"".to_owned()),
            Just("\\frac{".to_owned()),
            Just("\\sqrt[".to_owned()),
            Just("\\operatorname{".to_owned()),
            Just("\\text{".to_owned()),
            Just("\\mathrm{".to_owned()),
            Just("\\left(".to_owned()),
            Just("\\right)".to_owned()),
            Just("\\begin{pmatrix}".to_owned()),
            Just("\\end{pmatrix}".to_owned()),
            Just("\\\\".to_owned()),
            Just("\\color{red}".to_owned()),
            Just("\\hspace{1em}".to_owned()),
            Just("\\ensuremath{".to_owned()),
            Just("<img src=x onerror=alert(1)>".to_owned()),
            Just("</math><script>".to_owned()),
            "[a-zA-Z0-9 +=,.-]{0,6}",
            "\\\\[a-zA-Z]{1,8}",
        ]
    }

    /// Every `<` of `html` opens or closes an element of `allowed`.
    fn only_tags(html: &str, allowed: &[&str]) -> Result<(), String> {
        for tag in html.split('<').skip(1) {
            let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
            if !allowed.contains(&name.as_str()) {
                return Err(format!("<{name}> in {html}"));
            }
        }
        Ok(())
    }

    proptest! {
        #[test]
        fn text_with_hostile_tex_becomes_only_mathml(parts in prop::collection::vec(fragment(), 0..40)) {
            let text = parts.concat();
            let html = to_html(&text, true);
            prop_assert!(only_tags(&html, ELEMENTS).is_ok(), "{}", only_tags(&html, ELEMENTS).unwrap_err());
            let _ = to_plain(&text);
            let rich = html_with_math(&format!("<p>{}</p>", escape(&text)));
            let mut allowed = ELEMENTS.to_vec();
            allowed.push("p");
            prop_assert!(only_tags(&rich, &allowed).is_ok(), "{}", only_tags(&rich, &allowed).unwrap_err());
        }
    }
}

#[test]
fn an_entity_followed_by_a_multibyte_character_is_read_without_panicking() {
    // The entity search once cut the text at its 12th byte, inside "’".
    let html = html_with_math("<p>Tom &amp; Jerry’s $x$</p>");
    assert!(html.starts_with("<p>Tom &amp; Jerry’s <math"), "{html}");
    assert_eq!(unescape("&amp; Jerry’s &bogus’; &lt;"), "& Jerry’s &bogus’; <");
}
