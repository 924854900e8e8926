//! Front matter and data files as the generators read them: YAML between `---` lines (Jekyll,
//! Hugo), TOML between `+++` lines (Hugo Academic 4), both turned into one JSON value so the
//! generators' modules read fields one way. YAML is read by yaml-rust2, which takes what
//! Jekyll's parser takes and strict parsers refuse (an anchor defined twice, a key repeated).
//! Dates are read as real sites write them (`2015-10-22 15:59:00-0400`, a bare year, a TOML
//! datetime, a quoted date).

use chrono::NaiveDate;
use serde_json::{Map, Value};
use std::collections::HashMap;

use yaml_rust2::Yaml;
use yaml_rust2::parser::{Event, MarkedEventReceiver, Parser};
use yaml_rust2::scanner::{Marker, TScalarStyle};

/// A content file split into its front matter and its body.
pub struct Document {
    pub front: Map<String, Value>,
    pub body: String,
}

/// What is wrong with a file, at which line (1-based; 0 when the whole file).
#[derive(Debug)]
pub struct Fault {
    pub line: usize,
    pub message: String,
}

/// The front matter and body of `text`; `None` when it has no front matter (a Jekyll file
/// without one is not an item of a collection).
pub fn split(text: &str) -> Result<Option<Document>, Fault> {
    let (fence, toml) = if text.starts_with("---") {
        ("---", false)
    } else if text.starts_with("+++") {
        ("+++", true)
    } else {
        return Ok(None);
    };
    let first_line_end = text.find('\n').unwrap_or(text.len());
    if text[..first_line_end].trim_end() != fence {
        return Ok(None);
    }
    let rest = &text[(first_line_end + 1).min(text.len())..];
    let mut offset = 0;
    let mut end = None;
    for line in rest.split_inclusive('\n') {
        let trimmed = line.trim_end();
        if trimmed == fence || (!toml && trimmed == "...") {
            end = Some((offset, offset + line.len()));
            break;
        }
        offset += line.len();
    }
    let Some((matter_end, body_start)) = end else {
        return Err(Fault { line: 1, message: format!("the front matter opened by {fence} is never closed (the file may be cut short)") });
    };
    let matter = &rest[..matter_end];
    let front = if toml { parse_toml(matter)? } else { parse_yaml(matter, 2)? };
    let front = match front {
        Value::Object(map) => map,
        Value::Null => Map::new(),
        _ => return Err(Fault { line: 2, message: "the front matter is not a set of keys and values".to_owned() }),
    };
    Ok(Some(Document { front, body: rest[body_start..].to_owned() }))
}

/// A YAML text (a data file, or front matter starting at `first_line`) as JSON, read as
/// Jekyll's parser reads it: a repeated key keeps its last value, an anchor defined twice
/// names its latest node, `<<: *base` merges (yaml-rust2's own loader refuses the first).
pub fn parse_yaml(text: &str, first_line: usize) -> Result<Value, Fault> {
    let parse = |text: &str| {
        let mut builder = Builder::default();
        Parser::new_from_str(text).load(&mut builder, false).map(|()| builder.root.unwrap_or(Value::Null))
    };
    parse(text).or_else(|error| {
        // Go's YAML (Hugo) takes a quoted text whose later lines start at the margin; yaml-rust2
        // does not: such lines are indented and the text read again.
        parse(&indent_continuations(text)).map_err(|_| Fault {
            line: first_line + error.marker().line().saturating_sub(1),
            message: format!("invalid YAML: {}", error.info()),
        })
    })
}

/// Indents the lines at the margin that continue a double-quoted text.
fn indent_continuations(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 64);
    let mut open = false;
    for line in text.split_inclusive('\n') {
        if open && !line.starts_with([' ', '\t']) {
            out.push(' ');
        }
        out.push_str(line);
        let mut escaped = false;
        for c in line.chars() {
            match c {
                _ if escaped => escaped = false,
                '\\' if open => escaped = true,
                '"' => open = !open,
                _ => {}
            }
        }
    }
    out
}

/// Builds the JSON value of the first document from the parser's events.
#[derive(Default)]
struct Builder {
    /// The collections open, each with the key waiting for its value (in a mapping) and its
    /// anchor.
    open: Vec<(Value, Option<String>, usize)>,
    anchors: HashMap<usize, Value>,
    root: Option<Value>,
}

impl Builder {
    fn add(&mut self, value: Value, anchor: usize) {
        if anchor > 0 {
            self.anchors.insert(anchor, value.clone());
        }
        match self.open.last_mut() {
            None => {
                self.root.get_or_insert(value);
            }
            Some((Value::Array(items), _, _)) => items.push(value),
            Some((Value::Object(map), key, _)) => match key.take() {
                None => *key = Some(value_text(&value).unwrap_or_default()),
                Some(name) if name == "<<" => {
                    let merged = match value {
                        Value::Array(items) => items,
                        other => vec![other],
                    };
                    for (k, v) in merged.into_iter().filter_map(|m| m.as_object().cloned()).flatten() {
                        map.entry(k).or_insert(v);
                    }
                }
                Some(name) => {
                    map.insert(name, value);
                }
            },
            Some(_) => {}
        }
    }
}

impl MarkedEventReceiver for Builder {
    fn on_event(&mut self, event: Event, _mark: Marker) {
        match event {
            Event::Scalar(text, style, anchor, _) => {
                let value = if style == TScalarStyle::Plain { yaml_to_json(&Yaml::from_str(&text)) } else { Value::String(text) };
                self.add(value, anchor);
            }
            Event::SequenceStart(anchor, _) => self.open.push((Value::Array(Vec::new()), None, anchor)),
            Event::MappingStart(anchor, _) => self.open.push((Value::Object(Map::new()), None, anchor)),
            Event::SequenceEnd | Event::MappingEnd => {
                if let Some((value, _, anchor)) = self.open.pop() {
                    self.add(value, anchor);
                }
            }
            Event::Alias(id) => {
                let value = self.anchors.get(&id).cloned().unwrap_or(Value::Null);
                self.add(value, 0);
            }
            _ => {}
        }
    }
}

fn yaml_to_json(yaml: &Yaml) -> Value {
    match yaml {
        Yaml::Real(text) => {
            text.parse::<f64>().ok().and_then(serde_json::Number::from_f64).map(Value::Number).unwrap_or(Value::String(text.clone()))
        }
        Yaml::Integer(n) => Value::from(*n),
        Yaml::String(text) => Value::String(text.clone()),
        Yaml::Boolean(b) => Value::Bool(*b),
        _ => Value::Null,
    }
}

/// A TOML text as JSON; datetimes become their text (`2019-05-09T00:00:00`).
pub fn parse_toml(text: &str) -> Result<Value, Fault> {
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let line = e.span().map(|span| text[..span.start.min(text.len())].matches('\n').count() + 2).unwrap_or(1);
        Fault { line, message: format!("invalid TOML: {}", e.message()) }
    })?;
    Ok(toml_to_json(toml::Value::Table(table)))
}

fn toml_to_json(value: toml::Value) -> Value {
    match value {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(n) => Value::from(n),
        toml::Value::Float(f) => serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(items) => Value::Array(items.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(table) => Value::Object(table.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect()),
    }
}

/// A field as text: a string trimmed, a number or a boolean written out; `None` when absent
/// or blank.
pub fn text(front: &Map<String, Value>, key: &str) -> Option<String> {
    value_text(front.get(key)?)
}

pub fn value_text(value: &Value) -> Option<String> {
    let text = match value {
        Value::String(s) => s.trim().to_owned(),
        Value::Number(n) => n.to_string(),
        Value::Bool(b) => b.to_string(),
        _ => return None,
    };
    (!text.is_empty()).then_some(text)
}

/// A list field as texts: a YAML list, or one value (Hugo writes `tags: "a"` too).
pub fn list(front: &Map<String, Value>, key: &str) -> Vec<String> {
    match front.get(key) {
        Some(Value::Array(items)) => items.iter().filter_map(value_text).collect(),
        Some(value) => value_text(value).into_iter().collect(),
        None => Vec::new(),
    }
}

/// A boolean field: `true`, `"true"`, `yes`.
pub fn flag(front: &Map<String, Value>, key: &str) -> Option<bool> {
    match front.get(key)? {
        Value::Bool(b) => Some(*b),
        Value::String(s) => match s.trim().to_ascii_lowercase().as_str() {
            "true" | "yes" | "on" => Some(true),
            "false" | "no" | "off" => Some(false),
            _ => None,
        },
        _ => None,
    }
}

/// A date as sites write it: `2015-10-22 15:59:00-0400`, `2019-05-09T00:00:00`, `2014-01-01`,
/// `2024-3-5`, a bare year (`2022`, or `2022-2023`: its first), a TOML datetime. The day is
/// the one written, whatever the time zone.
pub fn date(value: &Value) -> Option<NaiveDate> {
    let text = value_text(value)?;
    date_in(&text)
}

pub fn date_in(text: &str) -> Option<NaiveDate> {
    let text = text.trim().trim_matches(['"', '\'']);
    let digits = |s: &str| s.chars().take_while(char::is_ascii_digit).collect::<String>();
    let year = digits(text);
    if year.len() != 4 {
        return None;
    }
    let year: i32 = year.parse().ok()?;
    let rest = &text[4..];
    let (month, day) = match rest.strip_prefix('-') {
        Some(rest) => {
            let month = digits(rest);
            let after = &rest[month.len()..];
            let day = after.strip_prefix('-').map(digits).unwrap_or_default();
            match (month.parse::<u32>().ok(), day.parse::<u32>().ok()) {
                (Some(m), Some(d)) if (1..=12).contains(&m) => (m, d),
                (Some(m), None) if (1..=12).contains(&m) => (m, 1),
                // `2022-2023`: a span of years.
                _ => (1, 1),
            }
        }
        None => (1, 1),
    };
    NaiveDate::from_ymd_opt(year, month, day)
}

/// The date at the start of a Jekyll post's file name (`2015-03-15-title.md`).
pub fn date_in_name(name: &str) -> Option<(NaiveDate, String)> {
    let stem = name.rsplit('/').next()?;
    let (date, rest) = (stem.get(..10)?, stem.get(10..)?);
    let date = NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    let slug = rest.strip_prefix('-')?;
    let slug = slug.rsplit_once('.').map(|(s, _)| s).unwrap_or(slug);
    Some((date, slug.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_as_real_sites_write_them() {
        for (text, expected) in [
            ("2015-10-22 15:59:00-0400", "2015-10-22"),
            ("2024-04-15 16:15:00", "2024-04-15"),
            ("2019-05-09T00:00:00", "2019-05-09"),
            ("'2014-01-01'", "2014-01-01"),
            ("2022", "2022-01-01"),
            ("2022-2023", "2022-01-01"),
            ("2024-3-5", "2024-03-05"),
        ] {
            assert_eq!(date_in(text).map(|d| d.to_string()).as_deref(), Some(expected), "{text}");
        }
        assert_eq!(date_in("soon"), None);
        assert_eq!(date(&Value::from(2023)).map(|d| d.to_string()).as_deref(), Some("2023-01-01"));
        assert_eq!(
            date_in_name("_posts/2015-03-15-formatting-and-links.md").map(|(d, s)| (d.to_string(), s)),
            Some(("2015-03-15".to_owned(), "formatting-and-links".to_owned()))
        );
        assert_eq!(date_in_name("_posts/formatting.md"), None);
    }

    #[test]
    fn front_matter_in_yaml_and_toml_with_what_jekyll_accepts() {
        let doc = split("---\ntitle: &t A\nother: &t B\nalias: *t\ndate: 2021-07-28 07:59:00-0400 # a comment\ntitle: Again\n---\nBody\n")
            .unwrap()
            .unwrap();
        assert_eq!(text(&doc.front, "title").as_deref(), Some("Again"), "a repeated key: the last wins");
        assert_eq!(text(&doc.front, "alias").as_deref(), Some("B"), "a repeated anchor: the latest");
        assert_eq!(date(&doc.front["date"]).unwrap().to_string(), "2021-07-28");
        assert_eq!(doc.body, "Body\n");
        let doc = split("+++\ntitle = \"T\"\ndate = 2019-05-09T00:00:00  # publish date\n+++\nText").unwrap().unwrap();
        assert_eq!(date(&doc.front["date"]).unwrap().to_string(), "2019-05-09");
        assert_eq!(doc.body, "Text");
        let hugo = split("---\nabstract: \"First line\nsecond line at the margin.\"\ntitle: T\n---\n").unwrap().unwrap();
        assert_eq!(text(&hugo.front, "abstract").as_deref(), Some("First line second line at the margin."));
        let cut = split("---\ntitle: cut short\n").err().unwrap();
        assert!(cut.message.contains("never closed"), "{}", cut.message);
        let bad = split("---\ntitle: ok\nlist: [a, b\n---\n").err().unwrap();
        assert!(bad.message.starts_with("invalid YAML"), "{}", bad.message);
        assert!(split("+++\ntitle = \n+++\n").err().unwrap().message.starts_with("invalid TOML"));
        assert!(split("No front matter").unwrap().is_none());
    }
}
