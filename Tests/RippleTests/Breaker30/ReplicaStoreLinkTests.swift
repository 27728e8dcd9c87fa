import Foundation
@testable import Ripple
import Testing

/// A replica's store file reached through a symbolic link, or given a second name by a hard
/// link, beside the original: one file is one replica, opened by one store at a time.
@MainActor
@Suite struct ReplicaStoreLinkTests {
    @Test func aReplicaStoreThroughASymbolicLinkIsTheSameReplicaAndLocksTheOriginal() throws {
        let space = try ScratchFolders()
        let url = space.url("Library.ripple")
        var store: DocumentStore<Library>? = try DocumentStore<Library>(url: url)
        let identity = store!.mediator.replicaID
        try store!.mediator.update { $0.userID = 4 }
        let version = store!.mediator.version
        store = nil
        let link = space.url("Link.ripple")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
        let linked = try DocumentStore<Library>(url: link)
        #expect(linked.mediator.replicaID == identity)
        #expect(linked.mediator.version == version)
        // The original, while the link holds it, is refused: two stores of one replica would
        // number different changes alike.
        #expect(throws: (any Error).self) { try DocumentStore<Library>(url: url) }
        try linked.mediator.update { $0.userID = 5 }
        _ = consume linked
        let reopened = try DocumentStore<Library>(url: url)
        #expect(reopened.mediator.replicaID == identity)
        #expect(reopened.mediator.root.userID == 5)
    }

    @Test func aHardLinkToAReplicaStoresFileIsRefusedThroughEitherName() throws {
        let space = try ScratchFolders()
        let url = space.url("Library.ripple")
        do {
            let store = try DocumentStore<Library>(url: url)
            _ = store.mediator.replicaID
            try store.mediator.update { $0.userID = 4 }
        }
        let second = space.url("Second.ripple")
        try FileManager.default.linkItem(at: url, to: second)
        #expect(throws: (any Error).self) { try DocumentStore<Library>(url: second) }
        #expect(throws: (any Error).self) { try DocumentStore<Library>(url: url) }
        // Removing the second name gives the file back, as the same replica.
        try FileManager.default.removeItem(at: second)
        #expect(try DocumentStore<Library>(url: url).mediator.root.userID == 4)
    }
}
