//! `web/src/api/rules.ts`: the validation rules of `crate::rules` and the fixed sets of values
//! of the tables, as the admin forms read them.

use sea_orm::{ActiveEnum, Iterable};

use crate::content::ContentStatus;
use crate::content::courses::{CourseRole, CourseTerm};
use crate::content::cv_service::ServiceKind;
use crate::content::homepage::AboutBlockSource;
use crate::content::publications::PublicationKind;
use crate::content::settings::{CitationStyle, CvButton, PaperSize};
use crate::content::students::{StudentLevel, StudentStatus};
use crate::content::talks::TalkType;
use crate::content::translations::TranslationKind;
use crate::rules::*;

/// Where the generated file lives, relative to the repository root.
pub const RULES_FILE: &str = "web/src/api/rules.ts";

/// A fixed set of values (a Rust enum stored as text) as the generated file names it.
struct ValueSet {
    list_name: &'static str,
    default_name: &'static str,
    type_name: &'static str,
    values: Vec<String>,
    default: String,
}

fn values<E: ActiveEnum<Value = String> + Iterable + Default>(
    list_name: &'static str,
    default_name: &'static str,
    type_name: &'static str,
) -> ValueSet {
    ValueSet {
        list_name,
        default_name,
        type_name,
        values: E::iter().map(|value| value.to_value()).collect(),
        default: E::default().to_value(),
    }
}

/// The whole generated `rules.ts`.
pub fn typescript() -> String {
    let mut out = String::from(
        "// Generated from src/rules/mod.rs by `VITA_UPDATE_TYPES=1 cargo test types`. Do not edit.\n\
         // The server enforces these rules; the admin forms show the same ones before sending.\n\n",
    );
    let enums = [
        values::<ContentStatus>("CONTENT_STATUSES", "DEFAULT_CONTENT_STATUS", "ContentStatus"),
        values::<PublicationKind>("PUBLICATION_KINDS", "DEFAULT_PUBLICATION_KIND", "PublicationKind"),
        values::<TalkType>("TALK_TYPES", "DEFAULT_TALK_TYPE", "TalkType"),
        values::<CourseTerm>("COURSE_TERMS", "DEFAULT_COURSE_TERM", "CourseTerm"),
        values::<CourseRole>("COURSE_ROLES", "DEFAULT_COURSE_ROLE", "CourseRole"),
        values::<StudentLevel>("STUDENT_LEVELS", "DEFAULT_STUDENT_LEVEL", "StudentLevel"),
        values::<StudentStatus>("STUDENT_STATUSES", "DEFAULT_STUDENT_STATUS", "StudentStatus"),
        values::<ServiceKind>("SERVICE_KINDS", "DEFAULT_SERVICE_KIND", "ServiceKind"),
        values::<CitationStyle>("CITATION_STYLES", "DEFAULT_CITATION_STYLE", "CitationStyle"),
        values::<PaperSize>("PAPER_SIZES", "DEFAULT_PAPER_SIZE", "PaperSize"),
        values::<CvButton>("CV_BUTTONS", "DEFAULT_CV_BUTTON", "CvButton"),
        values::<AboutBlockSource>("ABOUT_BLOCK_SOURCES", "DEFAULT_ABOUT_BLOCK_SOURCE", "AboutBlockSource"),
    ];
    let type_names: Vec<&str> = enums.iter().map(|set| set.type_name).collect();
    out.push_str(&format!("import type {{ {}, TranslationKind, TextFormat }} from './types';\n\n", type_names.join(", ")));
    out.push_str("/** Single-line text, in characters (code points, not UTF-16 units) after trimming. */\n");
    out.push_str(&format!("export const MAX_SHORT = {MAX_SHORT};\n"));
    out.push_str(&format!("export const MAX_LONG = {MAX_LONG};\n"));
    out.push_str(&format!("export const YEAR = {{ min: {}, max: {} }} as const;\n", YEAR.start(), YEAR.end()));
    out.push_str(&format!("export const DATE_YEARS = {{ min: {}, max: {} }} as const;\n", DATE_YEARS.start(), DATE_YEARS.end()));
    out.push_str(&format!("export const MONTH = {{ min: {}, max: {} }} as const;\n", MONTH.start(), MONTH.end()));
    out.push_str(&format!("export const CREDITS = {{ min: {}, max: {} }} as const;\n", CREDITS.start(), CREDITS.end()));
    out.push_str(&format!(
        "export const STUDENTS_COUNT = {{ min: {}, max: {} }} as const;\n",
        STUDENTS_COUNT.start(),
        STUDENTS_COUNT.end()
    ));
    out.push_str(&format!("export const CV_YEARS = {{ min: {}, max: {} }} as const;\n", CV_YEARS.start(), CV_YEARS.end()));
    out.push_str(&format!("export const AMOUNT = {{ min: {}, max: {} }} as const;\n", AMOUNT.start(), AMOUNT.end()));
    out.push_str(&format!("export const PASSWORD_MIN_LENGTH = {PASSWORD_MIN_LENGTH};\n"));
    out.push_str(&format!("export const PASSWORD_MAX_LENGTH = {PASSWORD_MAX_LENGTH};\n"));
    out.push_str(&format!("export const DEFAULT_COLOR = '{DEFAULT_COLOR}';\n\n"));
    for (name, pattern) in [
        ("SLUG_PATTERN", &SLUG),
        ("HEX_COLOR_PATTERN", &HEX_COLOR),
        ("HTTP_URL_PATTERN", &HTTP_URL),
        ("SITE_PATH_PATTERN", &SITE_PATH),
        ("EMAIL_PATTERN", &EMAIL),
        ("CURRENCY_PATTERN", &CURRENCY),
        ("DOI_PATTERN", &DOI),
        ("HTML_TAG_PATTERN", &HTML_TAG),
    ] {
        out.push_str(&format!("export const {name} = {};\n", pattern.javascript()));
    }
    out.push_str(&format!(
        "/** What a DOI must look like, as the server says it. */\nexport const DOI_RULE = {};\n",
        quoted(crate::rules::validate::DOI_RULE)
    ));
    out.push_str(&translatable_fields());
    for set in &enums {
        let quoted: Vec<String> = set.values.iter().map(|v| format!("'{v}'")).collect();
        let (list, default_name, type_name, default) = (set.list_name, set.default_name, set.type_name, &set.default);
        out.push_str(&format!("\nexport const {list} = [{}] as const satisfies readonly {type_name}[];\n", quoted.join(", ")));
        out.push_str(&format!("export const {default_name}: {type_name} = '{default}';\n"));
    }
    out
}

/// The translatable fields of each kind of item, with their format (`content::translations`):
/// the admin's edit forms put language tabs on these.
fn translatable_fields() -> String {
    let mut out =
        String::from("\n/** The fields that take a translation, per kind of item, with their format (src/content/translations.rs). */\n");
    out.push_str("export const TRANSLATABLE_FIELDS = {\n");
    for kind in TranslationKind::ALL {
        let fields: Vec<String> = kind
            .fields()
            .iter()
            .map(|field| {
                let format = serde_json::to_value(field.format).expect("a format is a string");
                format!("{}: '{}'", field.name, format.as_str().unwrap_or_default())
            })
            .collect();
        out.push_str(&format!("  {}: {{ {} }},\n", kind.key(), fields.join(", ")));
    }
    out.push_str("} as const satisfies Record<TranslationKind, Record<string, TextFormat>>;\n");
    out
}

/// `text` as a JavaScript string literal in the house style's single quotes.
fn quoted(text: &str) -> String {
    assert!(!text.contains(['\'', '\\', '\n']), "a rule's text needs no escaping: {text}");
    format!("'{text}'")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_typescript_rules_are_up_to_date() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(RULES_FILE);
        let fresh = typescript();
        if std::env::var_os("VITA_UPDATE_TYPES").is_some() {
            std::fs::write(&path, &fresh).expect("cannot write the rules file");
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(checked_in == fresh, "{RULES_FILE} is stale: run `VITA_UPDATE_TYPES=1 cargo test types` and commit the result");
    }
}
