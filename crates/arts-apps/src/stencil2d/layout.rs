//! How a grid is cut into a 2-D array of rectangular blocks: the row and
//! column boundaries of the blocks, uniform or not.

/// The `i`-th of `parts` nearly equal pieces of `0..n`: (start, length).
pub fn split(n: usize, parts: usize, i: usize) -> (usize, usize) {
    let base = n / parts;
    let extra = n % parts;
    let start = i * base + i.min(extra);
    (start, base + usize::from(i < extra))
}

/// Why a layout was rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum LayoutError {
    /// A size or count is zero.
    #[error("{0} must be at least 1")]
    Zero(&'static str),
    /// More blocks than grid points along a dimension.
    #[error(
        "{objs} blocks along {dim} do not fit {points} grid points (each block needs at least one)"
    )]
    TooManyBlocks {
        /// "rows" or "columns".
        dim: &'static str,
        /// Blocks asked for.
        objs: usize,
        /// Grid points available.
        points: usize,
    },
    /// Boundaries that do not start at 0 and strictly increase.
    #[error("block boundaries must start at 0 and strictly increase")]
    Boundaries,
}

/// Block boundaries along rows and columns: block `(i, j)` covers interior
/// rows `rows[i]..rows[i+1]` and columns `cols[j]..cols[j+1]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    rows: Vec<usize>,
    cols: Vec<usize>,
}

fn check_bounds(b: &[usize]) -> Result<(), LayoutError> {
    if b.len() < 2 || b[0] != 0 || b.windows(2).any(|w| w[1] <= w[0]) {
        return Err(LayoutError::Boundaries);
    }
    if u32::try_from(b.len() - 1).is_err() {
        return Err(LayoutError::Boundaries);
    }
    Ok(())
}

impl Layout {
    /// A layout from explicit boundaries.
    pub fn new(rows: Vec<usize>, cols: Vec<usize>) -> Result<Self, LayoutError> {
        check_bounds(&rows)?;
        check_bounds(&cols)?;
        Ok(Layout { rows, cols })
    }

    /// `rows × cols` points cut into `objs_x × objs_y` blocks whose sizes
    /// differ by at most one along each dimension.
    pub fn uniform(
        rows: usize,
        cols: usize,
        objs_x: usize,
        objs_y: usize,
    ) -> Result<Self, LayoutError> {
        for (v, name) in [
            (rows, "grid rows"),
            (cols, "grid columns"),
            (objs_x, "object rows"),
            (objs_y, "object columns"),
        ] {
            if v == 0 {
                return Err(LayoutError::Zero(name));
            }
        }
        for (objs, points, dim) in [(objs_x, rows, "rows"), (objs_y, cols, "columns")] {
            if objs > points {
                return Err(LayoutError::TooManyBlocks { dim, objs, points });
            }
        }
        let bounds = |n: usize, p: usize| -> Vec<usize> {
            (0..=p)
                .map(|i| if i == p { n } else { split(n, p, i).0 })
                .collect()
        };
        Layout::new(bounds(rows, objs_x), bounds(cols, objs_y))
    }

    /// Interior rows of the whole grid.
    pub fn rows(&self) -> usize {
        *self.rows.last().expect("validated")
    }

    /// Interior columns of the whole grid.
    pub fn cols(&self) -> usize {
        *self.cols.last().expect("validated")
    }

    /// Number of blocks along rows and columns.
    pub fn objects(&self) -> (u32, u32) {
        ((self.rows.len() - 1) as u32, (self.cols.len() - 1) as u32)
    }

    /// Block `(i, j)`: (first row, rows, first column, columns).
    pub fn block(&self, i: u32, j: u32) -> (usize, usize, usize, usize) {
        let (i, j) = (i as usize, j as usize);
        (
            self.rows[i],
            self.rows[i + 1] - self.rows[i],
            self.cols[j],
            self.cols[j + 1] - self.cols[j],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_covers_range_with_remainders() {
        let pieces: Vec<_> = (0..3).map(|i| split(10, 3, i)).collect();
        assert_eq!(pieces, vec![(0, 4), (4, 3), (7, 3)]);
    }

    #[test]
    fn uniform_layout_and_errors() {
        let l = Layout::uniform(10, 7, 3, 2).unwrap();
        assert_eq!(l.objects(), (3, 2));
        assert_eq!(l.block(2, 1), (7, 3, 4, 3));
        assert_eq!((l.rows(), l.cols()), (10, 7));
        assert!(Layout::uniform(0, 7, 1, 1).is_err());
        assert!(Layout::uniform(5, 7, 6, 1).is_err());
        assert!(Layout::new(vec![0, 3, 3], vec![0, 1]).is_err());
        assert!(Layout::new(vec![1, 3], vec![0, 1]).is_err());
    }
}
