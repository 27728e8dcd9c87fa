/// Swift sources made up for the generator benchmark, in memory.
enum SyntheticSources {
    /// One source file: where it would live and its UTF-8 bytes (what the generator reads).
    struct File {
        let path: String
        let bytes: [UInt8]

        init(path: String, text: String) {
            self.path = path
            bytes = Array(text.utf8)
        }
    }

    // MARK: Annotated model

    /// A model of `classCount` annotated node classes under one root, `classesPerFile` to a
    /// file: every member shape the generator handles, chained so that all are reachable.
    static func annotatedModel(classCount: Int, classesPerFile: Int = 20) -> [File] {
        var files: [File] = []
        var text = rootClass(firstNode: "Node0")
        for index in 0..<classCount {
            text += nodeClass(index, classCount: classCount)
            if (index + 1) % classesPerFile == 0 || index == classCount - 1 {
                files.append(File(path: "Model/Nodes\(files.count).swift", text: "import Ripple\n" + text))
                text = ""
            }
        }
        return files
    }

    private static func rootClass(firstNode: String) -> String {
        """

        /// The root of the synthetic model.
        // ripple: root
        final class SyntheticRoot {
            let tracker = Tracker()

            // ripple: property
            var _name = "synthetic"

            // ripple: node
            var _first = \(firstNode)()

            init() {}
        }

        """
    }

    private static func nodeClass(_ index: Int, classCount: Int) -> String {
        let next = index + 1 < classCount ? "Node\(index + 1)" : "Node0"
        let child = "Node\((index * 7 + 3) % classCount)"
        return """

            /// Node \(index) of the synthetic model: a title, counters, tags and links.
            // ripple: node
            final class Node\(index) {
                let tracker = Tracker()
                let identifier: Int

                // ripple: property
                var _title = "Node \(index)"

                // ripple: property
                var _count = \(index % 97)

                // ripple: property, discardable
                var _isExpanded = false

                // ripple: property
                var _tags: [String] = ["n\(index)", "synthetic"]

                // ripple: property, derived
                var _score: Double = 0

                // ripple: node
                var _next: \(next)? = nil

                // ripple: node
                var _children: [\(child)] = []

                // ripple: node, readOnly, dependency = [children]
                var _firstChild: \(child)? { _children.first }

                init(identifier: Int = \(index)) {
                    self.identifier = identifier
                }

                /// A one-line description for logs.
                func summary() -> String {
                    let parts = [_title, String(_count), _tags.joined(separator: ",")]
                    return parts.joined(separator: " | ")
                }

                func reset() {
                    _count = 0
                    _tags.removeAll()
                    _isExpanded = false
                }

                func adding(_ amount: Int) -> Int {
                    guard amount > 0 else { return _count }
                    return _count &+ amount * \(index % 13 + 1)
                }
            }

            """
    }

    // MARK: Files without annotations

    /// About `byteCount` bytes of ordinary Swift with no annotation, in files of about
    /// `bytesPerFile`: structs, enums, protocols, generics, closures, string literals, comments.
    static func plainTree(byteCount: Int, bytesPerFile: Int = 20_000) -> [File] {
        var files: [File] = []
        var total = 0
        var declaration = 0
        while total < byteCount {
            var text = "import Foundation\n"
            while text.utf8.count < bytesPerFile {
                text += plainDeclaration(declaration)
                declaration += 1
            }
            total += text.utf8.count
            files.append(File(path: "Sources/Module\(files.count / 50)/File\(files.count).swift", text: text))
        }
        return files
    }

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
