#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes the C heap holds for the program, read from the allocator's own statistics.
///
/// Every Swift allocation (objects, array and string buffers, closure contexts, boxed
/// existentials) ends up in `malloc`, so a loop that allocates and keeps anything grows this
/// number. It is the *net* growth: a loop that allocates and frees again in each iteration
/// leaves it unchanged, but then pays a `malloc`/`free` pair per operation (tens of
/// nanoseconds), which the timing tables show at once.
enum HeapUsage {
    /// The bytes currently allocated, or `nil` where the allocator cannot tell.
    static func bytesInUse() -> Int? {
        #if canImport(Glibc)
        // glibc's `mallinfo2()` is declared in <malloc.h>, which Swift's Glibc module does not
        // import; it is looked up at run time instead. It returns `struct mallinfo2` (ten
        // `size_t`) by value: a struct larger than 16 bytes comes back through a hidden pointer
        // on every 64-bit ABI, so declaring the result as another, larger C struct (`rusage`)
        // calls it correctly and leaves the ten fields at the start of the buffer.
        guard let mallinfo2 = glibcMallinfo2 else { return nil }
        var info = mallinfo2()
        return withUnsafeBytes(of: &info) { fields in
            let allocatedInArenas = fields.load(fromByteOffset: 7 * MemoryLayout<Int>.stride, as: Int.self)  // uordblks
            let allocatedInMaps = fields.load(fromByteOffset: 4 * MemoryLayout<Int>.stride, as: Int.self)    // hblkhd
            return allocatedInArenas + allocatedInMaps
        }
        #elseif canImport(Darwin)
        var statistics = malloc_statistics_t()
        malloc_zone_statistics(nil, &statistics)
        return Int(statistics.size_in_use)
        #else
        return nil
        #endif
    }

    /// How many bytes the heap grew while `work` ran, measured after one run to warm up (so that
    /// lazily created caches and buffers are not counted), or `nil` where it cannot be read.
    @MainActor
    static func growth(during work: () throws -> Int) rethrows -> Int? {
        Blackhole.consume(try work())
        guard let before = bytesInUse() else { return nil }
        let result = try work()
        guard let after = bytesInUse() else { return nil }
        Blackhole.consume(result)
        return after - before
    }

    #if canImport(Glibc)
    private typealias Mallinfo2 = @convention(c) () -> rusage

    private static let glibcMallinfo2: Mallinfo2? = {
        guard MemoryLayout<rusage>.size >= 10 * MemoryLayout<Int>.size,
              let symbol = dlsym(dlopen(nil, RTLD_NOW), "mallinfo2") else { return nil }
        return unsafeBitCast(symbol, to: Mallinfo2.self)
    }()
    #endif
}
