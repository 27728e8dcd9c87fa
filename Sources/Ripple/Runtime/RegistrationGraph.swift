import Foundation

/// The registrations of a mediator, and the order processors impose on them: a processor that
/// writes a member runs before everything that reads it. Checks, when a processor registers,
/// that it writes nothing another processor writes and closes no cycle.
final class RegistrationGraph {
    private(set) var registrations: [Int: RegistrationState] = [:]
    private var nextSequence = 0
    private var writers: [ClassMember: RegistrationState] = [:]
    private var processorReaders: [ClassMember: [RegistrationState]] = [:]
    /// Observers of every refresh, in registration order.
    private(set) var everyRefresh: [RegistrationState] = []
    /// The levels are stale: a registration came or went.
    private var levelsAreStale = false

    // Registrations released on any thread, cancelled at the next refresh.
    private let releasedLock = NSLock()
    private nonisolated(unsafe) var released: [RegistrationState] = []

    /// Makes a registration with the next sequence number; not added yet.
    func make(
        _ name: String, role: RegistrationState.Role, anchor: (any RippleNode)?, anchorDescriptor: NodeDescriptor? = nil,
        reads: [[PathStep]], writes: [[PathStep]], core: MediatorCore, body: @escaping @MainActor () -> Void
    ) -> RegistrationState {
        RegistrationState(
            name: name, role: role, sequence: nextSequence, anchor: anchor, anchorDescriptor: anchorDescriptor,
            readPaths: reads, writePaths: writes, core: core, body: body)
    }

    /// Adds a registration; a processor only after checking that it writes nothing another
    /// processor writes and closes no cycle.
    func add(_ registration: RegistrationState) throws {
        if registration.role == .processor {
            for key in registration.writeKeys.keys {
                if let existing = writers[key] {
                    throw RippleError.conflictingWriters(
                        property: registration.writeKeys.names[key] ?? "?", existing: existing.name, new: registration.name)
                }
            }
            if let cycle = cycle(through: registration) { throw cycle }
            for key in registration.writeKeys.keys { writers[key] = registration }
            for key in registration.readKeys.keys { processorReaders[key, default: []].append(registration) }
        }
        nextSequence += 1
        registrations[registration.sequence] = registration
        levelsAreStale = true
        if registration.role == .everyRefresh { everyRefresh.append(registration) }
    }

    /// Ends `registration`: it stops watching and leaves the graph. Returns false if it had ended.
    @discardableResult
    func cancel(_ registration: RegistrationState) -> Bool {
        guard !registration.isCancelled else { return false }
        registration.end()
        registrations[registration.sequence] = nil
        if registration.role == .processor {
            for key in registration.writeKeys.keys where writers[key] === registration { writers[key] = nil }
            for key in registration.readKeys.keys {
                processorReaders[key]?.removeAll { $0 === registration }
                if processorReaders[key]?.isEmpty == true { processorReaders[key] = nil }
            }
        }
        everyRefresh.removeAll { $0 === registration }
        levelsAreStale = true
        return true
    }

    /// Called from `Registration.deinit`, on any thread.
    func noteReleased(_ registration: RegistrationState) {
        releasedLock.withLock { released.append(registration) }
    }

    /// Whether registrations were released since the last ``takeReleased()``: a refresh asks
    /// before each firing, so that one released by a body (its owner's handle, say) fires no more.
    var hasReleased: Bool {
        releasedLock.withLock { !released.isEmpty }
    }

    /// The registrations released since the last call.
    func takeReleased() -> [RegistrationState] {
        releasedLock.withLock {
            defer { released.removeAll() }
            return released
        }
    }

    /// Ends every registration: the mediator is gone.
    func endAll() {
        for registration in registrations.values { registration.end() }
    }

    // MARK: Dependency order

    /// Gives every processor and observer a level above every processor writing what it reads.
    func updateLevels() {
        guard levelsAreStale else { return }
        levelsAreStale = false
        // Without processors nothing writes what another reads: every level is 0.
        guard !writers.isEmpty else {
            for registration in registrations.values { registration.level = 0 }
            return
        }
        var levels: [ObjectIdentifier: Int] = [:]
        // Depth first without recursion: a frame waits for the levels of its writers. Both end
        // empty for each start, and are used again.
        var frames: [(registration: RegistrationState, writers: [RegistrationState])] = []
        var onStack: Set<ObjectIdentifier> = []
        for start in registrations.values where levels[ObjectIdentifier(start)] == nil {
            frames.append((start, writersOf(start)))
            onStack.insert(ObjectIdentifier(start))
            while !frames.isEmpty {
                let top = frames.count - 1
                if let writer = frames[top].writers.popLast() {
                    let id = ObjectIdentifier(writer)
                    if levels[id] == nil, onStack.insert(id).inserted { frames.append((writer, writersOf(writer))) }
                } else {
                    let registration = frames.removeLast().registration
                    onStack.remove(ObjectIdentifier(registration))
                    levels[ObjectIdentifier(registration)] =
                        writersOf(registration).map { (levels[ObjectIdentifier($0)] ?? 0) + 1 }.max() ?? 0
                }
            }
        }
        for registration in registrations.values { registration.level = levels[ObjectIdentifier(registration)] ?? 0 }
    }

    /// The processors, other than itself, writing what `registration` reads.
    private func writersOf(_ registration: RegistrationState) -> [RegistrationState] {
        registration.readKeys.keys.compactMap { key in writers[key].flatMap { $0 === registration ? nil : $0 } }
    }

    /// The cycle a new processor would close, if any: a chain of processors, each writing what
    /// the next reads, from the new one back to itself.
    private func cycle(through new: RegistrationState) -> RippleError? {
        func firstShared(_ writer: RegistrationState, _ reader: RegistrationState) -> String? {
            writer.writeKeys.keys.first { reader.readKeys.keys.contains($0) }.map { writer.writeKeys.names[$0] ?? "?" }
        }
        /// The readers of what `current` writes, each with the property through which it reads.
        func successors(_ current: RegistrationState) -> [(reader: RegistrationState, property: String)] {
            current.writeKeys.keys.flatMap { key in
                (processorReaders[key] ?? []).filter { $0 !== current }.map { ($0, current.writeKeys.names[key] ?? "?") }
            }
        }
        // Depth first without recursion, in the order a recursive search would take.
        var visited: Set<ObjectIdentifier> = []
        var frames: [(registration: RegistrationState, property: String?, next: [(reader: RegistrationState, property: String)])] = [
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
                let chain = frames.map(\.registration) + [reader]
                let properties = frames.dropFirst().compactMap(\.property) + [property, closing]
                return .dependencyCycle(registrations: chain.map(\.name) + [new.name], properties: properties)
            }
            frames.append((reader, property, successors(reader).reversed()))
        }
        return nil
    }

    // MARK: Introspection

    /// Registrations in firing order.
    func ordered() -> [RegistrationState] {
        updateLevels()
        return registrations.values.sorted { $0.runsBefore($1) }
    }

    func writer(of key: ClassMember) -> RegistrationState? { writers[key] }
}
