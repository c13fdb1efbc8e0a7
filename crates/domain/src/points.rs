//! The point ledger (domain.md §7): append-only entries per owner; the balance never goes below zero.

use serde::{Deserialize, Serialize};

/// `ptType`: distribute and collect are manual (managers); save and use are business events (use at
/// approval, save when a cancel or a stop gives the unplayed part back).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EntryType {
    Distribute,
    Collect,
    Save,
    Use,
}

impl EntryType {
    pub const ALL: [EntryType; 4] = [EntryType::Distribute, EntryType::Collect, EntryType::Save, EntryType::Use];

    pub fn as_str(self) -> &'static str {
        match self {
            EntryType::Distribute => "distribute",
            EntryType::Collect => "collect",
            EntryType::Save => "save",
            EntryType::Use => "use",
        }
    }

    pub fn parse(s: &str) -> Option<EntryType> {
        EntryType::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// +1 adds to the balance, −1 takes from it.
    pub fn sign(self) -> i64 {
        match self {
            EntryType::Distribute | EntryType::Save => 1,
            EntryType::Collect | EntryType::Use => -1,
        }
    }
}

/// Too few points: the `data` of the 10409 answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Short {
    pub balance: i64,
    pub required: i64,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointError {
    /// The amount is not a positive number of points (10400 naming `amount`).
    Amount,
    Short(Short),
}

/// The balance after an entry of `amount` (> 0) points.
pub fn apply(balance: i64, entry: EntryType, amount: i64) -> Result<i64, PointError> {
    if amount <= 0 {
        return Err(PointError::Amount);
    }
    if entry.sign() < 0 {
        return if amount <= balance { Ok(balance - amount) } else { Err(PointError::Short(Short { balance, required: amount })) };
    }
    balance.checked_add(amount).ok_or(PointError::Amount)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_types() {
        let table = [(EntryType::Distribute, "distribute", 1), (EntryType::Collect, "collect", -1), (EntryType::Save, "save", 1), (EntryType::Use, "use", -1)];
        for (t, name, sign) in table {
            assert_eq!((t.as_str(), t.sign()), (name, sign));
            assert_eq!(EntryType::parse(name), Some(t));
            assert_eq!(serde_json::to_string(&t).unwrap(), format!("\"{name}\""));
        }
        assert_eq!(EntryType::parse("Use"), None);
    }

    #[test]
    fn balances() {
        use EntryType::*;
        let short = |balance, required| Err(PointError::Short(Short { balance, required }));
        let table: &[(i64, EntryType, i64, Result<i64, PointError>)] = &[
            (0, Distribute, 1_000, Ok(1_000)),
            (1_000, Save, 500, Ok(1_500)),
            (1_000, Use, 1_000, Ok(0)),
            (1_000, Use, 1_001, short(1_000, 1_001)),
            (1_000, Collect, 400, Ok(600)),
            (0, Collect, 1, short(0, 1)),
            (1_000, Use, 0, Err(PointError::Amount)),
            (1_000, Distribute, -5, Err(PointError::Amount)),
            (i64::MAX, Save, 1, Err(PointError::Amount)),
        ];
        for (balance, entry, amount, expected) in table {
            assert_eq!(apply(*balance, *entry, *amount), *expected, "{balance} {entry:?} {amount}");
        }
        assert_eq!(serde_json::to_value(Short { balance: 5, required: 9 }).unwrap(), serde_json::json!({"balance": 5, "required": 9}));
    }
}
