/// Where a file may access one of a few members through a dot: `._title` in `task._title = x`.
///
/// The generator warns about writes to the storage of tracked members outside their classes, in
/// any file of the target. Finding them must cost files that hold none about nothing: this scan
/// looks at each byte once for `.` followed by `_`, and reads the name after it only there, so a
/// file is lexed only when it names such a member through a dot.
///
/// ```swift
/// let scan = StorageAccessScan(names: ["_title"])
/// scan.accesses(in: Array("task._title = \"x\"; task._titles = []".utf8))   // [5..<11]
/// ```
///
/// What it finds may sit in a comment or a string; the caller's tokens tell.
package struct StorageAccessScan: Sendable {
    private let names: Set<ArraySlice<UInt8>>
    /// The length of the shortest and of the longest name, to pass over other names unhashed.
    private let lengths: ClosedRange<Int>

    /// A scan for the members named `names`, each as declared (`_title`).
    package init(names: some Sequence<String>) {
        self.names = Set(names.map { ArraySlice($0.utf8) })
        let counts = self.names.map(\.count)
        lengths = (counts.min() ?? 0)...(counts.max() ?? 0)
    }

    /// Whether there is no name to look for.
    package var isEmpty: Bool { names.isEmpty }

    /// The byte ranges of the names found right after a `.`, in order.
    package func accesses(in bytes: [UInt8]) -> [Range<Int>] {
        guard !names.isEmpty else { return [] }
        var found: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in
            var index = 1
            // `_` is rare in Swift code, which is written in camel case: look for it first.
            while let underscore = ByteSearch.firstIndex(of: UInt8(ascii: "_"), in: buffer, from: index) {
                index = underscore + 1
                guard underscore > 0, buffer[underscore - 1] == UInt8(ascii: ".") else { continue }
                var end = index
                while end < buffer.count, ExtensionScan.isNameByte(buffer[end]) { end += 1 }
                if lengths.contains(end - underscore), names.contains(bytes[underscore..<end]) { found.append(underscore..<end) }
                index = end
            }
        }
        return found
    }
}
