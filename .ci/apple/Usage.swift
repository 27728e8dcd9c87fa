// How an app uses the Apple-only code, type-checked with it: a main-actor model (as in a Swift
// 6.2 app target) made a document, its window's undo manager driven.
@_spi(RippleGenerated) import Ripple

extension UTType {
    static let library = UTType(exportedAs: "com.example.library")
}

@MainActor
func useTheDocument<Root: DocumentFileRoot>(_ root: Root.Type, manager: UndoManager?, read: FileDocumentReadConfiguration) throws {
    let document = RippleFileDocument<Root>()
    document.drive(manager)
    let data = try document.snapshot(contentType: .library)
    _ = try document.fileWrapper(snapshot: data, configuration: .init(contentType: .library, existingFile: nil))
    _ = try RippleFileDocument<Root>(configuration: read)
    _ = RippleFileDocument<Root>.readableContentTypes + RippleFileDocument<Root>.writableContentTypes
    if let manager { document.mediator.history.drive(manager) }
}
