#if canImport(SwiftUI) && canImport(UniformTypeIdentifiers)
import Foundation
import SwiftUI
import UniformTypeIdentifiers

/// The root of a model that a SwiftUI document app opens: the types of its files.
///
/// ```swift
/// extension UTType {
///     static let library = UTType(exportedAs: "com.example.library")
/// }
///
/// extension Library: DocumentFileRoot {
///     static var readableContentTypes: [UTType] { [.library] }
/// }
/// ```
public protocol DocumentFileRoot: DocumentRoot {
    /// The types of the files the app opens as this model (the first is the one it saves).
    nonisolated static var readableContentTypes: [UTType] { get }
}

/// A Ripple model as the document of a SwiftUI document app, with Ripple's history as its undo.
///
/// ```swift
/// @main struct LibraryApp: App {
///     var body: some Scene {
///         DocumentGroup(newDocument: { RippleFileDocument<Library>() }) { file in
///             LibraryView(document: file.document)
///         }
///     }
/// }
///
/// struct LibraryView: View {
///     @Environment(\.undoManager) private var undoManager
///     let document: RippleFileDocument<Library>
///
///     var body: some View {
///         ShelfList(library: document.mediator.root)
///             .onChange(of: undoManager, initial: true) { document.drive(undoManager) }
///     }
/// }
/// ```
///
/// The file is a snapshot (``Mediator/snapshot()``), opened with ``Mediator/init(opening:limits:)``.
/// Driving the window's undo manager makes each step of ``Mediator/history`` an action of it:
/// Edit > Undo plays Ripple's steps, and each recorded update marks the document edited, which
/// is how SwiftUI knows to save it. Updates made without recording (``History/withoutRecording(_:)``)
/// are saved with the next edit, or by Save.
///
/// This adapter is not compiled on Linux (no SwiftUI): `.ci/apple/typecheck` type-checks it
/// against stand-ins that declare SwiftUI's and Foundation's signatures.
@MainActor
public final class RippleFileDocument<Root: DocumentFileRoot>: ReferenceFileDocument {
    public typealias Snapshot = Data

    /// The mediator of the document; update it as any.
    public let mediator: Mediator<Root>

    public nonisolated static var readableContentTypes: [UTType] { Root.readableContentTypes }

    /// A new document: the root made with its `init()`.
    public init() {
        mediator = Mediator(root: Root._rippleMakeRoot())
    }

    /// A document of `mediator`.
    public init(mediator: Mediator<Root>) {
        self.mediator = mediator
    }

    /// Opens the file SwiftUI read (on the main actor, where the mediator lives).
    ///
    /// - Throws: ``DocumentError`` when the file is not a document of this model (another
    ///   model, a newer version, damaged); `CocoaError(.fileReadCorruptFile)` for a folder.
    public nonisolated init(configuration: ReadConfiguration) throws {
        guard let data = configuration.file.regularFileContents else { throw CocoaError(.fileReadCorruptFile) }
        mediator = try onMainActor { try Mediator<Root>(opening: data) }
    }

    /// The snapshot SwiftUI saves.
    public nonisolated func snapshot(contentType: UTType) throws -> Data {
        try onMainActor { try self.mediator.snapshot() }
    }

    /// The file of a snapshot.
    public nonisolated func fileWrapper(snapshot: Data, configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: snapshot)
    }

    /// Shows the document's history in `undoManager` (the window's `\.undoManager`); calling it
    /// again with the same manager does nothing, with another moves the steps to it.
    public func drive(_ undoManager: UndoManager?) {
        guard let undoManager else { return }
        mediator.history.drive(undoManager)
    }
}

/// Runs `body` on the main actor: at once on the main thread, else waiting for the main queue.
private nonisolated func onMainActor<Value: Sendable>(_ body: @MainActor () throws -> Value) throws -> Value {
    if Thread.isMainThread { return try MainActor.assumeIsolated(body) }
    return try DispatchQueue.main.sync { try MainActor.assumeIsolated(body) }
}
#endif
