//! The site's content: one module per table of the spec (section 3), each with its SeaORM
//! entity, its write payload and the spec's validation rules (section 5), and its list query
//! (section 7). The create / update / delete operations are the same for every table and live
//! here once.

/// A fixed set of values, stored as text and sent as a string union: the Rust enum with its
/// text form for the database (SeaORM), the JSON (serde) and the TypeScript type (ts-rs).
macro_rules! text_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$variant_meta:meta])* $variant:ident = $value:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, Default, PartialEq, Eq, sea_orm::EnumIter, sea_orm::DeriveActiveEnum,
            serde::Serialize, serde::Deserialize, ts_rs::TS,
        )]
        #[sea_orm(rs_type = "String", db_type = "Text")]
        pub enum $name {
            $($(#[$variant_meta])* #[sea_orm(string_value = $value)] #[serde(rename = $value)] $variant,)+
        }

        impl $name {
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => $value,)+
                }
            }
        }
    };
}

/// One content table, each field named once with its rule. A rule is a method of
/// `rules::validate::Check` (or of a trait the table's module brings into scope) taking the
/// field's name, its label, the value sent and then any earlier field it depends on; a field
/// without a rule is stored as sent. From the one list come the SeaORM entity (`Model`, which
/// adds the `id` key and the two timestamps), the write payload (`Input`; `[input T]` when it is
/// sent as another type than it is stored, e.g. an optional year that defaults), `active_model`
/// (every rule in the order of the list, so a rule may use the fields above it) and the
/// `Content` impl: the first attribute names the table, its TypeScript types, its noun and its
/// API path; the second what a write makes stale (`Sources`), the list's order, the text
/// columns the admin's search looks in, the list filters it has (both when not given) and,
/// with `tags`, the join table of its tags (a `tags` list on the model, `tag_ids` on the input). An `impl Content` block adds or overrides items.
macro_rules! content_table {
    (
        #[table = $table:literal, model = $model:literal, input = $input:literal, noun = $noun:literal, path = $path:literal]
        #[sources = $sources:ident, order = [$($key:ident $dir:ident),*], search = [$($search:ident),+] $(, filters = [$($filter:ident),*])?, tags = $tags:literal]
        $(impl Content { $($content:tt)* })?
        fields { $($fields:tt)* }
    ) => {
        /// The links of these items to their tags.
        pub const TAG_LINKS: $crate::content::tagging::TagLinks = $crate::content::tagging::TagLinks { table: $tags };

        content_table! {
            @table [$table, $model, $input] fields { $($fields)* }
            model {
                /// Its tags, by name: kept in its join table (`TAG_LINKS`), filled in by every
                /// read (`tagging::attach`).
                #[sea_orm(ignore)]
                #[serde(default)]
                pub tags: Vec<$crate::content::tags::Model>,
            }
            input {
                /// The ids of its tags; an unknown one is refused.
                pub tag_ids: Vec<Uuid>,
            }
            content {
                content_table!(@constants $noun, $path, $sources, [$($key $dir),*], [$($search),+] $(, [$($filter),*])?);
                $($($content)*)?
                const TAG_LINKS: Option<$crate::content::tagging::TagLinks> = Some(TAG_LINKS);

                fn take_tag_ids(input: &mut Input) -> Vec<Uuid> {
                    std::mem::take(&mut input.tag_ids)
                }

                fn tags_mut(model: &mut Model) -> Option<&mut Vec<$crate::content::tags::Model>> {
                    Some(&mut model.tags)
                }
            }
        }
    };
    (
        #[table = $table:literal, model = $model:literal, input = $input:literal, noun = $noun:literal, path = $path:literal]
        #[sources = $sources:ident, order = [$($key:ident $dir:ident),*], search = [$($search:ident),+] $(, filters = [$($filter:ident),*])?]
        $(impl Content { $($content:tt)* })?
        fields { $($fields:tt)* }
    ) => {
        content_table! {
            @table [$table, $model, $input] fields { $($fields)* }
            model {}
            input {}
            content {
                content_table!(@constants $noun, $path, $sources, [$($key $dir),*], [$($search),+] $(, [$($filter),*])?);
                $($($content)*)?
            }
        }
    };
    (@constants $noun:literal, $path:literal, $sources:ident, [$($key:ident $dir:ident),*], [$($search:ident),+] $(, [$($filter:ident),*])?) => {
        const NOUN: &'static str = $noun;
        const PATH: &'static str = $path;
        const SOURCES: $crate::store::changes::Sources = $crate::store::changes::Sources::$sources;
        const ORDER: &'static [(&'static str, sea_orm::Order)] = &[$((stringify!($key), sea_orm::Order::$dir)),*];
        const SEARCH: &'static [&'static str] = &[$(stringify!($search)),+];
        $(const FILTERS: $crate::content::Filters = $crate::content::Filters { $($filter: true,)* ..$crate::content::Filters::NONE };)?
    };
    (
        @table [$table:literal, $model:literal, $input:literal]
        fields {
            $(
                $(#[doc = $doc:literal])*
                $(#[sea_orm($($column:tt)*)])*
                $(#[serde($($serde:tt)*)])*
                $(#[ts($($ts:tt)*)])*
                $field:ident: $ty:ty $([input $input_ty:ty])? $(= $rule:ident($label:literal $(, $arg:expr)*))?
            ),* $(,)?
        }
        model { $($model_extra:tt)* }
        input { $($input_extra:tt)* }
        content { $($content_extra:tt)* }
    ) => {
        /// The table's name in the database.
        pub const TABLE: &str = $table;

        #[derive(Clone, Debug, PartialEq, sea_orm::DeriveEntityModel, serde::Serialize, serde::Deserialize, ts_rs::TS)]
        #[sea_orm(table_name = $table)]
        #[ts(rename = $model)]
        pub struct Model {
            #[sea_orm(primary_key, auto_increment = false)]
            pub id: Uuid,
            $(
                $(#[doc = $doc])* $(#[sea_orm($($column)*)])* $(#[serde($($serde)*)])* $(#[ts($($ts)*)])*
                pub $field: $ty,
            )*
            pub created_at: DateTimeUtc,
            pub updated_at: DateTimeUtc,
            $($model_extra)*
        }

        #[derive(Copy, Clone, Debug, sea_orm::EnumIter, sea_orm::DeriveRelation)]
        pub enum Relation {}

        impl sea_orm::ActiveModelBehavior for ActiveModel {}

        #[derive(Debug, Default, serde::Deserialize, ts_rs::TS)]
        #[serde(deny_unknown_fields, default)]
        #[ts(rename = $input)]
        pub struct Input {
            $(
                $(#[doc = $doc])* $(#[serde($($serde)*)])* $(#[ts($($ts)*)])*
                pub $field: content_table!(@input_type $ty $(, $input_ty)?),
            )*
            $($input_extra)*
        }

        impl $crate::content::Content for Entity {
            type Input = Input;
            $($content_extra)*

            fn active_model(input: Input) -> Result<ActiveModel, $crate::error::AppError> {
                let mut check = $crate::rules::validate::Check::new();
                $(let $field = content_table!(@value check, input, $field $(, $rule($label $(, $arg)*))?);)*
                check.finish()?;
                Ok(ActiveModel {
                    $($field: sea_orm::ActiveValue::Set(Into::into($field)),)*
                    id: sea_orm::ActiveValue::NotSet,
                    created_at: sea_orm::ActiveValue::NotSet,
                    updated_at: sea_orm::ActiveValue::NotSet,
                })
            }
        }
    };
    (@input_type $ty:ty) => { $ty };
    (@input_type $ty:ty, $input_ty:ty) => { $input_ty };
    (@value $check:ident, $input:ident, $field:ident) => { $input.$field };
    (@value $check:ident, $input:ident, $field:ident, $rule:ident($label:literal $(, $arg:expr)*)) => {
        $check.$rule($crate::content::field_name(stringify!($field)), $label, $input.$field $(, $arg)*)
    };
}

/// Every content table the owner edits through the admin, in the admin's order: `$callback!`
/// is called with their modules (then with the arguments after `;`). The router, the backup, the
/// TypeScript types and the schema test expand this one list, so a new table is its module, one
/// line here and its migration.
#[macro_export]
macro_rules! content_tables {
    ($callback:ident $(; $($args:tt)*)?) => {
        $callback!(
            news, publications, research_areas, projects, courses, students, talks, tags, open_calls, posts,
            cv_appointments, cv_education, cv_awards, cv_grants, cv_service, cv_other
            $(; $($args)*)?
        )
    };
}

/// `content_tables!` where it belongs (`content::tables!`): exported macros live at the crate's
/// root, outside the layers.
pub use content_tables as tables;

/// A field's name as the API spells it (`r#abstract` is `abstract`).
pub fn field_name(ident: &'static str) -> &'static str {
    ident.trim_start_matches("r#")
}

pub mod bulk;
pub mod citation_counts;
pub mod courses;
pub mod cv_appointments;
pub mod cv_awards;
pub mod cv_education;
pub mod cv_grants;
pub mod cv_other;
pub mod cv_service;
pub mod homepage;
pub mod import_links;
pub mod imports;
pub mod news;
pub mod open_calls;
pub mod owner_list;
pub mod posts;
pub mod projects;
pub mod publications;
pub mod research_areas;
pub mod sample_texts;
pub mod sentences;
pub mod settings;
pub mod students;
pub mod tagging;
pub mod tags;
pub mod talks;
pub mod translations;

use std::future::Future;
use std::str::FromStr;

use sea_orm::sea_query::NullOrdering;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbErr, EntityTrait, FromJsonQueryResult,
    IntoActiveModel, ModelTrait, Order, PrimaryKeyTrait, QueryFilter, QueryOrder, QuerySelect, Select, SqlErr,
};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use ts_rs::TS;
use uuid::Uuid;

use crate::error::{AppError, FieldErrors};
use crate::store::changes::Sources;

/// A list of strings (authors, technologies, collaborators), stored as a JSON array so that
/// SQLite and PostgreSQL hold it the same way.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, FromJsonQueryResult, TS)]
#[serde(transparent)]
#[ts(type = "Array<string>")]
pub struct StringList(pub Vec<String>);

impl From<Vec<String>> for StringList {
    fn from(list: Vec<String>) -> Self {
        Self(list)
    }
}

text_enum! {
    /// Whether an item is on the public pages: drafts are kept but never shown there.
    ContentStatus { #[default] Published = "published", Draft = "draft" }
}

/// Who is asking for a list: the public sees only what the spec says it sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Audience {
    Public,
    Owner,
}

/// The optional filters of the spec's list reads (section 7); each table uses those it has.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    pub featured: Option<bool>,
    pub status: Option<String>,
    pub limit: Option<u64>,
    /// Items to skip (a page of a public JSON list: `PUBLIC_PAGE`).
    pub offset: Option<u64>,
}

/// The public JSON lists (`GET /api/<table>`) answer a page at a time, as the HTML pages do:
/// `?limit=` items (this many when not given, at most `max`) from `?offset=`.
pub struct PublicPage {
    pub default: u64,
    pub max: u64,
}

pub const PUBLIC_PAGE: PublicPage = PublicPage { default: 100, max: 1000 };

impl ListQuery {
    /// The query a visitor's `GET /api/<table>` runs: the limit as asked, within `PUBLIC_PAGE`.
    pub fn public_page(self) -> Self {
        let limit = self.limit.unwrap_or(PUBLIC_PAGE.default).min(PUBLIC_PAGE.max);
        Self { limit: Some(limit), ..self }
    }
}

/// Which of the shared list filters a table has (its columns of those names).
#[derive(Clone, Copy, Debug)]
pub struct Filters {
    /// A `status` column of `ContentStatus`: the public sees published items only.
    pub status: bool,
    /// A `featured` column that `?featured=` filters on.
    pub featured: bool,
}

impl Filters {
    pub const NONE: Self = Self { status: false, featured: false };
}

/// A table of content that the owner edits through the admin. The bounds on the model and the
/// active model are stated here once, as bounds of the entity's own associated types, so every
/// generic function over `E: Content` has them without repeating them.
pub trait Content:
    EntityTrait<
        PrimaryKey: PrimaryKeyTrait<ValueType = Uuid>,
        Model: IntoActiveModel<<Self as EntityTrait>::ActiveModel> + Serialize + DeserializeOwned + Send + Sync,
        ActiveModel: Send,
    > + Default
{
    /// The JSON payload of a create or an update. `Default` fills the keys a create leaves out;
    /// an update must send every key (see `crate::http`).
    type Input: DeserializeOwned + Default + Send + 'static;
    /// The singular noun used in messages ("publication not found").
    const NOUN: &'static str;
    /// The path segment of the API (`/api/publications`).
    const PATH: &'static str;
    /// What a write to the table changes: the pages that show it go stale.
    const SOURCES: Sources;
    /// Whether even the list read needs a signed-in owner (students, per spec section 6).
    const OWNER_ONLY: bool = false;
    /// The filters of the default list read.
    const FILTERS: Filters = Filters { status: true, featured: true };
    /// The spec's order of the list read (section 7); ties fall back to the newest first.
    const ORDER: &'static [(&'static str, Order)];
    /// The text columns the admin's `?q=` looks in (issue 44): the title or name, and for a
    /// paper its authors and venue.
    const SEARCH: &'static [&'static str];
    /// The join table of this table's tags, when its items carry tags (issue 16).
    const TAG_LINKS: Option<tagging::TagLinks> = None;

    /// Takes the tags an input asks for out of it (before `active_model` consumes it).
    fn take_tag_ids(_input: &mut Self::Input) -> Vec<Uuid> {
        Vec::new()
    }

    /// Where an item's tags go in its JSON; `None` for a table without tags.
    fn tags_mut(_model: &mut Self::Model) -> Option<&mut Vec<tags::Model>> {
        None
    }

    /// Refuses an owner's save (the API's create and update: `id` is the item updated) that
    /// would store what another item holds already, before the table's unique keys refuse it
    /// with a message about the slug: a paper's DOI (`publications`). Imports check their
    /// entries against the store themselves (`crate::import`).
    fn check_clash(
        _db: &DatabaseTransaction,
        _id: Option<Uuid>,
        _input: &Self::Input,
    ) -> impl Future<Output = Result<(), AppError>> + Send {
        async { Ok(()) }
    }

    /// Checks the input against the spec's rules and returns an active model whose content
    /// fields are all set; id and timestamps are `NotSet` and filled in by `create`/`update`.
    fn active_model(input: Self::Input) -> Result<Self::ActiveModel, AppError>;

    /// The spec's list read for this table as a query: its filters and its order, without the
    /// limit. `list` runs it whole; the public pages read it a page at a time.
    fn select(query: &ListQuery, audience: Audience) -> Select<Self> {
        let mut select = Self::find();
        if Self::FILTERS.status {
            select = status_filter(select, query, audience);
        }
        if Self::FILTERS.featured {
            select = featured_filter(select, query);
        }
        order(select, Self::ORDER)
    }

    /// The spec's list read for this table: its filters, its order and the limit.
    fn list(
        db: &DatabaseConnection,
        query: ListQuery,
        audience: Audience,
    ) -> impl Future<Output = Result<Vec<Self::Model>, AppError>> + Send {
        async move {
            let mut items = limit(Self::select(&query, audience), &query).all(db).await?;
            tagging::attach::<Self>(db, &mut items).await?;
            Ok(items)
        }
    }
}

fn column<E: EntityTrait>(name: &str) -> E::Column {
    E::Column::from_str(name).unwrap_or_else(|_| panic!("table {} has no column {name}", E::default().table_name()))
}

/// A unique slug clash is the user's mistake, not the server's: say so on the slug field.
fn clash_to_validation<E: Content>(err: DbErr) -> AppError {
    match err.sql_err() {
        Some(SqlErr::UniqueConstraintViolation(_)) => {
            let mut fields = FieldErrors::default();
            fields.add("slug", format!("Another {} already uses this slug", E::NOUN));
            AppError::validation(fields)
        }
        _ => err.into(),
    }
}

/// Creates an item and its tag links. Run it in a transaction (the API and the import do), so
/// an unknown tag writes nothing.
pub async fn create<E: Content>(db: &impl ConnectionTrait, input: E::Input) -> Result<E::Model, AppError> {
    create_adjusted::<E>(db, input, |_| ()).await
}

/// [`create`], with `adjust` changing the checked item before it is written: an import stores
/// what its source has where the owner's form would insist (`import::create_paper`).
pub async fn create_adjusted<E: Content>(
    db: &impl ConnectionTrait,
    mut input: E::Input,
    adjust: impl FnOnce(&mut E::ActiveModel),
) -> Result<E::Model, AppError> {
    let tag_ids = E::take_tag_ids(&mut input);
    let mut model = E::active_model(input)?;
    adjust(&mut model);
    let tag_ids = tagging::check::<E>(db, &tag_ids).await?;
    let now = crate::ops::clock::now();
    let id = Uuid::new_v4();
    model.set(column::<E>("id"), id.into());
    model.set(column::<E>("created_at"), now.into());
    model.set(column::<E>("updated_at"), now.into());
    let created = model.insert(db).await.map_err(clash_to_validation::<E>)?;
    tagging::replace::<E>(db, id, &tag_ids).await?;
    with_tags::<E>(db, created).await
}

/// Updates an item and makes its tags those of the input (in a transaction, as `create`).
pub async fn update<E: Content>(db: &impl ConnectionTrait, id: Uuid, input: E::Input) -> Result<E::Model, AppError> {
    update_adjusted::<E>(db, id, input, |_| ()).await
}

/// [`update`], with `adjust` changing the checked item before it is written, as
/// [`create_adjusted`].
pub async fn update_adjusted<E: Content>(
    db: &impl ConnectionTrait,
    id: Uuid,
    mut input: E::Input,
    adjust: impl FnOnce(&mut E::ActiveModel),
) -> Result<E::Model, AppError> {
    let tag_ids = E::take_tag_ids(&mut input);
    let mut model = E::active_model(input)?;
    adjust(&mut model);
    let tag_ids = tagging::check::<E>(db, &tag_ids).await?;
    model.set(column::<E>("id"), id.into());
    model.set(column::<E>("updated_at"), crate::ops::clock::now().into());
    let updated = match model.update(db).await {
        Ok(updated) => updated,
        Err(DbErr::RecordNotUpdated) => return Err(AppError::not_found(E::NOUN)),
        Err(err) => return Err(clash_to_validation::<E>(err)),
    };
    tagging::replace::<E>(db, id, &tag_ids).await?;
    with_tags::<E>(db, updated).await
}

async fn with_tags<E: Content>(db: &impl ConnectionTrait, model: E::Model) -> Result<E::Model, AppError> {
    let mut items = [model];
    tagging::attach::<E>(db, &mut items).await?;
    let [model] = items;
    Ok(model)
}

/// Deletes an item and its translations (in a transaction, as `create`).
pub async fn delete<E: Content>(db: &impl ConnectionTrait, id: Uuid) -> Result<(), AppError> {
    let result = E::delete_by_id(id).exec(db).await?;
    if result.rows_affected == 0 {
        return Err(AppError::not_found(E::NOUN));
    }
    translations::forget(db, &[id]).await
}

pub async fn get<E: Content>(db: &impl ConnectionTrait, id: Uuid) -> Result<E::Model, AppError> {
    let model = E::find_by_id(id).one(db).await?.ok_or_else(|| AppError::not_found(E::NOUN))?;
    with_tags::<E>(db, model).await
}

/// The status filter of a list: the public always gets published items only; the owner gets
/// what they ask for (everything by default).
fn status_filter<E: EntityTrait>(select: Select<E>, query: &ListQuery, audience: Audience) -> Select<E> {
    let status = match audience {
        Audience::Public => Some(ContentStatus::Published.as_str().to_owned()),
        Audience::Owner => query.status.clone(),
    };
    match status {
        Some(status) => select.filter(column::<E>("status").eq(status)),
        None => select,
    }
}

fn featured_filter<E: EntityTrait>(select: Select<E>, query: &ListQuery) -> Select<E> {
    match query.featured {
        Some(featured) => select.filter(column::<E>("featured").eq(featured)),
        None => select,
    }
}

/// `?limit=` and `?offset=` as asked, but never past what the databases take as a row count (a
/// larger number would be a database error, not the caller's mistake: it just means "all", or
/// "none left").
fn limit<E: EntityTrait>(select: Select<E>, query: &ListQuery) -> Select<E> {
    let select = match query.offset {
        Some(offset) => select.offset(offset.min(i64::MAX as u64)),
        None => select,
    };
    match query.limit {
        Some(limit) => select.limit(limit.min(i64::MAX as u64)),
        None => select,
    }
}

/// Orders with NULLs last on both databases (SQLite would put them first by default), and a
/// final tie-break on creation so equal keys list in a stable order.
fn order<E: EntityTrait>(select: Select<E>, keys: &[(&str, Order)]) -> Select<E> {
    let mut select = select;
    for (name, direction) in keys {
        select = select.order_by_with_nulls(column::<E>(name), direction.clone(), NullOrdering::Last);
    }
    select.order_by(column::<E>("created_at"), Order::Desc).order_by(column::<E>("id"), Order::Asc)
}

/// The table's noun with a capital, to start a message ("News item").
fn capitalised_noun<E: Content>() -> String {
    let mut chars = E::NOUN.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

/// An item's id (every content table's key is a UUID named `id`).
fn id_of<E: Content>(model: &E::Model) -> Uuid {
    model.get(column::<E>("id")).unwrap::<Uuid>()
}
