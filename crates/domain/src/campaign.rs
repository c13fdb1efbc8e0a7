//! Campaign statuses and their machine (domain.md §5). The machine is one table, [`TRANSITIONS`]; the
//! server checks calls against it and exports it to the browser, so both offer the same actions.
//!
//! Reads never trust a late daily job: [`effective_status`] derives "live" from an approved campaign
//! whose start date has come and "ended" from a live one whose end date has passed, and every check
//! here works on that derived status.

use chrono::{Duration, NaiveDate};
use serde::{Deserialize, Serialize};

/// Default of env `CMPG_END_SOON_DAYS`.
pub const END_SOON_DAYS: i64 = 7;

/// Permission codes behind each [`Who`] that a caller can hold.
pub const OWNER_SIDE_PERMISSION: &str = "campaign.regist:write";
pub const APPROVE_PERMISSION: &str = "campaign.request:update";
pub const RUN_UPDATE_PERMISSION: &str = "campaign.run:update";
pub const REQUEST_DELETE_PERMISSION: &str = "campaign.request:delete";

/// A stored status (`cmpgStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum Status {
    Removed,
    TempSaved,
    Requested,
    Rejected,
    Rerequested,
    Approved,
    Cancelled,
    Live,
    Stopped,
    Ended,
}

impl Status {
    pub const ALL: [Status; 10] = [
        Status::Removed,
        Status::TempSaved,
        Status::Requested,
        Status::Rejected,
        Status::Rerequested,
        Status::Approved,
        Status::Cancelled,
        Status::Live,
        Status::Stopped,
        Status::Ended,
    ];

    pub fn code(self) -> i32 {
        match self {
            Status::Removed => 0,
            Status::TempSaved => 3,
            Status::Requested => 21,
            Status::Rejected => 24,
            Status::Rerequested => 27,
            Status::Approved => 30,
            Status::Cancelled => 40,
            Status::Live => 50,
            Status::Stopped => 60,
            Status::Ended => 99,
        }
    }

    pub fn from_code(code: i32) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.code() == code)
    }

    /// Statuses that hold slots (domain.md §5, availability).
    pub fn holds_slots(self) -> bool {
        matches!(self, Status::Approved | Status::Live)
    }
}

impl From<Status> for i32 {
    fn from(s: Status) -> i32 {
        s.code()
    }
}

impl TryFrom<i32> for Status {
    type Error = String;
    fn try_from(code: i32) -> Result<Self, Self::Error> {
        Status::from_code(code).ok_or_else(|| format!("unknown campaign status {code}"))
    }
}

/// Display-only codes (never stored).
pub const DISPLAY_AWAITING: i32 = 100;
pub const DISPLAY_ENDING_SOON: i32 = 110;
pub const DISPLAY_CANCELLED_BY_OWNER: i32 = 120;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Action {
    Save,
    Request,
    Approve,
    Reject,
    Cancel,
    Revert,
    Stop,
    Resume,
    Delete,
    /// The daily job: the start date has come.
    Start,
    /// The daily job: the end date has passed.
    End,
    /// A change request (write type 1–3) on an approved or live campaign; the campaign keeps its status.
    Change,
}

impl Action {
    pub const ALL: [Action; 12] = [
        Action::Save,
        Action::Request,
        Action::Approve,
        Action::Reject,
        Action::Cancel,
        Action::Revert,
        Action::Stop,
        Action::Resume,
        Action::Delete,
        Action::Start,
        Action::End,
        Action::Change,
    ];

    /// The wire name, also written to history rows.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Save => "save",
            Action::Request => "request",
            Action::Approve => "approve",
            Action::Reject => "reject",
            Action::Cancel => "cancel",
            Action::Revert => "revert",
            Action::Stop => "stop",
            Action::Resume => "resume",
            Action::Delete => "delete",
            Action::Start => "start",
            Action::End => "end",
            Action::Change => "change",
        }
    }

    pub fn parse(s: &str) -> Option<Action> {
        Action::ALL.into_iter().find(|a| a.as_str() == s)
    }
}

/// Who may take a transition.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Who {
    /// Writes campaigns ([`OWNER_SIDE_PERMISSION`]): advertisers, sales agents, and managers and operators.
    OwnerSide,
    /// [`APPROVE_PERMISSION`].
    Approver,
    /// [`RUN_UPDATE_PERMISSION`].
    RunOperator,
    /// [`REQUEST_DELETE_PERMISSION`].
    RequestDeleter,
    /// The daily job; never a caller.
    System,
}

/// The date condition of a transition, against today.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum When {
    Always,
    /// today < start date.
    BeforeStart,
    /// today < end date: something is left to change from tomorrow on.
    BeforeEnd,
    /// today <= end date.
    UntilEnd,
    /// today >= start date.
    StartReached,
    /// today > end date.
    EndPassed,
}

impl When {
    pub fn holds(self, start: NaiveDate, end: NaiveDate, today: NaiveDate) -> bool {
        match self {
            When::Always => true,
            When::BeforeStart => today < start,
            When::BeforeEnd => today < end,
            When::UntilEnd => today <= end,
            When::StartReached => today >= start,
            When::EndPassed => today > end,
        }
    }
}

/// One row of the machine; `from: None` is a campaign not saved yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Transition {
    pub from: Option<Status>,
    pub action: Action,
    pub to: Status,
    pub who: &'static [Who],
    pub when: When,
}

const fn t(from: Option<Status>, action: Action, to: Status, who: &'static [Who], when: When) -> Transition {
    Transition { from, action, to, who, when }
}

use Status::*;
const OWNER: &[Who] = &[Who::OwnerSide];
const APPROVER: &[Who] = &[Who::Approver];
const RUN: &[Who] = &[Who::RunOperator];
const SYSTEM: &[Who] = &[Who::System];

/// The whole machine (domain.md §5). Anything not listed answers 10409 and changes nothing.
///
/// Choices where the design is silent: saving a rejected campaign keeps it rejected (its request then
/// becomes a re-request); approving is refused once the end date has passed (slots and points for days
/// that are over make no sense); a change request needs a day left after today, since it applies from
/// tomorrow.
pub const TRANSITIONS: &[Transition] = &[
    t(None, Action::Save, TempSaved, OWNER, When::Always),
    t(Some(TempSaved), Action::Save, TempSaved, OWNER, When::Always),
    t(Some(Rejected), Action::Save, Rejected, OWNER, When::Always),
    t(Some(Requested), Action::Save, Requested, OWNER, When::Always),
    t(Some(Rerequested), Action::Save, Rerequested, OWNER, When::Always),
    t(Some(TempSaved), Action::Request, Requested, OWNER, When::Always),
    t(Some(Rejected), Action::Request, Rerequested, OWNER, When::Always),
    t(Some(Requested), Action::Approve, Approved, APPROVER, When::UntilEnd),
    t(Some(Rerequested), Action::Approve, Approved, APPROVER, When::UntilEnd),
    t(Some(Requested), Action::Reject, Rejected, APPROVER, When::Always),
    t(Some(Rerequested), Action::Reject, Rejected, APPROVER, When::Always),
    t(Some(Approved), Action::Cancel, Cancelled, &[Who::RunOperator, Who::OwnerSide], When::BeforeStart),
    t(Some(Cancelled), Action::Revert, Approved, RUN, When::BeforeStart),
    t(Some(Live), Action::Stop, Stopped, RUN, When::Always),
    t(Some(Stopped), Action::Resume, Live, RUN, When::UntilEnd),
    t(Some(Approved), Action::Start, Live, SYSTEM, When::StartReached),
    t(Some(Live), Action::End, Ended, SYSTEM, When::EndPassed),
    t(Some(TempSaved), Action::Delete, Removed, OWNER, When::Always),
    t(Some(Rejected), Action::Delete, Removed, OWNER, When::Always),
    t(Some(Requested), Action::Delete, Removed, &[Who::RequestDeleter], When::Always),
    t(Some(Rerequested), Action::Delete, Removed, &[Who::RequestDeleter], When::Always),
    t(Some(Approved), Action::Change, Approved, OWNER, When::BeforeEnd),
    t(Some(Live), Action::Change, Live, OWNER, When::BeforeEnd),
];

/// The row for `action` from `from`, whatever the caller and the dates.
pub fn next(from: Option<Status>, action: Action) -> Option<&'static Transition> {
    TRANSITIONS.iter().find(|t| t.from == from && t.action == action)
}

/// What a caller holds, from their effective permission codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Rights {
    pub owner_side: bool,
    pub approve: bool,
    pub run_update: bool,
    pub request_delete: bool,
}

impl Rights {
    pub fn from_permissions(has: impl Fn(&str) -> bool) -> Rights {
        Rights {
            owner_side: has(OWNER_SIDE_PERMISSION),
            approve: has(APPROVE_PERMISSION),
            run_update: has(RUN_UPDATE_PERMISSION),
            request_delete: has(REQUEST_DELETE_PERMISSION),
        }
    }

    pub fn is(&self, who: Who) -> bool {
        match who {
            Who::OwnerSide => self.owner_side,
            Who::Approver => self.approve,
            Who::RunOperator => self.run_update,
            Who::RequestDeleter => self.request_delete,
            Who::System => false,
        }
    }

    pub fn any_of(&self, who: &[Who]) -> bool {
        who.iter().any(|w| self.is(*w))
    }
}

/// The status a read shows and a check starts from: an approved campaign whose start date has come is
/// live, a live one whose end date has passed has ended, however late the daily job runs.
pub fn effective_status(stored: Status, start: NaiveDate, end: NaiveDate, today: NaiveDate) -> Status {
    let mut status = stored;
    if status == Approved && today >= start {
        status = Live;
    }
    if status == Live && today > end {
        status = Ended;
    }
    status
}

/// The rows the daily job writes for a campaign (possibly two when it was late: 30 -> 50 -> 99).
pub fn daily_transitions(stored: Status, start: NaiveDate, end: NaiveDate, today: NaiveDate) -> Vec<(Status, Status)> {
    let mut out = Vec::new();
    let mut status = stored;
    for action in [Action::Start, Action::End] {
        if let Some(row) = next(Some(status), action).filter(|row| row.when.holds(start, end, today)) {
            out.push((status, row.to));
            status = row.to;
        }
    }
    out
}

/// Why a call cannot change a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// No such transition from the campaign's status (10409).
    Status,
    /// The caller holds none of the rights the transition needs (10403).
    Forbidden,
    /// The transition exists but not on this date (10409).
    Date,
}

/// Checks a caller's action against the machine, from the effective status; the answer is the status
/// to store. For `from: None` (a new campaign) the dates are those of the campaign being saved.
/// When the effective status differs from the stored one the server records [`daily_transitions`] first.
pub fn check(stored: Option<Status>, action: Action, rights: &Rights, start: NaiveDate, end: NaiveDate, today: NaiveDate) -> Result<Status, Refusal> {
    let from = stored.map(|s| effective_status(s, start, end, today));
    let row = next(from, action).ok_or(Refusal::Status)?;
    if !rights.any_of(row.who) {
        return Err(Refusal::Forbidden);
    }
    if !row.when.holds(start, end, today) {
        return Err(Refusal::Date);
    }
    Ok(row.to)
}

/// The actions a caller may take on a campaign today, in [`Action::ALL`] order (for the buttons of a detail).
pub fn allowed_actions(stored: Status, rights: &Rights, start: NaiveDate, end: NaiveDate, today: NaiveDate) -> Vec<Action> {
    Action::ALL.into_iter().filter(|a| check(Some(stored), *a, rights, start, end, today).is_ok()).collect()
}

/// Whether `end` falls within `end_soon_days` days from today (today itself included, today + n included).
fn ends_soon(end: NaiveDate, today: NaiveDate, end_soon_days: i64) -> bool {
    end >= today && end <= today + Duration::days(end_soon_days)
}

/// The status code lists and details show: 100 awaiting broadcast (approved, before its start date),
/// 110 scheduled to end (live, its end date within `end_soon_days` days: today up to today + n), 120
/// broadcast cancelled (cancelled by the owner side; a cancel by an approver stays 40), else the
/// effective status.
pub fn display_status(stored: Status, start: NaiveDate, end: NaiveDate, today: NaiveDate, end_soon_days: i64, cancelled_by_owner: bool) -> i32 {
    match effective_status(stored, start, end, today) {
        Approved => DISPLAY_AWAITING,
        Live if ends_soon(end, today, end_soon_days) => DISPLAY_ENDING_SOON,
        Cancelled if cancelled_by_owner => DISPLAY_CANCELLED_BY_OWNER,
        other => other.code(),
    }
}

/// The four campaign lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ListKind {
    Temp,
    Request,
    Run,
    End,
}

/// Which stored rows a list holds: `always` whatever the dates; `while_running` only while
/// `endDate >= today`; `once_ended` only when `endDate < today` (approved and live campaigns whose end
/// date has passed are ended, [`effective_status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoredMatch {
    pub always: &'static [Status],
    pub while_running: &'static [Status],
    pub once_ended: &'static [Status],
}

impl ListKind {
    pub const ALL: [ListKind; 4] = [ListKind::Temp, ListKind::Request, ListKind::Run, ListKind::End];

    pub fn as_str(self) -> &'static str {
        match self {
            ListKind::Temp => "temp",
            ListKind::Request => "request",
            ListKind::Run => "run",
            ListKind::End => "end",
        }
    }

    pub fn parse(s: &str) -> Option<ListKind> {
        ListKind::ALL.into_iter().find(|k| k.as_str() == s)
    }

    /// The display codes ([`display_status`]) the list shows.
    pub fn display_codes(self) -> &'static [i32] {
        match self {
            ListKind::Temp => &[3, 24],
            ListKind::Request => &[21, 27],
            ListKind::Run => &[DISPLAY_AWAITING, 50, DISPLAY_ENDING_SOON],
            ListKind::End => &[DISPLAY_CANCELLED_BY_OWNER, 40, 60, 99],
        }
    }

    pub fn for_display(display: i32) -> Option<ListKind> {
        ListKind::ALL.into_iter().find(|k| k.display_codes().contains(&display))
    }

    pub fn stored(self) -> StoredMatch {
        match self {
            ListKind::Temp => StoredMatch { always: &[TempSaved, Rejected], while_running: &[], once_ended: &[] },
            ListKind::Request => StoredMatch { always: &[Requested, Rerequested], while_running: &[], once_ended: &[] },
            ListKind::Run => StoredMatch { always: &[], while_running: &[Approved, Live], once_ended: &[] },
            ListKind::End => StoredMatch { always: &[Cancelled, Stopped, Ended], while_running: &[], once_ended: &[Approved, Live] },
        }
    }

    /// Whether a stored row belongs to this list today.
    pub fn holds(self, stored: Status, end: NaiveDate, today: NaiveDate) -> bool {
        let m = self.stored();
        m.always.contains(&stored) || (end >= today && m.while_running.contains(&stored)) || (end < today && m.once_ended.contains(&stored))
    }
}

/// `writeType` of a campaign write: new, or a change request on an approved or live campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "i32", try_from = "i32")]
pub enum WriteType {
    New,
    TargetChange,
    MaterialChange,
    MidTermination,
}

impl WriteType {
    pub const ALL: [WriteType; 4] = [WriteType::New, WriteType::TargetChange, WriteType::MaterialChange, WriteType::MidTermination];

    pub fn code(self) -> i32 {
        match self {
            WriteType::New => 0,
            WriteType::TargetChange => 1,
            WriteType::MaterialChange => 2,
            WriteType::MidTermination => 3,
        }
    }

    pub fn from_code(code: i32) -> Option<WriteType> {
        WriteType::ALL.into_iter().find(|w| w.code() == code)
    }
}

impl From<WriteType> for i32 {
    fn from(w: WriteType) -> i32 {
        w.code()
    }
}

impl TryFrom<i32> for WriteType {
    type Error = String;
    fn try_from(code: i32) -> Result<Self, Self::Error> {
        WriteType::from_code(code).ok_or_else(|| format!("unknown write type {code}"))
    }
}

/// A change request applies from tomorrow.
pub fn change_applies_from(today: NaiveDate) -> NaiveDate {
    today + Duration::days(1)
}

/// A mid-termination's new end date: from tomorrow (and not before the start), and before the current end
/// (otherwise nothing ends early).
pub fn mid_termination_end_ok(new_end: NaiveDate, start: NaiveDate, end: NaiveDate, today: NaiveDate) -> bool {
    new_end >= change_applies_from(today) && new_end >= start && new_end < end
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    fn d(s: &str) -> NaiveDate {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
    }

    const ALL_RIGHTS: Rights = Rights { owner_side: true, approve: true, run_update: true, request_delete: true };

    /// The table of domain.md §5 written out again, independently of TRANSITIONS.
    fn spec_rows() -> Vec<(Option<i32>, &'static str, i32, &'static [Who])> {
        use Who::*;
        vec![
            (None, "save", 3, &[OwnerSide]),
            (Some(3), "save", 3, &[OwnerSide]),
            (Some(24), "save", 24, &[OwnerSide]),
            (Some(21), "save", 21, &[OwnerSide]),
            (Some(27), "save", 27, &[OwnerSide]),
            (Some(3), "request", 21, &[OwnerSide]),
            (Some(24), "request", 27, &[OwnerSide]),
            (Some(21), "approve", 30, &[Approver]),
            (Some(27), "approve", 30, &[Approver]),
            (Some(21), "reject", 24, &[Approver]),
            (Some(27), "reject", 24, &[Approver]),
            (Some(30), "cancel", 40, &[RunOperator, OwnerSide]),
            (Some(40), "revert", 30, &[RunOperator]),
            (Some(50), "stop", 60, &[RunOperator]),
            (Some(60), "resume", 50, &[RunOperator]),
            (Some(30), "start", 50, &[System]),
            (Some(50), "end", 99, &[System]),
            (Some(3), "delete", 0, &[OwnerSide]),
            (Some(24), "delete", 0, &[OwnerSide]),
            (Some(21), "delete", 0, &[RequestDeleter]),
            (Some(27), "delete", 0, &[RequestDeleter]),
            (Some(30), "change", 30, &[OwnerSide]),
            (Some(50), "change", 50, &[OwnerSide]),
        ]
    }

    #[test]
    fn status_codes_round_trip() {
        let codes: Vec<i32> = Status::ALL.iter().map(|s| s.code()).collect();
        assert_eq!(codes, [0, 3, 21, 24, 27, 30, 40, 50, 60, 99]);
        for s in Status::ALL {
            assert_eq!(Status::from_code(s.code()), Some(s));
            assert!(crate::codes::is_code("CMPG_STATUS", &s.code().to_string()));
        }
        for code in [1, 2, 20, 100, 110, 120, -1] {
            assert_eq!(Status::from_code(code), None, "{code}");
        }
        assert_eq!(serde_json::to_string(&Status::Live).unwrap(), "50");
        assert_eq!(serde_json::from_str::<Status>("27").unwrap(), Status::Rerequested);
        assert!(serde_json::from_str::<Status>("28").is_err());
        let holding: Vec<_> = Status::ALL.into_iter().filter(|s| s.holds_slots()).collect();
        assert_eq!(holding, [Approved, Live]);
    }

    #[test]
    fn action_names_are_stable() {
        let names: Vec<_> = Action::ALL.iter().map(|a| a.as_str()).collect();
        assert_eq!(names, ["save", "request", "approve", "reject", "cancel", "revert", "stop", "resume", "delete", "start", "end", "change"]);
        for a in Action::ALL {
            assert_eq!(Action::parse(a.as_str()), Some(a));
            assert_eq!(serde_json::to_string(&a).unwrap(), format!("\"{}\"", a.as_str()));
        }
        assert_eq!(Action::parse("Approve"), None);
    }

    #[test]
    fn every_row_of_the_spec_and_nothing_else() {
        let spec = spec_rows();
        assert_eq!(TRANSITIONS.len(), spec.len());
        let froms: Vec<Option<Status>> = std::iter::once(None).chain(Status::ALL.map(Some)).collect();
        for from in froms {
            for action in Action::ALL {
                let expected = spec.iter().find(|(f, a, _, _)| *f == from.map(Status::code) && *a == action.as_str());
                match (next(from, action), expected) {
                    (Some(row), Some((_, _, to, who))) => {
                        assert_eq!(row.to.code(), *to, "{from:?} {action:?}");
                        assert_eq!(row.who, *who, "{from:?} {action:?}");
                    }
                    (None, None) => {}
                    (got, want) => panic!("{from:?} {action:?}: got {got:?}, want {want:?}"),
                }
            }
        }
        let keys: HashSet<_> = TRANSITIONS.iter().map(|t| (t.from, t.action)).collect();
        assert_eq!(keys.len(), TRANSITIONS.len(), "one row per (from, action)");
    }

    #[test]
    fn removed_and_ended_are_final() {
        for from in [Removed, Ended] {
            for action in Action::ALL {
                assert_eq!(next(Some(from), action), None);
            }
        }
    }

    #[test]
    fn rights_come_from_permission_codes() {
        let r = Rights::from_permissions(|c| c == "campaign.regist:write" || c == "campaign.run:update");
        assert_eq!(r, Rights { owner_side: true, approve: false, run_update: true, request_delete: false });
        assert!(!ALL_RIGHTS.is(Who::System), "no caller is the daily job");
        assert!(!ALL_RIGHTS.any_of(&[]));
    }

    #[test]
    fn check_by_caller() {
        let (start, end, today) = (d("2026-03-10"), d("2026-03-20"), d("2026-03-01"));
        let owner = Rights { owner_side: true, ..Rights::default() };
        let approver = Rights { approve: true, ..Rights::default() };
        let runner = Rights { run_update: true, ..Rights::default() };
        let deleter = Rights { request_delete: true, ..Rights::default() };
        let none = Rights::default();
        use Action as A;
        type Row = (Option<Status>, Action, Rights, Result<Status, Refusal>);
        let table: &[Row] = &[
            (None, A::Save, owner, Ok(TempSaved)),
            (None, A::Save, approver, Err(Refusal::Forbidden)),
            (None, A::Request, owner, Err(Refusal::Status)),
            (Some(TempSaved), A::Request, owner, Ok(Requested)),
            (Some(TempSaved), A::Request, approver, Err(Refusal::Forbidden)),
            (Some(Rejected), A::Request, owner, Ok(Rerequested)),
            (Some(Requested), A::Approve, approver, Ok(Approved)),
            (Some(Requested), A::Approve, owner, Err(Refusal::Forbidden)),
            (Some(Rerequested), A::Reject, approver, Ok(Rejected)),
            (Some(Approved), A::Cancel, owner, Ok(Cancelled)),
            (Some(Approved), A::Cancel, runner, Ok(Cancelled)),
            (Some(Approved), A::Cancel, approver, Err(Refusal::Forbidden)),
            (Some(Cancelled), A::Revert, runner, Ok(Approved)),
            (Some(Cancelled), A::Revert, owner, Err(Refusal::Forbidden)),
            (Some(TempSaved), A::Delete, owner, Ok(Removed)),
            (Some(TempSaved), A::Delete, deleter, Err(Refusal::Forbidden)),
            (Some(Requested), A::Delete, deleter, Ok(Removed)),
            (Some(Rerequested), A::Delete, owner, Err(Refusal::Forbidden)),
            (Some(Approved), A::Change, owner, Ok(Approved)),
            (Some(Approved), A::Start, ALL_RIGHTS, Err(Refusal::Forbidden)),
            (Some(Approved), A::Stop, runner, Err(Refusal::Status)),
            (Some(Requested), A::Save, owner, Ok(Requested)),
            (Some(Requested), A::Save, none, Err(Refusal::Forbidden)),
            (Some(Removed), A::Save, ALL_RIGHTS, Err(Refusal::Status)),
        ];
        for (from, action, rights, expected) in table {
            assert_eq!(check(*from, *action, rights, start, end, today), *expected, "{from:?} {action:?} {rights:?}");
        }
    }

    #[test]
    fn date_conditions() {
        let (start, end) = (d("2026-03-10"), d("2026-03-20"));
        let day_before = d("2026-03-09");
        use Action as A;
        let table: &[(Status, Action, NaiveDate, Result<Status, Refusal>)] = &[
            // cancel and revert only before the start date
            (Approved, A::Cancel, day_before, Ok(Cancelled)),
            (Approved, A::Cancel, start, Err(Refusal::Status)), // effectively live from its start date
            (Cancelled, A::Revert, day_before, Ok(Approved)),
            (Cancelled, A::Revert, start, Err(Refusal::Date)),
            // resume only while the end date has not passed
            (Stopped, A::Resume, end, Ok(Live)),
            (Stopped, A::Resume, d("2026-03-21"), Err(Refusal::Date)),
            // stop works on an approved campaign whose start date has come (derived live)
            (Approved, A::Stop, start, Ok(Stopped)),
            (Live, A::Stop, end, Ok(Stopped)),
            (Live, A::Stop, d("2026-03-21"), Err(Refusal::Status)), // derived ended
            // change only on 30/50, with a day left after today
            (Approved, A::Change, day_before, Ok(Approved)),
            (Live, A::Change, d("2026-03-19"), Ok(Live)),
            (Live, A::Change, end, Err(Refusal::Date)),
            (Stopped, A::Change, d("2026-03-15"), Err(Refusal::Status)),
            (Cancelled, A::Change, day_before, Err(Refusal::Status)),
            // approve refused once the end date has passed
            (Requested, A::Approve, end, Ok(Approved)),
            (Requested, A::Approve, d("2026-03-21"), Err(Refusal::Date)),
            // unaffected by dates
            (Rejected, A::Save, d("2030-01-01"), Ok(Rejected)),
        ];
        for (from, action, today, expected) in table {
            assert_eq!(check(Some(*from), *action, &ALL_RIGHTS, start, end, *today), *expected, "{from:?} {action:?} {today}");
        }
    }

    #[test]
    fn allowed_actions_by_status() {
        let (start, end) = (d("2026-03-10"), d("2026-03-20"));
        let before = d("2026-03-01");
        let during = d("2026-03-15");
        let after = d("2026-03-25");
        use Action as A;
        let owner = Rights { owner_side: true, ..Rights::default() };
        let table: &[(Status, Rights, NaiveDate, &[Action])] = &[
            (TempSaved, owner, before, &[A::Save, A::Request, A::Delete]),
            (Rejected, owner, after, &[A::Save, A::Request, A::Delete]),
            (Requested, owner, before, &[A::Save]),
            (Requested, ALL_RIGHTS, before, &[A::Save, A::Approve, A::Reject, A::Delete]),
            (Requested, ALL_RIGHTS, after, &[A::Save, A::Reject, A::Delete]),
            (Approved, ALL_RIGHTS, before, &[A::Cancel, A::Change]),
            (Approved, owner, before, &[A::Cancel, A::Change]),
            (Approved, ALL_RIGHTS, during, &[A::Stop, A::Change]),
            (Approved, ALL_RIGHTS, after, &[]),
            (Live, ALL_RIGHTS, during, &[A::Stop, A::Change]),
            (Live, owner, during, &[A::Change]),
            (Live, ALL_RIGHTS, end, &[A::Stop]),
            (Cancelled, ALL_RIGHTS, before, &[A::Revert]),
            (Cancelled, ALL_RIGHTS, during, &[]),
            (Stopped, ALL_RIGHTS, during, &[A::Resume]),
            (Stopped, ALL_RIGHTS, after, &[]),
            (Ended, ALL_RIGHTS, during, &[]),
            (Removed, ALL_RIGHTS, before, &[]),
        ];
        for (status, rights, today, expected) in table {
            assert_eq!(allowed_actions(*status, rights, start, end, *today), *expected, "{status:?} {rights:?} {today}");
        }
    }

    #[test]
    fn effective_status_and_the_daily_job() {
        let (start, end) = (d("2026-03-10"), d("2026-03-20"));
        type Row<'a> = (Status, &'a str, Status, &'a [(Status, Status)]);
        let table: &[Row] = &[
            (Approved, "2026-03-09", Approved, &[]),
            (Approved, "2026-03-10", Live, &[(Approved, Live)]),
            (Approved, "2026-03-20", Live, &[(Approved, Live)]),
            (Approved, "2026-03-21", Ended, &[(Approved, Live), (Live, Ended)]),
            (Live, "2026-03-20", Live, &[]),
            (Live, "2026-03-21", Ended, &[(Live, Ended)]),
            (Stopped, "2026-03-21", Stopped, &[]),
            (Cancelled, "2026-03-15", Cancelled, &[]),
            (Requested, "2026-03-15", Requested, &[]),
            (Ended, "2026-03-25", Ended, &[]),
        ];
        for (stored, today, effective, job) in table {
            assert_eq!(effective_status(*stored, start, end, d(today)), *effective, "{stored:?} {today}");
            assert_eq!(daily_transitions(*stored, start, end, d(today)), *job, "{stored:?} {today}");
        }
    }

    #[test]
    fn display_statuses_at_their_boundaries() {
        let (start, end) = (d("2026-03-10"), d("2026-03-20"));
        let table: &[(Status, &str, i64, bool, i32)] = &[
            (Approved, "2026-03-09", 7, false, 100),
            (Approved, "2026-03-10", 7, false, 50),
            (Approved, "2026-03-13", 7, false, 110),
            (Live, "2026-03-12", 7, false, 50),
            (Live, "2026-03-13", 7, false, 110),
            (Live, "2026-03-20", 7, false, 110),
            (Live, "2026-03-20", 0, false, 110),
            (Live, "2026-03-19", 0, false, 50),
            (Live, "2026-03-21", 7, false, 99),
            (Cancelled, "2026-03-01", 7, true, 120),
            (Cancelled, "2026-03-01", 7, false, 40),
            (Stopped, "2026-03-15", 7, true, 60),
            (TempSaved, "2026-03-15", 7, false, 3),
            (Rerequested, "2026-03-15", 7, false, 27),
            (Ended, "2026-03-15", 7, false, 99),
        ];
        for (stored, today, soon, by_owner, expected) in table {
            assert_eq!(display_status(*stored, start, end, d(today), *soon, *by_owner), *expected, "{stored:?} {today} {soon}");
        }
    }

    #[test]
    fn lists_partition_the_display_codes() {
        let mut seen = HashSet::new();
        for kind in ListKind::ALL {
            assert_eq!(ListKind::parse(kind.as_str()), Some(kind));
            for code in kind.display_codes() {
                assert!(seen.insert(*code), "{code} in two lists");
                assert_eq!(ListKind::for_display(*code), Some(kind));
            }
        }
        // every stored status but removed (never listed) and approved (always shown as 100 or derived live)
        assert_eq!(seen, HashSet::from([3, 21, 24, 27, 40, 50, 60, 99, 100, 110, 120]));
        assert_eq!(ListKind::for_display(0), None);
    }

    #[test]
    fn stored_match_agrees_with_display_status() {
        let (start, end) = (d("2026-03-10"), d("2026-03-20"));
        for stored in Status::ALL {
            for today in ["2026-03-01", "2026-03-10", "2026-03-15", "2026-03-20", "2026-03-21"].map(d) {
                for by_owner in [false, true] {
                    let display = display_status(stored, start, end, today, END_SOON_DAYS, by_owner);
                    let lists: Vec<_> = ListKind::ALL.into_iter().filter(|k| k.holds(stored, end, today)).collect();
                    let expected: Vec<_> = ListKind::for_display(display).into_iter().collect();
                    assert_eq!(lists, expected, "{stored:?} {today}");
                }
            }
        }
    }

    #[test]
    fn write_types() {
        for (code, w) in [(0, WriteType::New), (1, WriteType::TargetChange), (2, WriteType::MaterialChange), (3, WriteType::MidTermination)] {
            assert_eq!(w.code(), code);
            assert_eq!(WriteType::from_code(code), Some(w));
            assert_eq!(serde_json::to_string(&w).unwrap(), code.to_string());
        }
        assert_eq!(WriteType::from_code(4), None);
        assert!(serde_json::from_str::<WriteType>("-1").is_err());
    }

    #[test]
    fn mid_termination_end_dates() {
        let (start, end, today) = (d("2026-03-10"), d("2026-03-20"), d("2026-03-15"));
        let table = [("2026-03-15", false), ("2026-03-16", true), ("2026-03-19", true), ("2026-03-20", false), ("2026-03-25", false)];
        for (new_end, ok) in table {
            assert_eq!(mid_termination_end_ok(d(new_end), start, end, today), ok, "{new_end}");
        }
        // before the start: not earlier than the start date
        assert!(!mid_termination_end_ok(d("2026-03-09"), start, end, d("2026-03-01")));
        assert!(mid_termination_end_ok(d("2026-03-10"), start, end, d("2026-03-01")));
        assert_eq!(change_applies_from(today), d("2026-03-16"));
    }

    #[test]
    fn the_table_serializes_for_the_browser() {
        let json = serde_json::to_value(TRANSITIONS).unwrap();
        assert_eq!(json.as_array().unwrap().len(), TRANSITIONS.len());
        assert_eq!(json[0], serde_json::json!({"from": null, "action": "save", "to": 3, "who": ["ownerSide"], "when": "always"}));
        let cancel = json.as_array().unwrap().iter().find(|r| r["action"] == "cancel").unwrap();
        assert_eq!(*cancel, serde_json::json!({"from": 30, "action": "cancel", "to": 40, "who": ["runOperator", "ownerSide"], "when": "beforeStart"}));
    }
}
