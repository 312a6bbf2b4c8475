#if os(Linux)
import GlibcMalloc
#endif

/// How the process's allocator keeps memory, set before anything is read.
enum AllocatorTuning {
    /// On Linux, glibc's malloc (`mallopt` and `M_TRIM_THRESHOLD`, `M_TOP_PAD`, `M_MMAP_THRESHOLD`, from <malloc.h>)
    /// gives freed memory back at once by default: a walk thread's arena shrank after each large file's tokens were
    /// freed and grew again for the next (835 `mprotect` calls in one doctor run on element-x-ios, each taking the
    /// address space's lock while the other cores faulted pages in), and every array over 128 KB was a fresh `mmap`,
    /// its pages zeroed by the kernel again. Kept instead, doctor made 13% fewer page faults and ran 5–10% faster on
    /// six real apps. A run lasts a fraction of a second; the MCP server keeps at most its largest audit's memory.
    /// Darwin's malloc keeps freed memory in its own magazines and has no such switch.
    static func apply() {
        #if os(Linux)
        _ = mallopt(M_TRIM_THRESHOLD, 64 << 20)
        _ = mallopt(M_TOP_PAD, 16 << 20)
        // glibc's largest (HEAP_MAX_SIZE / 2 on 64 bits): allocations below it come from the arenas.
        _ = mallopt(M_MMAP_THRESHOLD, 32 << 20)
        #endif
    }
}
