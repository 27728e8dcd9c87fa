/// A realistic annotated model file exercising many Swift constructs at once.
let realisticModelSource = ###"""
#!/usr/bin/env swift
// Copyright header: attached to the import below, which is a declaration.

import Foundation
@preconcurrency import Dispatch
import struct Observation.ObservationRegistrar

infix operator <~> : AdditionPrecedence
precedencegroup PipePrecedence {
    associativity: left
    higherThan: AssignmentPrecedence
}

/// The document.
// ripple: root
@MainActor
public final class Library: NSObject, QWRoot_S, @unchecked Sendable {
    let tracker = Tracker()

    // ripple: property
    var _userID: Int = 0 // trailing comment: dangling

    // ripple: property, discardable
    var _selectedID: UUID? = nil

    /// The shelves, in display order.
    // ripple: node
    // ripple: dependency = [selectedID]
    private(set) var _shelves: [Shelf] = []

    // ripple: node
    var _catalog: Catalog = Catalog()

    // ripple: node, type = Track
    var _tracksByID: [String : Track]? = [:]

    // ripple: readOnly, dependency = [selectedID, shelves.all]
    var _selectedShelf: Shelf? {
        // A comment inside a getter: dangling.
        _shelves.first { $0.id == _selectedID }
    }

    // ripple: property
    var _title = "Untitled // not a comment" {
        didSet { print("title changed: \(oldValue) -> \(_title) // still a string") }
    }

    var status = """
        // ripple: property   <- inside a multi-line string
        \(Self.describe(#"raw "quote" // no"#))
        """

    let pattern = /[a-z]+\/\d*/
    let extendedPattern = #/
        (?<word> \w+ )  # a comment of the regex, not of Swift
    /#
    static let sortKey = \Library._userID

    nonisolated(unsafe) static var shared: Library?
    @ObservationIgnored lazy var formatter: DateFormatter = {
        let formatter = DateFormatter()
        /* configure: ripple: property */
        formatter.dateStyle = .short
        return formatter
    }()

    var a = 1, b: Int = 2, c = "three"

    #if DEBUG
    // ripple: property, derived
    var _debugCounter = 0
    #if os(macOS)
    var _macOnly: Set<Node> = []
    #endif
    #else
    var _releaseOnly: [Int] = []
    #endif

    override init() {
        // ripple: property  <- inside an initializer: dangling
        super.init()
    }

    deinit { print("bye") }

    func validate() throws {
        guard _userID >= 0 else { throw ValidationError.negative }
        class LocalType { var notAMember = 0 }
    }

    @discardableResult
    static func make<T: Sequence>(from items: T, limit: Int = 10) async throws(LoadError) -> Library where T.Element == Shelf {
        Library()
    }

    subscript(index: Int) -> Shelf? { _shelves.indices.contains(index) ? _shelves[index] : nil }

    static func == (lhs: Library, rhs: Library) -> Bool { lhs === rhs }

    enum ValidationError: Error, Equatable {
        case negative
        case tooLong(limit: Int, actual: Int), unknown
        indirect case nested(ValidationError)
    }

    // The last comment in the class: dangling.
}

// ripple: node
final class Shelf: QWNode_S {
    let tracker = Tracker()
    let id = UUID()

    // ripple: property
    var _name: String = "" {
        willSet { }
        didSet { }
    }

    // ripple: node
    var _entries: [Track] = []

    // ripple: readOnly
    var _count: Int { get { _entries.count } }

    weak var owner: Library?
    unowned(unsafe) let registry: Registry
    var `class`: String = "keyword name"
    var naïveÉtat = 0

    init(name: String) { self._name = name; self.registry = .shared }
}

// ripple: node
class Catalog {
    let tracker = Tracker()
    // ripple: property
    var _total = 0
    var _children: [Catalog] = []

    struct Entry: Hashable {
        var key: String
        let value: Int

        enum Kind { case plain, rich }
    }
}

extension Library {
    var shelfCount: Int { _shelves.count }
    func reset() { _shelves = [] }
}

extension Catalog.Entry: CustomStringConvertible where Value: Sendable {
    var description: String { "\(key)=\(value)" }
}

@resultBuilder
struct ShelfBuilder {
    static func buildBlock(_ parts: Shelf...) -> [Shelf] { parts }
}

protocol Named: AnyObject {
    associatedtype Identifier: Hashable = String
    var name: String { get set }
    func rename(to name: String) async
}

actor Loader {
    private var cache: [URL: Data] = [:]
    func load(_ url: URL) async throws -> Data { try await fetch(url) }
}

@freestanding(expression)
public macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "Macros", type: "Stringify")

#if canImport(SwiftUI)
import SwiftUI
#Preview("Library") {
    LibraryView(library: Library())
}
#endif

#warning("remove before shipping")
let globalCounter = 0
"""###
