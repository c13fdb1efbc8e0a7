//! The demo's time. A network with history is made the way it would have grown: the application
//! clock (the one `TOWNBOARD_CLOCK_OFFSET` shifts) is put back weeks, each scene happens on its
//! day, the daily jobs run as the days pass, and the clock returns to the present at the end.
//! Every date of the demo is counted in days from today.

use crate::state::AppState;
use chrono::{Duration, NaiveDate, TimeZone, Utc};

pub struct Timeline {
    state: AppState,
    /// The shift of the application clock outside the demo (`TOWNBOARD_CLOCK_OFFSET`).
    offset: Duration,
    today: NaiveDate,
}

impl Timeline {
    pub fn new(state: &AppState) -> Timeline {
        Timeline { state: state.clone(), offset: state.config.clock_offset, today: crate::time::today(state.clock.now()) }
    }

    /// Today, as the application sees it when the demo starts.
    pub fn today(&self) -> NaiveDate {
        self.today
    }

    /// The date `n` days from today (negative: before).
    pub fn day(&self, n: i64) -> NaiveDate {
        self.today + Duration::days(n)
    }

    /// `YYYY-MM-DD` of day `n`.
    pub fn date(&self, n: i64) -> String {
        self.day(n).format("%Y-%m-%d").to_string()
    }

    /// `YYYY-MM-DD HH:MM:SS` (local) of day `n` at `hour`.
    pub fn time(&self, n: i64, hour: u32) -> String {
        format!("{} {hour:02}:00:00", self.date(n))
    }

    /// Puts the application clock at day `n` (before today), `hour:minute` local time.
    pub fn go(&self, n: i64, hour: u32, minute: u32) {
        let local = self.day(n).and_hms_opt(hour, minute, 0).expect("a valid time of day");
        let at = crate::time::offset().from_local_datetime(&local).single().expect("a fixed offset maps every local time").with_timezone(&Utc);
        self.state.clock.advance(at - self.state.clock.now());
    }

    /// Lets some time pass on the application clock.
    pub fn wait(&self, how_long: Duration) {
        self.state.clock.advance(how_long);
    }

    /// Gives the application clock back its own time.
    pub fn present(&self) {
        self.state.clock.advance(Utc::now() + self.offset - self.state.clock.now());
    }
}
