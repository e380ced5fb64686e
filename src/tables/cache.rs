//! The cache of generated tables: [`Tables::for_params`] generates the
//! tables for a parameter set once and shares them, keeping a bounded
//! number of sets.

use std::sync::{Arc, Mutex, OnceLock};

use super::gen::TableParams;
use super::store::Tables;

impl Tables {
    /// The tables for `params`: the builtin ones for the defaults, otherwise
    /// generated and shared. At most [`CACHED`](Tables::CACHED) generated
    /// parameter sets are kept, the least recently used going first, so
    /// memory stays bounded (about 5.6 MB a set) however many rule sets a
    /// process sees; rules holding evicted tables keep them. Tables are
    /// generated outside the cache's lock, each parameter set in its own
    /// slot: a thread asking for cached tables never waits for another's
    /// generation, and two threads asking for the same new set generate it
    /// once.
    pub fn for_params(params: &TableParams) -> Arc<Tables> {
        if *params == TableParams::DEFAULT {
            return Tables::builtin();
        }
        let slot = cache_slot(params);
        slot.get_or_init(|| Arc::new(Tables::generate(params)))
            .clone()
    }

    /// How many generated parameter sets [`Tables::for_params`] keeps.
    pub const CACHED: usize = 16;
}

/// One parameter set's place in the cache, filled once.
type Slot = Arc<OnceLock<Arc<Tables>>>;

/// The cache's slot for `params` (made, and the least recently used slot
/// evicted, if needed), marked as used now. The lock is held only for
/// this look-up.
fn cache_slot(params: &TableParams) -> Slot {
    static CACHE: Mutex<Vec<(TableParams, Slot, u64)>> = Mutex::new(Vec::new());
    static CLOCK: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let now = CLOCK.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(entry) = cache.iter_mut().find(|(p, _, _)| p == params) {
        entry.2 = now;
        return entry.1.clone();
    }
    if cache.len() >= Tables::CACHED {
        let oldest = (0..cache.len()).min_by_key(|&i| cache[i].2).unwrap_or(0);
        cache.swap_remove(oldest);
    }
    let slot = Slot::default();
    cache.push((*params, slot.clone(), now));
    slot
}
