//! Any bytes as a table file: a typed error or tables that pass verification
//! against the generator; never a panic.
#![no_main]

use hupai::tables::file;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok((tables, info)) = file::from_bytes(data) {
        assert_eq!(*tables.params(), info.params);
        // A file that loads is either the generator's tables or is caught here.
        let _ = file::verify(&tables);
    }
});
