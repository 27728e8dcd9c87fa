import Foundation

/// The registrations of a mediator, and the order processors impose on them: a processor that
/// writes a member runs before everything that reads it. Checks, when a processor registers,
/// that it writes nothing another processor writes and closes no cycle.
final class RegistrationGraph {
    private(set) var subscribers: [Int: Subscriber] = [:]
    private var nextSequence = 0
    private var writers: [MemberKey: Subscriber] = [:]
    private var processorReaders: [MemberKey: [Subscriber]] = [:]
    /// Observers of every refresh, in registration order.
    private(set) var everyRefresh: [Subscriber] = []
    /// The levels are stale: a registration came or went.
    private var levelsAreStale = false

    // Registrations released on any thread, cancelled at the next refresh.
    private let releasedLock = NSLock()
    private nonisolated(unsafe) var released: [Subscriber] = []

    /// Makes a subscriber with the next sequence number; not added yet.
    func make(
        _ name: String, role: Subscriber.Role, anchor: any RippleNode, reads: [[PathStep]], writes: [[PathStep]],
        core: MediatorCore, body: @escaping @MainActor () -> Void
    ) -> Subscriber {
        Subscriber(
            name: name, role: role, sequence: nextSequence, anchor: anchor,
            readPaths: reads, writePaths: writes, core: core, body: body)
    }

    /// Adds a subscriber; a processor only after checking that it writes nothing another
    /// processor writes and closes no cycle.
    func add(_ subscriber: Subscriber) throws {
        if subscriber.role == .processor {
            for key in subscriber.writeKeys.keys {
                if let existing = writers[key] {
                    throw RippleError.conflictingWriters(
                        property: subscriber.writeKeys.names[key] ?? "?", existing: existing.name, new: subscriber.name)
                }
            }
            if let cycle = cycle(through: subscriber) { throw cycle }
            for key in subscriber.writeKeys.keys { writers[key] = subscriber }
            for key in subscriber.readKeys.keys { processorReaders[key, default: []].append(subscriber) }
        }
        nextSequence += 1
        subscribers[subscriber.sequence] = subscriber
        levelsAreStale = true
        if subscriber.role == .everyRefresh { everyRefresh.append(subscriber) }
    }

    /// Ends `subscriber`: it stops watching and leaves the graph. Returns false if it had ended.
    @discardableResult
    func cancel(_ subscriber: Subscriber) -> Bool {
        guard !subscriber.isCancelled else { return false }
        subscriber.isCancelled = true
        subscriber.removeWatches()
        subscriber.pending.removeAll()
        subscriber.onEnd?()
        subscriber.onEnd = nil
        subscribers[subscriber.sequence] = nil
        if subscriber.role == .processor {
            for key in subscriber.writeKeys.keys where writers[key] === subscriber { writers[key] = nil }
            for key in subscriber.readKeys.keys {
                processorReaders[key]?.removeAll { $0 === subscriber }
                if processorReaders[key]?.isEmpty == true { processorReaders[key] = nil }
            }
        }
        everyRefresh.removeAll { $0 === subscriber }
        levelsAreStale = true
        return true
    }

    /// Called from `Registration.deinit`, on any thread.
    func noteReleased(_ subscriber: Subscriber) {
        releasedLock.withLock { released.append(subscriber) }
    }

    /// The registrations released since the last call.
    func takeReleased() -> [Subscriber] {
        releasedLock.withLock {
            defer { released.removeAll() }
            return released
        }
    }

    /// Ends every registration: the mediator is gone.
    func endAll() {
        for subscriber in subscribers.values {
            subscriber.isCancelled = true
            subscriber.removeWatches()
            subscriber.onEnd?()
        }
    }

    // MARK: Dependency order

    /// Gives every processor and observer a level above every processor writing what it reads.
    func updateLevels() {
        guard levelsAreStale else { return }
        levelsAreStale = false
        var levels: [ObjectIdentifier: Int] = [:]
        for start in subscribers.values where levels[ObjectIdentifier(start)] == nil {
            // Depth first without recursion: a frame waits for the levels of its writers.
            var frames: [(subscriber: Subscriber, writers: [Subscriber])] = [(start, writersOf(start))]
            var onStack: Set<ObjectIdentifier> = [ObjectIdentifier(start)]
            while !frames.isEmpty {
                let top = frames.count - 1
                if let writer = frames[top].writers.popLast() {
                    let id = ObjectIdentifier(writer)
                    if levels[id] == nil, onStack.insert(id).inserted { frames.append((writer, writersOf(writer))) }
                } else {
                    let subscriber = frames.removeLast().subscriber
                    onStack.remove(ObjectIdentifier(subscriber))
                    levels[ObjectIdentifier(subscriber)] =
                        writersOf(subscriber).map { (levels[ObjectIdentifier($0)] ?? 0) + 1 }.max() ?? 0
                }
            }
        }
        for subscriber in subscribers.values { subscriber.level = levels[ObjectIdentifier(subscriber)] ?? 0 }
    }

    /// The processors, other than itself, writing what `subscriber` reads.
    private func writersOf(_ subscriber: Subscriber) -> [Subscriber] {
        subscriber.readKeys.keys.compactMap { key in writers[key].flatMap { $0 === subscriber ? nil : $0 } }
    }

    /// The cycle a new processor would close, if any: a chain of processors, each writing what
    /// the next reads, from the new one back to itself.
    private func cycle(through new: Subscriber) -> RippleError? {
        func firstShared(_ writer: Subscriber, _ reader: Subscriber) -> String? {
            writer.writeKeys.keys.first { reader.readKeys.keys.contains($0) }.map { writer.writeKeys.names[$0] ?? "?" }
        }
        /// The readers of what `current` writes, each with the property through which it reads.
        func successors(_ current: Subscriber) -> [(reader: Subscriber, property: String)] {
            current.writeKeys.keys.flatMap { key in
                (processorReaders[key] ?? []).filter { $0 !== current }.map { ($0, current.writeKeys.names[key] ?? "?") }
            }
        }
        // Depth first without recursion, in the order a recursive search would take.
        var visited: Set<ObjectIdentifier> = []
        var frames: [(subscriber: Subscriber, property: String?, next: [(reader: Subscriber, property: String)])] = [
            (new, nil, successors(new).reversed())
        ]
        while !frames.isEmpty {
            let top = frames.count - 1
            guard let (reader, property) = frames[top].next.popLast() else {
                frames.removeLast()
                continue
            }
            guard visited.insert(ObjectIdentifier(reader)).inserted else { continue }
            if let closing = firstShared(reader, new) {
                let chain = frames.map(\.subscriber) + [reader]
                let properties = frames.dropFirst().compactMap(\.property) + [property, closing]
                return .dependencyCycle(registrations: chain.map(\.name) + [new.name], properties: properties)
            }
            frames.append((reader, property, successors(reader).reversed()))
        }
        return nil
    }

    // MARK: Introspection

    /// Registrations in firing order.
    func ordered() -> [Subscriber] {
        updateLevels()
        return subscribers.values.sorted { $0.runsBefore($1) }
    }

    func writer(of key: MemberKey) -> Subscriber? { writers[key] }
}
