//! Benchmarks for holdem live in `benches/`, peers side by side; this library
//! holds what they share.
//!
//! [`ThreadCpuTime`] is a criterion measurement of the benchmark thread's CPU
//! time instead of wall time. Our benchmark machine is a 2-core box shared with
//! other builds; wall time there counts the time the thread waits for a core,
//! CPU time does not, so ratios between evaluators stay meaningful (cache
//! sharing with the other core's work still adds noise).

use criterion::Throughput;
use criterion::measurement::{Measurement, ValueFormatter};

/// Criterion measurement: CPU time consumed by the calling thread, in
/// nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
#[derive(Debug, Clone, Copy, Default)]
pub struct ThreadCpuTime;

/// The calling thread's CPU time in nanoseconds.
pub fn thread_cpu_ns() -> u64 {
    cpu_ns(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// The whole process's CPU time (all threads) in nanoseconds.
pub fn process_cpu_ns() -> u64 {
    cpu_ns(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// Criterion measurement: CPU time consumed by the whole process (all its
/// threads), in nanoseconds (`CLOCK_PROCESS_CPUTIME_ID`). For work a peer
/// hands to a helper thread: the caller's own thread only waits.
#[derive(Debug, Clone, Copy, Default)]
pub struct ProcessCpuTime;

/// CPU time of `clock` in nanoseconds (0 if the clock cannot be read).
#[allow(unsafe_code)] // FFI call to clock_gettime; no safe std equivalent exists.
fn cpu_ns(clock: libc::clockid_t) -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec and the clock id is a
    // constant the kernel supports; clock_gettime writes nothing else.
    let rc = unsafe { libc::clock_gettime(clock, &mut ts) };
    if rc != 0 {
        return 0;
    }
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// One criterion [`Measurement`] per CPU clock: the two differ only in the clock read.
macro_rules! cpu_measurement {
    ($ty:ty, $clock:path) => {
        impl Measurement for $ty {
            type Intermediate = u64;
            type Value = u64;

            fn start(&self) -> u64 {
                $clock()
            }
            fn end(&self, start: u64) -> u64 {
                $clock().saturating_sub(start)
            }
            fn add(&self, a: &u64, b: &u64) -> u64 {
                a + b
            }
            fn zero(&self) -> u64 {
                0
            }
            fn to_f64(&self, value: &u64) -> f64 {
                *value as f64
            }
            fn formatter(&self) -> &dyn ValueFormatter {
                &CpuFormatter
            }
        }
    };
}

cpu_measurement!(ThreadCpuTime, thread_cpu_ns);
cpu_measurement!(ProcessCpuTime, process_cpu_ns);

/// Formats nanoseconds of CPU time, and throughput in elements per CPU second.
struct CpuFormatter;

impl ValueFormatter for CpuFormatter {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = match ns {
            x if x < 1e3 => (1.0, "ns"),
            x if x < 1e6 => (1e-3, "µs"),
            x if x < 1e9 => (1e-6, "ms"),
            _ => (1e-9, "s"),
        };
        for v in values {
            *v *= factor;
        }
        unit
    }

    fn scale_throughputs(
        &self,
        typical: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per = match *throughput {
            Throughput::Elements(n) | Throughput::ElementsAndBytes { elements: n, .. } => n as f64,
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) => n as f64,
            Throughput::Bits(n) => n as f64,
        };
        let rate = per * 1e9 / typical;
        let (div, unit) = if rate < 1e6 {
            (1e3, "Kelem/s")
        } else {
            (1e6, "Melem/s")
        };
        for v in values {
            *v = per * 1e9 / *v / div;
        }
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}
