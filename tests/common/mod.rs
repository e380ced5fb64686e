//! Shared by the integration tests and the benches.
pub mod gen;
pub mod oracle;
