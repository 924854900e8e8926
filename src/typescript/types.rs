//! The TypeScript types of the API, generated from the Rust types so the admin app and the
//! server cannot drift apart. The checked-in file `web/src/api/types.ts` is compared with a
//! fresh generation by a test; `VITA_UPDATE_TYPES=1 cargo test types` rewrites it.

use ts_rs::{Config, TS};

use crate::auth::second_factor::{
    CodeRequest, Confirmation, DisableRequest, Enrolment, RecoveryCodes, SecondFactorChallenge, SecondFactorSignInRequest,
    SecondFactorStatus, StartEnrolmentRequest,
};
use crate::auth::{
    ChangePasswordRequest, SecondFactorSignIn, SessionInfo, SessionSummary, SetupRequest, SignInRequest, SignInResponse, SignOutScope, User,
};
use crate::citations::Citations;
use crate::content::bulk::{BulkAction, BulkRequest, UndoToken};
use crate::content::citation_counts::{CitedBy, Summary, YearCount};
use crate::content::homepage::{AboutBlockSource, AboutContent, ContactContent, HeroContent, SectionRecord, StatsContent};
use crate::content::imports::{ImportKind, ImportRemoval, ImportSummary, KeptPaper};
use crate::content::sample_texts::SampleText;
use crate::content::sentences::Sentence;
use crate::content::settings::{
    CitationStyle, CvButton, Languages, Menu, MenuItem, MenuPage, PaperSize, RetentionMonths, ScriptSince, SiteSettings, SiteSettingsView,
    Statistics,
};
use crate::content::translations::{
    OutdatedCount, TextFormat, TranslatableText, TranslationInput, TranslationKind, TranslationList, TranslationStatus,
};
use crate::content::{ContentStatus, StringList, courses, cv_service, publications, students, talks};
use crate::error::{ErrorBody, ErrorDetail, Existing, FieldErrors};
use crate::http::SetupStatus;
use crate::http::scholarly_api::{DoiLookup, DoiLookupRequest, GivenYear, OrcidImportRequest, OrcidPreviewRequest, ScholarlyDashboard};
use crate::http::site_import::{KindCounts, SiteImportAnswer};
use crate::import::bibtex::Mapped;
use crate::import::site;
use crate::import::{DuplicateOf, EntryStatus, ImportOutcome, ImportPreview, ImportRequest, PreviewEntry};
use crate::languages::LanguageVersion;
use crate::media::files::UploadedFile;
use crate::media::photos::Photo;
use crate::render::cv::{AboutCvLists, CvData, CvDocument, CvEntry, CvLine, CvLineStyle, CvPart, CvReference, CvSection, CvText};
use crate::render::filters::PublicationFilters;
use crate::render::menu::MenuLink;
use crate::render::{
    AboutPage, CardImage, HomeData, HomeStats, ListedCitations, PageData, Pagination, PaperData, PublicPost, PublicStudent,
    PublicationsData, RenderInput, SectionPage, SiteInfo, TagPageData,
};
use crate::routes::PublicPage;
use crate::scholarly::DoiRecord;
use crate::scholarly::orcid::CheckResult;
use crate::scholarly::runs::SourceStatus;
use crate::stats::report::{DayFigures, FileFigures, PageFigures, Readership, Report, SourceFigures};
use crate::tls::acme::CertificateStatus;

/// Where the generated file lives, relative to the repository root.
pub const TYPES_FILE: &str = "web/src/api/types.ts";

/// The stored item and the write payload of every content table.
macro_rules! table_declarations {
    ($($table:ident),*; $cfg:expr) => {
        vec![$(
            format!("export {}", <crate::content::$table::Model as TS>::decl($cfg)),
            format!("export {}", <crate::content::$table::Input as TS>::decl($cfg)),
        )*]
    };
}

macro_rules! declarations {
    ($cfg:expr; $($ty:ty),* $(,)?) => {
        vec![$(format!("export {}", <$ty as TS>::decl($cfg))),*]
    };
}

/// The whole generated file.
pub fn typescript() -> String {
    let cfg = Config::default();
    let declarations = declarations!(&cfg;
        ErrorBody, ErrorDetail, Existing, FieldErrors, StringList, ContentStatus,
        User, SessionInfo, SignInRequest, SignOutScope, SetupRequest, SetupStatus, ChangePasswordRequest, SessionSummary,
        SignInResponse, SecondFactorChallenge, SecondFactorSignInRequest, SecondFactorSignIn,
        SecondFactorStatus, StartEnrolmentRequest, Enrolment, CodeRequest, RecoveryCodes, DisableRequest, Confirmation,
        SectionRecord<HeroContent>, HeroContent, StatsContent, AboutContent, AboutBlockSource, ContactContent,
        publications::PublicationKind, courses::CourseTerm, courses::CourseRole, students::StudentLevel, students::StudentStatus,
        talks::TalkType, cv_service::ServiceKind,
        Photo, CardImage, SiteInfo, HomeData, HomeStats, AboutPage, AboutCvLists, SectionPage<ContactContent>, Pagination, PublicationFilters, PublicationsData, ListedCitations, TagPageData, CvData, CvDocument, CvSection, CvPart, CvEntry, CvLine, CvLineStyle, CvText, CvReference, Citations, CitedBy, PaperData, PublicPost, PublicStudent, PageData, RenderInput,
        PublicPage, MenuLink, LanguageVersion, MenuItem, Menu, MenuPage, Languages, CitationStyle, PaperSize, CvButton, Statistics, RetentionMonths, SiteSettings, SiteSettingsView, ScriptSince, Sentence, UploadedFile,
        EntryStatus, Mapped, DuplicateOf, PreviewEntry, ImportPreview, ImportRequest, ImportOutcome,
        CertificateStatus,
        DoiLookupRequest, DoiRecord, DoiLookup, OrcidPreviewRequest, OrcidImportRequest, GivenYear,
        YearCount, Summary, SourceStatus, CheckResult, ScholarlyDashboard,
        Report, DayFigures, PageFigures, FileFigures, SourceFigures, Readership,
        site::Generator, site::Kind, site::Outcome, site::ItemReport, site::Counts, site::Problem, site::Media, site::Social,
        site::Report, KindCounts, SiteImportAnswer,
        BulkAction, BulkRequest, UndoToken, ImportKind, ImportSummary, KeptPaper, ImportRemoval,
        SampleText,
        TranslationKind, TextFormat, TranslationStatus, TranslatableText, TranslationList, TranslationInput, OutdatedCount,
        crate::content::translations::Model,
    );
    let declarations = declarations.into_iter().chain(crate::content::tables!(table_declarations; &cfg));
    let mut out = String::from("// Generated from the Rust types by `VITA_UPDATE_TYPES=1 cargo test types`. Do not edit.\n\n");
    for declaration in declarations {
        out.push_str(&declaration);
        out.push_str("\n\n");
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    #[test]
    fn generated_typescript_types_are_up_to_date() {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(super::TYPES_FILE);
        let fresh = super::typescript();
        if std::env::var_os("VITA_UPDATE_TYPES").is_some() {
            std::fs::write(&path, &fresh).expect("cannot write the types file");
        }
        let checked_in = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(checked_in == fresh, "{} is stale: run `VITA_UPDATE_TYPES=1 cargo test types` and commit the result", super::TYPES_FILE);
    }
}
