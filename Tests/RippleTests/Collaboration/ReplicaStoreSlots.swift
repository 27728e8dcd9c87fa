import Foundation
@testable import Ripple
import Testing

/// The stores of a fuzzing session's three replicas (`SharedFolderFuzzing`,
/// `DocumentStoreReplicaFuzzing`): each opened, and opened again after a kill, with the failures
/// its mediator reports watched, so that an operation that returned is acknowledged only when
/// its store reported none of those that say a change may not be on disk.
@MainActor
final class ReplicaStoreSlots<Store: AnyObject> {
    private(set) var stores: [Store?]
    /// Whether a store reported a failure that counts since its operation began.
    private var failed: [Bool]
    private let make: (Int) throws -> Store
    private let mediator: (Store) -> Mediator<Library>
    /// Whether a failure counts against what the operation acknowledges.
    private let counts: (UpdateFailure) -> Bool
    /// The failures reported that do not count (what a session may expect to stay empty).
    private(set) var otherFailures: [String] = []

    init(
        count: Int, make: @escaping (Int) throws -> Store, mediator: @escaping (Store) -> Mediator<Library>,
        counts: @escaping (UpdateFailure) -> Bool
    ) {
        stores = Array(repeating: nil, count: count)
        failed = Array(repeating: false, count: count)
        self.make = make
        self.mediator = mediator
        self.counts = counts
    }

    /// Opens replica `index`'s store (again). A failing file call may refuse one opening; the
    /// next opens.
    func open(_ index: Int) throws {
        let store: Store
        do {
            store = try make(index)
        } catch {
            store = try make(index)
        }
        mediator(store).failureHandler = { [weak self] failure in
            guard let self else { return }
            if counts(failure) { failed[index] = true } else { otherFailures.append("\(failure)") }
        }
        stores[index] = store
    }

    /// Drops replica `index`'s store as a kill would (without closing anything or writing what
    /// it had not written), opens it again, and checks that its model is what its engine shows.
    func killAndReopen(_ index: Int, _ context: String) throws -> Store {
        stores[index] = nil
        try open(index)
        let reopened = try mediator(store(index))
        #expect(try reopened.replica.mismatches(in: reopened).isEmpty, "\(context): replica \(index) reopened inconsistent")
        return try store(index)
    }

    /// Opens every replica's store that is not open.
    func openAll() throws {
        for index in stores.indices where stores[index] == nil { try open(index) }
    }

    func store(_ index: Int) throws -> Store {
        try #require(stores[index], "replica \(index) is not open")
    }

    /// Runs `operation` on replica `index`.
    ///
    /// - Returns: Whether it returned with no failure that counts reported: what it did is
    ///   acknowledged then.
    func run(_ index: Int, _ operation: (Store) throws -> Void) throws -> Bool {
        let store = try store(index)
        failed[index] = false
        do {
            try operation(store)
        } catch {
            return false
        }
        return !failed[index]
    }
}

/// A fuzzing session of replica stores, as the seeded runs drive it.
@MainActor
protocol ReplicaStoreFuzzingSession {
    /// One random step; returns what it was (its first word its kind).
    @discardableResult func step() throws -> String
    func killAndReopen(_ index: Int) throws
    func settleAndCheck(_ context: String) throws
}

/// The runs of the store fuzzing suites.
@MainActor
enum ReplicaStoreFuzzRuns {
    /// Runs `steps` random steps of the session `make` makes for `seed`, then settles and checks
    /// it; `RIPPLE_<name>_ROUNDS=n` runs n seeds (`seed`, `seed + stride`...).
    ///
    /// - Returns: How many steps of each kind ran, by their first word, over every seed.
    @discardableResult
    static func seeds(
        from seed: UInt64, stride: UInt64, name: String, steps: Int, _ make: (UInt64) throws -> any ReplicaStoreFuzzingSession
    ) throws -> [Substring: Int] {
        let rounds = ProcessInfo.processInfo.environment["RIPPLE_\(name)_ROUNDS"].flatMap(UInt64.init) ?? 1
        var kinds: [Substring: Int] = [:]
        for round in 0..<rounds {
            let seed = seed + stride * round
            let session = try make(seed)
            for _ in 0..<steps {
                kinds[try session.step().split(separator: " ").first ?? "", default: 0] += 1
            }
            try session.settleAndCheck("seed \(seed)")
        }
        return kinds
    }

    /// Runs the session `make` makes with its first replica's file calls failing one at a time,
    /// the Nth for every N from the session's start, `steps` steps each, until a session reaches
    /// no fault; each time the replica is dropped with the failure in it, reopened without
    /// faults, and the session settled and checked.
    ///
    /// - Returns: How many sessions reached their fault.
    static func eachFailingCall(
        _ fault: FaultyFileCalls.Fault, upTo calls: Int, steps: Int, _ make: (FaultyFileCalls) throws -> any ReplicaStoreFuzzingSession
    ) throws -> Int {
        var faultsReached = 0
        for call in 1...calls {
            let files = FaultyFileCalls()
            files.fault = fault
            if fault == .shortWrite { files.counted = ["write"] }
            let session = try make(files)
            files.failingCall = files.calls + call
            for _ in 0..<steps { try session.step() }
            let failure = files.failure
            files.failingCall = 0
            try session.killAndReopen(0)
            try session.settleAndCheck("call \(call), \(failure ?? "no failure")")
            guard failure != nil else { break }
            faultsReached += 1
        }
        return faultsReached
    }
}
