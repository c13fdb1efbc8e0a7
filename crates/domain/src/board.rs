//! Board posts on the screens of apartment complexes: their status from the period, how many may
//! run at once on a group (its board slot count), and Q&A statuses.

use chrono::NaiveDate;

/// Board ad status (code group `BOARD_AD_STATUS`).
pub mod status {
    pub const WAITING: i32 = 0;
    pub const IN_PROGRESS: i32 = 1;
    pub const STOPPED: i32 = 90;
    pub const ENDED: i32 = 99;
    pub const ALL: [i32; 4] = [WAITING, IN_PROGRESS, STOPPED, ENDED];
}

/// Q&A status (code group `QNA_STATUS`).
pub mod qna_status {
    pub const AWAITING: i32 = 0;
    pub const ANSWERED: i32 = 1;
    pub const ALL: [i32; 2] = [AWAITING, ANSWERED];
}

/// Board slot counts a media group may have.
pub const SLOT_COUNTS: [i32; 4] = [0, 2, 4, 8];

/// How long one image of an image post shows.
pub const SECONDS_PER_IMAGE: i32 = 10;

/// A stopped post stays stopped; otherwise it waits before its first day, runs through its last
/// day (inclusive) and has ended after it.
pub fn status(from: NaiveDate, to: NaiveDate, stopped: bool, today: NaiveDate) -> i32 {
    if stopped {
        status::STOPPED
    } else if today < from {
        status::WAITING
    } else if today <= to {
        status::IN_PROGRESS
    } else {
        status::ENDED
    }
}

/// A period's checks: the end on or after the start, and a new post not ending in the past.
pub fn period_error(from: NaiveDate, to: NaiveDate, today: NaiveDate, is_new: bool) -> Option<&'static str> {
    if to < from {
        Some("종료일은 시작일 이후여야 합니다.")
    } else if is_new && to < today {
        Some("종료일이 이미 지났습니다.")
    } else {
        None
    }
}

/// The first day of `new` on which a group with `slots` board slots would run more posts than it
/// has slots, given the periods of the posts already running there; `None` when it fits.
pub fn first_full_day(slots: i32, running: &[(NaiveDate, NaiveDate)], new: (NaiveDate, NaiveDate)) -> Option<NaiveDate> {
    if slots <= 0 {
        return Some(new.0);
    }
    // Only starts inside the new period raise the count, so checking its first day and every
    // start within it finds the busiest day.
    let mut days: Vec<NaiveDate> = running.iter().map(|(from, _)| *from).filter(|d| *d > new.0 && *d <= new.1).collect();
    days.push(new.0);
    days.sort_unstable();
    days.dedup();
    days.into_iter().find(|day| running.iter().filter(|(from, to)| from <= day && day <= to).count() as i32 >= slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(text: &str) -> NaiveDate {
        NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap()
    }

    #[test]
    fn status_follows_the_period_inclusive_of_both_ends() {
        let (from, to) = (d("2026-03-10"), d("2026-03-20"));
        for (today, expected) in [
            ("2026-03-09", status::WAITING),
            ("2026-03-10", status::IN_PROGRESS),
            ("2026-03-15", status::IN_PROGRESS),
            ("2026-03-20", status::IN_PROGRESS),
            ("2026-03-21", status::ENDED),
        ] {
            assert_eq!(status(from, to, false, d(today)), expected, "{today}");
            assert_eq!(status(from, to, true, d(today)), status::STOPPED, "{today} stopped");
        }
    }

    #[test]
    fn periods_must_be_ordered_and_new_ones_not_past() {
        let today = d("2026-03-10");
        assert_eq!(period_error(d("2026-03-10"), d("2026-03-10"), today, true), None);
        assert!(period_error(d("2026-03-11"), d("2026-03-10"), today, true).is_some());
        assert!(period_error(d("2026-03-01"), d("2026-03-09"), today, true).is_some());
        assert_eq!(period_error(d("2026-03-01"), d("2026-03-09"), today, false), None, "an old post may be edited");
    }

    #[test]
    fn slots_limit_posts_running_on_the_same_day() {
        let new = (d("2026-03-10"), d("2026-03-20"));
        assert_eq!(first_full_day(2, &[], new), None);
        assert_eq!(first_full_day(0, &[], new), Some(d("2026-03-10")), "a group without board slots takes no post");
        // One running the whole time leaves one slot of two.
        let one = [(d("2026-03-01"), d("2026-03-31"))];
        assert_eq!(first_full_day(2, &one, new), None);
        // A second starting mid-period fills the group from its first day.
        let two = [(d("2026-03-01"), d("2026-03-31")), (d("2026-03-15"), d("2026-03-16"))];
        assert_eq!(first_full_day(2, &two, new), Some(d("2026-03-15")));
        assert_eq!(first_full_day(4, &two, new), None);
        // Posts that never share a day with each other leave room on every day.
        let apart = [(d("2026-03-01"), d("2026-03-12")), (d("2026-03-13"), d("2026-03-31"))];
        assert_eq!(first_full_day(2, &apart, new), None);
        // Posts outside the period do not count; ends are inclusive.
        let edges = [(d("2026-03-01"), d("2026-03-09")), (d("2026-03-21"), d("2026-03-25")), (d("2026-03-20"), d("2026-03-22"))];
        assert_eq!(first_full_day(1, &edges, new), Some(d("2026-03-20")));
        assert_eq!(first_full_day(2, &edges, new), None);
    }

    #[test]
    fn slot_counts_are_the_codes() {
        assert_eq!(SLOT_COUNTS, [0, 2, 4, 8]);
        assert_eq!(status::ALL.len(), 4);
        assert_eq!(qna_status::ALL, [0, 1]);
    }
}
