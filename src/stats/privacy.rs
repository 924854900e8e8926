//! The privacy note, `docs/privacy.md`: every column the statistics store, each with one plain
//! sentence of what it holds, and what is never stored. The note is written from the migrated
//! schema (`note`), and a test compares it with the checked-in file: a column added to a
//! statistics table without its sentence here fails that test, and so does a note not
//! regenerated (`VITA_UPDATE_DOCS=1 cargo nextest run -E 'test(/privacy_note/)'`).

/// A statistics table: what one row is, how long it is kept, and a sentence per column.
pub struct Table {
    pub name: &'static str,
    pub row: &'static str,
    pub kept: &'static str,
    pub columns: &'static [(&'static str, &'static str)],
}

/// The file the note is kept in, from the repository's root.
pub const NOTE_FILE: &str = "docs/privacy.md";

/// Every statistics table (`stats_*`, migration `m0017_statistics`), as the note describes it.
pub const TABLES: &[Table] = &[
    Table {
        name: "stats_days",
        row: "One row per day: the whole site's totals.",
        kept: "for good.",
        columns: &[
            ("day", "The date (UTC) the row counts."),
            ("views", "How many public pages were viewed that day."),
            ("visitors", "How many different visitors there were that day (each counted once a day, from the day's visitor keys)."),
            (
                "downloads",
                "How many PDFs (papers and the CV) were downloaded that day, a double click or a PDF read in parts counting once.",
            ),
            ("unique_downloads", "The same downloads counted at most once per visitor, file and hour."),
        ],
    },
    Table {
        name: "stats_pages",
        row: "One row per day and page.",
        kept: "as long as Site Settings say (25 months by default).",
        columns: &[
            ("day", "The date the row counts."),
            ("path", "The page's address on this site, without its query (`/publications/masking`)."),
            ("views", "How many times the page was viewed that day."),
            ("visitors", "How many different visitors viewed it that day."),
        ],
    },
    Table {
        name: "stats_files",
        row: "One row per day and PDF.",
        kept: "for good.",
        columns: &[
            ("day", "The date the row counts."),
            ("path", "The PDF's address on this site (`/publications/masking/masking.pdf`, `/cv.pdf`)."),
            ("downloads", "How many times it was downloaded that day."),
            ("unique_downloads", "The same, at most once per visitor and hour."),
        ],
    },
    Table {
        name: "stats_sources",
        row: "One row per day and source.",
        kept: "as long as Site Settings say (25 months by default).",
        columns: &[
            ("day", "The date the row counts."),
            (
                "source",
                "Where visitors came from: a known site's name (\"Google Scholar\"), else the host name of the linking site, or a link's `utm_source`; never the linking page's path or query.",
            ),
            (
                "visitors",
                "How many visitors came from it that day: different ones by their daily key, or each arrival without one (the setting `views`, `Sec-GPC`).",
            ),
        ],
    },
    Table {
        name: "stats_feeds",
        row: "One row per day, feed reader and feed.",
        kept: "for good.",
        columns: &[
            ("day", "The date the row counts."),
            ("reader", "The feed reader's name, as its service announces it (\"Feedly\")."),
            ("feed", "The feed's address on this site (`/feed.atom`)."),
            ("subscribers", "How many subscribers the reader announced for that feed, its latest figure of the day."),
        ],
    },
    Table {
        name: "stats_keys",
        row: "One row per visitor key and scope, for the current day only.",
        kept: "until two minutes past midnight (UTC): then the day's keys are counted into the visitors above and deleted.",
        columns: &[
            ("day", "The date the key belongs to."),
            ("scope", "What the visitor was seen on: the site (`site`), a page (`page:/about`) or a source (`source:Google Scholar`)."),
            (
                "visitor",
                "The visitor key: 8 bytes of an HMAC-SHA256, keyed with the day's salt, of the address cut to its network (/24 or /48) and the browser's family and major version; it cannot be turned back into either, and means nothing once the salt is deleted.",
            ),
        ],
    },
    Table {
        name: "stats_salts",
        row: "One row per day: the day's random key (and tomorrow's, made ahead).",
        kept: "until two minutes past midnight (UTC) after its day, deleted with the day's visitor keys.",
        columns: &[("day", "The date the salt is for."), ("salt", "32 random bytes, in hex, that key that day's visitor keys.")],
    },
];

/// What the statistics never store, in a table or a log line.
const NEVER_STORED: &[&str] = &[
    "an IP address, whole or cut to its network (it is only hashed with the day's salt, in memory);",
    "a user agent (only the browser's family and major version go into the hash, in memory);",
    "a cookie: counting sets and reads none, and stores nothing on the visitor's device (Vita's one cookie is the owner's sign-in; a visitor's light or dark theme, when chosen, stays in their browser and is never sent);",
    "a referrer's path or query, a search term, or the address of the linking page;",
    "anything from a script: the statistics need none on the page.",
];

/// The note for the statistics tables of the migrated schema, `(table, columns)` in the
/// database's order; the columns without a sentence (or sentences without a column) otherwise.
pub fn note(schema: &[(String, Vec<String>)]) -> Result<String, Vec<String>> {
    let mut missing = Vec::new();
    for (table, columns) in schema {
        let described = TABLES.iter().find(|described| described.name == table);
        for column in columns {
            if !described.is_some_and(|described| described.columns.iter().any(|(name, _)| name == column)) {
                missing.push(format!("{table}.{column} has no sentence in src/stats/privacy.rs"));
            }
        }
    }
    for described in TABLES {
        let columns = schema.iter().find(|(table, _)| table == described.name).map(|(_, columns)| columns.as_slice()).unwrap_or(&[]);
        for (name, _) in described.columns {
            if !columns.iter().any(|column| column == name) {
                missing.push(format!("{}.{name} is described but not in the database", described.name));
            }
        }
    }
    if !missing.is_empty() {
        return Err(missing);
    }
    let mut out = String::from(
        "# What Vita's statistics store\n\n\
         <!-- Generated from the migrated schema and src/stats/privacy.rs by \
         `VITA_UPDATE_DOCS=1 cargo nextest run -E 'test(/privacy_note/)'`. Do not edit. -->\n\n\
         Vita counts its readers itself (Site Settings → Statistics), with no cookie and no script. \
         This is every column it stores for that, table by table. With the setting `views` no \
         visitor key is made (`stats_keys` and the visitors stay empty); with `off` nothing is \
         counted. `vita backup` leaves all of these tables out.\n",
    );
    for (table, columns) in schema {
        let Some(described) = TABLES.iter().find(|described| described.name == table) else { continue };
        out.push_str(&format!("\n## `{table}`\n\n{} Kept: {}\n\n", described.row, described.kept));
        for column in columns {
            if let Some((_, sentence)) = described.columns.iter().find(|(name, _)| name == column) {
                out.push_str(&format!("- `{column}`: {sentence}\n"));
            }
        }
    }
    out.push_str("\n## Never stored\n\nIn no table and no log line:\n\n");
    for never in NEVER_STORED {
        out.push_str(&format!("- {never}\n"));
    }
    Ok(out)
}
