//! Tags: a name, a slug and a colour.

use sea_orm::entity::prelude::*;
use sea_orm::{ActiveValue::Set, Order};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::{Audience, Content, ListQuery};
use crate::error::AppError;
use crate::validate::{Check, slugify};

pub const DEFAULT_COLOR: &str = "#3b82f6";

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

impl ActiveModelBehavior for ActiveModel {}

#[derive(Debug, Default, Deserialize, TS)]
#[serde(deny_unknown_fields, default)]
#[ts(rename = "TagInput", optional_fields = nullable)]
pub struct Input {
    pub name: String,
    pub slug: Option<String>,
    pub color: Option<String>,
}

impl Content for Entity {
    type Input = Input;
    const NOUN: &'static str = "tag";
    const PATH: &'static str = "tags";

    fn active_model(input: Input) -> Result<ActiveModel, AppError> {
        let mut check = Check::new();
        let name = check.required("name", "Name", input.name);
        let model = ActiveModel {
            slug: Set(check.slug(input.slug, &name, slugify)),
            name: Set(name),
            color: Set(check.color("color", input.color, DEFAULT_COLOR)),
            ..Default::default()
        };
        check.finish()?;
        Ok(model)
    }

    /// Tags have no status: everyone sees them all, by name.
    async fn list(db: &DatabaseConnection, query: ListQuery, _audience: Audience) -> Result<Vec<Model>, AppError> {
        let select = super::order(Entity::find(), &[("name", Order::Asc)]);
        Ok(super::limit(select, &query).all(db).await?)
    }
}
