//! Channels that closed, each watched until its screen has been silent as long as it may be: the
//! status sweep runs once a minute, so a screen gone at the wrong moment would be shown up to a
//! minute late. A process knows when a channel it held closed, so it looks at that screen again
//! the moment its silence runs out (the player API's silence check).

use std::collections::VecDeque;
use std::sync::Mutex;
use std::time::Instant;

/// The screens whose channels closed here, in the order they are due.
#[derive(Default)]
pub struct Closed {
    due: Mutex<VecDeque<(Instant, i64)>>,
}

impl Closed {
    /// The channel of `media_id` closed; it is looked at again at `due`. Every screen of a process
    /// is allowed the same silence, so the queue stays in the order it is due.
    pub fn closed(&self, media_id: i64, due: Instant) {
        self.due.lock().expect("silence lock").push_back((due, media_id));
    }

    /// The screens due by `now`, taken off the watch, at most `most` of them.
    pub fn take_due(&self, now: Instant, most: usize) -> Vec<i64> {
        let mut due = self.due.lock().expect("silence lock");
        let mut taken = Vec::new();
        while taken.len() < most
            && let Some((at, media_id)) = due.front().copied()
            && at <= now
        {
            due.pop_front();
            taken.push(media_id);
        }
        taken
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn screens_are_taken_once_each_when_due_and_in_pieces() {
        let closed = Closed::default();
        let start = Instant::now();
        let s = Duration::from_secs(1);
        closed.closed(7, start + s);
        closed.closed(8, start + s);
        closed.closed(9, start + 3 * s);
        assert!(closed.take_due(start, 10).is_empty(), "nothing due yet");
        assert_eq!(closed.take_due(start + s, 1), vec![7], "at most one");
        assert_eq!(closed.take_due(start + 2 * s, 10), vec![8]);
        assert!(closed.take_due(start + 2 * s, 10).is_empty(), "taken once");
        assert_eq!(closed.take_due(start + 3 * s, 10), vec![9]);
    }
}
