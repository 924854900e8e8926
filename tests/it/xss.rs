//! The XSS corpus (issue 15, item 10), on SQLite and PostgreSQL: each of 60 payloads (script
//! tags, event handlers, `javascript:`/`data:` URLs, SVG and MathML tricks, attribute and
//! element breakouts, `</script>` inside the page's JSON…) goes into every text, rich-text,
//! link and list field of every table, every page text and the analytics setting, one field
//! per row; then every public page and every paper page is read as a visitor and tokenized as
//! a browser does (html5ever). A page must carry no script but its own, no event-handler
//! attribute, no `javascript:`/`vbscript:`/`data:` URL and no frame, object, base or refresh.
//! A payload a field refuses (422) cannot run either. `web/e2e/xss.spec.ts` loads a subset in
//! Chromium and watches for execution.

use std::cell::RefCell;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer};
use serde_json::{Value, json};

use crate::helpers::{TestApp, TestDb};
use crate::on_both_databases;

/// The payloads; each calls `__xss(n)` (the browser test defines it) or loads evil.example.
fn payloads() -> Vec<String> {
    let raw = [
        "<script>__xss(1)</script>",
        "<img src=x onerror=__xss(2)>",
        "<svg onload=__xss(3)>",
        "<svg><script>__xss(4)</script></svg>",
        "<math><mtext><table><mglyph><style><img src=x onerror=__xss(5)>",
        "<iframe src=\"javascript:__xss(6)\"></iframe>",
        "<a href=\"javascript:__xss(7)\">link</a>",
        "<a href=\"JaVaScRiPt:__xss(8)\">link</a>",
        "<a href=\"&#106;avascript:__xss(9)\">link</a>",
        "<a href=\" javascript:__xss(10)\">link</a>",
        "<a href=\"java\tscript:__xss(11)\">link</a>",
        "<a href=\"data:text/html,<script>__xss(12)</script>\">link</a>",
        "<object data=\"javascript:__xss(13)\"></object>",
        "<embed src=\"javascript:__xss(14)\">",
        "<body onload=__xss(15)>",
        "<details open ontoggle=__xss(16)>",
        "<input autofocus onfocus=__xss(17)>",
        "<video><source onerror=__xss(18)></video>",
        "<audio src=x onerror=__xss(19)>",
        "\"><script>__xss(20)</script>",
        "'><img src=x onerror=__xss(21)>",
        "\" onmouseover=\"__xss(22)",
        "' onfocus='__xss(23)' autofocus='",
        "</script><script>__xss(24)</script>",
        "</textarea><script>__xss(25)</script>",
        "</title><script>__xss(26)</script>",
        "</style><script>__xss(27)</script>",
        "--><script>__xss(28)</script>",
        "<![CDATA[<script>__xss(29)</script>]]>",
        "<scr<script>ipt>__xss(30)</scr</script>ipt>",
        "<SCRIPT SRC=//evil.example/xss31.js></SCRIPT>",
        "<script src=\"data:text/javascript,__xss(32)\"></script>",
        "<base href=\"javascript:__xss(33)//\">",
        "<meta http-equiv=\"refresh\" content=\"0;url=javascript:__xss(34)\">",
        "<form action=\"javascript:__xss(35)\"><button>go</button></form>",
        "<button formaction=\"javascript:__xss(36)\">go</button>",
        "<svg><a xlink:href=\"javascript:__xss(37)\"><text y=\"20\">link</text></a></svg>",
        "<svg><animate onbegin=__xss(38) attributeName=x dur=1s>",
        "<svg><set attributeName=\"onload\" to=\"__xss(39)\"/></svg>",
        "<math href=\"javascript:__xss(40)\">link</math>",
        "<img src=\"x\" style=\"x:expression(__xss(41))\">",
        "<div style=\"background:url(javascript:__xss(42))\">styled</div>",
        "<img srcset=\"javascript:__xss(43)\">",
        "<iframe srcdoc=\"<script>__xss(44)</script>\"></iframe>",
        "<noscript><p title=\"</noscript><img src=x onerror=__xss(45)>\"></noscript>",
        "<template><script>__xss(46)</script></template>",
        "<marquee onstart=__xss(47)>text</marquee>",
        "<a href=\"vbscript:__xss(48)\">link</a>",
        "javascript:__xss(49)",
        "JAVASCRIPT:__xss(50)",
        "data:text/html;base64,PHNjcmlwdD5fX3hzcyg1MSk8L3NjcmlwdD4=",
        "//evil.example/xss52",
        "/\\evil.example/xss53",
        "{{constructor.constructor('__xss(54)')()}}",
        "${__xss(55)}",
        "\u{2028}\u{2029}</script><script>__xss(56)</script>",
        "<img src=x:x onerror=__xss(57)//",
        "<a href=\"https://example.org\" onclick=\"__xss(58)\">link</a>",
        "<p>ok</p><style>@import 'javascript:__xss(59)';</style>",
        "&lt;script&gt;__xss(60)&lt;/script&gt;",
    ];
    raw.into_iter().map(str::to_owned).collect()
}

/// What a browser would run or follow on a page that it should not, found while tokenizing.
struct Detector {
    findings: RefCell<Vec<String>>,
    /// The text of the inline script being read, if the current element is one.
    script: RefCell<Option<String>>,
}

/// URL attributes a browser follows or loads.
const URL_ATTRIBUTES: &[&str] =
    &["href", "src", "action", "formaction", "xlink:href", "data", "srcset", "background", "poster", "lowsrc", "dynsrc", "codebase"];

fn dangerous_url(value: &str) -> bool {
    // Browsers drop ASCII whitespace and control characters from a URL's scheme.
    let scheme: String =
        value.chars().filter(|c| !c.is_ascii_whitespace() && !c.is_ascii_control()).collect::<String>().to_ascii_lowercase();
    let safe_image = ["data:image/png", "data:image/jpeg", "data:image/gif", "data:image/webp"].iter().any(|p| scheme.starts_with(p));
    scheme.starts_with("javascript:") || scheme.starts_with("vbscript:") || (scheme.starts_with("data:") && !safe_image)
}

impl TokenSink for Detector {
    type Handle = ();

    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        match token {
            Token::TagToken(tag) if tag.kind == TagKind::StartTag => {
                let name = tag.name.to_string();
                let attr = |wanted: &str| tag.attrs.iter().find(|a| &*a.name.local == wanted).map(|a| a.value.to_string());
                let found = |what: String| self.findings.borrow_mut().push(what);
                for attribute in &tag.attrs {
                    let (key, value) = (attribute.name.local.to_string(), attribute.value.to_string());
                    if key.starts_with("on") || key == "srcdoc" || (URL_ATTRIBUTES.contains(&key.as_str()) && dangerous_url(&value)) {
                        found(format!("<{name} {key}=\"{value}\">"));
                    } else if key == "style" && (value.contains("expression(") || value.to_ascii_lowercase().contains("javascript:")) {
                        found(format!("<{name} style=\"{value}\">"));
                    } else if key == "attributename" && (value.starts_with("on") || value.ends_with("href")) {
                        found(format!("<{name} attributeName=\"{value}\">"));
                    }
                }
                match name.as_str() {
                    "iframe" | "frame" | "frameset" | "object" | "embed" | "applet" | "base" => found(format!("<{name}>")),
                    "meta" if attr("http-equiv").is_some() => found(format!("<meta http-equiv={:?}>", attr("http-equiv"))),
                    "script" => {
                        let kind = attr("type").unwrap_or_default();
                        let src = attr("src");
                        if kind == "application/json" || kind == "application/ld+json" {
                            // Data, not code; its text is checked as JSON when it ends.
                            *self.script.borrow_mut() = Some(format!("data:{kind}:"));
                        } else if let Some(src) = src {
                            if !src.starts_with("/assets/") {
                                found(format!("<script src=\"{src}\">"));
                            }
                        } else {
                            *self.script.borrow_mut() = Some(String::new());
                        }
                        return TokenSinkResult::RawData(RawKind::ScriptData);
                    }
                    "style" | "xmp" | "noembed" | "noframes" => return TokenSinkResult::RawData(RawKind::Rawtext),
                    "title" | "textarea" => return TokenSinkResult::RawData(RawKind::Rcdata),
                    _ => {}
                }
            }
            Token::TagToken(tag) if tag.kind == TagKind::EndTag && &*tag.name == "script" => {
                if let Some(text) = self.script.borrow_mut().take() {
                    if let Some(rest) = text.strip_prefix("data:") {
                        let (_, json) = rest.split_once(':').unwrap_or_default();
                        if serde_json::from_str::<Value>(json).is_err() {
                            self.findings.borrow_mut().push(format!("a JSON script that is not JSON: {json:.200}"));
                        }
                    } else if text != vita::render::THEME_SCRIPT.trim() {
                        self.findings.borrow_mut().push(format!("an inline script: {text:.200}"));
                    }
                }
            }
            Token::CharacterTokens(text) => {
                if let Some(script) = self.script.borrow_mut().as_mut() {
                    script.push_str(&text);
                }
            }
            _ => {}
        }
        TokenSinkResult::Continue
    }
}

/// What a browser would run on this page that is not the page's own.
fn executable_findings(html: &str) -> Vec<String> {
    let input = BufferQueue::default();
    input.push_back(StrTendril::from(html));
    let tokenizer = Tokenizer::new(Detector { findings: RefCell::default(), script: RefCell::default() }, Default::default());
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.findings.take()
}

/// A body each table accepts, with a title unique to the row.
fn base_body(path: &str, unique: &str) -> Value {
    match path {
        "news" => json!({ "title": unique, "content": "<p>Body</p>" }),
        "publications" => json!({ "title": unique, "authors": ["A. Author"], "venue": "CHES", "year": 2024 }),
        "research-areas" => json!({ "title": unique }),
        "projects" => json!({ "title": unique, "summary": "Summary" }),
        "courses" => json!({ "code": "EDA001", "title": unique }),
        "students" => json!({ "name": unique }),
        "talks" => json!({ "title": unique, "event_name": "DATE", "date": "2024-03-10" }),
        "tags" => json!({ "name": unique }),
        "open-calls" => json!({ "title": unique, "slug": unique.to_lowercase().replace(' ', "-") }),
        _ => unreachable!("{path}"),
    }
}

const TABLES: [&str; 9] = ["news", "publications", "research-areas", "projects", "courses", "students", "talks", "tags", "open-calls"];
const SECTIONS: [&str; 4] = ["hero", "stats", "about", "contact"];
/// Fields the server sets itself or that hold no text.
const NOT_INPUT: [&str; 3] = ["id", "created_at", "updated_at"];

async fn no_payload_in_any_field_is_executable_on_a_public_page(test_db: TestDb) {
    let app = TestApp::spawn_on(test_db).await;
    app.sign_in().await;
    let write = |method: reqwest::Method, path: String, body: Value| {
        app.client.request(method, app.url(&path)).header("origin", &app.base).json(&body).send()
    };
    let view: Value = app.client.get(app.url("/api/settings")).send().await.unwrap().json().await.unwrap();
    // The settings themselves, without what the view adds (the provider list, a warning).
    let settings = json!({
        "analytics_script_url": view["analytics_script_url"],
        "analytics_own_origin": view["analytics_own_origin"],
        "show_students_publicly": true,
    });
    assert_eq!(write(reqwest::Method::PUT, "/api/settings".into(), settings.clone()).await.unwrap().status(), 200);

    // Every input field of every table, from a stored row.
    let mut fields: Vec<(&str, Vec<String>)> = Vec::new();
    for table in TABLES {
        let created: Value =
            write(reqwest::Method::POST, format!("/api/{table}"), base_body(table, "Field list")).await.unwrap().json().await.unwrap();
        let keys = created.as_object().unwrap().keys().filter(|k| !NOT_INPUT.contains(&k.as_str())).cloned().collect();
        write(reqwest::Method::DELETE, format!("/api/{table}/{}", created["id"].as_str().unwrap()), Value::Null).await.unwrap();
        fields.push((table, keys));
    }
    let mut sections = Vec::new();
    for section in SECTIONS {
        let record: Value = app.client.get(app.url(&format!("/api/homepage/{section}"))).send().await.unwrap().json().await.unwrap();
        sections.push((section, record["content"].clone()));
    }
    let field_count = fields.iter().map(|(_, keys)| keys.len()).sum::<usize>()
        + sections.iter().map(|(_, content)| content.as_object().unwrap().len()).sum::<usize>()
        + 1;

    let payloads = payloads();
    let (mut stored, mut refused, mut pages_read) = (0, 0, 0);
    let mut findings = Vec::new();
    let baseline_paths = public_paths(&[]);
    for path in &baseline_paths {
        let html = app.client.get(app.url(path)).send().await.unwrap().text().await.unwrap();
        assert_eq!(executable_findings(&html), Vec::<String>::new(), "{path} before any payload");
    }
    for (n, payload) in payloads.iter().enumerate() {
        let mut created = Vec::new();
        let mut papers = Vec::new();
        for (table, keys) in &fields {
            // One row per table with the payload in every field; the fields that refuse it
            // (named in the 422) get the base body's value back, and the row is sent again.
            let base = base_body(table, &format!("Payload {n}"));
            let mut body = base.clone();
            for key in keys {
                // Lists of texts (authors, tech stack) get the payload as an element.
                body[key] =
                    if matches!(key.as_str(), "authors" | "tech_stack" | "collaborators") { json!([payload]) } else { json!(payload) };
            }
            let mut refused_here = std::collections::BTreeSet::new();
            let row = loop {
                let response = write(reqwest::Method::POST, format!("/api/{table}"), body.clone()).await.unwrap();
                let status = response.status().as_u16();
                let answer: Value = response.json().await.unwrap_or(Value::Null);
                if status == 201 {
                    break answer;
                }
                // A 422 names the fields that refuse their value; a 400 the one that is not
                // even of the right type ("date: input contains invalid characters").
                let named: Vec<String> = match status {
                    422 => answer["error"]["fields"].as_object().map(|fields| fields.keys().cloned().collect()).unwrap_or_default(),
                    400 => answer["error"]["message"]
                        .as_str()
                        .and_then(|m| m.split_once(':'))
                        .map(|(f, _)| vec![f.to_owned()])
                        .unwrap_or_default(),
                    _ => Vec::new(),
                };
                assert!(!named.is_empty(), "{table} with payload {n}: {status} {answer}");
                for field in named {
                    let key = field.split('.').next().unwrap().to_owned();
                    assert!(refused_here.insert(key.clone()), "{table}.{key} refused twice with payload {n}: {answer}");
                    assert!(keys.contains(&key), "{table} with payload {n}: {answer}");
                    match base.get(&key) {
                        Some(value) => body[&key] = value.clone(),
                        None => _ = body.as_object_mut().unwrap().remove(&key),
                    }
                }
            };
            stored += keys.len() - refused_here.len();
            refused += refused_here.len();
            if *table == "publications" {
                papers.push(row["slug"].as_str().unwrap().to_owned());
            }
            created.push((table, row["id"].as_str().unwrap().to_owned()));
        }
        for (section, content) in &sections {
            let mut accepted = content.clone();
            for key in content.as_object().unwrap().keys() {
                let mut body = content.clone();
                body[key] = json!(payload);
                let status = write(reqwest::Method::PUT, format!("/api/homepage/{section}"), body).await.unwrap().status().as_u16();
                if status == 200 {
                    stored += 1;
                    accepted[key] = json!(payload);
                } else {
                    assert_eq!(status, 422, "{section}.{key} with payload {n}");
                    refused += 1;
                }
            }
            let status = write(reqwest::Method::PUT, format!("/api/homepage/{section}"), accepted).await.unwrap().status();
            assert_eq!(status, 200, "{section} with every field that took payload {n}");
        }
        let mut analytics = settings.clone();
        analytics["analytics_script_url"] = json!(payload);
        match write(reqwest::Method::PUT, "/api/settings".into(), analytics).await.unwrap().status().as_u16() {
            200 => stored += 1,
            _ => refused += 1,
        }

        for path in public_paths(&papers) {
            let html = app.client.get(app.url(&path)).send().await.unwrap().text().await.unwrap();
            pages_read += 1;
            findings.extend(executable_findings(&html).into_iter().map(|found| format!("payload {n} on {path}: {found}")));
        }
        for (table, id) in created {
            write(reqwest::Method::DELETE, format!("/api/{table}/{id}"), Value::Null).await.unwrap();
        }
    }
    eprintln!(
        "{}: {} payloads × {field_count} fields: {stored} stored, {refused} refused; {pages_read} pages read, {} executable",
        app.test_db.kind,
        payloads.len(),
        findings.len()
    );
    assert!(findings.is_empty(), "{}", findings.join("\n"));
}

/// Every public page, and the pages of the given papers.
fn public_paths(papers: &[String]) -> Vec<String> {
    [
        "/",
        "/about",
        "/research",
        "/publications",
        "/projects",
        "/teaching",
        "/students",
        "/talks",
        "/blog",
        "/open-calls",
        "/contact",
        "/news",
    ]
    .into_iter()
    .map(str::to_owned)
    .chain(papers.iter().map(|slug| format!("/publications/{slug}")))
    .collect()
}

/// The detector sees what it must: without these, a page could pass by the detector's blindness.
#[test]
fn the_detector_finds_scripts_handlers_and_dangerous_urls() {
    let page = |body: &str| {
        format!("<!doctype html><html><head><script>{}</script></head><body>{body}</body></html>", vita::render::THEME_SCRIPT.trim())
    };
    assert_eq!(
        executable_findings(&page("<p>fine <a href=\"/x\">x</a></p><script type=\"module\" src=\"/assets/a.js\"></script>")),
        Vec::<String>::new()
    );
    for (body, expected) in [
        ("<script>__xss(1)</script>", 1),
        ("<img src=x onerror=__xss(2)>", 1),
        ("<a href=\" JaVa\tScRiPt:x\">x</a>", 1),
        ("<script type=\"application/json\">{\"a\":\"</script><script>__xss(3)</script>\"}</script>", 2),
        ("<svg><set attributeName=\"onload\" to=\"x\"/></svg>", 1),
        ("<iframe srcdoc=\"x\"></iframe>", 2),
        ("<style></style><script>x</script>", 1),
        ("<title><script>x</script></title>", 0),
    ] {
        assert_eq!(executable_findings(&page(body)).len(), expected, "{body}");
    }
}

on_both_databases!(no_payload_in_any_field_is_executable_on_a_public_page);
