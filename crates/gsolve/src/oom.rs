//! Running out of memory ends the run with a clear error, not an allocation-failure abort.
//!
//! The global allocator is the system's, wrapped: when an allocation fails (the machine's
//! memory or the `ulimit -v` limit reached; the Dark Hex best response and the transposition
//! tables are what can get there), the process writes one line to stderr and, with `--json`,
//! one JSON object to stdout, then exits with status 1 (a failed run) at once. Result files
//! are written whole through temporaries, so files written before are untouched. Nothing here
//! allocates: the message is assembled in a stack buffer and written with `write(2)`.
//!
//! Without the wrapper Rust prints "memory allocation of N bytes failed" and aborts (signal 6,
//! with a core dump where enabled). Under Linux's default overcommit a process that exceeds
//! the machine's memory is more often killed by the kernel (SIGKILL), which no program can
//! report; this covers the failures that reach the allocator.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicBool, Ordering};

/// The system allocator, with a clear exit when it fails.
pub struct ClearOutOfMemory;

static JSON: AtomicBool = AtomicBool::new(false);

/// Report an allocation failure as one JSON object on stdout too (`--json`).
pub fn set_json(json: bool) {
    JSON.store(json, Ordering::Relaxed);
}

// SAFETY: every method forwards to `System` with the same arguments, and returns its result
// unchanged; a null result ends the process instead of being returned.
unsafe impl GlobalAlloc for ClearOutOfMemory {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        checked(System.alloc(layout), layout.size())
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        checked(System.alloc_zeroed(layout), layout.size())
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        checked(System.realloc(ptr, layout, new_size), new_size)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

fn checked(ptr: *mut u8, size: usize) -> *mut u8 {
    if ptr.is_null() {
        out_of_memory(size);
    }
    ptr
}

/// A message in a fixed buffer (no allocation).
struct Message {
    buf: [u8; 512],
    len: usize,
}

impl Message {
    fn new() -> Self {
        Message {
            buf: [0; 512],
            len: 0,
        }
    }
    fn push(&mut self, s: &[u8]) {
        let n = s.len().min(self.buf.len() - self.len);
        self.buf[self.len..self.len + n].copy_from_slice(&s[..n]);
        self.len += n;
    }
    fn push_number(&mut self, mut n: usize) {
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        self.push(&digits[i..]);
    }
    fn write_to(&self, fd: i32) {
        // SAFETY: the pointer and length describe initialised bytes of `buf`.
        unsafe {
            libc::write(fd, self.buf.as_ptr().cast(), self.len);
        }
    }
}

fn out_of_memory(size: usize) -> ! {
    let text = |m: &mut Message| {
        m.push(b"out of memory: allocating ");
        m.push_number(size);
        m.push(
            b" bytes failed (the machine's memory or the `ulimit -v` limit is reached); \
              files written before are untouched",
        );
    };
    let mut line = Message::new();
    line.push(b"error: ");
    text(&mut line);
    line.push(b"\n");
    line.write_to(2);
    if JSON.load(Ordering::Relaxed) {
        let mut json = Message::new();
        json.push(b"{\"error\":\"");
        text(&mut json);
        json.push(b"\",\"kind\":\"runtime\",\"exit_code\":1}\n");
        json.write_to(1);
    }
    // SAFETY: `_exit` ends the process at once, running no handlers (which might allocate).
    unsafe { libc::_exit(1) }
}
