//! Citation keys unique in the site's exports and stable across them. A paper keeps the key of
//! its stored BibTeX entry when no other published paper has that key (BibTeX compares keys
//! without case); otherwise it gets `author year word` (`guneysu2023masking`), and repeats
//! of that are told apart by creation: the oldest paper keeps the plain key, the next ones get
//! `a`, `b`, … (`guneysu2023maskinga`). `/publications.bib`, each paper's `.bib`, its page's
//! Cite section and the static export all ask here, so a paper has one key everywhere.

use std::collections::{HashMap, HashSet};

use uuid::Uuid;

use super::bibtex::derived_key;
use crate::content::publications::Model;

/// The key of every paper of `papers` (all the published papers: a key is unique among them).
pub fn assign(papers: &[Model]) -> HashMap<Uuid, String> {
    let mut order: Vec<&Model> = papers.iter().collect();
    order.sort_by_key(|p| (p.created_at, p.id));
    let stored: Vec<Option<String>> = order.iter().map(|p| p.bibtex.as_deref().and_then(stored_key)).collect();
    let mut uses: HashMap<String, usize> = HashMap::new();
    for key in stored.iter().flatten() {
        *uses.entry(key.to_lowercase()).or_default() += 1;
    }
    let mut keys = HashMap::with_capacity(order.len());
    let mut taken: HashSet<String> = HashSet::new();
    let mut derive = Vec::new();
    for (paper, key) in order.iter().zip(stored) {
        match key {
            Some(key) if uses[&key.to_lowercase()] == 1 => {
                taken.insert(key.to_lowercase());
                keys.insert(paper.id, key);
            }
            _ => derive.push(*paper),
        }
    }
    for paper in derive {
        let base = derived_key(paper);
        let key = std::iter::once(base.clone())
            .chain((0..).map(|n| format!("{base}{}", suffix(n))))
            .find(|candidate| !taken.contains(candidate))
            .expect("an unused suffix exists");
        taken.insert(key.clone());
        keys.insert(paper.id, key);
    }
    keys
}

/// `a` … `z`, `aa`, `ab`, …
fn suffix(mut n: usize) -> String {
    let mut letters = Vec::new();
    loop {
        letters.push(b'a' + (n % 26) as u8);
        if n < 26 {
            break;
        }
        n = n / 26 - 1;
    }
    letters.reverse();
    String::from_utf8(letters).expect("ASCII letters")
}

/// The key of a stored entry (`@article{key,`), when it is one BibTeX and biber take as it is.
fn stored_key(entry: &str) -> Option<String> {
    let open = entry.find(['{', '('])?;
    let rest = &entry[open + 1..];
    let key = rest[..rest.find(',')?].trim();
    let usable = !key.is_empty() && key.chars().all(|c| c.is_ascii_graphic() && !"{}(),\"#%'=~\\".contains(c));
    usable.then(|| key.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suffixes_count_in_letters() {
        assert_eq!(
            [suffix(0), suffix(1), suffix(25), suffix(26), suffix(27), suffix(701), suffix(702)],
            ["a", "b", "z", "aa", "ab", "zz", "aaa"]
        );
    }

    #[test]
    fn stored_keys_are_read_when_usable() {
        assert_eq!(stored_key("@article{Smith:2020/x,\n title={T}}").as_deref(), Some("Smith:2020/x"));
        assert_eq!(stored_key("@article{ key with space, title={T}}"), None);
        assert_eq!(stored_key("@article{,title={T}}"), None);
        assert_eq!(stored_key("no entry"), None);
    }
}
