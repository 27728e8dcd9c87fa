import DocumentsModel
import Foundation
import LibraryModel
import MainActorModel
import Ripple

// Documents, through the conformances the build plugin generated with "documents": true (each
// model's ripple.json): a snapshot opens as the same document, with its nodes shared as they
// were, and saving what was opened writes the same bytes.

/// `LibraryModel`: a public model in its own module.
func checkLibraryDocuments() throws {
    let shared = Shelf(id: 1, title: "Shared", entries: ["a", "b"])
    let library = Library(shelves: [shared, Shelf(id: 2, title: "Other")], codes: ["s": shared])
    let mediator = Mediator(root: library)
    try mediator.update { library in
        library.userID = 7
        library.selectedID = 1                          // discardable: not saved
        library.catalog.tags = ["new"]
        library.catalog.adjustment = 3                  // shares the key of total; stored, so saved
        library.shelves[0].children = [Shelf(id: 3, title: "Child")]
        library.archive = [Shelf(id: 4, title: "Old")]
        library.drafts = [library.shelves[1]]
        library.name = "Home"
    }
    let data = try mediator.snapshot()
    let opened = try Mediator<Library>(opening: data)
    let copy = opened.root
    expect("library documents: saved members come back",
           [
               "\(copy.userID)", copy.catalog.tags.sorted().joined(), "\(copy.catalog.adjustment)", copy.name,
               copy.shelves.map(\.title).joined(separator: ","), copy.shelves[0].entries.joined(),
               copy.shelves[0].children.map(\.title).joined(), copy.archive?.map(\.title).joined() ?? "-",
           ],
           ["7", "new", "3", "Home", "Shared,Other", "ab", "Child", "Old"])
    expect("library documents: a discardable member takes its initial value", copy.selectedID, nil)
    expect("library documents: a node held twice comes back as one",
           [copy.shelvesByCode["s"] === copy.shelves[0], copy.drafts.first === copy.shelves[1]], [true, true])
    expect("library documents: saving what was opened writes the same bytes", try opened.snapshot(), data)
}

/// `MainActorModel`: classes main-actor by the target's default isolation and explicitly.
func checkMainActorDocuments() throws {
    let board = Board()
    let mediator = Mediator(root: board)
    try mediator.update { board in
        board.title = "Sprint"
        board.columns = [Column(id: 1, name: "Todo"), Column(id: 2, name: "Done")]
        board.columns[0].cards = ["plan", "build"]
        board.sync.attempts = 2
        board.owner = "team"
    }
    let data = try mediator.snapshot()
    let opened = try Mediator<Board>(opening: data)
    let copy = opened.root
    expect("main-actor documents: @MainActor and nonisolated nodes come back",
           [copy.title, copy.columns.map(\.name).joined(separator: ","), copy.columns[0].cards.joined(separator: ","),
            "\(copy.sync.attempts)", copy.owner],
           ["Sprint", "Todo,Done", "plan,build", "2", "team"])
    expect("main-actor documents: saving what was opened writes the same bytes", try opened.snapshot(), data)
}

/// `DocumentsModel`: every saved shape, a nested class, `@MainActor` nodes under a nonisolated
/// root, and a migration from version 1.
func checkAtlasDocuments() async throws {
    let atlas = Atlas()
    let mediator = Mediator(root: atlas)
    let north = Region(name: "North", population: 10)
    try mediator.update { atlas in
        atlas.title = "World"
        atlas.subtitle = "2026"
        atlas.style.color = "green"
        atlas.units = .imperial
        atlas.default = true
        atlas.selectedName = "North"                    // discardable: not saved
        atlas.regions = [north, Region(name: "South")]
        atlas.regions[0].addLayer("rivers")
        atlas.regionsByCode = ["N": north]
        atlas.archive = []
        atlas.favorites = [north]
        atlas.pins = [Pin(label: "Home")]
        atlas.pins[0].coordinates = [1, 2]
        atlas.currentPin = atlas.pins[0]
        atlas.viewport.zoom = 3                         // discardable: not saved
    }
    let data = try mediator.snapshot()
    let opened = try Mediator<Atlas>(opening: data)
    let copy = opened.root
    expect("atlas documents: values, nodes of each shape, nested and @MainActor classes come back",
           [
               copy.title, copy.subtitle, copy.style.color, copy.units.rawValue, "\(copy.default)",
               copy.regions.map { "\($0.name) \($0.population)" }.joined(separator: ","),
               copy.regions[0].layers.map(\.kind).joined(), copy.archive.map { "\($0.count)" } ?? "nil",
               copy.pins.map(\.label).joined(), copy.pins[0].coordinates.map { "\($0)" }.joined(separator: ","),
           ],
           ["World", "2026", "green", "imperial", "true", "North 10,South 0", "rivers", "0", "Home", "1.0,2.0"])
    expect("atlas documents: a node held by an array, a dictionary, a set and an optional comes back as one",
           [copy.regionsByCode["N"] === copy.regions[0], copy.favorites.first === copy.regions[0],
            copy.currentPin === copy.pins[0]],
           [true, true, true])
    expect("atlas documents: discardable members take their initial values",
           [copy.selectedName ?? "nil", "\(copy.viewport.zoom)"], ["nil", "1.0"])
    expect("atlas documents: saving what was opened writes the same bytes", try opened.snapshot(), data)

    // Nodes held only by a set: the document lists them by number, not in the set's hashing
    // order, which differs from one process (and one opening) to the next.
    let held = Mediator(root: Atlas())
    try held.update { $0.favorites = Set((0..<40).map { Region(name: "F\($0)") }) }
    let heldData = try held.snapshot()
    expect("atlas documents: 40 nodes held by a set open and save to the same bytes",
           try Mediator<Atlas>(opening: heldData).snapshot(), heldData)

    // A patch of an update reaches a replica through the generated change writers and readers,
    // those of the @MainActor nodes under the nonisolated root included.
    let replica = try Mediator<Atlas>(opening: data)
    var patches = opened.patches().makeAsyncIterator()
    try opened.update { atlas in
        atlas.pins.append(Pin(label: "Work"))
        atlas.pins[0].label = "House"
        atlas.regions[1].addLayer("roads")
        atlas.favorites.insert(atlas.regions[1])
    }
    guard let patch = await patches.next() else { throw DocumentCheckError.noPatch }
    try replica.apply(patch)
    expect("atlas documents: a replica fed the patch holds the same document", try replica.snapshot(), try opened.snapshot())

    // Version 1 called a region's name its label: its documents open through the migration.
    var document = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    document["version"] = 1
    document["nodes"] = (document["nodes"] as? [[String: Any]] ?? []).map { node in
        guard node["type"] as? String == "Region", var values = node["values"] as? [String: Any] else { return node }
        values["label"] = values.removeValue(forKey: "name")
        var renamed = node
        renamed["values"] = values
        return renamed
    }
    let old = try Mediator<Atlas>(opening: try JSONSerialization.data(withJSONObject: document))
    expect("atlas documents: a version 1 document opens through the model's migration",
           old.root.regions.map(\.name), ["North", "South"])
}

enum DocumentCheckError: Error {
    case noPatch
}
