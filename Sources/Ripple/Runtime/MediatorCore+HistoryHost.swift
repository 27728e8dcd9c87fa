extension MediatorCore: HistoryHost {
    var writesAreUndoable: Bool {
        get { journal.writesAreUndoable }
        set {
            journal.writesAreUndoable = newValue
            // A new segment, so that the next writes of members already journaled are
            // journaled again with the flag of where they happen.
            if isBusy { journal.beginSegment() }
        }
    }

    func runUpdate(tag: String?, _ body: @MainActor () throws -> Void) throws {
        try outermostUpdate(tag: tag, body)
    }

    func journalWrite(_ node: any RippleNode, _ member: Int, old: Any) {
        record(node, member, old: old)
    }
}
