//! Password policy (domain.md §2): at least 10 characters of two kinds (letters, digits, symbols)
//! or 8 of three, and not containing the user id.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordProblem {
    TooWeak,
    ContainsUserId,
    TooLong,
}

impl PasswordProblem {
    pub fn message(self) -> &'static str {
        match self {
            PasswordProblem::TooWeak => "영문, 숫자, 특수문자 중 2종류 이상 10자 이상 또는 3종류 8자 이상이어야 합니다.",
            PasswordProblem::ContainsUserId => "비밀번호에 아이디를 포함할 수 없습니다.",
            PasswordProblem::TooLong => "비밀번호는 64자 이하여야 합니다.",
        }
    }
}

pub const MAX_LEN: usize = 64;

pub fn check_password(password: &str, user_id: &str) -> Result<(), PasswordProblem> {
    let len = password.chars().count();
    if len > MAX_LEN {
        return Err(PasswordProblem::TooLong);
    }
    let letters = password.chars().any(|c| c.is_alphabetic());
    let digits = password.chars().any(|c| c.is_ascii_digit());
    let symbols = password.chars().any(|c| !c.is_alphanumeric() && !c.is_whitespace());
    let kinds = [letters, digits, symbols].iter().filter(|k| **k).count();
    if !((kinds >= 2 && len >= 10) || (kinds >= 3 && len >= 8)) {
        return Err(PasswordProblem::TooWeak);
    }
    let uid = user_id.trim().to_lowercase();
    if !uid.is_empty() && password.to_lowercase().contains(&uid) {
        return Err(PasswordProblem::ContainsUserId);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn policy_table() {
        use PasswordProblem::*;
        let table = [
            ("abcdefghij", Err(TooWeak)),
            ("abcdefghi1", Ok(())),
            ("abcdefgh1", Err(TooWeak)),
            ("abcde1!x", Ok(())),
            ("abcd1!x", Err(TooWeak)),
            ("1234567890", Err(TooWeak)),
            ("12345!!!!!", Ok(())),
            ("한글비밀번호입니다12", Ok(())),
            ("xxAdmin123!", Err(ContainsUserId)),
            ("xxADMIN123!", Err(ContainsUserId)),
        ];
        for (pw, expected) in table {
            assert_eq!(check_password(pw, "admin"), expected, "{pw}");
        }
        assert_eq!(check_password(&"a1".repeat(33), "u"), Err(TooLong));
    }
}
