//! `web/src/api/sentences.ts`: the fixed public sentences of `crate::content::sentences`, with
//! their defaults, as the public pages (`web/src/public/sentences.ts`) and the admin's
//! "Sentences on this page" cards read them.

use crate::content::sentences::{MAX_LENGTH, PLAIN_TEXT, SENTENCES};

/// Where the generated file lives, relative to the repository root.
pub const SENTENCES_FILE: &str = "web/src/api/sentences.ts";

/// The whole generated `sentences.ts`.
pub fn typescript() -> String {
    let mut out = String::from(
        "// Generated from src/content/sentences.rs by `VITA_UPDATE_TYPES=1 cargo test types`. Do not edit.\n\n\
         import type { Sentence } from './types';\n\n",
    );
    out.push_str("/** The longest sentence of the owner's, in characters after trimming. */\n");
    out.push_str(&format!("export const MAX_SENTENCE_LENGTH = {MAX_LENGTH};\n"));
    out.push_str(&format!("export const SENTENCE_PLAIN_TEXT = {};\n\n", json(PLAIN_TEXT)));
    out.push_str("/** Every fixed sentence of the public pages, with the words the site came with. */\nexport const SENTENCES = [\n");
    for sentence in SENTENCES.iter() {
        out.push_str(&format!("  {},\n", serde_json::to_string(sentence).expect("a sentence is JSON")));
    }
    out.push_str("] as const satisfies readonly Sentence[];\n\n");
    out.push_str("export type SentenceKey = (typeof SENTENCES)[number]['key'];\n");
    out
}

/// `text` as a string literal (JSON's is JavaScript's).
fn json(text: &str) -> String {
    serde_json::to_string(text).expect("a string is JSON")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_typescript_sentences_are_up_to_date() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(SENTENCES_FILE);
        let fresh = typescript();
        if std::env::var_os("VITA_UPDATE_TYPES").is_some() {
            std::fs::write(&path, &fresh).expect("cannot write the sentences file");
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(checked_in == fresh, "{SENTENCES_FILE} is stale: run `VITA_UPDATE_TYPES=1 cargo test types` and commit the result");
    }
}
