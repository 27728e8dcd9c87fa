import Foundation
import LibraryModel
import MainActorModel
import Ripple

// Collaboration as the DocC article "Editing Together" shows it, from this main-actor-by-default
// app target: replicas of plugin-built models edit at once, exchange change sets through a
// Codable transport, undo their own steps, and converge; two stores share a folder.

/// Sends each replica what the other lacks, through `JSONEncoder` as an app's transport would.
func exchange<Root: DocumentRoot>(_ a: Mediator<Root>, _ b: Mediator<Root>) throws {
    let forB = try JSONEncoder().encode(try a.changes(since: b.version))
    let forA = try JSONEncoder().encode(try b.changes(since: a.version))
    try b.merge(try JSONDecoder().decode(ChangeSet.self, from: forB))
    try a.merge(try JSONDecoder().decode(ChangeSet.self, from: forA))
}

/// `MainActorModel`: concurrent edits of one board, a concurrent move, and a local undo.
func checkMainActorCollaboration() throws {
    let mac = Mediator(root: Board())
    try mac.update { board in
        board.title = "Sprint"
        board.columns = [Column(id: 1, name: "Todo"), Column(id: 2, name: "Doing"), Column(id: 3, name: "Done")]
    }
    _ = mac.replicaID
    let iPad = try Mediator<Board>(opening: try mac.snapshot())

    try mac.update { $0.columns[0].name = "Backlog" }
    try iPad.update { $0.columns[2].cards.append("Ship") }
    try mac.update { board in board.columns.append(board.columns.removeFirst()) }   // a move
    try iPad.update { board in board.columns.insert(board.columns.removeLast(), at: 0) }   // another
    try iPad.update(undoName: "Rename") { $0.title = "Release" }
    try exchange(mac, iPad)
    expect("collaboration: two replicas converge to the same bytes", try mac.snapshot(), try iPad.snapshot())
    expect("collaboration: both edits are kept, each column once",
           [iPad.root.title, iPad.root.columns.map(\.name).sorted().joined(separator: ","),
            iPad.root.columns.first { $0.name == "Done" }?.cards.joined() ?? "-"],
           ["Release", "Backlog,Doing,Done", "Ship"])

    expect("collaboration: the last step is this replica's own", iPad.history.undoName, "Rename")
    try iPad.history.undo()
    try exchange(mac, iPad)
    expect("collaboration: an undo reverts this replica's own step on every replica",
           [mac.root.title, iPad.root.title], ["Sprint", "Sprint"])
    let late = try Mediator<Board>(opening: try mac.snapshot())
    try iPad.update { $0.columns[0].name = "Later" }
    try late.merge(try iPad.changes(since: late.version))
    expect("collaboration: a merge is not an undoable step", [late.root.columns[0].name == "Later", late.history.canUndo], [true, false])

    let other = try Mediator<Board>(opening: try Mediator(root: Board()).snapshot())
    let before = try mac.snapshot()
    do {
        try mac.merge(try other.changes(since: DocumentVersion()))
        expect("collaboration: another document's changes are refused", "merged", "refused")
    } catch {
        expect("collaboration: another document's changes are refused, nothing changed", try mac.snapshot(), before)
    }
}

/// `LibraryModel`: a node held in two places stays shared after a merge.
func checkLibraryCollaboration() throws {
    let shared = Shelf(id: 1, title: "Shared", entries: ["a"])
    let first = Mediator(root: Library(shelves: [shared, Shelf(id: 2, title: "Other")], codes: ["s": shared]))
    _ = first.replicaID
    let second = try Mediator<Library>(opening: try first.snapshot())
    try first.update { $0.shelves[0].entries.append("b") }
    try second.update { $0.shelvesByCode["s"]?.title = "Renamed" }
    try exchange(first, second)
    let library = second.root
    expect("collaboration: a shared node stays one node with both edits",
           [library.shelvesByCode["s"] === library.shelves[0], library.shelves[0].title == "Renamed",
            library.shelves[0].entries == ["a", "b"]],
           [true, true, true])
    expect("collaboration: shared nodes converge to the same bytes", try first.snapshot(), try second.snapshot())
}

/// Two `SharedFolderStore`s of one folder, each with its identity file outside it.
func checkSharedFolder() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-integration-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: base) }
    let folder = base.appendingPathComponent("Team Board")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let mac = try SharedFolderStore<Board>(folder: folder, identity: base.appendingPathComponent("mac.replica"))
    try mac.mediator.update { board in
        board.title = "Team"
        board.columns = [Column(id: 1, name: "Todo")]
    }
    let iPad = try SharedFolderStore<Board>(folder: folder, identity: base.appendingPathComponent("iPad.replica"))
    try iPad.sync()
    try iPad.mediator.update { $0.columns[0].cards.append("from iPad") }
    try mac.mediator.update { $0.title = "Team board" }
    try mac.sync()
    try iPad.sync()
    expect("shared folder: two stores converge", try mac.mediator.snapshot(), try iPad.mediator.snapshot())
    expect("shared folder: both edits arrive", [mac.mediator.root.title, mac.mediator.root.columns[0].cards.joined()],
           ["Team board", "from iPad"])
}
