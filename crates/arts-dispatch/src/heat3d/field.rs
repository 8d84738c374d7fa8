//! The temperature field of the heat problem on its n×n×n mesh: layout,
//! initial and boundary values.

/// Temperatures on a cubic mesh of `n³` nodes, x fastest: index `(z*n + y)*n + x`.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Nodes per edge.
    pub n: usize,
    /// Node values, x fastest.
    pub data: Vec<f64>,
}

impl Field {
    /// The initial condition: the face z = 0 held at 1.0, the other faces at
    /// 0.0, and a smooth interior bump `0.5·sin(πx')·sin(πy')·sin(πz')`.
    pub fn initial(n: usize) -> Field {
        let mut data = vec![0.0; n * n * n];
        let h = std::f64::consts::PI / (n.max(2) - 1) as f64;
        for z in 0..n {
            for y in 0..n {
                for x in 0..n {
                    let i = (z * n + y) * n + x;
                    let boundary =
                        x == 0 || y == 0 || z == 0 || x == n - 1 || y == n - 1 || z == n - 1;
                    data[i] = if z == 0 {
                        1.0
                    } else if boundary {
                        0.0
                    } else {
                        0.5 * (h * x as f64).sin() * (h * y as f64).sin() * (h * z as f64).sin()
                    };
                }
            }
        }
        Field { n, data }
    }

    /// Index of node (x, y, z).
    pub fn idx(&self, x: usize, y: usize, z: usize) -> usize {
        (z * self.n + y) * self.n + x
    }

    /// Sum of all values (a quick fingerprint for humans).
    pub fn checksum(&self) -> f64 {
        self.data.iter().sum()
    }

    /// True when both grids hold bit-for-bit the same values.
    pub fn bits_equal(&self, other: &Field) -> bool {
        self.n == other.n
            && self.data.len() == other.data.len()
            && self
                .data
                .iter()
                .zip(&other.data)
                .all(|(a, b)| a.to_bits() == b.to_bits())
    }
}
