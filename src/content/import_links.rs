//! Which import added each paper (`import_publications`, migration m0022; a paper added by
//! hand has no row): read by the import records (`imports`) and kept by a bulk delete for its
//! undo (`bulk`), as the paper's delete takes its link with it.

use sea_orm::entity::prelude::*;

use crate::error::AppError;

#[derive(Clone, Debug, PartialEq, DeriveEntityModel, serde::Serialize, serde::Deserialize)]
#[sea_orm(table_name = "import_publications")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub publication_id: Uuid,
    pub import_id: Uuid,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}

/// The links of `papers`.
pub async fn links_of(db: &impl ConnectionTrait, papers: &[Uuid]) -> Result<Vec<Model>, AppError> {
    let mut found = Vec::new();
    for chunk in papers.chunks(1000) {
        found.extend(Entity::find().filter(Column::PublicationId.is_in(chunk.to_vec())).all(db).await?);
    }
    Ok(found)
}
