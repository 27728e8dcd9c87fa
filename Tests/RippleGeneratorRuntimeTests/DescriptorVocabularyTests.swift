import Foundation
@_spi(RippleGenerated) import Ripple
import RippleGenerator
import Testing

/// The generated code names the runtime's node shapes and member options with the generator's
/// words for them (`kind: .node(.optionalArray, ...)`, `options: [.readOnly, .computed]`): the
/// same two lists are written in each module (`Sources/Ripple/Model/NodeDescriptor.swift`, and
/// `NodeShape` and `MemberOption` in the generator's scheme). These tests compile both and prove
/// that the lists agree, entry by entry: names, raw values and bits.
///
/// What the runtime declares is listed from its source, read with the generator's parser, so
/// that an entry added to the runtime alone is found too; its values come from the compiled
/// module.
@Suite struct DescriptorVocabularyTests {
    /// The runtime's `NodeDescriptor.swift`, parsed.
    static let runtimeSource: ParsedFile = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Ripple/Model/NodeDescriptor.swift").path
        let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        return SwiftParser.parse(SourceFile(path: path, bytes: bytes))
    }()

    /// The runtime's type named `name`.
    static func runtimeType(_ name: String) -> TypeDeclaration? {
        runtimeSource.types.first { $0.name == name }
    }

    @Test func theRuntimeDeclaresTheNodeShapesTheGeneratorNames() throws {
        let declared = try #require(Self.runtimeType("NodeShape")).otherDeclarations.filter { $0.kind == .enumCase }
        #expect(declared.map(\.name) == RippleGenerator.NodeShape.allCases.map(\.rawValue))
        for shape in RippleGenerator.NodeShape.allCases {
            // The runtime's raw value is the shape's pattern; its case name, the generator's.
            let runtime = Ripple.NodeShape(rawValue: shape.pattern)
            #expect(runtime.map { "\($0)" } == shape.rawValue, "\(shape)")
            #expect(runtime?.isCollection == !(shape == .single || shape == .optional), "\(shape)")
        }
    }

    /// The runtime's options by the name the generated code writes: `.readOnly`.
    static let runtimeOptions: [String: Ripple.MemberOptions] = [
        "readOnly": .readOnly, "computed": .computed, "discardable": .discardable, "derived": .derived,
        "backgroundRead": .backgroundRead, "backgroundWrite": .backgroundWrite,
    ]

    @Test func theRuntimeDeclaresTheMemberOptionsTheGeneratorNamesWithTheSameBits() throws {
        let declared = try #require(Self.runtimeType("MemberOptions")).members.filter { member in
            member.isStatic && member.modifiers.contains("public") && member.initializer?.hasPrefix("MemberOptions(rawValue:") == true
        }
        let names = RippleGenerator.MemberOption.allCases.map(\.rawValue)
        #expect(declared.map(\.name) == names)
        #expect(Self.runtimeOptions.keys.sorted() == names.sorted())
        for (position, option) in RippleGenerator.MemberOption.allCases.enumerated() {
            // The generator lists options in the order of their bits, the runtime's bits.
            #expect(RippleGenerator.MemberOptions([option]).startIndex == position, "\(option)")
            #expect(Self.runtimeOptions[option.rawValue]?.rawValue == 1 << position, "\(option)")
        }
    }
}
