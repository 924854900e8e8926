//! Tags: a name, a slug and a colour.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Content, Filters};
use crate::error::AppError;
use crate::routes::Route;
use crate::rules::validate::{Check, slugify};
use crate::store::changes::Sources;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "tags")]
#[ts(rename = "Tag")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub name: String,
    #[sea_orm(unique)]
    pub slug: String,
    pub color: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

/// A tag's public page: everything published with it.
pub fn page_path(slug: &str) -> String {
    Route::Tag(slug).path().into_owned()
}

/// The address of page `number` of a tag's page: the bare path for page 1, as on the lists
/// (`/news?page=2`), `/tags/<slug>?page=2` for the others.
pub fn paged_path(slug: &str, number: u32) -> String {
    Route::Tag(slug).paged(number).into_owned()
}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "TagInput")]
pub struct Input {
    pub name: String,
    pub slug: Option<String>,
    pub color: Option<String>,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "tag";
    /// Tags have no status and no featured flag: everyone sees them all, by name.
    const FILTERS: Filters = Filters { status: false, featured: false };
    const ORDER: &'static [(&'static str, Order)] = &[("name", Order::Asc)];
    const PATH: &'static str = "tags";
    const SOURCES: Sources = Sources::TAGS;

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let name = check.required("name", "Name", input.name);
        let model = ActiveModel {
            slug: Set(check.slug(input.slug, &name, slugify)),
            name: Set(name),
            color: Set(check.color("color", input.color, crate::rules::DEFAULT_COLOR)),
            id: NotSet,
            created_at: NotSet,
            updated_at: NotSet,
        };
        check.finish()?;
        Ok(model)
    }
}
