//! The generated-table cache: bounded, least recently used first out, one
//! generation per parameter set even when threads ask at once.

use std::sync::Arc;

use hupai::tables::{TableParams, Tables};

/// A parameter set of its own for each `n` (pair ranks as the bit set `n`).
fn params(n: u16) -> TableParams {
    TableParams {
        suit_pair_ranks: n,
        honor_pair: false,
        ..TableParams::DEFAULT
    }
}

/// One test: the cache is the process's, so its steps must not interleave
/// with another test's.
#[test]
fn table_cache() {
    threads_asking_for_one_new_set_share_one_generation();
    the_cache_keeps_the_recently_used_and_drops_the_rest();
}

fn the_cache_keeps_the_recently_used_and_drops_the_rest() {
    let a = Tables::for_params(&params(1));
    assert!(Arc::ptr_eq(&a, &Tables::for_params(&params(1))));
    // Fill the cache; a use of `a` keeps it in while older sets go.
    for n in 2..=Tables::CACHED as u16 {
        Tables::for_params(&params(n));
    }
    assert!(Arc::ptr_eq(&a, &Tables::for_params(&params(1))));
    let b = Tables::for_params(&params(2));
    for n in 100..100 + Tables::CACHED as u16 - 2 {
        Tables::for_params(&params(n));
    }
    // 1 and 2 were used most recently before the new sets: still cached.
    assert!(Arc::ptr_eq(&a, &Tables::for_params(&params(1))));
    assert!(Arc::ptr_eq(&b, &Tables::for_params(&params(2))));
    // Set 3 was the least recently used: evicted, so made anew.
    let c = Tables::for_params(&params(3));
    for n in 200..200 + Tables::CACHED as u16 {
        Tables::for_params(&params(n));
    }
    assert!(!Arc::ptr_eq(&c, &Tables::for_params(&params(3))));
    // Evicted tables stay valid for whoever holds them.
    assert_eq!(c.params(), &params(3));
}

fn threads_asking_for_one_new_set_share_one_generation() {
    let p = TableParams {
        max_tiles: 11,
        ..TableParams::DEFAULT
    };
    let handles: Vec<_> = (0..4)
        .map(|_| std::thread::spawn(move || Tables::for_params(&p)))
        .collect();
    let tables: Vec<Arc<Tables>> = handles.into_iter().map(|h| h.join().unwrap()).collect();
    assert!(tables.iter().all(|t| Arc::ptr_eq(t, &tables[0])));
}
