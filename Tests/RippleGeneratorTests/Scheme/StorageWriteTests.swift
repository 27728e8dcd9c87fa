import RippleGenerator
import Testing

/// The storage of a tracked member cannot be `private` (the generated accessors in another file
/// use it), so any file of the module could write `_title` and bypass tracking, history and the
/// journal: a write outside the member's class and its extensions is a warning on its line, with
/// what to write instead. The class's own code writing its storage is deliberate and not warned.
@Suite struct StorageWriteTests {
    static let model = """
        // ripple: root
        final class Task {
            let tracker = Tracker()
            // ripple: property
            var _title = ""
            // ripple: property
            var _tags: [String] = []
            // ripple: property
            var _count = 0
            // ripple: property
            var _origin = Point()
            // ripple: node
            var _subtasks: [Task] = []

            init(title: String) {
                self._title = title
                _count = 1
            }

            func reset(_ other: Task) {
                other._title = ""
                other._tags.removeAll()
                other._subtasks.append(self)
            }

            final class Builder {
                func build(into task: Task) { task._count += 1 }
            }
        }

        struct Point { var x = 0.0 }
        """

    /// The warnings of a run over the model and `files`, as ripple-gen prints them.
    private func warnings(_ files: [String: String]) -> [String] {
        let sources = (["Model.swift": Self.model].merging(files) { $1 }).sorted { $0.key < $1.key }
        return Generator.generate(sources.map { (path: $0.key, bytes: Array($0.value.utf8)) }).diagnostics.map(\.description)
    }

    private func warning(_ location: String, _ storage: String, _ member: String, use replacement: String) -> String {
        "\(location): warning: '\(storage)' is the storage of '\(member)' of class 'Task': a write outside the class and "
            + "its extensions bypasses Ripple (no notification, undo step or document change); use '\(replacement)' instead, "
            + "inside an update"
    }

    @Test func theClassesOwnCodeIsNotWarned() {
        let ownExtension = """
            extension Task {
                func rename(from other: Task) {
                    other._title = _title
                    _tags.append("renamed")
                }
            }
            """
        #expect(warnings(["Task+Rename.swift": ownExtension]) == [])
    }

    @Test func everyKindOfWriteElsewhereIsWarnedOnItsLine() {
        let source = """
            func edit(_ task: Task, _ maybe: Task?, _ tasks: [Task]) {
                task._title = "x"
                task._tags.append("y")
                task._count += 1
                swap(&task._count, &tasks[0]._count)
                maybe?._title = "z"
                tasks.first!._tags[0] = "w"
                task._origin.x = 2
                task._subtasks[0] = task
                tasks.forEach { $0._count -= 1 }
            }
            """
        #expect(warnings(["Edit.swift": source]) == [
            warning("Edit.swift:2:10", "_title", "title", use: "task.title"),
            warning("Edit.swift:3:10", "_tags", "tags", use: "task.tags"),
            warning("Edit.swift:4:10", "_count", "count", use: "task.count"),
            warning("Edit.swift:5:16", "_count", "count", use: "task.count"),
            warning("Edit.swift:5:34", "_count", "count", use: "tasks[0].count"),
            warning("Edit.swift:6:12", "_title", "title", use: "maybe?.title"),
            warning("Edit.swift:7:18", "_tags", "tags", use: "tasks.first!.tags"),
            warning("Edit.swift:8:10", "_origin", "origin", use: "task.origin"),
            warning("Edit.swift:9:10", "_subtasks", "subtasks", use: "task.subtasks"),
            warning("Edit.swift:10:24", "_count", "count", use: "$0.count"),
        ])
    }

    @Test func readsKeyPathsCommentsAndStringsAreNotWarned() {
        let source = """
            func show(_ task: Task) -> String {
                let title = task._title
                if task._count == 2 || task._count >= 3 { return "" }
                let sorted = task._tags.sorted()
                let key = \\Task._title
                let nested = \\Task._subtasks[0]._count
                // task._title = "in a comment"
                task._subtasks[0].title = "through the node's own accessor"
                _ = (sorted, key, nested, task._tags.count, task._origin.x)
                return "task._title = \\(title)"
            }
            """
        #expect(warnings(["Show.swift": source]) == [])
    }

    @Test func aWriteInAFileWithoutAnnotationsIsFound() {
        // The fast scan skips the file; the storage scan finds the write all the same.
        let source = "import Foundation\n\nfunc clear(_ task: Task) {\n    task._tags = []\n}\n"
        #expect(warnings(["Clear.swift": source]) == [warning("Clear.swift:4:10", "_tags", "tags", use: "task.tags")])
    }

    @Test func aWriteInAnotherTrackedClassIsWarned() {
        let project = """
            // ripple: node
            final class Project {
                let tracker = Tracker()
                // ripple: node
                var _tasks: [Task] = []

                func archive() {
                    for task in _tasks { task._title = "Archived" }
                }
            }
            """
        #expect(warnings(["Project.swift": project]) == [warning("Project.swift:8:35", "_title", "title", use: "task.title")])
    }

    @Test func aStorageNameOfSeveralClassesIsNotWarnedInAnyOfThem() {
        // Which class `other` is cannot be told without types: inside either, it may be its own.
        let project = """
            // ripple: node
            final class Project {
                let tracker = Tracker()
                // ripple: property
                var _title = ""

                func copy(to other: Task) { other._title = _title }
            }

            func retitle(_ project: Project) { project._title = "x" }
            """
        #expect(warnings(["Project.swift": project]) == [
            "Project.swift:10:44: warning: '_title' is the storage of 'title' of class 'Task' or 'Project': a write outside "
                + "the class and its extensions bypasses Ripple (no notification, undo step or document change); use "
                + "'project.title' instead, inside an update",
        ])
    }

    @Test func aStorageNameOfManyClassesNamesAFew() {
        let message = SchemeMessage.untrackedWrite(
            storage: "_id", member: "id", classNames: ["A", "B", "C"], otherClassCount: 1_200, replacement: "node.id")
        #expect(message.text.hasPrefix("'_id' is the storage of 'id' of class 'A' or 'B' or 'C' or 1,200 other classes: "))
    }

    @Test func memberWritesAreReadFromTheTokens() {
        func write(_ source: String, member: String = "_x", reachesInside: Bool = true) -> MemberWrite.Kind? {
            let file = SourceFile(path: "A.swift", text: source)
            let tokens = Lexer.tokenize(file).tokens
            let index = tokens.firstIndex { file.text($0.range) == member }!
            return MemberWrite(memberAt: index, in: tokens, of: file.bytes, reachesInside: reachesInside)?.kind
        }
        #expect(write("a._x = 1") == .assignment)
        #expect(write("a.b(c)[d]?._x &<<= 1") == .assignment)
        #expect(write("a._x ??= 1") == .assignment)
        #expect(write("f(&a._x)") == .inoutArgument)
        #expect(write("a._x.y.z = 1") == .assignment)
        #expect(write("a._x[0].sort()") == .mutatingCall)
        #expect(write("a._x.removeAll { $0 }") == .mutatingCall)
        #expect(write("a._x == 1") == nil)
        #expect(write("a._x != 1") == nil)
        #expect(write("a._x <= 1") == nil)
        #expect(write("a._x.sorted()") == nil)
        #expect(write("a._x ? 1 : 2") == nil)
        #expect(write("a & b._x") == nil)
        #expect(write("a._x\n[1].forEach { _ in }") == nil, "a line starting with `[` is another statement")
        #expect(write("f(._x)") == nil, "an implicit member")
        #expect(write("\\A._x") == nil, "a key path")
        // A member holding objects: its elements are written, not their own members.
        #expect(write("a._x[0] = b", reachesInside: false) == .assignment)
        #expect(write("a._x.append(b)", reachesInside: false) == .mutatingCall)
        #expect(write("a._x[0].y = 1", reachesInside: false) == nil)
        #expect(write("a._x[0].sort()", reachesInside: false) == nil)
        #expect(write("f(&a._x[0].y)", reachesInside: false) == nil)
    }

    @Test func theStorageScanFindsNamesAfterADotOnly() {
        let scan = StorageAccessScan(names: ["_title", "_x"])
        let text = "a._title = b._titles; c._x; _title; d. _title; e._x_y; é._title"
        let found = scan.accesses(in: Array(text.utf8)).map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
        #expect(found == ["_title", "_x", "_title"])
        #expect(StorageAccessScan(names: []).accesses(in: Array(text.utf8)) == [])
    }
}
