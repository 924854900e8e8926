//! The files the admin app is generated from: the API's TypeScript types, the validation
//! rules and the fixed public sentences, all written from the Rust code and checked against the
//! committed copies by tests.

pub mod rules;
pub mod sentences;
pub mod types;
