//! Translations field by field (issue 45, item 2): an item is stored once, in the owner's own
//! language, and each of its venue-independent texts (a bio, a project's summary, a news item's
//! content, …) may get a translation per language beside it, in `translations` (migration m0023).
//! A paper is never copied, nor translated: it keeps its one title and abstract.
//!
//! - **Which fields** of which items can be translated is said once, in `kinds!` below: the page
//!   texts (hero, about, contact, counters) and the content tables' texts, each with its format
//!   (a line, a long text, or rich text sanitised like the item's own).
//! - **Outdated**: a translation keeps a hash of the source text it was made from. When the owner
//!   edits the source, the hashes differ and the translation is listed as outdated until they
//!   edit it or mark it reviewed (`mark_reviewed`); the public pages keep showing it meanwhile.
//! - **Overlay**: for a page in a language, each translatable field shows its first translation
//!   along the language's fallback chain (`zh-Hant`, `zh-Hans`, then the item's own language),
//!   and the page is told which language each shown text is in (`Overlay::apply`), so text in a
//!   fallback language is marked with its own `lang`.
//! - **Deleted items** take their translations with them (`forget`), in the delete's transaction:
//!   the item may be in any of several tables, so no foreign key can.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use sea_orm::entity::prelude::*;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, QueryOrder, QuerySelect};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use ts_rs::TS;

use super::homepage::{self, AboutContent, ContactContent, HeroContent, Section, StatsContent};
use super::{Audience, Content, ListQuery};
use crate::error::{AppError, FieldErrors};
use crate::languages::canonical_tag;
use crate::rules::validate::Check;
use crate::rules::{MAX_LONG, MAX_SHORT};
use crate::store::changes::Sources;

/// Which items have a translation into which of the site's other languages: what decides
/// whether a page is a real translation (`render::translated::translated_langs`). Read once,
/// in one query, for every language a page or the sitemap asks about.
#[derive(Debug, Default)]
pub struct Translated {
    /// Kind and item id → the languages it has a translation of some field into.
    items: HashMap<(TranslationKind, String), BTreeSet<String>>,
}

impl Translated {
    /// The translations into `langs` (the site's languages but the default).
    pub async fn load(db: &impl ConnectionTrait, langs: &[String]) -> Result<Self, AppError> {
        if langs.is_empty() {
            return Ok(Self::default());
        }
        let rows: Vec<(String, String, String)> = Entity::find()
            .select_only()
            .columns([Column::Kind, Column::ItemId, Column::Lang])
            .distinct()
            .filter(Column::Lang.is_in(langs.to_vec()))
            .into_tuple()
            .all(db)
            .await?;
        let mut items: HashMap<_, BTreeSet<String>> = HashMap::new();
        for (kind, item_id, lang) in rows {
            // A kind no longer known shows nowhere.
            if let Ok(kind) = TranslationKind::parse(&kind) {
                items.entry((kind, item_id)).or_default().insert(lang);
            }
        }
        Ok(Self { items })
    }

    /// The languages item `id` of `kind` has a translation into.
    pub fn of_item<'a>(&'a self, kind: TranslationKind, id: &str) -> impl Iterator<Item = &'a str> + use<'a> {
        self.items.get(&(kind, id.to_owned())).into_iter().flatten().map(String::as_str)
    }

    /// The languages some item of `kind` has a translation into.
    pub fn of_kind(&self, kind: TranslationKind) -> BTreeSet<&str> {
        self.items.iter().filter(|((of, _), _)| *of == kind).flat_map(|(_, langs)| langs.iter().map(String::as_str)).collect()
    }

    /// The items of `kind` with a translation, by id, with their languages.
    pub fn items_of(&self, kind: TranslationKind) -> impl Iterator<Item = (&str, &BTreeSet<String>)> {
        self.items.iter().filter(move |((of, _), _)| *of == kind).map(|((_, id), langs)| (id.as_str(), langs))
    }
}

/// One translation of one field of one item.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "translations")]
#[ts(rename = "Translation")]
pub struct Model {
    /// The item's kind (`TranslationKind::key`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    /// The item's id, or the section's key for a page text (`hero`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub item_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub field: String,
    /// A BCP 47 tag in its usual case (`zh-Hans`, `pt-BR`).
    #[sea_orm(primary_key, auto_increment = false)]
    pub lang: String,
    #[sea_orm(column_type = "Text")]
    pub text: String,
    /// `source_hash` of the source text the translation was made from (or reviewed against).
    pub source_hash: String,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// How a translatable text is written, and so checked: one line, a long text, or rich text (HTML,
/// sanitised as the item's own field is).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TextFormat {
    Short,
    Long,
    Html,
}

impl TextFormat {
    fn max_len(self) -> usize {
        match self {
            TextFormat::Short => MAX_SHORT,
            TextFormat::Long | TextFormat::Html => MAX_LONG,
        }
    }
}

/// A translatable field: its name in the item's JSON and its format.
#[derive(Clone, Copy, Debug)]
pub struct Field {
    pub name: &'static str,
    pub format: TextFormat,
}

/// An item with translatable fields, as the admin's list shows it: its id, what it is called, and
/// the source text of each translatable field.
#[derive(Debug)]
struct SourceItem {
    id: String,
    label: String,
    texts: Vec<(Field, String)>,
}

/// Every kind of item with translatable fields, each with its key, its noun, where its items are
/// and its translatable fields: `section` kinds are page texts (one item, keyed by the section's
/// key), `table` kinds the items of a content table (keyed by id, named by their `label` field).
macro_rules! kinds {
    (
        sections { $($skind:ident = $skey:literal, $snoun:literal: $section:ty { $($sfield:ident: $sformat:ident),+ }),+ $(,)? }
        tables { $($tkind:ident = $tkey:literal, label $tlabel:ident: $table:ident { $($tfield:literal: $tformat:ident),+ }),+ $(,)? }
    ) => {
        /// A kind of item with translatable fields (`kinds!`).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
        pub enum TranslationKind {
            $(#[serde(rename = $skey)] $skind,)+
            $(#[serde(rename = $tkey)] $tkind,)+
        }

        impl TranslationKind {
            pub const ALL: &'static [TranslationKind] = &[$(Self::$skind,)+ $(Self::$tkind,)+];

            /// Its name in the table and the API (`research_area`).
            pub fn key(self) -> &'static str {
                match self {
                    $(Self::$skind => $skey,)+
                    $(Self::$tkind => $tkey,)+
                }
            }

            /// What it is called in messages ("research area", "hero").
            pub fn noun(self) -> &'static str {
                match self {
                    $(Self::$skind => $snoun,)+
                    $(Self::$tkind => <super::$table::Entity as Content>::NOUN,)+
                }
            }

            pub fn fields(self) -> &'static [Field] {
                match self {
                    $(Self::$skind => &[$(Field { name: stringify!($sfield), format: TextFormat::$sformat }),+],)+
                    $(Self::$tkind => &[$(Field { name: $tfield, format: TextFormat::$tformat }),+],)+
                }
            }

            /// The pages that show its items: what a write of a translation makes stale.
            pub fn sources(self) -> Sources {
                match self {
                    $(Self::$skind => <$section as Section>::SOURCES,)+
                    $(Self::$tkind => <super::$table::Entity as Content>::SOURCES,)+
                }
            }

            /// The fields its items have (the texts of a section, the columns of a table): every
            /// translatable field must be one (a test checks).
            #[cfg(test)]
            fn known_fields(self) -> Vec<&'static str> {
                use sea_orm::{IdenStatic, Iterable};
                match self {
                    $(Self::$skind => <$section>::default().texts().into_iter().map(|(name, _)| name).collect(),)+
                    $(Self::$tkind => <super::$table::Entity as EntityTrait>::Column::iter().map(|column| column.as_str()).collect(),)+
                }
            }

            /// Its items, drafts included; `only` one item by id.
            async fn items(self, db: &impl ConnectionTrait, only: Option<&str>) -> Result<Vec<SourceItem>, AppError> {
                match self {
                    $(Self::$skind => {
                        if only.is_some_and(|id| id != $skey) {
                            return Ok(Vec::new());
                        }
                        let content = homepage::read::<$section>(db).await?.content;
                        Ok(vec![source_item(self, $skey.to_owned(), capitalised($snoun), &content)?])
                    })+
                    $(Self::$tkind => {
                        type E = super::$table::Entity;
                        let rows = match only {
                            Some(id) => match Uuid::parse_str(id) {
                                Ok(id) => E::find_by_id(id).all(db).await?,
                                Err(_) => Vec::new(),
                            },
                            None => <E as Content>::select(&ListQuery::default(), Audience::Owner).all(db).await?,
                        };
                        rows.iter().map(|row| source_item(self, row.id.to_string(), row.$tlabel.to_string(), row)).collect()
                    })+
                }
            }
        }
    };
}

kinds! {
    sections {
        Hero = "hero", "hero": HeroContent { title: Short, institution: Short, bio: Long, profile_image_alt: Short },
        About = "about", "about page": AboutContent {
            title: Short, bio: Long, background: Long, research_interests: Long, education: Long, experience: Long,
            awards: Long, leadership: Long, service: Long, personal: Long
        },
        Contact = "contact", "contact page": ContactContent { title: Short, subtitle: Short, office_hours: Long, additional_info: Long },
        Stats = "stats", "counters": StatsContent {
            publications_label: Short, publications_description: Short, students_label: Short, students_description: Short,
            courses_label: Short, courses_description: Short, research_areas_label: Short, research_areas_description: Short
        },
    }
    tables {
        ResearchArea = "research_area", label title: research_areas { "title": Short, "description": Long, "content": Html },
        Project = "project", label title: projects { "title": Short, "summary": Long, "content": Long },
        News = "news", label title: news { "title": Short, "content": Long, "link_text": Short },
        Talk = "talk", label title: talks { "title": Short, "abstract": Long },
        Course = "course", label title: courses { "title": Short, "description": Long },
        Post = "post", label title: posts { "title": Short, "summary": Long, "content": Html },
        CvAppointment = "cv_appointment", label title: cv_appointments { "title": Short },
        CvEducation = "cv_education", label degree: cv_education { "degree": Short, "field": Short, "thesis_title": Short },
        CvAward = "cv_award", label name: cv_awards { "name": Short },
        CvGrant = "cv_grant", label title: cv_grants { "title": Short, "role": Short },
        CvService = "cv_service", label role: cv_service { "role": Short },
        CvOther = "cv_other", label title: cv_other { "title": Short, "content": Html },
    }
}

impl TranslationKind {
    /// The kind called `key`; an unknown one is a 404 that lists the known.
    pub fn parse(key: &str) -> Result<Self, AppError> {
        Self::ALL.iter().copied().find(|kind| kind.key() == key).ok_or_else(|| {
            let known: Vec<&str> = Self::ALL.iter().map(|kind| kind.key()).collect();
            AppError::NotFound(format!("No kind of item called \"{key}\" has translations (the kinds: {})", known.join(", ")))
        })
    }

    /// Its translatable field `name`; any other is a 400 that lists them.
    pub fn field(self, name: &str) -> Result<Field, AppError> {
        self.fields().iter().copied().find(|field| field.name == name).ok_or_else(|| {
            let known: Vec<&str> = self.fields().iter().map(|field| field.name).collect();
            AppError::BadRequest(format!("A {} has no translatable field \"{name}\" (translatable: {})", self.noun(), known.join(", ")))
        })
    }
}

fn capitalised(noun: &str) -> String {
    homepage::label(noun)
}

/// The item as the admin lists it: the source text of each translatable field, read from its JSON
/// (an empty optional field reads as "").
fn source_item(kind: TranslationKind, id: String, label: String, item: &impl Serialize) -> Result<SourceItem, AppError> {
    let json = serde_json::to_value(item).map_err(anyhow::Error::from)?;
    let texts =
        kind.fields().iter().map(|field| (*field, json.get(field.name).and_then(|v| v.as_str()).unwrap_or("").to_owned())).collect();
    Ok(SourceItem { id, label, texts })
}

/// What a translation keeps of its source text: enough to tell that the text changed.
pub fn source_hash(text: &str) -> String {
    format!("{:x}", Sha256::digest(text.as_bytes()))
}

/// A language to translate into: a language tag a site can have (`languages::canonical_tag`,
/// the one reading of BCP 47) other than `own`, the language the owner writes the items in (the
/// site's default language); returned in its canonical case.
pub fn target_language(lang: &str, own: &str) -> Result<String, AppError> {
    let mut fields = FieldErrors::default();
    let lang = match canonical_tag(lang) {
        Ok(lang) => lang,
        Err(problem) => {
            fields.add("lang", problem);
            return Err(AppError::validation(fields));
        }
    };
    if lang.eq_ignore_ascii_case(own) {
        fields.add("lang", format!("The site's texts are written in {own}: choose another language to translate them into"));
        return Err(AppError::validation(fields));
    }
    Ok(lang)
}

/// Where a translation stands against its source text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "lowercase")]
pub enum TranslationStatus {
    /// No translation yet.
    Untranslated,
    /// The source text changed since the translation was written or last reviewed.
    Outdated,
    Done,
}

/// One translatable field of one item in the admin's list (`GET /api/admin/translations`).
#[derive(Clone, Debug, Serialize, TS)]
pub struct TranslatableText {
    pub kind: TranslationKind,
    pub item_id: String,
    /// What the item is called: its title or name, or the page text's name ("Hero").
    pub item_label: String,
    /// The kind in words ("research area").
    pub noun: String,
    pub field: String,
    /// The field in words ("Research interests").
    pub field_label: String,
    pub format: TextFormat,
    /// The text in the items' own language.
    pub source: String,
    pub translation: Option<String>,
    pub status: TranslationStatus,
}

/// What `GET /api/admin/translations?lang=` answers: every translatable field that has a source
/// text, with its translation into `lang`, in the order of the kinds and their items.
#[derive(Clone, Debug, Serialize, TS)]
pub struct TranslationList {
    pub lang: String,
    /// The language the items are written in.
    pub source_lang: String,
    pub texts: Vec<TranslatableText>,
}

/// The body of `PUT /api/admin/translations/<kind>/<id>/<field>/<lang>`.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct TranslationInput {
    pub text: String,
}

/// How many translations into a language are outdated (the dashboard).
#[derive(Clone, Debug, Serialize, TS)]
pub struct OutdatedCount {
    pub lang: String,
    #[ts(type = "number")]
    pub outdated: u64,
}

/// Every translatable text with its translation into `lang` (already a `target_language`).
pub async fn list(db: &impl ConnectionTrait, lang: &str, own: &str) -> Result<TranslationList, AppError> {
    list_of(db, lang, own, None).await
}

/// As `list`, of the items of one kind only, or of one of its items (by id, or a page text's
/// section key): what an item's edit form shows in its language tabs.
pub async fn list_of(
    db: &impl ConnectionTrait,
    lang: &str,
    own: &str,
    only: Option<(TranslationKind, Option<&str>)>,
) -> Result<TranslationList, AppError> {
    let mut stored = Entity::find().filter(Column::Lang.eq(lang));
    if let Some((kind, item_id)) = only {
        stored = stored.filter(Column::Kind.eq(kind.key()));
        if let Some(item_id) = item_id {
            stored = stored.filter(Column::ItemId.eq(item_id));
        }
    }
    let stored: HashMap<(String, String, String), Model> =
        stored.all(db).await?.into_iter().map(|row| ((row.kind.clone(), row.item_id.clone(), row.field.clone()), row)).collect();
    let (kinds, item_id) = match only {
        Some((kind, item_id)) => (vec![kind], item_id),
        None => (TranslationKind::ALL.to_vec(), None),
    };
    let mut texts = Vec::new();
    for kind in kinds {
        for item in kind.items(db, item_id).await? {
            for (field, source) in item.texts {
                if source.trim().is_empty() {
                    continue;
                }
                let translation = stored.get(&(kind.key().to_owned(), item.id.clone(), field.name.to_owned()));
                let status = match translation {
                    None => TranslationStatus::Untranslated,
                    Some(row) if row.source_hash != source_hash(&source) => TranslationStatus::Outdated,
                    Some(_) => TranslationStatus::Done,
                };
                texts.push(TranslatableText {
                    kind,
                    item_id: item.id.clone(),
                    item_label: item.label.clone(),
                    noun: kind.noun().to_owned(),
                    field: field.name.to_owned(),
                    field_label: homepage::label(field.name),
                    format: field.format,
                    source,
                    translation: translation.map(|row| row.text.clone()),
                    status,
                });
            }
        }
    }
    Ok(TranslationList { lang: lang.to_owned(), source_lang: own.to_owned(), texts })
}

/// The number of outdated translations per language that has any translation.
pub async fn outdated_counts(db: &impl ConnectionTrait) -> Result<Vec<OutdatedCount>, AppError> {
    let rows = Entity::find().order_by_asc(Column::Lang).all(db).await?;
    let mut sources: HashMap<(TranslationKind, String), Vec<(Field, String)>> = HashMap::new();
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    for row in rows {
        let outdated = counts.entry(row.lang.clone()).or_default();
        let Ok(kind) = TranslationKind::parse(&row.kind) else { continue };
        let key = (kind, row.item_id.clone());
        if !sources.contains_key(&key) {
            let texts = kind.items(db, Some(&row.item_id)).await?.into_iter().next().map(|item| item.texts).unwrap_or_default();
            sources.insert(key.clone(), texts);
        }
        let source = sources[&key].iter().find(|(field, _)| field.name == row.field).map(|(_, text)| text.as_str());
        if source.is_some_and(|text| source_hash(text) != row.source_hash) {
            *outdated += 1;
        }
    }
    Ok(counts.into_iter().map(|(lang, outdated)| OutdatedCount { lang, outdated }).collect())
}

/// The source text of `field` of item `id` of `kind`; a 404 when there is no such item.
async fn source_text(db: &impl ConnectionTrait, kind: TranslationKind, id: &str, field: Field) -> Result<String, AppError> {
    let item = kind.items(db, Some(id)).await?.into_iter().next().ok_or_else(|| AppError::not_found(kind.noun()))?;
    Ok(item.texts.into_iter().find(|(f, _)| f.name == field.name).map(|(_, text)| text).unwrap_or_default())
}

/// Writes the translation of `field` of item `id` into `lang` (already a `target_language`), as
/// made from the field's present source text.
pub async fn write(
    db: &impl ConnectionTrait,
    kind: TranslationKind,
    id: &str,
    field: Field,
    lang: &str,
    input: TranslationInput,
) -> Result<Model, AppError> {
    let source = source_text(db, kind, id, field).await?;
    let text = checked_text(field, input.text)?;
    let row = Model {
        kind: kind.key().to_owned(),
        item_id: id.to_owned(),
        field: field.name.to_owned(),
        lang: lang.to_owned(),
        text,
        source_hash: source_hash(&source),
        updated_at: crate::ops::clock::now(),
    };
    Entity::insert(ActiveModel::from(row.clone()))
        .on_conflict(
            OnConflict::columns([Column::Kind, Column::ItemId, Column::Field, Column::Lang])
                .update_columns([Column::Text, Column::SourceHash, Column::UpdatedAt])
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    Ok(row)
}

/// A translation's text: not blank (deleting the translation is how the source text comes back),
/// within the field's length, and sanitised when it is rich text.
fn checked_text(field: Field, text: String) -> Result<String, AppError> {
    let mut check = Check::new();
    let label = "Translation";
    let text = match field.format {
        TextFormat::Short => text.trim().to_owned(),
        TextFormat::Long => text,
        // Checked for length and sanitised; nothing visible left reads as blank.
        TextFormat::Html => check.optional_html("text", label, Some(text)).unwrap_or_default(),
    };
    if text.trim().is_empty() {
        check.fail("text", "Translation is required: delete the translation to show the source text instead");
    } else if field.format != TextFormat::Html {
        check.max_len("text", label, &text, field.format.max_len());
    }
    check.finish()?;
    Ok(text)
}

/// The stored translation of `field` of item `id` into `lang`, or a 404.
async fn stored(db: &impl ConnectionTrait, kind: TranslationKind, id: &str, field: Field, lang: &str) -> Result<Model, AppError> {
    Entity::find_by_id((kind.key().to_owned(), id.to_owned(), field.name.to_owned(), lang.to_owned())).one(db).await?.ok_or_else(|| {
        AppError::NotFound(format!("The {} has no {lang} translation of its {}", kind.noun(), homepage::label(field.name).to_lowercase()))
    })
}

/// Deletes one translation: the page shows the next language of its chain again.
pub async fn delete(db: &impl ConnectionTrait, kind: TranslationKind, id: &str, field: Field, lang: &str) -> Result<(), AppError> {
    let row = stored(db, kind, id, field, lang).await?;
    Entity::delete(ActiveModel::from(row)).exec(db).await?;
    Ok(())
}

/// "Mark as up to date": the owner read the translation against the edited source and keeps it.
pub async fn mark_reviewed(
    db: &impl ConnectionTrait,
    kind: TranslationKind,
    id: &str,
    field: Field,
    lang: &str,
) -> Result<Model, AppError> {
    let source = source_text(db, kind, id, field).await?;
    let row = stored(db, kind, id, field, lang).await?;
    let mut active = ActiveModel::from(row);
    active.source_hash = Set(source_hash(&source));
    active.updated_at = Set(crate::ops::clock::now());
    Ok(active.update(db).await?)
}

/// The translations of the items `ids` (content rows: their ids are UUIDs, unique across tables).
pub async fn of_items(db: &impl ConnectionTrait, ids: &[Uuid]) -> Result<Vec<Model>, AppError> {
    let mut rows = Vec::new();
    for chunk in ids.chunks(1000) {
        let ids: Vec<String> = chunk.iter().map(Uuid::to_string).collect();
        rows.extend(Entity::find().filter(Column::ItemId.is_in(ids)).all(db).await?);
    }
    Ok(rows)
}

/// Deletes the translations of the items `ids`: in the transaction that deletes the items.
pub async fn forget(db: &impl ConnectionTrait, ids: &[Uuid]) -> Result<(), AppError> {
    for chunk in ids.chunks(1000) {
        let ids: Vec<String> = chunk.iter().map(Uuid::to_string).collect();
        Entity::delete_many().filter(Column::ItemId.is_in(ids)).exec(db).await?;
    }
    Ok(())
}

/// Puts rows kept by `of_items` back (a bulk delete's undo).
pub async fn restore(db: &impl ConnectionTrait, rows: Vec<Model>) -> Result<(), AppError> {
    for row in rows {
        Entity::insert(ActiveModel::from(row)).exec_without_returning(db).await?;
    }
    Ok(())
}

/// An item as a page in some language shows it, and the language of the text of each of its
/// translatable fields (by field name).
#[derive(Debug)]
pub struct Shown<T> {
    pub item: T,
    pub langs: BTreeMap<&'static str, String>,
}

/// `item` (of `kind`, id `id`) with each translatable field replaced by its first translation
/// along `chain` (the page's language first, e.g. `["de", "en"]`), and the language each
/// field's text is then in.
pub async fn overlay<T: Serialize + DeserializeOwned>(
    db: &impl ConnectionTrait,
    chain: &[&str],
    kind: TranslationKind,
    id: &str,
    item: T,
) -> Result<Shown<T>, AppError> {
    let overlay = Overlay::load(db, chain).await?;
    let mut item = item;
    let langs = overlay.apply(kind, id, &mut item)?;
    Ok(Shown { item, langs })
}

/// The translations a page in one language may show, read once for the page: every translation
/// into a language of its chain before the items' own.
#[derive(Debug, Default)]
pub struct Overlay {
    /// The chain up to the items' own language (which ends it: its text is the item's).
    chain: Vec<String>,
    /// Kind, item and field → language → text.
    texts: HashMap<(String, String, String), HashMap<String, String>>,
    /// The language the items are written in: the chain's last.
    own: String,
}

impl Overlay {
    /// The translations along `chain` (`languages::chain`: the page's language, its parents, and
    /// last the default language, which the owner writes the items in).
    pub async fn load(db: &impl ConnectionTrait, chain: &[&str]) -> Result<Self, AppError> {
        // The chain's tags are the site's languages, in their canonical case as the translations are.
        let own = chain.last().map_or_else(String::new, |lang| (*lang).to_owned());
        let chain: Vec<String> = chain.iter().take_while(|lang| !lang.eq_ignore_ascii_case(&own)).map(|lang| (*lang).to_owned()).collect();
        if chain.is_empty() {
            return Ok(Self { own, ..Self::default() });
        }
        let mut texts: HashMap<_, HashMap<String, String>> = HashMap::new();
        for row in Entity::find().filter(Column::Lang.is_in(chain.clone())).all(db).await? {
            texts.entry((row.kind, row.item_id, row.field)).or_default().insert(row.lang, row.text);
        }
        Ok(Self { own, chain, texts })
    }

    /// The chain with no translation along it: every text is the item's own (tests).
    #[cfg(test)]
    pub fn without_texts(chain: &[&str]) -> Self {
        let (own, chain) = chain.split_last().expect("a chain has the default language");
        Self { chain: chain.iter().map(|lang| (*lang).to_owned()).collect(), texts: HashMap::new(), own: (*own).to_owned() }
    }

    /// Whether a page of the chain shows any translation (not: a page in the default language).
    pub fn translates(&self) -> bool {
        !self.chain.is_empty()
    }

    /// Replaces the translatable fields of `item` as `overlay` says, and returns the language of
    /// each one's text (the items' own language where no translation along the chain exists). An
    /// empty source field stays empty.
    pub fn apply<T: Serialize + DeserializeOwned>(
        &self,
        kind: TranslationKind,
        id: &str,
        item: &mut T,
    ) -> Result<BTreeMap<&'static str, String>, AppError> {
        let mut json = serde_json::to_value(&*item).map_err(anyhow::Error::from)?;
        let mut langs = BTreeMap::new();
        let mut changed = false;
        for field in kind.fields() {
            let Some(value) = json.get_mut(field.name) else { continue };
            if value.as_str().is_none_or(|text| text.trim().is_empty()) {
                continue;
            }
            let key = (kind.key().to_owned(), id.to_owned(), field.name.to_owned());
            let found = self.texts.get(&key).and_then(|texts| self.chain.iter().find_map(|lang| texts.get(lang).map(|text| (lang, text))));
            match found {
                Some((lang, text)) => {
                    *value = serde_json::Value::String(text.clone());
                    langs.insert(field.name, lang.clone());
                    changed = true;
                }
                None => {
                    langs.insert(field.name, self.own.clone());
                }
            }
        }
        if changed {
            *item = serde_json::from_value(json).map_err(anyhow::Error::from)?;
        }
        Ok(langs)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_language_is_a_site_language_tag_other_than_the_own() {
        assert_eq!(target_language(" de-at ", "en").unwrap(), "de-AT");
        assert_eq!(target_language("ZH-hans", "en").unwrap(), "zh-Hans");
        assert!(target_language("EN", "en").is_err(), "the items' own language is refused");
        assert!(target_language("de", "de").is_err(), "a German site translates into other languages");
        for tag in ["", "de_DE", "english!", "x-klingon", "cv"] {
            assert!(target_language(tag, "en").is_err(), "{tag} is not a language a site can have");
        }
    }

    #[test]
    fn every_kind_has_a_distinct_key_and_fields() {
        let mut keys: Vec<&str> = TranslationKind::ALL.iter().map(|kind| kind.key()).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), TranslationKind::ALL.len());
        for kind in TranslationKind::ALL {
            assert_eq!(TranslationKind::parse(kind.key()).unwrap(), *kind);
            assert!(!kind.fields().is_empty());
            for field in kind.fields() {
                assert!(kind.known_fields().contains(&field.name), "a {} has no field {}", kind.noun(), field.name);
            }
        }
        assert!(matches!(TranslationKind::ResearchArea.field("slug"), Err(AppError::BadRequest(_))));
        assert!(matches!(TranslationKind::parse("paper"), Err(AppError::NotFound(_))));
    }
}
