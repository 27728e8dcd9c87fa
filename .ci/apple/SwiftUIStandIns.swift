// The SwiftUI API that the "Building an App" article uses, declared with Apple's signatures
// (isolation, generic constraints, result builders, property wrappers) so that the article's
// code type-checks on Linux. Bodies do nothing: only the types matter.
import Foundation
import Observation

@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: View {
    public var body: Never { fatalError() }
}

@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
}

extension Never: Scene {}

@MainActor @preconcurrency
public protocol App {
    associatedtype Body: Scene
    @SceneBuilder @MainActor @preconcurrency var body: Body { get }
    @MainActor @preconcurrency init()
}

extension App {
    @MainActor @preconcurrency public static func main() {}
}

@MainActor @resultBuilder public struct SceneBuilder {
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
}

@MainActor @resultBuilder public struct ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView()
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> {
        ConditionalContent()
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> {
        ConditionalContent()
    }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { fatalError() }
}

public struct TupleView<T>: View {
    public var body: Never { fatalError() }
}

public struct ConditionalContent<First, Second>: View {
    public var body: Never { fatalError() }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError() }
}

public struct ModifiedContent<Content>: View {
    public var body: Never { fatalError() }
}

extension View {
    public func onAppear(perform action: (() -> Void)? = nil) -> ModifiedContent<Self> { ModifiedContent() }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> ModifiedContent<Self> { ModifiedContent() }
    public func navigationTitle(_ title: String) -> ModifiedContent<Self> { ModifiedContent() }
    public func font(_ font: Font?) -> ModifiedContent<Self> { ModifiedContent() }
    public func foregroundStyle(_ style: Color) -> ModifiedContent<Self> { ModifiedContent() }
}

public struct Font: Sendable {
    public static let headline = Font()
    public static let caption = Font()
}

public struct Color: Sendable {
    public static let secondary = Color()
}

public struct WindowGroup<Content: View>: Scene {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct Text: View {
    public init(_ content: String) {}
    public init(verbatim content: String) {}
    public var body: Never { fatalError() }
}

public struct TextField<Label: View>: View {
    public var body: Never { fatalError() }
}

extension TextField where Label == Text {
    public init(_ title: String, text: Binding<String>) {}
}

public struct Toggle<Label: View>: View {
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

public struct Button<Label: View>: View {
    public var body: Never { fatalError() }
}

extension Button where Label == Text {
    public init(_ title: String, action: @escaping @MainActor () -> Void) {}
}

public struct HStack<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct List<Content: View>: View {
    public init(@ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct Section<Content: View>: View {
    public init(_ title: String, @ViewBuilder content: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct NavigationStack<Content: View>: View {
    public init(@ViewBuilder root: () -> Content) {}
    public var body: Never { fatalError() }
}

public struct DisclosureGroup<Label: View, Content: View>: View {
    public init(@ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {}
    public var body: Never { fatalError() }
}

public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View {
    public var body: Never { fatalError() }
}

extension ForEach: DynamicViewContent {}

public protocol DynamicViewContent: View {
    associatedtype Data: Collection
}

extension ModifiedContent: DynamicViewContent where Content: DynamicViewContent {
    public typealias Data = Content.Data
}

extension DynamicViewContent {
    public func onMove(perform action: ((IndexSet, Int) -> Void)?) -> ModifiedContent<Self> { ModifiedContent() }
    public func onDelete(perform action: ((IndexSet) -> Void)?) -> ModifiedContent<Self> { ModifiedContent() }
}

extension ForEach where ID == Data.Element.ID, Data.Element: Identifiable {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}
}

extension MutableCollection {
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {}
}

extension RangeReplaceableCollection where Self: MutableCollection {
    public mutating func remove(atOffsets offsets: IndexSet) {}
}

@propertyWrapper @dynamicMemberLookup
public struct Binding<Value> {
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
    public var projectedValue: Binding<Value> { self }
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        fatalError()
    }
}

@propertyWrapper @dynamicMemberLookup
public struct Bindable<Value> {
    public var wrappedValue: Value
    public var projectedValue: Bindable<Value> { self }
    public init(wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public init(_ wrappedValue: Value) where Value: AnyObject & Observable { self.wrappedValue = wrappedValue }
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject>
    where Value: AnyObject {
        fatalError()
    }
}

@propertyWrapper
public struct State<Value> {
    public init(wrappedValue value: Value) {}
    public var wrappedValue: Value {
        get { fatalError() }
        nonmutating set {}
    }
}

public struct EnvironmentValues {
    public var undoManager: UndoManager? { nil }
}

@propertyWrapper
public struct Environment<Value> {
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}
    public var wrappedValue: Value { fatalError() }
}
