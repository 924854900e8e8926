//! Uploaded files: the buckets they go in, where they are stored (a local folder or an S3
//! bucket) and the photo variants made from them.

pub mod buckets;
pub mod files;
pub mod photos;
