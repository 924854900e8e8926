//! A person's name as a byline needs it: the owner's display name ("Prof. Dr. Julie Chiquet,
//! PhD") without its titles and degrees. Low in the layers because the citation styles, the
//! ORCID import and a migration of stored authors (m0019) all use it.

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

#[cfg(test)]
mod tests {
    use super::*;

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
