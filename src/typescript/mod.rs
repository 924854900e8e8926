//! The files the admin app is generated from: the API's TypeScript types and the validation
//! rules, both written from the Rust code and checked against the committed copies by tests.

pub mod rules;
pub mod types;
