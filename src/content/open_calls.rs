//! Open calls for proposals: /open-calls. Content, requirements and contact information are
//! sanitised rich text.

use sea_orm::ActiveValue::{NotSet, Set};
use sea_orm::Order;
use sea_orm::entity::prelude::*;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Audience, Content, ContentStatus, ListQuery};
use crate::error::AppError;
use crate::rules::validate::Check;
use crate::store::changes::Sources;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, Serialize, Deserialize, TS)]
#[sea_orm(table_name = "open_calls")]
#[ts(rename = "OpenCall")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: Uuid,
    pub title: String,
    #[sea_orm(unique)]
    pub slug: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub description: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub content: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub requirements: Option<String>,
    pub contact_email: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub contact_info: Option<String>,
    pub application_url: Option<String>,
    pub funding_amount: Option<String>,
    pub duration: Option<String>,
    pub funding_agency: Option<String>,
    pub deadline: Option<Date>,
    pub status: ContentStatus,
    pub featured: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "OpenCallInput")]
pub struct Input {
    pub title: String,
    /// Required for open calls: the form derives it from the title only when creating.
    pub slug: String,
    pub description: Option<String>,
    pub content: Option<String>,
    pub requirements: Option<String>,
    pub contact_email: Option<String>,
    pub contact_info: Option<String>,
    pub application_url: Option<String>,
    pub funding_amount: Option<String>,
    pub duration: Option<String>,
    pub funding_agency: Option<String>,
    pub deadline: Option<Date>,
    pub status: ContentStatus,
    pub featured: bool,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "open call";
    /// The owner's order; the public one is by deadline (see `list`).
    const ORDER: &'static [(&'static str, Order)] = &[];
    const PATH: &'static str = "open-calls";
    const SOURCES: Sources = Sources::OPEN_CALLS;

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let title = check.required("title", "Title", input.title);
        let slug = check.required("slug", "Slug", input.slug);
        if !slug.is_empty() && !crate::rules::validate::is_slug(&slug) {
            check.fail("slug", "Slug may contain only lower-case letters, digits and single hyphens");
        }
        let model = ActiveModel {
            title: Set(title),
            slug: Set(slug),
            description: Set(check.optional_long("description", "Description", input.description)),
            content: Set(check.optional_html("content", "Content", input.content)),
            requirements: Set(check.optional_html("requirements", "Requirements", input.requirements)),
            contact_email: Set(check.optional_email("contact_email", "Contact email", input.contact_email)),
            contact_info: Set(check.optional_html("contact_info", "Contact information", input.contact_info)),
            application_url: Set(check.optional_url("application_url", "Application URL", input.application_url)),
            funding_amount: Set(check.optional("funding_amount", "Funding amount", input.funding_amount)),
            duration: Set(check.optional("duration", "Duration", input.duration)),
            funding_agency: Set(check.optional("funding_agency", "Funding agency", input.funding_agency)),
            deadline: Set(check.date("deadline", "Deadline", input.deadline)),
            status: Set(input.status),
            featured: Set(input.featured),
            id: NotSet,
            created_at: NotSet,
            updated_at: NotSet,
        };
        check.finish()?;
        Ok(model)
    }

    /// The public reads by deadline (soonest first, no deadline last); the admin by creation.
    fn select(query: &ListQuery, audience: Audience) -> Select<Entity> {
        let select = super::status_filter(Entity::find(), query, audience);
        let select = super::featured_filter(select, query);
        let keys: &[(&str, Order)] = match audience {
            Audience::Public => &[("deadline", Order::Asc)],
            Audience::Owner => Self::ORDER,
        };
        super::order(select, keys)
    }
}
