//! Helpers shared by the engine-equivalence tests.

use arts_pdes::SimReport;

/// Asserts that two runs committed the same events with the same results.
pub(crate) fn assert_same(a: &SimReport, b: &SimReport, what: &str) {
    assert!(
        a.same_results(b),
        "{what}: committed {} vs {}, checksum {:x} vs {:x}, stats {:?} vs {:?}",
        a.committed_events,
        b.committed_events,
        a.checksum,
        b.checksum,
        a.stats,
        b.stats
    );
}
