import Foundation
import LibraryModel
import Observation
import Ripple

// Checks a plugin-built model against the DocC article "Runtime Semantics": who fires, in
// which order, and when nobody does. Prints one line per check and exits 1 if any fails.

let library = Library(shelves: [
    Shelf(id: 0, title: "Inbox", entries: ["a"]),
    Shelf(id: 1, title: "Reading", entries: ["b", "c"]),
    Shelf(id: 2, title: "Done"),
])
let mediator = Mediator(root: library)
mediator.isLogging = true
mediator.contracts = Contracts(.record)
var failures: [String] = []
var headerShows = ""

let header = mediator.observe("header", reads: [Library.scheme.selectedCount, Library.scheme.catalog.total]) { library in
    headerShows = "\(library.selectedCount) selected, \(library.catalog.total) in all"
}
let count = try mediator.process(
    "count", reads: [Library.scheme.selectedShelf.all], writes: [Library.scheme.selectedCount]
) { library in
    library.selectedCount = library.selectedShelf?.entries.count ?? 0
}
let reset = mediator.coordinate("reset", priority: -1, reads: [Library.scheme.userID]) { library in
    library.selectedID = nil
}

/// Runs `body` and compares the registrations that fired (`role name`, in order) with `expected`.
@MainActor
func check(_ title: String, fires expected: [String], _ body: () throws -> Void) {
    let lastRefresh = mediator.refreshLog.last?.number ?? 0
    do {
        try body()
    } catch {
        failures.append("\(title): threw \(error)")
    }
    let fired = mediator.refreshLog.filter { $0.number > lastRefresh }.flatMap(\.firings).map { "\($0.role) \($0.registration)" }
    expect(title, fired, expected)
}

@MainActor
func expect<Value: Equatable>(_ title: String, _ actual: Value, _ expected: Value) {
    if actual == expected {
        print("ok    \(title)")
    } else {
        print("FAIL  \(title)\n      expected: \(expected)\n      actual:   \(actual)")
        failures.append(title)
    }
}

check("the first refresh fires everyone once: coordinator, processor, then its reader",
      fires: ["coordinator reset", "processor count", "observer header"]) {
    mediator.refresh()
}
check("selecting a shelf runs the processor before the observer that reads its result",
      fires: ["processor count", "observer header"]) {
    try mediator.update { $0.selectedID = 1 }
}
expect("the observer saw the processor's result", headerShows, "2 selected, 0 in all")
check("a coordinator's write reaches the others in the same refresh",
      fires: ["coordinator reset", "processor count", "observer header"]) {
    try mediator.update { $0.userID += 1 }
}
expect("the coordinator cleared the selection", headerShows, "0 selected, 0 in all")
check("writing an equal value notifies nobody", fires: []) {
    try mediator.update { $0.catalog.total = 0 }
}
check("re-selecting", fires: ["processor count", "observer header"]) {
    try mediator.update { $0.selectedID = 1 }
}
check("a write to a shelf that is not selected notifies nobody", fires: []) {
    try mediator.update { $0.shelves[0].entries.append("z") }
}
check("a write inside the selected shelf reaches its subtree reader and on", fires: ["processor count", "observer header"]) {
    try mediator.update { $0.shelves[1].entries.append("d") }
}
check("a processor that writes an unchanged value stops the ripple there", fires: ["processor count"]) {
    try mediator.update { $0.shelves[1].title = "Reading list" }
}
do {
    let lastRefresh = mediator.refreshLog.last?.number ?? 0
    var thrown: (any Error)?
    do {
        try mediator.update { library in
            library.shelves[1].entries.append("e")
            library.shelves[1].title = ""
        }
    } catch {
        thrown = error
    }
    expect("a failed validation rethrows its error", thrown as? ShelfError, .untitled(id: 1))
    expect("and rolls every write back", [library.shelves[1].title] + library.shelves[1].entries, ["Reading list", "b", "c", "d"])
    expect("and notifies nobody", mediator.refreshLog.filter { $0.number > lastRefresh }.flatMap(\.firings).count, 0)
}
check("nested updates refresh once, at the end of the outermost", fires: ["observer header"]) {
    try mediator.update { library in
        library.catalog.total = 1
        try mediator.update { $0.catalog.total = 2 }
    }
}
expect("the observer saw the last value", headerShows, "3 selected, 2 in all")
check("a cancelled registration never fires again", fires: []) {
    header.cancel()
    try mediator.update { $0.catalog.total = 3 }
}

// Every member shape, across the module boundary.
var seen: [String] = []
let total = mediator.observe("total", reads: [Library.scheme.catalog.total]) { _ in seen.append("total") }
let codes = mediator.observe("codes", reads: [Library.scheme.shelvesByCode.title]) { library in
    seen.append(library.shelvesByCode.values.map(\.title).sorted().joined(separator: ","))
}
let entryCount = mediator.observe("entry count", reads: [Library.scheme.entryCount]) { library in
    seen.append("\(library.entryCount) entries")
}
let drafts = mediator.observe("drafts", reads: [Library.scheme.drafts.title, Library.scheme.archive.title]) { library in
    seen.append("drafts \(library.drafts.count), archive \(library.archive?.count ?? 0)")
}
let name = mediator.observe("name", reads: [Library.scheme.name]) { library in seen.append(library.name) }
mediator.refresh()
expect("new registrations fire once", seen, ["total", "", "5 entries", "drafts 0, archive 0", "Library"])
seen.removeAll()
let coded = Shelf(id: 7, title: "Coded")
check("a shared member notifies the readers of the property it shares", fires: ["observer total"]) {
    try mediator.update { $0.catalog.adjustment = 5 }
}
check("a path through a dictionary reaches the values put in it", fires: ["observer codes"]) {
    try mediator.update { $0.shelvesByCode["c"] = coded }
}
check("and follows them", fires: ["observer codes"]) {
    try mediator.update { _ in coded.title = "Recoded" }
}
check("a readOnly property notifies on its dependencies", fires: ["observer entry count"]) {
    try mediator.update { $0.shelves[2].entries.append("x") }
}
check("typealiased and optional collections of nodes are tracked", fires: ["observer drafts"]) {
    try mediator.update { library in
        library.drafts.append(Shelf(id: 8, title: "Draft"))
        library.archive = [Shelf(id: 9, title: "Old")]
    }
}
check("a member readable off the main actor notifies like any other", fires: ["observer name"]) {
    try mediator.update { $0.name = "Home" }
}
expect("and their observers saw the changes", seen, ["total", "Coded", "Recoded", "6 entries", "drafts 1, archive 1", "Home"])
expect("a member writable off the main actor reads back what was written", {
    library.progress = 0.5
    return library.progress
}(), 0.5)
_ = (total, codes, entryCount, drafts, name)

try? mediator.update { $0.userID += 1 }   // reset: nothing selected, and count and header have seen that
check("a selection that reset puts back in the same update fires only reset", fires: ["coordinator reset"]) {
    try mediator.update { library in
        library.selectedID = 1
        library.userID += 1
    }
}
check("appending in place, then removing again, notifies nobody", fires: []) {
    try mediator.update { library in
        for index in 0..<1_000 { library.shelves[0].entries.append("\(index)") }
        library.shelves[0].entries.removeLast(1_000)
    }
}
expect("in-place edits copy a collection once per update, not once per append", {
    var buffers: Set<UnsafeRawPointer?> = []
    try? mediator.update { library in
        library.shelves[1].entries.reserveCapacity(2_000)
        for index in 0..<1_000 {
            library.shelves[1].entries.append("\(index)")
            library.shelves[1].entries.withUnsafeBufferPointer { _ = buffers.insert(UnsafeRawPointer($0.baseAddress)) }
        }
    }
    return buffers.count
}(), 1)

/// Whether an Observation tracking was told of a change (its onChange may run on any thread).
nonisolated final class Invalidated: @unchecked Sendable {
    var value = false
}

@MainActor
func observationSees(_ read: () -> Void, after change: @escaping @MainActor (Library) throws -> Void) -> Bool {
    let invalidated = Invalidated()
    withObservationTracking(read) { invalidated.value = true }
    try? mediator.update(change)
    return invalidated.value
}
expect("the model is Observable (ripple.json): a real change invalidates its readers",
       observationSees({ _ = library.catalog.total }, after: { $0.catalog.total += 1 }), true)
expect("... an equal write does not",
       observationSees({ _ = library.catalog.total }, after: { $0.catalog.total = $0.catalog.total }), false)
expect("... nor an update that is rolled back",
       observationSees({ _ = library.shelves[0].title }, after: { $0.shelves[0].title = "" }), false)

expect("scheme paths name the model", [Library.scheme.catalog.total.description, Library.scheme.selectedShelf.entries.description],
       ["Library.catalog.total", "Library.selectedShelf.entries"])
expect("no contract was broken", mediator.violations.map(\.description), [])
_ = (count, reset)

try await checkMainActorModel()
try await checkMixedModel()
try checkLibraryDocuments()
try checkMainActorDocuments()
try await checkAtlasDocuments()
try checkMainActorCollaboration()
try checkLibraryCollaboration()
try checkSharedFolder()

if failures.isEmpty {
    print("integration: all checks passed")
} else {
    print("integration: \(failures.count) check(s) failed")
    exit(1)
}
