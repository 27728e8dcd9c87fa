// The libFuzzer entry point over documents: each input goes to `DocumentFuzzing.run` (in
// Tests/RippleTests/Documents/DocumentFuzzing.swift, shared with the mutation loop of
// `swift test`), and a broken rule stops the run as a crash would, with the input saved.
// Built and run by run.sh in this folder, with AddressSanitizer; not part of the package.

import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let input = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated {
        let broken = DocumentFuzzing.run(input)
        if !broken.isEmpty { fatalError("a rule broke: \(broken)") }
    }
    return 0
}

/// With `RIPPLE_FUZZ_WRITE_SEEDS=<folder>`, writes the seed inputs there (real snapshots,
/// patches and store files of the test model) and exits.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    guard let folder = ProcessInfo.processInfo.environment["RIPPLE_FUZZ_WRITE_SEEDS"] else { return 0 }
    MainActor.assumeIsolated {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (index, seed) in try DocumentFuzzing.seeds().enumerated() {
                try Data(seed).write(to: URL(fileURLWithPath: folder).appendingPathComponent("seed-\(index)"))
            }
        } catch {
            fatalError("the seeds could not be written: \(error)")
        }
    }
    exit(0)
}
