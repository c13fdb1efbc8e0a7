//! The legal-dong region table (법정동): sido, sigungu, eup/myeon/dong and ri with their 10-digit
//! codes, shipped as `data/regions.tsv` (made by `data/make_regions.py`) and written into the
//! `region` table on an empty database and on every upgrade that brings new codes.

use super::entity::region;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ActiveValue::Set, ConnectionTrait, DbErr, EntityTrait, PaginatorTrait};
use std::collections::HashSet;

const TABLE: &str = include_str!("../../data/regions.tsv");

/// One region of the table with its level (1 sido, 2 sigungu, 3 eup/myeon/dong, 4 ri) and parent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    pub code: &'static str,
    pub name: &'static str,
    pub level: i32,
    pub parent: Option<String>,
}

/// The level a code's zeros give it: `11` sido, `11680` sigungu, `11680101` dong, else ri.
pub fn level_of(code: &str) -> i32 {
    if code[2..].bytes().all(|b| b == b'0') {
        1
    } else if code[5..].bytes().all(|b| b == b'0') {
        2
    } else if code[8..].bytes().all(|b| b == b'0') {
        3
    } else {
        4
    }
}

/// Every region of the table, each with the nearest ancestor the table holds (a ri whose dong
/// the table lacks hangs under its sigungu).
pub fn all() -> Vec<Region> {
    let rows: Vec<(&str, &str)> = TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .filter_map(|l| l.split_once('\t'))
        .filter(|(code, _)| code.len() == 10 && code.bytes().all(|b| b.is_ascii_digit()))
        .collect();
    let codes: HashSet<&str> = rows.iter().map(|(c, _)| *c).collect();
    rows.into_iter()
        .map(|(code, name)| {
            let level = level_of(code);
            let parent = [8, 5, 2]
                .into_iter()
                .filter(|keep| (*keep as i32) < [0, 2, 5, 8, 10][level as usize])
                .map(|keep| format!("{}{}", &code[..keep], "0".repeat(10 - keep)))
                .find(|p| codes.contains(p.as_str()));
            Region { code, name, level, parent }
        })
        .collect()
}

/// Writes the regions the table holds and the database does not yet.
pub async fn seed(db: &impl ConnectionTrait) -> Result<(), DbErr> {
    let regions = all();
    if region::Entity::find().count(db).await? >= regions.len() as u64 {
        return Ok(());
    }
    for chunk in regions.chunks(1000) {
        let rows = chunk.iter().map(|r| region::ActiveModel {
            rgn_cd: Set(r.code.to_string()),
            rgn_nm: Set(r.name.to_string()),
            parent_cd: Set(r.parent.clone()),
            level: Set(r.level),
        });
        region::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::column(region::Column::RgnCd).update_columns([region::Column::RgnNm, region::Column::ParentCd, region::Column::Level]).to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_whole_table_with_new_sido_codes() {
        let all = all();
        let count = |level| all.iter().filter(|r| r.level == level).count();
        assert_eq!(count(1), 17);
        assert!(count(2) >= 250, "{}", count(2));
        assert!(count(3) >= 5000, "{}", count(3));
        assert!(count(4) >= 15000, "{}", count(4));
        let find = |code: &str| all.iter().find(|r| r.code == code).cloned();
        let yeoksam = find("1168010100").expect("역삼동");
        assert_eq!((yeoksam.name, yeoksam.level, yeoksam.parent.as_deref()), ("역삼동", 3, Some("1168000000")));
        assert_eq!(find("5111000000").map(|r| r.name), Some("춘천시"));
        assert_eq!(find("5200000000").map(|r| r.name), Some("전북특별자치도"));
        assert!(all.iter().all(|r| !r.code.starts_with("42") && !r.code.starts_with("45")), "old 강원/전북 codes are mapped");
        assert!(all.iter().all(|r| (r.level == 1) == r.parent.is_none()), "every region below a sido has a parent");
        let codes: HashSet<_> = all.iter().map(|r| r.code).collect();
        assert_eq!(codes.len(), all.len(), "codes are unique");
    }

    #[test]
    fn levels_by_zeros() {
        assert_eq!(level_of("1100000000"), 1);
        assert_eq!(level_of("1168000000"), 2);
        assert_eq!(level_of("1168010100"), 3);
        assert_eq!(level_of("2671025021"), 4);
    }
}
