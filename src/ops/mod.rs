//! What running the program needs, below everything else: the configuration, the clock, the
//! request log.

pub mod clock;
pub mod config;
pub mod logs;
