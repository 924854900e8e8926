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
use crate::content::citation_counts::{CitedBy, Summary, YearCount};
use crate::content::homepage::{AboutContent, ContactContent, HeroContent, SectionRecord, StatsContent};
use crate::content::settings::{
    CitationStyle, CvButton, PaperSize, RetentionMonths, ScriptSince, SiteSettings, SiteSettingsView, Statistics,
};
use crate::content::{
    ContentStatus, StringList, courses, cv_appointments, cv_awards, cv_education, cv_grants, cv_other, cv_service, news, open_calls,
    projects, publications, research_areas, students, tags, talks,
};
use crate::error::{ErrorBody, ErrorDetail, FieldErrors};
use crate::http::SetupStatus;
use crate::http::scholarly_api::{DoiLookup, DoiLookupRequest, OrcidImportRequest, OrcidPreviewRequest, ScholarlyDashboard};
use crate::import::bibtex::Mapped;
use crate::import::{DuplicateOf, EntryStatus, ImportOutcome, ImportPreview, ImportRequest, PreviewEntry};
use crate::media::files::UploadedFile;
use crate::media::photos::Photo;
use crate::render::cv::{CvData, CvDocument, CvEntry, CvLine, CvLineStyle, CvPart, CvReference, CvSection, CvText};
use crate::render::filters::PublicationFilters;
use crate::render::{
    CardImage, HomeData, HomeStats, ListedCitations, PageData, Pagination, PaperData, PublicStudent, PublicationsData, RenderInput,
    SectionPage, SiteInfo, TagPageData,
};
use crate::scholarly::DoiRecord;
use crate::scholarly::orcid::CheckResult;
use crate::scholarly::runs::SourceStatus;
use crate::stats::report::{DayFigures, FileFigures, PageFigures, Report, SourceFigures};
use crate::tls::acme::CertificateStatus;

/// Where the generated file lives, relative to the repository root.
pub const TYPES_FILE: &str = "web/src/api/types.ts";

macro_rules! declarations {
    ($cfg:expr; $($ty:ty),* $(,)?) => {
        vec![$(format!("export {}", <$ty as TS>::decl($cfg))),*]
    };
}

/// The whole generated file.
pub fn typescript() -> String {
    let cfg = Config::default();
    let declarations = declarations!(&cfg;
        ErrorBody, ErrorDetail, FieldErrors, StringList, ContentStatus,
        User, SessionInfo, SignInRequest, SignOutScope, SetupRequest, SetupStatus, ChangePasswordRequest, SessionSummary,
        SignInResponse, SecondFactorChallenge, SecondFactorSignInRequest, SecondFactorSignIn,
        SecondFactorStatus, StartEnrolmentRequest, Enrolment, CodeRequest, RecoveryCodes, DisableRequest, Confirmation,
        SectionRecord<HeroContent>, HeroContent, StatsContent, AboutContent, ContactContent,
        news::Model, news::Input,
        publications::PublicationKind, publications::Model, publications::Input,
        research_areas::Model, research_areas::Input,
        projects::Model, projects::Input,
        courses::CourseTerm, courses::CourseRole, courses::Model, courses::Input,
        students::StudentLevel, students::StudentStatus, students::Model, students::Input,
        talks::TalkType, talks::Model, talks::Input,
        tags::Model, tags::Input,
        open_calls::Model, open_calls::Input,
        cv_appointments::Model, cv_appointments::Input,
        cv_education::Model, cv_education::Input,
        cv_awards::Model, cv_awards::Input,
        cv_grants::Model, cv_grants::Input,
        cv_service::ServiceKind, cv_service::Model, cv_service::Input,
        cv_other::Model, cv_other::Input,
        Photo, CardImage, SiteInfo, HomeData, HomeStats, SectionPage<AboutContent>, Pagination, PublicationFilters, PublicationsData, ListedCitations, TagPageData, CvData, CvDocument, CvSection, CvPart, CvEntry, CvLine, CvLineStyle, CvText, CvReference, Citations, CitedBy, PaperData, PublicStudent, PageData, RenderInput,
        CitationStyle, PaperSize, CvButton, Statistics, RetentionMonths, SiteSettings, SiteSettingsView, ScriptSince, UploadedFile,
        EntryStatus, Mapped, DuplicateOf, PreviewEntry, ImportPreview, ImportRequest, ImportOutcome,
        CertificateStatus,
        DoiLookupRequest, DoiRecord, DoiLookup, OrcidPreviewRequest, OrcidImportRequest,
        YearCount, Summary, SourceStatus, CheckResult, ScholarlyDashboard,
        Report, DayFigures, PageFigures, FileFigures, SourceFigures,
    );
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
