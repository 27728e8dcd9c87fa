import Foundation

/// Swift sources built to stress the generator: long chains, deep nesting, many members, large
/// Sourcery regions. Each is valid unless it says otherwise, and grows linearly with its size.
///
/// The tests run them at sizes that keep `swift test` quick; `RIPPLE_FUZZ_LONG=1` runs them at
/// the sizes that crashed or took minutes before (see ``HostileModels/size(_:long:)``).
enum HostileModels {
    /// Whether the long runs are asked for (`RIPPLE_FUZZ_LONG=1`).
    static let isLong = ProcessInfo.processInfo.environment["RIPPLE_FUZZ_LONG"] == "1"

    /// `quick` in an ordinary run, `long` with `RIPPLE_FUZZ_LONG=1`.
    static func size(_ quick: Int, long: Int) -> Int {
        isLong ? long : quick
    }

    /// One root class whose readOnly members `_m0` ... `_m<count - 1>` each depend on the next;
    /// the last depends on the first when `closed` (a cycle of `count`), on a stored
    /// `_m<count>` otherwise.
    static func memberChain(_ count: Int, closed: Bool = false) -> String {
        var text = "// ripple: root\nfinal class Model {\n    let tracker = Tracker()\n"
        for index in 0..<count {
            let next = closed && index == count - 1 ? 0 : index + 1
            text += "    // ripple: property, readOnly, dependency = [m\(next)]\n    var _m\(index): Int { 0 }\n"
        }
        if !closed {
            text += "    // ripple: property\n    var _m\(count) = 0\n"
        }
        return text + "}\n"
    }

    /// `count` classes `C0` (the root) ... `C<count - 1>`, each holding the next in `_next` and a
    /// readOnly `_c` that reads `dependency` of it (`next.c`, `next.all`); the last class's `_c`
    /// is stored, or, when `closed`, reads `lastDependency` (relative to the last class) instead.
    static func classChain(_ count: Int, dependency: String = "next.c", closedBy lastDependency: String? = nil) -> String {
        var text = ""
        for index in 0..<count {
            text += "// ripple: \(index == 0 ? "root" : "node")\nfinal class C\(index) {\n    let tracker = Tracker()\n"
            if index + 1 < count {
                text += "    // ripple: node\n    var _next: C\(index + 1)? = nil\n"
                text += "    // ripple: property, readOnly, dependency = [\(dependency)]\n    var _c: Int { 0 }\n"
            } else if let lastDependency {
                text += "    // ripple: node\n    var _first: C0? = nil\n"
                text += "    // ripple: property, readOnly, dependency = [\(lastDependency)]\n    var _c: Int { 0 }\n"
            } else {
                text += "    // ripple: property\n    var _c = 0\n"
            }
            text += "}\n"
        }
        return text
    }

    /// One root class with `count` stored properties `_m0` ..., and, when `clashing`, a plain
    /// `var m<count / 2>` that the accessor of `_m<count / 2>` clashes with.
    static func manyMembers(_ count: Int, clashing: Bool = false) -> String {
        var text = "// ripple: root\nfinal class Model {\n    let tracker = Tracker()\n"
        for index in 0..<count {
            text += "    // ripple: property\n    var _m\(index) = 0\n"
        }
        if clashing {
            text += "    var m\(count / 2) = 0\n"
        }
        return text + "}\n"
    }

    /// Classes nested `depth` deep, each annotated `node` (the outermost `root`) with its tracker
    /// and an annotated property; `C<n>` is nested in `C<n - 1>`, indented by level up to 100.
    static func nestedClasses(_ depth: Int) -> String {
        var text = ""
        for level in 0..<depth {
            let indentation = String(repeating: "    ", count: min(level, 100))
            text += "\(indentation)// ripple: \(level == 0 ? "root" : "node")\n\(indentation)final class C\(level) {\n"
            text += "\(indentation)    let tracker = Tracker()\n\(indentation)    // ripple: property\n\(indentation)    var _x = 0\n"
        }
        for level in (0..<depth).reversed() {
            text += String(repeating: "    ", count: min(level, 100)) + "}\n"
        }
        return text
    }

    /// A root class whose property is initialized with a string literal whose interpolations
    /// nest `depth` deep: `"\("\(... "x" ...)")"`.
    static func nestedInterpolation(_ depth: Int) -> String {
        let literal = "\"" + String(repeating: "\\(\"", count: depth) + "x" + String(repeating: "\")", count: depth) + "\""
        return "// ripple: root\nfinal class Model {\n    let tracker = Tracker()\n    // ripple: property\n    var _x = \(literal)\n}\n"
    }

    /// A Quantwm root as Sourcery left it: `count` fileprivate properties and an inline region
    /// of eight lines per property (a key, an accessor and a blank line) after them.
    static func sourceryModel(_ count: Int) -> String {
        var text = "import Quantwm\n\nclass Store: QWRoot_S {\n"
        for index in 0..<count {
            text += "    // sourcery: property\n    fileprivate var _m\(index): Int = 0\n\n"
        }
        text += "    // sourcery:inline:Store.QuantwmDeclarationInline\n\n"
        for index in 0..<count {
            text += """
                    static let m\(index)K = QWPropProperty(propertyKeypath: \\Store.m\(index), description: "_m\(index)")
                    var m\(index): Int {
                      get {
                        return _m\(index)
                      }
                      set { _m\(index) = newValue }
                    }


                """
        }
        return text + "    // sourcery:end\n}\n"
    }

    /// A model of these builders in Quantwm's dialect: `// sourcery:` annotations, dependencies
    /// as quoted lists.
    static func sourcery(_ source: String) -> String {
        source.replacingOccurrences(of: "// ripple: ", with: "// sourcery: ")
            .replacing(#/dependency = \[([^\]]*)\]/#) { match in "dependency = \"\(match.output.1)\"" }
    }
}

/// Runs `body` on a thread with a small stack (256 KiB by default, against the main thread's
/// 8 MiB) and returns its result: a recursion as deep as the input would overflow it at sizes
/// that keep a test quick, and crash the test process.
func onSmallStack<Result: Sendable>(bytes: Int = 256 << 10, _ body: @escaping @Sendable () -> Result) -> Result {
    let box = ResultBox<Result>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = body()
        done.signal()
    }
    thread.stackSize = bytes
    thread.start()
    done.wait()
    return box.result!
}

/// The result of a thread, read once the thread has signalled that it is done.
private final class ResultBox<Result>: @unchecked Sendable {
    var result: Result?
}
