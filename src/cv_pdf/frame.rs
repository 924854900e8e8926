//! What the PDF puts around the CV's sections: the owner's name and headline at the top of the
//! first page, the site's address and the date in the footer of every page, the paper.

use chrono::{Datelike, NaiveDate};

use crate::content::homepage::HeroContent;
use crate::content::settings::PaperSize;

#[derive(Debug)]
pub struct Frame {
    pub name: String,
    /// The owner's title and institution, each on its line under the name.
    pub headline: Vec<String>,
    pub paper: PaperSize,
    /// The site's address, in the footer of every page.
    pub address: String,
    /// "Generated on 26 November 2026", in the footer.
    pub generated: String,
    pub generated_on: (i32, u8, u8),
}

impl Frame {
    pub fn new(hero: &HeroContent, base_url: &str, paper: PaperSize, today: NaiveDate) -> Self {
        let headline = [&hero.title, &hero.institution]
            .into_iter()
            .map(|line| line.trim())
            .filter(|line| !line.is_empty())
            .map(str::to_owned)
            .collect();
        Self {
            name: hero.name.trim().to_owned(),
            headline,
            paper,
            address: base_url.trim_end_matches('/').to_owned(),
            generated: format!("Generated on {}", today.format("%-d %B %Y")),
            generated_on: (today.year(), today.month() as u8, today.day() as u8),
        }
    }
}

/// `<name>-cv.pdf` ("ada-lovelace-cv.pdf"), or `cv.pdf` when the name has no letter a file
/// name can keep.
pub fn pdf_filename(owner: &str) -> String {
    let name = crate::rules::validate::slugify_variant(&owner.to_lowercase());
    if name.is_empty() { "cv.pdf".to_owned() } else { format!("{name}-cv.pdf") }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_come_from_the_owner_s_name() {
        assert_eq!(pdf_filename("Dr. Ada Lovelace"), "dr-ada-lovelace-cv.pdf");
        assert_eq!(pdf_filename("Zoë Müller"), "zoe-muller-cv.pdf");
        assert_eq!(pdf_filename("王小明"), "cv.pdf");
        assert_eq!(pdf_filename("\"; rm -rf /"), "rm-rf-cv.pdf");
    }
}
