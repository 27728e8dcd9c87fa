// How an app uses the Apple-only code, type-checked with it: a main-actor model (as in a Swift
// 6.2 app target) made a document, its window's undo manager driven.
import Observation
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

/// A node class with a title, as the generator makes one with `"observable": true`.
@MainActor
protocol TitledNode: RippleNode, Observation.Observable {
    var title: String { get set }
}

/// A row that edits a node's title in place: the binding calls the generated setter outside any
/// update, which opens an implicit update (committed at the end of the main actor's turn).
struct TitleField<Node: TitledNode>: View {
    @Bindable var node: Node

    var body: some View {
        TextField("Title", text: $node.title)
    }
}

@MainActor
func typeIntoTheField<Root: RippleRoot, Node: TitledNode>(_ mediator: Mediator<Root>, _ node: Node) {
    let field = TitleField<Node>(node: node)
    field.$node.title.wrappedValue = "Typed"   // what the text field does on a keystroke
    if mediator.hasPendingImplicitUpdate { mediator.commitImplicitUpdate() }
    mediator.implicitUpdates = true
}
