/// Notes when a mediator commits a change of its own to its document: an update not tagged
/// `"remote"` (undo and redo included) that changed a saved member. From then on it follows no
/// other mediator's patches (``Mediator/apply(_:)`` refuses them), which would make its document
/// a mix of both, until concurrent editing exists.
@MainActor
final class LocalChangeWatch: CommitRecorder {
    /// The identities of the mediator's document (which a mediator replaces only as it opens
    /// one, before any recorder is attached).
    private let identities: DocumentIdentities

    init(identities: DocumentIdentities) {
        self.identities = identities
    }

    /// It keeps no document of its own: the patch recorder does.
    var keptDocument: Int? { nil }

    func record(_ commit: Commit) {
        guard !identities.hasLocalChanges, commit.tag != "remote" else { return }
        let writes = commit.firstWrites { type(of: $0.node)._rippleDescriptor.saves($0.member) }
        if writes.contains(where: { !$0.isCurrent }) { identities.hasLocalChanges = true }
    }
}

extension Mediator where Root: DocumentRoot {
    /// Attaches the recorder that notes this mediator's own changes, once.
    func watchForLocalChanges() {
        guard !core.recorders.contains(where: { $0 is LocalChangeWatch }) else { return }
        core.recorders.append(LocalChangeWatch(identities: identities))
    }
}
