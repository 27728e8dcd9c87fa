import Foundation
@testable import Ripple
import Testing

/// Issue 34's breaker: a storyboard edited as apps write it: SwiftUI-style writes outside
/// updates (implicit updates) that are still pending when a merge or a shared folder's sync
/// comes in the same main-actor turn, a binding's NaN, and a view that keeps writing to a shot
/// its replica removed, which an undo then brings back.
@MainActor
@Suite struct StoryboardAppUsageProbeTests {
    typealias S = StoryboardReplicas

    /// A binding's write to a caption, then, in the same turn, a merge of the other replica's
    /// concurrent write of that caption: both end with one of the two, the same.
    @Test func aPendingBindingsWriteAndAMergeOfTheSameMemberConverge() throws {
        let replicas = try S.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try iPad.update { $0.storyboard!.scenes[0].shots[1].caption = "iPad" }
        S.board(mac).scenes[0].shots[1].caption = "typed"
        try S.sync(iPad, into: mac)
        mac.commitImplicitUpdate()
        try S.syncAll(replicas)
        #expect(try S.text(mac) == S.text(iPad))
        #expect(["typed", "iPad"].contains(S.board(mac).scenes[0].shots[1].caption))
    }

    /// A binding's write to a shot, then, in the same turn, a merge that removes the shot: the
    /// edit is kept, hidden, on both; an undo of the removal on the iPad brings it back edited.
    @Test func aPendingBindingsWriteToAShotAMergeRemovesConverges() throws {
        let replicas = try S.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        try iPad.update { $0.storyboard!.scenes[1].shots.remove(at: 2) }
        S.board(mac).scenes[1].shots[2].caption = "typed"
        try S.sync(iPad, into: mac)
        mac.commitImplicitUpdate()
        try S.syncAll(replicas)
        #expect(try S.text(mac) == S.text(iPad))
        try iPad.history.undo()
        try S.syncAll(replicas)
        #expect(try S.text(mac) == S.text(iPad))
        #expect(S.board(iPad).scenes[1].shots.map(\.caption).contains("typed"))
    }

    /// A binding's write on a shared folder's store, then its `sync()` in the same turn: the
    /// write reaches the folder as this replica's change, and another device reads it.
    @Test func aPendingBindingsWriteThenASyncReachesTheFolder() throws {
        let space = try S.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: space) }
        let folder = space.appendingPathComponent("Film")
        let mac = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("mac.replica"))
        try mac.mediator.update { $0.storyboard = S.makeStoryboard(library: $0) }
        let iPad = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("iPad.replica"))
        try iPad.mediator.update { $0.storyboard!.scenes[2].exterior = true }
        S.board(mac.mediator).scenes[0].shots[0].seconds = 9.5
        try mac.sync()
        try iPad.sync()
        #expect(S.board(iPad.mediator).scenes[0].shots[0].seconds == 9.5)
        #expect(try S.text(mac.mediator) == S.text(iPad.mediator))
        let laptop = try SharedFolderStore<Library>(folder: folder, identity: space.appendingPathComponent("laptop.replica"))
        #expect(S.board(laptop.mediator).scenes[0].shots[0].seconds == 9.5)
    }

    /// A binding writes NaN into a shot's length on a replica: the implicit update cannot be
    /// sent, so it rolls back and the failure handler hears of it; the replicas still converge.
    @Test func aBindingsNaNOnAReplicaRollsBackAndIsReported() throws {
        let replicas = try S.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        var failures: [String] = []
        mac.failureHandler = { failures.append("\($0)") }
        S.board(mac).scenes[0].shots[0].seconds = .nan
        mac.commitImplicitUpdate()
        #expect(!S.board(mac).scenes[0].shots[0].seconds.isNaN, "rolled back")
        #expect(failures.count == 1, "\(failures)")
        try S.syncAll(replicas)
        #expect(try S.text(mac) == S.text(iPad))
    }

    /// A view keeps a shot its replica removed and writes to it (a plain store, the shot being
    /// out of the model); an undo brings the shot back: both replicas show it alike.
    @Test func aWriteToARemovedShotThenItsUndoConverges() throws {
        let replicas = try S.replicas(2)
        let (mac, iPad) = (replicas[0], replicas[1])
        let shot = S.board(mac).scenes[2].shots[1]
        try mac.update { $0.storyboard!.scenes[2].shots.remove(at: 1) }
        try S.syncAll(replicas)
        shot.caption = "typed while gone"
        shot.lensByCamera["Z"] = 85
        mac.commitImplicitUpdate()
        try mac.history.undo()
        try S.syncAll(replicas)
        #expect(try S.text(mac) == S.text(iPad))
        #expect(S.board(mac).scenes[2].shots[1].caption == S.board(iPad).scenes[2].shots[1].caption)
    }
}
