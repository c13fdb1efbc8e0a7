//! Epochs: counters that a change in this process moves, so that what was kept before it is not
//! served after it. Programs (such as `media.media`) move when their rows change (every change
//! writes its history row, `crate::changes`); the rights epoch when anything that decides a
//! caller's rights changes; the screens epoch when a screen is changed from the back office.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, LazyLock, RwLock};

static PROGRAMS: LazyLock<RwLock<HashMap<String, Arc<AtomicU64>>>> = LazyLock::new(Default::default);
static RIGHTS: AtomicU64 = AtomicU64::new(0);
static SCREENS: AtomicU64 = AtomicU64::new(0);

fn program_epoch(program: &str) -> Arc<AtomicU64> {
    if let Some(e) = PROGRAMS.read().expect("epochs lock").get(program) {
        return e.clone();
    }
    PROGRAMS.write().expect("epochs lock").entry(program.to_string()).or_default().clone()
}

/// How often rows of a program changed in this process.
pub fn epoch(program: &str) -> u64 {
    program_epoch(program).load(Ordering::SeqCst)
}

/// Rows of a program changed in this process.
pub fn changed(program: &str) {
    program_epoch(program).fetch_add(1, Ordering::SeqCst);
}

/// How often something that can change a caller's rights happened in this process.
pub fn rights() -> u64 {
    RIGHTS.load(Ordering::SeqCst)
}

/// An account, a group, the permission matrix or a session changed: no caller kept from before
/// is served again.
pub fn rights_changed() {
    RIGHTS.fetch_add(1, Ordering::SeqCst);
}

/// How often a screen was changed from the back office in this process.
pub fn screens() -> u64 {
    SCREENS.load(Ordering::SeqCst)
}

/// A screen was changed from the back office (an ssaid reset or a new registration revokes its
/// token, a mapping moves it): no screen kept by its token from before is served again.
pub fn screens_changed() {
    SCREENS.fetch_add(1, Ordering::SeqCst);
}
