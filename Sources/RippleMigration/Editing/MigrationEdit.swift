import RippleGenerator

/// One change `ripple-gen migrate` makes to a source file, with the line it concerns and what
/// it does, as the command prints it:
///
/// ```
/// Model/Library.swift:12: made '_userID' internal (removed 'fileprivate')
/// ```
package struct MigrationEdit: Hashable, Sendable, CustomStringConvertible {
    /// What an edit changes.
    package enum Change: Hashable, Sendable {
        /// A `// sourcery:inline:` ... `// sourcery:end` region and the declarations it held.
        case deletedInlineRegion(lines: ClosedRange<Int>, names: [String])
        /// Quantwm's `static let rootK = QWRootProperty(...)` and its annotation.
        case deletedRootProperty(name: String)
        /// The `mediator.registerRoot(model:rootProperty:)` call that used the root property.
        case deletedRootRegistration(call: String)
        /// A `fileprivate` or `private` modifier of a tracked member's backing field.
        case widenedAccess(member: String, modifier: String)
        /// `let tracker = Tracker()` added to a root or node class.
        case addedTracker(className: String)
        /// An `import` added for the tracker's type.
        case addedImport(module: String)
        /// A `dependency` naming a Quantwm read map, replaced by the paths the map reads.
        case translatedDependency(map: String, paths: [String])
        /// A read map that only translated dependencies used.
        case deletedReadMap(name: String)
        /// `: QWNode` removed from `protocol QWNode_S: QWNode {}`.
        case removedRefinement(marker: String, refined: String)
    }

    /// How an edit changes the bytes of its file.
    enum Operation: Hashable, Sendable {
        /// Deletes whole lines (and the blank lines the deletion leaves doubled).
        case deleteLines(ClosedRange<Int>)
        /// Replaces a byte range (empty to insert).
        case replace(Range<Int>, with: String)
    }

    /// The path of the file, as given.
    package var file: String
    /// The line the change concerns, in the file before migrating.
    package var line: Int
    package var change: Change
    var operation: Operation

    init(file: String, line: Int, change: Change, operation: Operation) {
        self.file = file
        self.line = line
        self.change = change
        self.operation = operation
    }

    /// What the edit did, in a sentence.
    package var message: String {
        switch change {
        case .deletedInlineRegion(let lines, let names):
            let held = names.isEmpty ? "" : " with \(NameList.text(names))"
            return "deleted the 'sourcery:inline' region (lines \(lines.lowerBound)-\(lines.upperBound))\(held)"
        case .deletedRootProperty(let name):
            return "deleted Quantwm's root property '\(name)'"
        case .deletedRootRegistration(let call):
            return "deleted '\(call)(...)', which registered the root property; give the root to 'Mediator(root:)' instead"
        case .widenedAccess(let member, let modifier):
            return "made '\(member)' internal (removed '\(modifier)')"
        case .addedTracker(let className):
            return "added 'let tracker = Tracker()' to class '\(className)'"
        case .addedImport(let module):
            return "added 'import \(module)'"
        case .translatedDependency(let map, let paths):
            return "replaced dependency '\(map)' by the paths it reads: \"\(paths.joined(separator: ", "))\""
        case .deletedReadMap(let name):
            return "deleted read map '\(name)', which only the replaced dependency used"
        case .removedRefinement(let marker, let refined):
            return "made '\(marker)' a plain marker (removed its refinement of '\(refined)')"
        }
    }

    /// `path:line: message`.
    package var description: String { "\(file):\(line): \(message)" }
}
