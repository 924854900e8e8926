//! The site taken elsewhere: a backup archive and its restore (any database to any other), and
//! the static export of the public site.

pub mod backup;
pub mod export;
