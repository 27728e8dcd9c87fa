import Foundation
import Ripple

// A scripted session over a small music library: after each step it prints who fired, in
// which order and why, as the mediator logged it, and what the observers showed.

let library = MusicLibrary(
    user: User(id: 1, name: "Ana"),
    playlists: [
        Playlist(id: 1, name: "Focus", tracks: [
            Track("Weightless", by: "Marconi Union", seconds: 480),
            Track("An Ending (Ascent)", by: "Brian Eno", seconds: 265),
        ]),
        Playlist(id: 2, name: "Road Trip", tracks: [
            Track("Go Your Own Way", by: "Fleetwood Mac", seconds: 223),
            Track("Born to Run", by: "Bruce Springsteen", seconds: 270),
        ]),
    ])
let mediator = Mediator(root: library)
let transcript = Transcript(mediator)
let scheme = MusicLibrary.scheme

// A new user sees no selection: the coordinator runs first, so everything after it sees the reset.
let resetSelection = mediator.coordinate("reset selection", priority: -1, reads: [scheme.user.id]) { library in
    library.selectedPlaylistID = nil
}

// Processors derive state; each runs before whatever reads what it writes.
let countTracks = try mediator.process(
    "count tracks", reads: [scheme.selectedPlaylist.all], writes: [scheme.selectedTrackCount]
) { library in
    library.selectedTrackCount = library.selectedPlaylist?.tracks.count ?? 0
}
let sumDurations = try mediator.process(
    "sum durations", reads: [scheme.playlists.tracks.duration], writes: [scheme.totalDuration]
) { library in
    library.totalDuration = library.playlists.reduce(0) { sum, playlist in
        playlist.tracks.reduce(sum) { $0 + $1.duration }
    }
}

// Observers show the result.
let header = mediator.observe(
    "header", reads: [scheme.user.name, scheme.selectedTrackCount, scheme.totalDuration]
) { library in
    transcript.show("header", "\(library.user.name) · \(library.selectedTrackCount) tracks selected · "
        + "\(minutes(library.totalDuration)) in all")
}
let sidebar = mediator.observe("sidebar", reads: [scheme.playlists.id, scheme.playlists.name, scheme.selectedPlaylistID]) { library in
    transcript.show("sidebar", library.playlists.map { playlist in
        playlist.id == library.selectedPlaylistID ? "[\(playlist.name)]" : playlist.name
    }.joined(separator: " · "))
}
let playlistView = mediator.observe(
    "playlist view", reads: [scheme.selectedPlaylist.name, scheme.selectedPlaylist.tracks.title]
) { library in
    guard let playlist = library.selectedPlaylist else { return transcript.show("playlist view", "(nothing selected)") }
    transcript.show("playlist view", "\(playlist.name): " + playlist.tracks.map(\.title).joined(separator: ", "))
}

await transcript.step("Start: every registration fires once") {
    mediator.refresh()
}
await transcript.step("Select Road Trip") {
    try mediator.update { $0.selectedPlaylistID = 2 }
}
await transcript.step("Add a track to Road Trip") {
    try mediator.update { $0.playlists[1].tracks.append(Track("Dreams", by: "Fleetwood Mac", seconds: 257)) }
}
await transcript.step("Rename a track of Focus, which is not selected: nobody reads it") {
    try mediator.update { $0.playlists[0].tracks[0].title = "Weightless (Part 1)" }
}
await transcript.step("Write a value equal to the current one: no change, nobody fires") {
    try mediator.update { $0.playlists[1].name = "Road Trip" }
}
await transcript.step("Sign in as Sam: the coordinator resets the selection first") {
    try mediator.update { $0.user = User(id: 2, name: "Sam") }
}
await transcript.step("Select Focus, add a 0-second track: validation throws, all rolled back") {
    try mediator.update { library in
        library.selectedPlaylistID = 1
        library.playlists[0].tracks.append(Track("Silence", by: "Nobody", seconds: 0))
    }
}
await transcript.step("Pause the header, select Focus, then resume it: it catches up once") {
    header.pause()
    try mediator.update { $0.selectedPlaylistID = 1 }
    header.resume()
}
await transcript.step("Cancel the sidebar, rename Focus: the count is unchanged, so the header stays quiet") {
    sidebar.cancel()
    try mediator.update { $0.playlists[0].name = "Deep Focus" }
}

// History: every update that changed the document is an undo step; the title bar observes the
// history's state (undo name, unsaved changes) like the model.
let titleBar = mediator.observe(
    "title bar", on: mediator.history.state,
    reads: [HistoryState.scheme.undoName, HistoryState.scheme.redoName, HistoryState.scheme.hasUnsavedChanges]
) { state in
    transcript.show("title bar", "Library\(state.hasUnsavedChanges ? " (edited)" : "") · undo: "
        + "\(state.undoName ?? "-") · redo: \(state.redoName ?? "-")")
}
await transcript.step("Show the title bar: the changes so far are unsaved, in steps without names") {
    mediator.refresh()
}
await transcript.step("Save") {
    mediator.markSaved()
}
await transcript.step("Rename Road Trip, as the undo step \"Rename Playlist\"") {
    try mediator.update(undoName: "Rename Playlist") { $0.playlists[1].name = "Long Drive" }
}
await transcript.step("Undo: the name is back, and so is the saved state") {
    try mediator.history.undo()
}
await transcript.step("Redo") {
    try mediator.history.redo()
}
await transcript.step("Sync the playlists from the server in the background: applied in one update") {
    let sync = mediator.run("sync", undoName: "Sync Playlists") { action in
        // Off the main actor: decode the server's answer.
        let payload = try JSONDecoder().decode([PlaylistPayload].self, from: Data(serverPlaylists.utf8))
        try action.checkCancellation()
        return { library in try library.playlists.merge(payload, make: Playlist.init, update: { $0.apply($1) }) }
    }
    _ = await sync.finished
    print("   action '\(sync.name)': \(sync.outcome!), members changed: \(sync.statistics.writesApplied)")
}
await transcript.step("Sync the same payload again: the merge changes nothing, nobody fires") {
    let sync = mediator.run("sync again") { _ in
        let payload = try JSONDecoder().decode([PlaylistPayload].self, from: Data(serverPlaylists.utf8))
        return { library in try library.playlists.merge(payload, make: Playlist.init, update: { $0.apply($1) }) }
    }
    _ = await sync.finished
    print("   action '\(sync.name)': \(sync.outcome!), members changed: \(sync.statistics.writesApplied)")
}
await transcript.step("Start a slow sync and cancel it: nothing is applied") {
    let slow = mediator.run("slow sync") { action in
        try await Task.sleep(for: .seconds(30))   // a slow server; cancelling ends the sleep
        try action.checkCancellation()
        return { $0.playlists.removeAll() }
    }
    slow.cancel()
    _ = await slow.finished
    print("   action '\(slow.name)': \(slow.outcome!)")
}

// Documents: the library saved as a document that saves itself. An update through a store is
// on disk when it returns (it is journaled beside the file), so a store opened later, in this
// process or after a crash, finds it.
await transcript.step("Save the library as a document; update it through a store, reopen it") {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-demo-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("Library.ripple")
    try mediator.snapshot().write(to: file)

    do {
        let store = try DocumentStore<MusicLibrary>(url: file)
        try store.mediator.update { $0.playlists[0].name = "Deep Focus" }
    }
    let reopened = try DocumentStore<MusicLibrary>(url: file).mediator.root
    print("   reopened: \(reopened.playlists.map(\.name).joined(separator: " · "))")
}

// Editing together: two replicas of one document, a Mac and an iPad, share a folder (as iCloud
// Drive or Dropbox would). Each edits on its own, offline; when they sync, both hold both edits.
await transcript.step("Two replicas edit at once and meet through a shared folder") {
    let place = FileManager.default.temporaryDirectory.appendingPathComponent("ripple-demo-shared-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: place) }
    let folder = place.appendingPathComponent("Shared")
    let mac = try SharedFolderStore<MusicLibrary>(folder: folder, identity: place.appendingPathComponent("Mac/identity"))
    try mac.mediator.update { library in
        library.playlists = [Playlist(id: 1, name: "Focus", tracks: [Track("Intro", by: "Ada", seconds: 60)])]
    }
    let iPad = try SharedFolderStore<MusicLibrary>(folder: folder, identity: place.appendingPathComponent("iPad/identity"))
    try iPad.sync()
    // Offline, at the same time: the Mac renames the playlist, the iPad adds a track to it.
    try mac.mediator.update { $0.playlists[0].name = "Deep Focus" }
    try iPad.mediator.update { $0.playlists[0].tracks.append(Track("Rain", by: "Lin", seconds: 240)) }
    try mac.sync()
    try iPad.sync()
    for (name, store) in [("Mac", mac), ("iPad", iPad)] {
        let playlist = store.mediator.root.playlists[0]
        print("   \(name): \(playlist.name): \(playlist.tracks.map(\.title).joined(separator: ", "))")
    }
    print("   same document: \(try mac.mediator.snapshot() == iPad.mediator.snapshot())")
}

print("\nTracks in Focus: \(library.playlists[0].tracks.count); registrations still live: "
    + [resetSelection, countTracks, sumDurations, header, sidebar, playlistView, titleBar]
        .filter { !$0.isCancelled }.map(\.name).joined(separator: ", "))
