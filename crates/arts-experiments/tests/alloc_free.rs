//! Zero heap allocations per task in steady state, counted by a global
//! counting allocator (H-Dispatch and static partition reuse everything;
//! scatter-gather allocates per task, which shows the counter works).

use arts_dispatch::alloc_count::{self, CountingAlloc};
use arts_dispatch::{Dispatcher, ScatterGather, StaticPartition, WaitPolicy};
use arts_experiments::dispatch::overhead::allocations_per_task;

#[global_allocator]
static ALLOC: CountingAlloc = CountingAlloc;

#[test]
fn steady_state_allocations_per_task() {
    assert!(alloc_count::is_installed());
    // One test function: the counter is process-wide, so no other test may
    // allocate concurrently.
    for threads in [1, 2, 4] {
        let d = Dispatcher::new(threads).unwrap();
        let a = allocations_per_task(&d, 2000, 30, 5, 4096)
            .unwrap()
            .unwrap();
        assert_eq!(
            a, 0.0,
            "hdispatch with {threads} threads allocated {a} per task"
        );
        let d = Dispatcher::new(threads)
            .unwrap()
            .with_idle_policy(WaitPolicy::PARK_AT_ONCE);
        let a = allocations_per_task(&d, 500, 30, 5, 64).unwrap().unwrap();
        assert_eq!(a, 0.0, "parking hdispatch, {threads} threads: {a} per task");
        let s = StaticPartition::new(threads).unwrap();
        let a = allocations_per_task(&s, 2000, 30, 5, 4096)
            .unwrap()
            .unwrap();
        assert_eq!(
            a, 0.0,
            "static with {threads} threads allocated {a} per task"
        );
    }
    let sg = ScatterGather::new(2).unwrap();
    let a = allocations_per_task(&sg, 500, 10, 2, 4096)
        .unwrap()
        .unwrap();
    assert!(
        a >= 2.0,
        "scatter-gather should allocate a task object and scratch per task, got {a}"
    );
}
