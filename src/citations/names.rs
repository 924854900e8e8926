//! Author names as the owner types them ("Jane Doe", "Doe, Jane", "others"), split once here
//! so that the reference styles, the BibTeX and the CSL-JSON agree on who the family name is.

/// One entry of a publication's author list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Name {
    /// A person with a family name and, usually, given names.
    Person { family: String, given: Option<String>, suffix: Option<String> },
    /// A name that cannot be split: one word ("Aristotle") or a braced group
    /// ("{The CMS Collaboration}").
    Literal(String),
    /// "others" (BibTeX's marker for a truncated list): rendered as "et al.".
    Others,
}

/// Words that end a name rather than being its family part.
const SUFFIXES: &[&str] = &["Jr.", "Jr", "Sr.", "Sr", "II", "III", "IV"];

impl Name {
    pub fn parse(raw: &str) -> Name {
        let raw = raw.split_whitespace().collect::<Vec<_>>().join(" ");
        let lower = raw.to_lowercase();
        if lower == "others" || lower == "et al." || lower == "et al" {
            return Name::Others;
        }
        // BibTeX's way to keep a group's name whole: "{The CMS Collaboration}".
        if let Some(inner) = raw.strip_prefix('{').and_then(|r| r.strip_suffix('}')) {
            return Name::Literal(inner.trim().to_owned());
        }
        if raw.contains(',') {
            // BibTeX order: "Last, First" or "Last, Jr., First".
            let parts: Vec<&str> = raw.split(',').map(str::trim).collect();
            let family = parts[0].to_owned();
            let (suffix, given) = match parts.as_slice() {
                [_, given] => (None, *given),
                [_, suffix, given, ..] => (Some(*suffix), *given),
                _ => (None, ""),
            };
            if family.is_empty() {
                return Name::Literal(raw);
            }
            return Name::Person { family, given: non_empty(given), suffix: suffix.and_then(non_empty) };
        }
        let mut words: Vec<&str> = raw.split(' ').collect();
        let suffix = match words.last() {
            Some(last) if words.len() >= 3 && SUFFIXES.contains(last) => words.pop().map(str::to_owned),
            _ => None,
        };
        if words.len() < 2 {
            return Name::Literal(raw);
        }
        // The family name starts at the first lower-case particle after the given name
        // ("Ludwig van Beethoven", "Juan de la Cruz"), otherwise it is the last word.
        let start = (1..words.len() - 1).find(|&i| words[i].chars().next().is_some_and(char::is_lowercase)).unwrap_or(words.len() - 1);
        Name::Person { family: words[start..].join(" "), given: Some(words[..start].join(" ")), suffix }
    }
}

fn non_empty(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

/// Parses a publication's whole author list.
pub fn parse_all(authors: &[String]) -> Vec<Name> {
    authors.iter().map(|a| Name::parse(a)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn person(family: &str, given: Option<&str>, suffix: Option<&str>) -> Name {
        Name::Person { family: family.into(), given: given.map(Into::into), suffix: suffix.map(Into::into) }
    }

    #[test]
    fn splits_the_usual_forms() {
        assert_eq!(Name::parse("Jane Doe"), person("Doe", Some("Jane"), None));
        assert_eq!(Name::parse("Doe, Jane"), person("Doe", Some("Jane"), None));
        assert_eq!(Name::parse("Jane  Q.  Doe"), person("Doe", Some("Jane Q."), None));
        assert_eq!(Name::parse("Ludwig van Beethoven"), person("van Beethoven", Some("Ludwig"), None));
        assert_eq!(Name::parse("Martin Luther King Jr."), person("King", Some("Martin Luther"), Some("Jr.")));
        assert_eq!(Name::parse("King, Jr., Martin Luther"), person("King", Some("Martin Luther"), Some("Jr.")));
        assert_eq!(Name::parse("Çetin Kaya Koç"), person("Koç", Some("Çetin Kaya"), None));
        assert_eq!(Name::parse("Aristotle"), Name::Literal("Aristotle".into()));
        assert_eq!(Name::parse("{The CMS Collaboration}"), Name::Literal("The CMS Collaboration".into()));
        assert_eq!(Name::parse("others"), Name::Others);
        assert_eq!(Name::parse("Others"), Name::Others);
    }
}
