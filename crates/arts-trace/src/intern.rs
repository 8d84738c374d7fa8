//! Entry-method names are `&'static str` (they come from the code); spans
//! read back from another process get their names interned here, so each
//! distinct name is allocated once per process.

use std::collections::HashSet;
use std::sync::{Mutex, OnceLock};

use std::sync::Arc;

use serde::Deserialize;

use crate::SpanKind;

fn table() -> &'static Mutex<HashSet<&'static str>> {
    static TABLE: OnceLock<Mutex<HashSet<&'static str>>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

/// The `'static` copy of `name`, allocated the first time it is seen.
pub(crate) fn intern(name: &str) -> &'static str {
    let mut t = table().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(&s) = t.get(name) {
        return s;
    }
    let s: &'static str = Box::leak(name.to_owned().into_boxed_str());
    t.insert(s);
    s
}

/// The serialized form of [`SpanKind`], with an owned method name.
#[derive(Deserialize)]
#[serde(rename = "SpanKind")]
enum SpanKindWire {
    Entry {
        array: Arc<str>,
        method: String,
        element: u64,
    },
    Idle,
    Send {
        to_pe: u32,
        bytes: u64,
    },
    Migrate {
        array: Arc<str>,
        element: u64,
        to_pe: u32,
    },
    LbStep {
        array: Arc<str>,
        step: u64,
        migrations: u64,
    },
    Checkpoint {
        array: Arc<str>,
    },
    EntryTotal {
        array: Arc<str>,
        method: String,
        calls: u64,
    },
    SendTotal {
        to_pe: u32,
        bytes: u64,
        count: u64,
    },
}

impl<'de> serde::Deserialize<'de> for SpanKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        SpanKindWire::deserialize(d).map(Into::into)
    }
}

impl From<SpanKindWire> for SpanKind {
    fn from(w: SpanKindWire) -> SpanKind {
        match w {
            SpanKindWire::Entry {
                array,
                method,
                element,
            } => SpanKind::Entry {
                array,
                method: intern(&method),
                element,
            },
            SpanKindWire::Idle => SpanKind::Idle,
            SpanKindWire::Send { to_pe, bytes } => SpanKind::Send { to_pe, bytes },
            SpanKindWire::Migrate {
                array,
                element,
                to_pe,
            } => SpanKind::Migrate {
                array,
                element,
                to_pe,
            },
            SpanKindWire::LbStep {
                array,
                step,
                migrations,
            } => SpanKind::LbStep {
                array,
                step,
                migrations,
            },
            SpanKindWire::Checkpoint { array } => SpanKind::Checkpoint { array },
            SpanKindWire::EntryTotal {
                array,
                method,
                calls,
            } => SpanKind::EntryTotal {
                array,
                method: intern(&method),
                calls,
            },
            SpanKindWire::SendTotal {
                to_pe,
                bytes,
                count,
            } => SpanKind::SendTotal {
                to_pe,
                bytes,
                count,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn same_name_same_allocation() {
        let a = super::intern("compute");
        let b = super::intern(&String::from("compute"));
        assert!(std::ptr::eq(a, b));
    }
}
