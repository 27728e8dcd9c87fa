import Foundation

/// The files table 16 gives `ripple-gen`, written into a folder: ordinary Swift without an
/// annotation, and a small annotated model to sit beside them.
enum PlainSources {
    /// Writes about `byteCount` bytes of ordinary Swift with no annotation into `folder`, in
    /// files of about `bytesPerFile` (structs, enums, protocols, generics, closures, string
    /// literals, comments); with `naming`, each file's first line also names that text in a
    /// comment. Returns the files' paths.
    static func writePlainTree(
        byteCount: Int, bytesPerFile: Int = 20_000, naming: String? = nil, into folder: URL
    ) throws -> [String] {
        var paths: [String] = []
        var total = 0
        var declaration = 0
        while total < byteCount {
            var text = (naming.map { "// Callers reach `\($0)` through the model.\n" } ?? "") + "import Foundation\n"
            while text.utf8.count < bytesPerFile {
                text += plainDeclaration(declaration)
                declaration += 1
            }
            total += text.utf8.count
            let path = folder.appendingPathComponent("File\(paths.count).swift").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        return paths
    }

    /// Writes a model of `classCount` annotated node classes under one root into `folder`, one
    /// file; returns its path.
    static func writeModel(classCount: Int, into folder: URL) throws -> String {
        var text = """
            import Ripple

            // ripple: root
            final class BenchModelRoot {
                let tracker = Tracker()

                // ripple: node
                var _first = BenchNode0()

                init() {}
            }

            """
        for index in 0..<classCount {
            let next = index + 1 < classCount ? "BenchNode\(index + 1)" : "BenchNode0"
            text += """

                // ripple: node
                final class BenchNode\(index) {
                    let tracker = Tracker()

                    // ripple: property
                    var _title = "Node \(index)"

                    // ripple: property
                    var _count = \(index)

                    // ripple: node
                    var _next: \(next)? = nil

                    // ripple: node
                    var _children: [\(next)] = []

                    init() {}
                }

                """
        }
        let path = folder.appendingPathComponent("BenchModel.swift").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    // MARK: Files without annotations

    private static func plainDeclaration(_ index: Int) -> String {
        switch index % 5 {
        case 0:
            """

            /// A value type with a few stored properties and a computed one.
            public struct Record\(index): Hashable, Sendable, Codable {
                public var id: Int = \(index)
                public var title: String = "Record #\(index) — \\(\(index) * 2)"
                public var tags: [String] = ["alpha", "beta", "γ"]
                var ratio: Double { Double(id) / 3.0 }

                public init(id: Int, title: String) {
                    self.id = id
                    self.title = title
                }

                func scaled(by factor: Double) -> Double {
                    ratio * factor + (tags.isEmpty ? 0 : 1)
                }
            }

            """
        case 1:
            """

            enum State\(index): String, CaseIterable {
                case idle, loading = "is-loading", failed
                case finished

                /* A block comment with a fake annotation-looking text: ripple, property, node.
                   It spans lines /* and nests */ like Swift allows. */
                var isTerminal: Bool {
                    switch self {
                    case .failed, .finished: return true
                    case .idle, .loading: return false
                    }
                }
            }

            """
        case 2:
            """

            protocol Source\(index): AnyObject {
                associatedtype Element
                func next() async throws -> Element?
            }

            extension Array where Element == Int {
                func checksum\(index)() -> Int {
                    reduce(into: 0) { partial, value in partial = partial &* 31 &+ value }
                }
            }

            """
        case 3:
            #"""

            @MainActor
            final class Controller\#(index)<Model: Equatable> {
                private var model: Model
                private var observers: [(Model) -> Void] = []
                let label = """
                    Multi-line text for controller \#(index):
                    "quoted", \(escaped), and // not a comment
                    """

                init(model: Model) { self.model = model }

                func update(_ transform: (inout Model) throws -> Void) rethrows {
                    let old = model
                    try transform(&model)
                    if old != model { observers.forEach { $0(model) } }
                }
            }

            """#
        default:
            """

            // MARK: - Helpers \(index)

            @inlinable
            func clamp\(index)<T: Comparable>(_ value: T, _ range: ClosedRange<T>) -> T {
                min(max(value, range.lowerBound), range.upperBound)
            }

            let table\(index): [String: Int] = ["one": 1, "two": 2, "three": 3, "#\(index)": \(index)]

            """
        }
    }
}
