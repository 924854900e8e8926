//! Talks and presentations: /talks.

use sea_orm::entity::prelude::*;

use super::ContentStatus;
use crate::rules::validate::slugify;

text_enum! {
    /// The kind of a talk.
    TalkType { #[default] Invited = "invited", Keynote = "keynote", Conference = "conference", Workshop = "workshop", Seminar = "seminar", Webinar = "webinar" }
}

content_table! {
    #[table = "talks", model = "Talk", input = "TalkInput", noun = "talk", path = "talks"]
    #[sources = TALKS, order = [date Desc], search = [title, event_name], tags = "talk_tags"]
    fields {
        title: String = required("Title"),
        /// Sent empty: made from the title.
        #[sea_orm(unique)]
        slug: String [input Option<String>] = slug("Slug", &title, slugify),
        event_name: String = required("Event name"),
        event_location: Option<String> = optional("Event location"),
        date: Date [input Option<Date>] = required_date("Date"),
        #[sea_orm(column_name = "type")]
        #[serde(rename = "type")]
        #[ts(rename = "type")]
        talk_type: TalkType,
        #[sea_orm(column_type = "Text", nullable)]
        r#abstract: Option<String> = optional_long("Abstract"),
        slides_url: Option<String> = optional_url("Slides URL"),
        video_url: Option<String> = optional_url("Video URL"),
        status: ContentStatus,
        featured: bool,
    }
}
