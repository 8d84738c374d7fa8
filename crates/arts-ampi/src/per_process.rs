//! [`PerProcess`]: read-only data that every process of a run builds the
//! same way (e.g. a sequential reference to validate against), reached by
//! the ranks through an index instead of a pointer. A program that
//! captured an `Arc` would hold an address of the process it was built in;
//! with isomalloc a rank that moves to another process would read it there.
//! Through `PerProcess` it reads the copy of the process it runs in.

use std::any::Any;
use std::marker::PhantomData;
use std::sync::Mutex;

/// Every value made so far in this process, in order (never dropped).
static VALUES: Mutex<Vec<&'static (dyn Any + Send + Sync)>> = Mutex::new(Vec::new());

/// A handle on a value of this process: the `n`th made. Every process of
/// an SPMD run makes the same values in the same order, so a handle means
/// the same value in each. The value lives until the process ends.
pub struct PerProcess<T> {
    index: usize,
    kind: PhantomData<fn() -> T>,
}

impl<T> Clone for PerProcess<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for PerProcess<T> {}

impl<T: Any + Send + Sync> PerProcess<T> {
    /// Keeps `value` for the rest of the process and returns its handle.
    pub fn new(value: T) -> Self {
        crate::iso::outside(|| {
            let mut values = VALUES.lock().unwrap_or_else(|e| e.into_inner());
            values.push(Box::leak(Box::new(value)));
            PerProcess {
                index: values.len() - 1,
                kind: PhantomData,
            }
        })
    }

    /// This process's value. Do not keep the reference across a blocking
    /// MPI call or `migrate()`: the rank may resume in another process.
    pub fn get(&self) -> &'static T {
        let values = VALUES.lock().unwrap_or_else(|e| e.into_inner());
        values[self.index]
            .downcast_ref()
            .expect("a PerProcess handle names a value of its own type")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handles_name_their_values_in_order() {
        let a = PerProcess::new(vec![1, 2, 3]);
        let b = PerProcess::new(String::from("b"));
        let a2 = a;
        assert_eq!(a2.get(), &vec![1, 2, 3]);
        assert_eq!(b.get(), "b");
        assert_eq!(b.index, a.index + 1);
    }
}
