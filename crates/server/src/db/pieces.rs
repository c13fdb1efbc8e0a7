//! Rows written or looked up in pieces whose sizes are powers of two. A statement's text depends
//! on how many rows (or ids) it carries, and each connection prepares and keeps every text it
//! runs: pieces of any size would fill the statement caches with large statements seldom run
//! again, and the process's memory with them. In powers of two, a kind of statement has a few
//! texts at most (nine up to 256 rows).

/// `rows` in pieces of at most `most` (a power of two) whose sizes are powers of two, largest first.
pub fn pieces<T>(rows: &[T], most: usize) -> impl Iterator<Item = &[T]> {
    debug_assert!(most.is_power_of_two());
    let mut rest = rows;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let size = most.min(1 << rest.len().ilog2());
        let (piece, after) = rest.split_at(size);
        rest = after;
        Some(piece)
    })
}

#[cfg(test)]
mod tests {
    use super::pieces;

    fn sizes(n: usize, most: usize) -> Vec<usize> {
        let rows: Vec<usize> = (0..n).collect();
        let parts: Vec<&[usize]> = pieces(&rows, most).collect();
        assert_eq!(parts.concat(), rows, "every row once, in order");
        parts.iter().map(|p| p.len()).collect()
    }

    #[test]
    fn sizes_are_powers_of_two_up_to_the_most() {
        assert_eq!(sizes(0, 256), Vec::<usize>::new());
        assert_eq!(sizes(1, 256), [1]);
        assert_eq!(sizes(5, 256), [4, 1]);
        assert_eq!(sizes(256, 256), [256]);
        assert_eq!(sizes(300, 256), [256, 32, 8, 4]);
        assert_eq!(sizes(600, 256), [256, 256, 64, 16, 8]);
        for n in 0..1100 {
            let s = sizes(n, 128);
            assert!(s.iter().all(|p| p.is_power_of_two() && *p <= 128), "{n}: {s:?}");
        }
    }

    #[test]
    fn a_kind_of_statement_has_few_texts() {
        let texts: std::collections::HashSet<usize> = (0..5000).flat_map(|n| sizes(n, 256)).collect();
        assert_eq!(texts.len(), 9);
    }
}
