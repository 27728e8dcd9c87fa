import Foundation
@testable import Ripple
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome rule in a store: an update that cannot be written (a full disk) or encoded (a
/// NaN) with `.immediate` is rolled back and throws, as if it never ran; with a looser
/// durability it is reported and the document stays unsaved; a failed save changes nothing.
@MainActor
@Suite struct DocumentOutcomeTests {
    /// A store on a new document, with an observer of the shelves and the job, a patch stream and
    /// a failure handler, counted.
    @MainActor
    final class Watched {
        let folder: URL
        let files = FaultyFileCalls()
        let url: URL
        private(set) var store: DocumentStore<Library>?
        var fired = 0
        var patches: [Patch] = []
        var failures: [UpdateFailure] = []
        private var observer: Registration?

        init(durability: DocumentStore<Library>.Durability = .immediate) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-outcome-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            url = folder.appendingPathComponent("library.ripple")
            let store = try DocumentStore<Library>(url: url, durability: durability, files: files)
            self.store = store
            let mediator = store.mediator
            mediator.failureHandler = { [unowned self] in failures.append($0) }
            observer = mediator.observe("watcher", reads: [Library.scheme.shelves.all, Library.scheme.job.progress]) { [unowned self] _ in
                fired += 1
            }
            mediator.refresh()
            fired = 0
            mediator.patchRecorder.sinks.append { [unowned self] in patches.append($0) }
        }

        var mediator: Mediator<Library> { store!.mediator }

        /// Makes the next call of `kind` fail (`write`, `fsync`, `rename`...).
        func failNext(_ kind: String, _ fault: FaultyFileCalls.Fault = .natural) {
            files.counted = [kind]
            files.fault = fault
            files.failingCall = files.calls + 1
        }

        /// The document reopened by another store, this one closed first.
        func reopened() throws -> Library {
            store = nil
            observer = nil
            return try DocumentStore<Library>(url: url, durability: .immediate, files: FaultyFileCalls()).mediator.root
        }
    }

    private func titles(_ library: Library) -> [String] { library.shelves.map(\.title) }

    // MARK: Full disks

    @Test(arguments: [("write", FaultyFileCalls.Fault.natural), ("write", .shortWrite), ("fsync", .natural)])
    func aDurableUpdateThatCannotBeWrittenIsRolledBackAndTheStoreGoesOn(kind: String, fault: FaultyFileCalls.Fault) throws {
        let watched = try Watched()
        try watched.mediator.update { $0.shelves.append(Shelf(id: 1, title: "kept")) }
        let journal = try Data(contentsOf: URL(fileURLWithPath: watched.url.path + ".journal"))
        let counts = (watched.fired, watched.patches.count, watched.mediator.history.undoSteps.count)
        watched.failNext(kind, fault)
        #expect(throws: DocumentError.self) {
            try watched.mediator.update(undoName: "Lost") { $0.shelves.append(Shelf(id: 2, title: "lost")) }
        }
        #expect(titles(watched.mediator.root) == ["kept"], "rolled back")
        #expect(counts == (watched.fired, watched.patches.count, watched.mediator.history.undoSteps.count), "nobody heard of it")
        #expect(watched.mediator.history.undoName == nil && !watched.mediator.hasUnsavedChanges)
        #expect(try Data(contentsOf: URL(fileURLWithPath: watched.url.path + ".journal")) == journal, "no bytes left behind")
        // The disk has room again.
        try watched.mediator.update { $0.shelves.append(Shelf(id: 3, title: "next")) }
        #expect(watched.patches.map(\.sequence) == [1, 2], "no number lost")
        #expect(titles(try watched.reopened()) == ["kept", "next"])
    }

    @Test func anUndoThatCannotBeWrittenKeepsItsStep() throws {
        let watched = try Watched()
        try watched.mediator.update(undoName: "Add") { $0.shelves.append(Shelf(id: 1, title: "added")) }
        watched.failNext("write")
        #expect(throws: DocumentError.self) { try watched.mediator.history.undo() }
        #expect(watched.mediator.history.undoName == "Add" && !watched.mediator.history.canRedo, "the step stays")
        #expect(titles(watched.mediator.root) == ["added"])
        try watched.mediator.history.undo()
        #expect(titles(watched.mediator.root).isEmpty)
        watched.failNext("fsync")
        #expect(throws: DocumentError.self) { try watched.mediator.history.redo() }
        #expect(watched.mediator.history.redoName == "Add" && titles(watched.mediator.root).isEmpty)
        try watched.mediator.history.redo()
        #expect(titles(try watched.reopened()) == ["added"])
    }

    @Test func aLooserDurabilityReportsAFailedWriteAndStaysUnsavedUntilAWriteSucceeds() throws {
        let watched = try Watched(durability: .onSave)
        try watched.mediator.update { $0.shelves.append(Shelf(id: 1, title: "A")) }
        try watched.store?.sync()
        #expect(!watched.mediator.hasUnsavedChanges)
        watched.failNext("write")
        try watched.mediator.update(undoName: "B") { $0.shelves.append(Shelf(id: 2, title: "B")) }
        #expect(titles(watched.mediator.root) == ["A", "B"], "the update committed")
        #expect(watched.failures.count == 1 && watched.failures.first?.wasRolledBack == false)
        #expect(watched.failures.first.map { "\($0)" }?.contains("committed but is not on disk") == true)
        #expect(watched.mediator.hasUnsavedChanges)
        try watched.mediator.history.undo()
        #expect(watched.mediator.hasUnsavedChanges, "back at the state last saved, which the disk may not hold")
        try watched.mediator.history.redo()
        try watched.store?.sync()
        #expect(!watched.mediator.hasUnsavedChanges)
        #expect(titles(try watched.reopened()) == ["A", "B"])
    }

    @Test(arguments: ["write", "fsync", "rename", "open", "fsync folder"])
    func aFailedSaveLeavesNoFileAndBothFilesAsTheyWere(kind: String) throws {
        let watched = try Watched()
        try watched.mediator.update { $0.shelves.append(Shelf(id: 1, title: "A")) }
        let journalURL = URL(fileURLWithPath: watched.url.path + ".journal")
        let before = (try Data(contentsOf: watched.url), try Data(contentsOf: journalURL))
        watched.failNext(kind)
        #expect(throws: DocumentError.self) { try watched.store?.save() }
        #expect(!FileManager.default.fileExists(atPath: watched.url.path + ".saving"), "no file left behind")
        #expect(try Data(contentsOf: journalURL) == before.1, "the journal as it was")
        if kind != "fsync folder" {
            // (Syncing the folder fails after the rename: the new snapshot is in place, and the
            // journal, untouched, is valid beside either.)
            #expect(try Data(contentsOf: watched.url) == before.0, "the snapshot as it was")
        }
        try watched.mediator.update { $0.shelves.append(Shelf(id: 2, title: "B")) }
        try watched.store?.save()
        #expect(titles(try watched.reopened()) == ["A", "B"])
    }

    @Test func aRefusedUpdateLeavesTheParentLinksThatValidationFollows() throws {
        let watched = try Watched()
        let slices = [Slice("A", 60), Slice("B", 40)]
        try watched.mediator.update { $0.chart.slices = slices }
        #expect(throws: Chart.Problem.self, "the chart validates its slices") { try watched.mediator.update { _ in slices[0].percent = 70 } }
        // Taking the slices out is refused by the disk: they are the chart's again, and it still
        // validates them.
        watched.failNext("write")
        #expect(throws: DocumentError.self) { try watched.mediator.update { $0.chart.slices = [] } }
        #expect(throws: Chart.Problem.self, "the chart still validates its slices") { try watched.mediator.update { _ in slices[0].percent = 70 } }
        #expect(slices[0].percent == 60)
    }

    // MARK: What registrations write

    @Test func whatACoordinatorWritesIsJournaledWithItsUpdateAsOnePatch() throws {
        let watched = try Watched()
        var counter: Registration? = watched.mediator.coordinate("count", reads: [Library.scheme.shelves]) { $0.userID = $0.shelves.count }
        watched.mediator.refresh()
        let first = watched.patches.count
        try watched.mediator.update { $0.shelves.append(Shelf(id: 1, title: "A")) }
        #expect(watched.patches.count == first + 1, "one patch per update, the coordinator's write in it")
        #expect(watched.patches.last?.operations.contains { $0.member == "userID" } == true)
        counter = nil
        let reopened = try watched.reopened()
        #expect(reopened.userID == 1 && reopened.shelves.count == 1)
        _ = counter
    }

    @Test func aCoordinatorsWriteThatCannotBeJournaledLeavesTheStoreBehindUntilItsNextDurableStep() throws {
        let watched = try Watched()
        var counter: Registration? = watched.mediator.coordinate("count", reads: [Library.scheme.shelves]) { $0.userID = $0.shelves.count }
        watched.mediator.refresh()
        // The snapshot's mark and the update's own record are written; the coordinator's, after
        // the observers ran, is not.
        watched.files.counted = ["write"]
        watched.files.failingCall = watched.files.calls + 3
        try watched.mediator.update { $0.shelves.append(Shelf(id: 1, title: "A")) }
        #expect(watched.mediator.root.userID == 1, "the update and its refresh committed")
        #expect(watched.failures.count == 1 && watched.mediator.hasUnsavedChanges)
        // Its next durable step writes the whole document.
        try watched.mediator.update { $0.shelves[0].title = "first" }
        #expect(!watched.mediator.hasUnsavedChanges)
        counter = nil
        let reopened = try watched.reopened()
        #expect(reopened.userID == 1 && reopened.shelves.map(\.title) == ["first"])
        _ = counter
    }

    // MARK: Values that cannot be encoded

    @Test func anUpdateHoldingAValueTheStoreCannotEncodeIsRolledBackAndNamesTheMember() throws {
        let watched = try Watched()
        let mediator = watched.mediator
        try mediator.update { $0.gauge = Gauge() }
        let counts = (watched.fired, watched.patches.count, mediator.history.undoSteps.count)
        let error = try #require(throws: DocumentError.self) { try mediator.update { $0.gauge?.reading = .nan } }
        guard case .unencodable(let reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(reason.contains("Gauge.reading"))
        #expect(!"\(error)".contains("committed"))
        #expect(mediator.root.gauge?.reading == 0 && !mediator.hasUnsavedChanges && watched.failures.isEmpty)
        #expect(counts == (watched.fired, watched.patches.count, mediator.history.undoSteps.count))
        // New nodes holding one.
        let dial = try #require(throws: DocumentError.self) {
            try mediator.update { $0.gauge?.dials.append(Dial("speed", limit: .infinity)) }
        }
        #expect("\(dial)".contains("Dial.limit"))
        let gauge = try #require(throws: DocumentError.self) {
            try mediator.update { library in
                let gauge = Gauge()
                gauge.reading = -.infinity
                library.gauge = gauge
            }
        }
        #expect("\(gauge)".contains("Gauge.reading"))
        #expect(mediator.root.gauge?.dials.isEmpty == true && watched.patches.count == counts.1)
        // Nothing of them stays: the next updates are journaled, and a replica fed the patches
        // stays equal (the numbers the new nodes had are given again).
        let replica = try Mediator<Library>(opening: try mediator.snapshot())
        let before = watched.patches.count
        try mediator.update { $0.gauge?.dials.append(Dial("speed", limit: 90)) }
        try mediator.update { $0.gauge?.reading = 0.5 }
        for patch in watched.patches[before...] { try replica.apply(patch) }
        #expect(try replica.snapshot() == mediator.snapshot())
        let reopened = try watched.reopened()
        #expect(reopened.gauge?.reading == 0.5 && reopened.gauge?.dials.map(\.limit) == [90])
    }

    @Test func withoutAStoreAValueThatCannotBeEncodedCommitsAndIsReportedTruthfully() throws {
        let mediator = Mediator(root: makeLibrary())
        try mediator.update { $0.gauge = Gauge() }
        var failures: [UpdateFailure] = []
        mediator.failureHandler = { failures.append($0) }
        var patches: [Patch] = []
        mediator.patchRecorder.sinks.append { patches.append($0) }
        let replica = try Mediator<Library>(opening: try mediator.snapshot())
        try mediator.update { $0.gauge?.reading = .nan }
        #expect(mediator.root.gauge?.reading.isNaN == true, "the update committed")
        #expect(failures.count == 1 && failures.first?.wasRolledBack == false)
        #expect(failures.first.map { "\($0)" }?.contains("Gauge.reading") == true)
        #expect(failures.first.map { "\($0)" }?.contains("the update committed without its patch") == true)
        #expect(failures.first.map { UpdateFailure.logLine($0).contains("rolled back") } == false)
        try mediator.update { $0.gauge?.reading = 8 }
        #expect(throws: DocumentError.self, "a replica sees the gap") { try replica.apply(patches[0]) }
    }

    @Test func aFailureThatRolledBackSaysSoAndOneThatDidNotDoesNot() {
        let rolledBack = UpdateFailure(error: RippleError.mediatorGone, origin: "echo", tag: nil)
        #expect(UpdateFailure.logLine(rolledBack).contains("rolled back"))
        let stopped = UpdateFailure(error: RippleError.refreshDidNotSettle(rounds: 3, registrations: []), origin: nil, tag: nil, wasRolledBack: false)
        #expect(!UpdateFailure.logLine(stopped).contains("rolled back"))
        #expect(!"\(DocumentError.storeClosed)".contains("rolled back"))
    }
}
