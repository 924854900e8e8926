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

/// Titles written before a name ("Prof. Dr. Julie Chiquet"), compared in lower case without
/// full stops. Only words that are never a given name: "Nat" or "Ma" are names too.
const TITLES: &[&str] =
    &["dr", "prof", "professor", "docent", "assoc", "associate", "assistant", "mr", "mrs", "ms", "mx", "dr-ing", "habil"];

/// Degrees written after a name ("Julie Chiquet, PhD"). After a comma any of these; as a last
/// word only "PhD" and "DPhil", since "Ma" ends many a name.
const DEGREES: &[&str] = &["phd", "dphil", "md", "msc", "mphil", "ma", "ms", "mba", "bsc", "ba", "dsc", "frs", "habil"];

/// A person's name without the titles and degrees of a display name: "Prof. Dr. Julie
/// Chiquet, PhD" is "Julie Chiquet". The hero holds the name as the owner wants it shown;
/// as an author, and when finding the owner among the authors, only the name counts (with
/// "Prof. Dr." IEEE would print "P. D. J. Chiquet"). A name that is nothing but titles is
/// kept as it is.
pub fn without_titles(name: &str) -> String {
    let bare = |word: &str| word.trim_matches(|c: char| c == '.' || c == ',').replace('.', "").to_lowercase();
    let mut parts: Vec<&str> = name.split(',').map(str::trim).collect();
    // "Julie Chiquet, PhD": a degree after a name of several words. ("Chiquet, Ma" is a
    // family name and a given one.)
    while parts.len() > 1
        && parts[0].split_whitespace().count() > 1
        && parts.last().is_some_and(|part| part.split_whitespace().all(|word| DEGREES.contains(&bare(word).as_str())))
    {
        parts.pop();
    }
    let joined = parts.join(", ");
    let mut words: Vec<&str> = joined.split_whitespace().collect();
    while words.len() > 1 && TITLES.contains(&bare(words[0]).as_str()) {
        words.remove(0);
    }
    while words.len() > 2 && ["phd", "dphil"].contains(&bare(words[words.len() - 1]).as_str()) {
        words.pop();
    }
    if words.is_empty() { name.trim().to_owned() } else { words.join(" ") }
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

    #[test]
    fn titles_and_degrees_are_not_the_name() {
        for shown in [
            "Prof. Dr. Julie Chiquet",
            "Julie Chiquet, PhD",
            "Dr. Julie Chiquet, Ph.D.",
            "Assoc. Prof. Julie Chiquet",
            "Professor Julie Chiquet PhD",
            "Julie Chiquet, MSc, MBA",
            "Julie Chiquet",
        ] {
            assert_eq!(without_titles(shown), "Julie Chiquet", "{shown}");
        }
        // Names that look like titles or degrees stay whole.
        assert_eq!(without_titles("Yi Ma"), "Yi Ma");
        assert_eq!(without_titles("Chiquet, Ma"), "Chiquet, Ma");
        assert_eq!(without_titles("Nat Turner"), "Nat Turner");
        assert_eq!(without_titles("King, Jr., Martin Luther"), "King, Jr., Martin Luther");
        assert_eq!(without_titles("Dr."), "Dr.");
    }
}
