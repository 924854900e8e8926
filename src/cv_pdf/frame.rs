//! What the PDF puts around the CV's sections: the owner's name and headline at the top of the
//! first page, the site's address, the page number and the date in the footer of every page,
//! the paper, and the CV's language: `/de/cv.pdf` says its own words in German (the catalogues,
//! `crate::i18n`) and is tagged `de`.

use chrono::{Datelike, NaiveDate};

use crate::content::homepage::HeroContent;
use crate::content::settings::PaperSize;
use crate::i18n;

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
    /// The BCP 47 tag of the CV's language: the PDF's language, and its own words'.
    pub lang: String,
}

impl Frame {
    pub fn new(hero: &HeroContent, base_url: &str, paper: PaperSize, today: NaiveDate, lang: &str) -> Self {
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
            generated: generated(lang, today),
            generated_on: (today.year(), today.month() as u8, today.day() as u8),
            lang: lang.to_owned(),
        }
    }

    /// "Page 2 of 3", in the footer of page 2.
    pub fn page_of(&self, page: usize, count: usize) -> String {
        i18n::t_vars(&self.lang, "pagination.page_of", &[("page", &page.to_string()), ("pages", &count.to_string())])
    }

    /// The PDF's title: "Curriculum Vitae: Ada Lovelace".
    pub fn title(&self) -> String {
        i18n::t_vars(&self.lang, "cv.pdf_title", &[("name", &self.name)])
    }
}

/// "Generated on 26 November 2026", "Erstellt am 26. November 2026": the sentence orders the
/// day, the month's name and the year as its language does.
fn generated(lang: &str, today: NaiveDate) -> String {
    let (day, year) = (today.day().to_string(), today.year().to_string());
    i18n::t_vars(lang, "cv.pdf_generated", &[("day", &day), ("month", i18n::month(lang, today.month())), ("year", &year)])
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
    fn the_frame_s_words_are_in_the_cv_s_language() {
        let hero = HeroContent { name: "Ada Lovelace".into(), ..HeroContent::default() };
        let day = NaiveDate::from_ymd_opt(2026, 11, 26).unwrap();
        let english = Frame::new(&hero, "https://cv.example.org/", PaperSize::A4, day, "en");
        assert_eq!(
            (english.generated.as_str(), english.page_of(1, 2).as_str(), english.title().as_str()),
            ("Generated on 26 November 2026", "Page 1 of 2", "Curriculum Vitae: Ada Lovelace")
        );
        let german = Frame::new(&hero, "https://cv.example.org/", PaperSize::A4, day, "de");
        assert_eq!(
            (german.generated.as_str(), german.page_of(1, 2).as_str(), german.title().as_str()),
            ("Erstellt am 26. November 2026", "Seite 1 von 2", "Lebenslauf: Ada Lovelace")
        );
        let chinese = Frame::new(&hero, "https://cv.example.org/", PaperSize::A4, day, "zh-Hans");
        assert_eq!((chinese.generated.as_str(), chinese.page_of(1, 2).as_str()), ("生成于 2026年11月26日", "第 1 页，共 2 页"));
    }

    #[test]
    fn file_names_come_from_the_owner_s_name() {
        assert_eq!(pdf_filename("Dr. Ada Lovelace"), "dr-ada-lovelace-cv.pdf");
        assert_eq!(pdf_filename("Zoë Müller"), "zoe-muller-cv.pdf");
        assert_eq!(pdf_filename("王小明"), "cv.pdf");
        assert_eq!(pdf_filename("\"; rm -rf /"), "rm-rf-cv.pdf");
    }
}
