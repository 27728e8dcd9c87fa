extension Mediator {
    /// Whether recorded changes were made since ``markSaved()``; see ``History/hasUnsavedChanges``.
    public var hasUnsavedChanges: Bool { history.hasUnsavedChanges }

    /// Marks the document as it stands now as saved; see ``History/markSaved()``.
    public func markSaved() {
        history.markSaved()
    }
}
