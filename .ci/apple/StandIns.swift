// Stand-ins for the Apple-only API that Ripple's Apple-only code uses, with the signatures of
// Apple's documentation (macOS 14 / iOS 17 SDKs and later), so that `typecheck` can check that
// code on Linux. They declare; they do not behave. Keep each signature as Apple spells it.
import Foundation

// MARK: Foundation

@MainActor
open class UndoManager: NSObject {
    open func registerUndo<TargetType: AnyObject>(
        withTarget target: TargetType, handler: @escaping @MainActor (TargetType) -> Void
    ) {}
    open func setActionName(_ actionName: String) {}
    open func removeAllActions(withTarget target: Any) {}
    open func undo() {}
    open func redo() {}
    open var canUndo: Bool { false }
    open var canRedo: Bool { false }
    open var levelsOfUndo: Int = 0
    open var groupsByEvent: Bool = true
    open var groupingLevel: Int { 0 }
    open func beginUndoGrouping() {}
    open func endUndoGrouping() {}
}

extension NSNotification.Name {
    public static let NSUndoManagerDidCloseUndoGroup = NSNotification.Name("NSUndoManagerDidCloseUndoGroupNotification")
}

open class FileWrapper: NSObject {
    public init(regularFileWithContents contents: Data) {}
    open var regularFileContents: Data? { nil }
}

// MARK: UniformTypeIdentifiers

public struct UTType: Sendable, Hashable {
    public init(exportedAs identifier: String, conformingTo parentType: UTType? = nil) {}
    public static let json = UTType(exportedAs: "public.json")
}

// MARK: Combine

public final class ObservableObjectPublisher {
    public init() {}
}

public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher = ObservableObjectPublisher
    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

// MARK: SwiftUI

public struct FileDocumentReadConfiguration {
    public let contentType: UTType
    public let file: FileWrapper
}

public struct FileDocumentWriteConfiguration {
    public let contentType: UTType
    public let existingFile: FileWrapper?
}

@preconcurrency
public protocol ReferenceFileDocument: ObservableObject, Sendable {
    associatedtype Snapshot
    static var readableContentTypes: [UTType] { get }
    static var writableContentTypes: [UTType] { get }
    typealias ReadConfiguration = FileDocumentReadConfiguration
    typealias WriteConfiguration = FileDocumentWriteConfiguration
    init(configuration: Self.ReadConfiguration) throws
    func snapshot(contentType: UTType) throws -> Self.Snapshot
    func fileWrapper(snapshot: Self.Snapshot, configuration: Self.WriteConfiguration) throws -> FileWrapper
}

extension ReferenceFileDocument {
    public static var writableContentTypes: [UTType] { readableContentTypes }
}

