//! The owner's figures for a span of days (`GET /api/admin/stats`, `vita stats`, the
//! dashboard's Statistics page). Visitors are daily: a reader on two days counts on each. The
//! keys of days not rolled up yet (today's) are counted where they are.

use std::collections::{BTreeMap, HashMap};

use chrono::NaiveDate;
use sea_orm::sea_query::{Expr, ExprTrait, Order, Query, SelectStatement};
use sea_orm::{ColumnTrait, ConnectionTrait, DbErr, EntityTrait, QueryFilter, QuerySelect};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use super::tables::{PAGE, SITE, SOURCE};
use crate::content::publications;
use crate::routes::Route;

/// The figures of `from..=to`.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct Report {
    /// Every day of the span, oldest first (zeros where nothing was counted).
    pub days: Vec<DayFigures>,
    /// Pages by views, most first.
    pub pages: Vec<PageFigures>,
    /// Paper PDFs and /cv.pdf by downloads, most first.
    pub downloads: Vec<FileFigures>,
    /// Where visitors came from, most first.
    pub sources: Vec<SourceFigures>,
    /// The latest figure of each feed reader in the span, summed.
    #[ts(type = "number")]
    pub feed_subscribers: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct DayFigures {
    pub date: NaiveDate,
    #[ts(type = "number")]
    pub visitors: i64,
    #[ts(type = "number")]
    pub views: i64,
    #[ts(type = "number")]
    pub downloads: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct PageFigures {
    pub path: String,
    #[ts(type = "number")]
    pub views: i64,
    #[ts(type = "number")]
    pub visitors: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct FileFigures {
    pub path: String,
    /// The paper's title ("CV" for /cv.pdf; the path of a paper no longer there).
    pub title: String,
    #[ts(type = "number")]
    pub downloads: i64,
    #[ts(type = "number")]
    pub unique_downloads: i64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
pub struct SourceFigures {
    pub source: String,
    #[ts(type = "number")]
    pub visitors: i64,
}

/// What a paper's page tells its readers (Site Settings → "Show views and downloads on paper
/// pages"): its page views and PDF downloads summed over the days counted, since the first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, TS)]
pub struct Readership {
    #[ts(type = "number")]
    pub views: i64,
    /// `None` for a paper without an uploaded PDF: a PDF elsewhere is not served, so not counted.
    #[ts(type = "number | null")]
    pub downloads: Option<i64>,
    /// The first day either was counted.
    pub since: NaiveDate,
}

/// The count and the first day of `path` in `table` from `from` on (days with a count only).
async fn counted_since(
    db: &impl ConnectionTrait,
    table: &'static str,
    column: &'static str,
    path: &str,
    from: NaiveDate,
) -> Result<(i64, Option<NaiveDate>), DbErr> {
    let select = Query::select()
        .from(table)
        .expr_as(sum(column), "count")
        .expr_as(Expr::cust("MIN(day)"), "first")
        .and_where(Expr::col("path").eq(path))
        .and_where(Expr::col("day").gte(from))
        .and_where(Expr::col(column).gt(0))
        .to_owned();
    let Some(row) = db.query_one(&select).await? else { return Ok((0, None)) };
    Ok((row.try_get::<Option<i64>>("", "count")?.unwrap_or(0), row.try_get("", "first")?))
}

/// The line of the paper `slug` (`has_pdf`: it has an uploaded PDF), counting the days from
/// `from` on: the per-page counts before the retention are forgotten, so the downloads (kept
/// for good) are summed over the same days and "since" says the truth for both. `None` when
/// nothing was counted.
pub async fn readership(db: &impl ConnectionTrait, slug: &str, has_pdf: bool, from: NaiveDate) -> Result<Option<Readership>, DbErr> {
    let (views, viewed_since) = counted_since(db, "stats_pages", "views", &Route::Paper(slug).path(), from).await?;
    let (downloads, downloaded_since) = if has_pdf {
        let (downloads, since) = counted_since(db, "stats_files", "downloads", &Route::PaperPdf(slug).path(), from).await?;
        (Some(downloads), since)
    } else {
        (None, None)
    };
    let since = [viewed_since, downloaded_since].into_iter().flatten().min();
    Ok(since.map(|since| Readership { views, downloads, since }))
}

/// The longest span a report covers (ten years and leap days).
pub const MAX_DAYS: i64 = 3660;

fn between(table: &'static str, from: NaiveDate, to: NaiveDate) -> SelectStatement {
    Query::select().from(table).and_where(Expr::col("day").gte(from)).and_where(Expr::col("day").lte(to)).to_owned()
}

fn sum(column: &'static str) -> Expr {
    Expr::cust(format!("CAST(SUM({column}) AS BIGINT)"))
}

/// The figures of the days `from` to `to`, both included (`to - from` at most `MAX_DAYS`).
pub async fn report(db: &impl ConnectionTrait, from: NaiveDate, to: NaiveDate) -> Result<Report, DbErr> {
    // Keys of days not rolled up yet, by day and scope.
    let pending = between("stats_keys", from, to)
        .column("day")
        .column("scope")
        .expr_as(Expr::cust("COUNT(*)"), "visitors")
        .group_by_col("day")
        .group_by_col("scope")
        .to_owned();
    let mut site_keys: HashMap<NaiveDate, i64> = HashMap::new();
    let mut page_keys: HashMap<String, i64> = HashMap::new();
    let mut source_keys: HashMap<String, i64> = HashMap::new();
    for row in db.query_all(&pending).await? {
        let (day, scope, visitors): (NaiveDate, String, i64) =
            (row.try_get("", "day")?, row.try_get("", "scope")?, row.try_get("", "visitors")?);
        if scope == SITE {
            *site_keys.entry(day).or_default() += visitors;
        } else if let Some(path) = scope.strip_prefix(PAGE) {
            *page_keys.entry(path.to_owned()).or_default() += visitors;
        } else if let Some(name) = scope.strip_prefix(SOURCE) {
            *source_keys.entry(name.to_owned()).or_default() += visitors;
        }
    }

    let totals = between("stats_days", from, to).columns(["day", "views", "visitors", "downloads"]).to_owned();
    let mut by_day: BTreeMap<NaiveDate, DayFigures> =
        from.iter_days().take_while(|day| *day <= to).map(|date| (date, DayFigures { date, ..Default::default() })).collect();
    for row in db.query_all(&totals).await? {
        let date: NaiveDate = row.try_get("", "day")?;
        if let Some(figures) = by_day.get_mut(&date) {
            figures.views = row.try_get("", "views")?;
            figures.visitors = row.try_get("", "visitors")?;
            figures.downloads = row.try_get("", "downloads")?;
        }
    }
    for (date, visitors) in site_keys {
        if let Some(figures) = by_day.get_mut(&date) {
            figures.visitors += visitors;
        }
    }

    let pages = between("stats_pages", from, to)
        .column("path")
        .expr_as(sum("views"), "views")
        .expr_as(sum("visitors"), "visitors")
        .group_by_col("path")
        .to_owned();
    let mut pages: Vec<PageFigures> = db
        .query_all(&pages)
        .await?
        .iter()
        .map(|row| {
            Ok(PageFigures { path: row.try_get("", "path")?, views: row.try_get("", "views")?, visitors: row.try_get("", "visitors")? })
        })
        .collect::<Result<_, DbErr>>()?;
    for page in &mut pages {
        page.visitors += page_keys.get(&page.path).copied().unwrap_or(0);
    }
    pages.sort_by(|a, b| b.views.cmp(&a.views).then_with(|| a.path.cmp(&b.path)));

    let files = between("stats_files", from, to)
        .column("path")
        .expr_as(sum("downloads"), "downloads")
        .expr_as(sum("unique_downloads"), "unique_downloads")
        .group_by_col("path")
        .to_owned();
    let mut downloads: Vec<FileFigures> = db
        .query_all(&files)
        .await?
        .iter()
        .map(|row| {
            let path: String = row.try_get("", "path")?;
            Ok(FileFigures {
                title: path.clone(),
                path,
                downloads: row.try_get("", "downloads")?,
                unique_downloads: row.try_get("", "unique_downloads")?,
            })
        })
        .collect::<Result<_, DbErr>>()?;
    name_files(db, &mut downloads).await?;
    downloads.sort_by(|a, b| b.downloads.cmp(&a.downloads).then_with(|| a.path.cmp(&b.path)));

    let sources =
        between("stats_sources", from, to).column("source").expr_as(sum("visitors"), "visitors").group_by_col("source").to_owned();
    let mut by_source: BTreeMap<String, i64> = BTreeMap::new();
    for row in db.query_all(&sources).await? {
        *by_source.entry(row.try_get("", "source")?).or_default() += row.try_get::<i64>("", "visitors")?;
    }
    for (name, visitors) in source_keys {
        *by_source.entry(name).or_default() += visitors;
    }
    let mut sources: Vec<SourceFigures> =
        by_source.into_iter().filter(|(_, visitors)| *visitors > 0).map(|(source, visitors)| SourceFigures { source, visitors }).collect();
    sources.sort_by(|a, b| b.visitors.cmp(&a.visitors).then_with(|| a.source.cmp(&b.source)));

    // Each reader's (and feed's) figure of its latest day in the span.
    let feeds = between("stats_feeds", from, to).columns(["reader", "feed", "subscribers"]).order_by("day", Order::Asc).to_owned();
    let mut latest: HashMap<(String, String), i64> = HashMap::new();
    for row in db.query_all(&feeds).await? {
        latest.insert((row.try_get("", "reader")?, row.try_get("", "feed")?), row.try_get("", "subscribers")?);
    }

    Ok(Report { days: by_day.into_values().collect(), pages, downloads, sources, feed_subscribers: latest.values().sum() })
}

/// Gives each file the title of its paper ("CV" for /cv.pdf).
async fn name_files(db: &impl ConnectionTrait, files: &mut [FileFigures]) -> Result<(), DbErr> {
    let slugs: Vec<String> = files
        .iter()
        .filter_map(|file| match Route::parse(&file.path) {
            Some(Route::PaperPdf(slug)) => Some(slug.to_owned()),
            _ => None,
        })
        .collect();
    let titles: HashMap<String, String> = publications::Entity::find()
        .select_only()
        .column(publications::Column::Slug)
        .column(publications::Column::Title)
        .filter(publications::Column::Slug.is_in(slugs))
        .into_tuple::<(String, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    for file in files {
        // /de/cv.pdf is the CV too.
        match Route::parse(crate::languages::split_path(&file.path).1) {
            Some(Route::CvPdf) => file.title = "CV".to_owned(),
            Some(Route::PaperPdf(slug)) => {
                if let Some(title) = titles.get(slug) {
                    file.title.clone_from(title);
                }
            }
            _ => {}
        }
    }
    Ok(())
}

impl Report {
    /// The figures as plain text tables (`vita stats`): the days, then the pages, the
    /// downloads and the sources, most first, and the feed subscribers.
    pub fn table(&self) -> String {
        use std::fmt::Write;
        let mut out = String::new();
        let total = |figure: fn(&DayFigures) -> i64| self.days.iter().map(figure).sum::<i64>();
        let _ = writeln!(out, "{:<12}{:>10}{:>10}{:>11}", "date", "visitors", "views", "downloads");
        for day in &self.days {
            let _ = writeln!(out, "{:<12}{:>10}{:>10}{:>11}", day.date, day.visitors, day.views, day.downloads);
        }
        let _ = writeln!(out, "{:<12}{:>10}{:>10}{:>11}", "total", total(|d| d.visitors), total(|d| d.views), total(|d| d.downloads));
        let _ = writeln!(out, "\n{:<50}{:>10}{:>10}", "page", "views", "visitors");
        for page in &self.pages {
            let _ = writeln!(out, "{:<50}{:>10}{:>10}", page.path, page.views, page.visitors);
        }
        let _ = writeln!(out, "\n{:<50}{:>11}{:>8}", "download", "downloads", "unique");
        for file in &self.downloads {
            let title: String = file.title.chars().take(48).collect();
            let _ = writeln!(out, "{title:<50}{:>11}{:>8}", file.downloads, file.unique_downloads);
        }
        let _ = writeln!(out, "\n{:<50}{:>10}", "source", "visitors");
        for source in &self.sources {
            let _ = writeln!(out, "{:<50}{:>10}", source.source, source.visitors);
        }
        let _ = writeln!(out, "\nfeed subscribers: {}", self.feed_subscribers);
        out
    }
}
