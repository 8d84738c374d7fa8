//! Fine-grained domains (tasks) of the heat grid: cubic blocks `bx×by×bz` or
//! row-wise runs of `bx·by·bz` consecutive nodes, with remainders at the edges.

use std::fmt;
use std::str::FromStr;

use super::HeatError;

/// How the grid is cut into tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Shape {
    /// Blocks of `bx×by×bz` nodes (the paper's cubic domains).
    Cube,
    /// Runs of `bx·by·bz` consecutive nodes in memory order (row-wise domains).
    Rows,
}

impl FromStr for Shape {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "cube" => Ok(Shape::Cube),
            "rows" => Ok(Shape::Rows),
            _ => Err(format!("unknown shape '{s}' (accepted: cube, rows)")),
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shape::Cube => "cube",
            Shape::Rows => "rows",
        })
    }
}

/// Block extents in nodes along x, y and z.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    /// Extent along x (the contiguous axis).
    pub x: usize,
    /// Extent along y.
    pub y: usize,
    /// Extent along z.
    pub z: usize,
}

impl Block {
    /// A cube of edge `e`.
    pub fn cube(e: usize) -> Block {
        Block { x: e, y: e, z: e }
    }

    /// Nodes in one block.
    pub fn volume(&self) -> usize {
        self.x * self.y * self.z
    }
}

impl FromStr for Block {
    type Err = String;
    /// Parses `BXxBYxBZ` (e.g. `13x13x13`) or a single edge `E` for a cube.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad =
            || format!("bad block '{s}' (expected BXxBYxBZ like 13x13x13, or one edge like 13)");
        let parts: Vec<&str> = s.split('x').collect();
        let nums: Vec<usize> = parts
            .iter()
            .map(|p| p.trim().parse::<usize>().map_err(|_| bad()))
            .collect::<Result<_, _>>()?;
        match nums.as_slice() {
            [e] => Ok(Block::cube(*e)),
            [x, y, z] => Ok(Block {
                x: *x,
                y: *y,
                z: *z,
            }),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}x{}", self.x, self.y, self.z)
    }
}

/// One task's nodes. Only interior nodes are updated; boundary nodes are fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Domain {
    /// A box `[x0,x1)×[y0,y1)×[z0,z1)`, already clipped to the interior.
    Box {
        /// Start and end along x.
        x: (usize, usize),
        /// Start and end along y.
        y: (usize, usize),
        /// Start and end along z.
        z: (usize, usize),
    },
    /// Linear node indices `[start, end)`.
    Linear {
        /// First node index.
        start: usize,
        /// One past the last node index.
        end: usize,
    },
}

impl Domain {
    /// Calls `f(base, len)` for each run of consecutive interior nodes.
    #[inline]
    pub fn for_each_run(&self, n: usize, mut f: impl FnMut(usize, usize)) {
        match *self {
            Domain::Box { x, y, z } => {
                for zz in z.0..z.1 {
                    for yy in y.0..y.1 {
                        f((zz * n + yy) * n + x.0, x.1 - x.0);
                    }
                }
            }
            Domain::Linear { start, end } => {
                if start >= end {
                    return;
                }
                for row in start / n..=(end - 1) / n {
                    let (yy, zz) = (row % n, row / n);
                    if yy == 0 || zz == 0 || yy == n - 1 || zz == n - 1 {
                        continue;
                    }
                    let lo = start.saturating_sub(row * n).max(1);
                    let hi = (end - row * n).min(n - 1);
                    if lo < hi {
                        f(row * n + lo, hi - lo);
                    }
                }
            }
        }
    }

    /// Interior nodes this domain updates.
    pub fn interior_points(&self, n: usize) -> usize {
        let mut k = 0;
        self.for_each_run(n, |_, len| k += len);
        k
    }
}

/// Cuts an `n³` grid into domains; blocks at the far edges keep the remainder.
/// Domains with no interior node are left out.
pub fn partition(n: usize, block: Block, shape: Shape) -> Result<Vec<Domain>, HeatError> {
    if n < 3 {
        return Err(HeatError::BadSize(n));
    }
    if block.x == 0 || block.y == 0 || block.z == 0 {
        return Err(HeatError::BadBlock(format!(
            "block {block} has a zero extent"
        )));
    }
    if block.x > n || block.y > n || block.z > n {
        return Err(HeatError::BadBlock(format!(
            "block {block} is larger than the {n}x{n}x{n} grid (each extent must be in 1..={n})"
        )));
    }
    let clip = |a: usize, b: usize| (a.max(1), b.min(n - 1));
    let mut out = Vec::new();
    match shape {
        Shape::Cube => {
            // Task order: z outermost (so a static split into contiguous
            // task ranges gives z-slabs), then x, then y innermost. Tasks with
            // consecutive indices tend to run at the same time on different
            // workers; y-neighbours write different rows, whereas
            // x-neighbours would write the two halves of the same cache lines
            // on every row (that false sharing made H-Dispatch with 13³ blocks
            // several times slower than a static split).
            for z0 in (0..n).step_by(block.z) {
                for x0 in (0..n).step_by(block.x) {
                    for y0 in (0..n).step_by(block.y) {
                        let (x, y, z) = (
                            clip(x0, x0 + block.x),
                            clip(y0, y0 + block.y),
                            clip(z0, z0 + block.z),
                        );
                        if x.0 < x.1 && y.0 < y.1 && z.0 < z.1 {
                            out.push(Domain::Box { x, y, z });
                        }
                    }
                }
            }
        }
        Shape::Rows => {
            let p = block.volume();
            let total = n * n * n;
            for start in (0..total).step_by(p) {
                let d = Domain::Linear {
                    start,
                    end: (start + p).min(total),
                };
                if d.interior_points(n) > 0 {
                    out.push(d);
                }
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn covered(n: usize, ds: &[Domain]) -> Vec<u8> {
        let mut hit = vec![0u8; n * n * n];
        for d in ds {
            d.for_each_run(n, |b, l| {
                for h in &mut hit[b..b + l] {
                    *h += 1;
                }
            });
        }
        hit
    }

    fn interior(n: usize, i: usize) -> bool {
        let (x, y, z) = (i % n, (i / n) % n, i / (n * n));
        (1..n - 1).contains(&x) && (1..n - 1).contains(&y) && (1..n - 1).contains(&z)
    }

    #[test]
    fn every_interior_node_is_covered_exactly_once() {
        for n in [3, 7, 10, 13] {
            for b in [
                Block::cube(1),
                Block::cube(3),
                Block { x: 4, y: 2, z: 5 },
                Block::cube(n),
            ] {
                if b.x > n || b.y > n || b.z > n {
                    continue;
                }
                for shape in [Shape::Cube, Shape::Rows] {
                    let ds = partition(n, b, shape).unwrap();
                    let hit = covered(n, &ds);
                    for (i, h) in hit.iter().enumerate() {
                        assert_eq!(*h, u8::from(interior(n, i)), "n={n} b={b} {shape} node {i}");
                    }
                }
            }
        }
    }

    #[test]
    fn remainders_and_bad_blocks() {
        // 100 / 13 leaves a remainder of 9 nodes: the last block is smaller.
        let ds = partition(100, Block::cube(13), Shape::Cube).unwrap();
        assert_eq!(ds.len(), 8 * 8 * 8);
        assert!(matches!(
            partition(10, Block::cube(11), Shape::Cube),
            Err(HeatError::BadBlock(_))
        ));
        assert!(matches!(
            partition(10, Block { x: 0, y: 1, z: 1 }, Shape::Rows),
            Err(HeatError::BadBlock(_))
        ));
        assert!(matches!(
            partition(2, Block::cube(1), Shape::Cube),
            Err(HeatError::BadSize(2))
        ));
    }

    #[test]
    fn block_parsing() {
        assert_eq!("13x13x13".parse::<Block>().unwrap(), Block::cube(13));
        assert_eq!("7".parse::<Block>().unwrap(), Block::cube(7));
        assert_eq!(
            "100x2x1".parse::<Block>().unwrap(),
            Block { x: 100, y: 2, z: 1 }
        );
        assert!("13x13".parse::<Block>().is_err());
        assert!("axbxc".parse::<Block>().is_err());
        assert!("cubes".parse::<Shape>().is_err());
    }
}
