import RippleGenerator

/// Parses `text` as the file `Test.swift`.
func parseSource(_ text: String) -> ParsedFile {
    SwiftParser.parse(SourceFile(path: "Test.swift", text: text))
}

extension ParsedFile {
    /// The first type (in source order, nested ones included) with this qualified name.
    func parsedType(_ qualifiedName: String) -> TypeDeclaration? {
        func search(_ types: [TypeDeclaration]) -> TypeDeclaration? {
            for type in types {
                if type.qualifiedName == qualifiedName { return type }
                if let found = search(type.nested) { return found }
            }
            return nil
        }
        return search(types)
    }

    /// The texts of the dangling comments.
    var danglingCommentTexts: [String] { danglingComments.map(\.text) }
}

extension TypeDeclaration {
    /// The member variable with this name.
    func parsedMember(_ name: String) -> VariableDeclaration? {
        members.first { $0.name == name }
    }

    /// The function with this name.
    func parsedFunction(_ name: String) -> FunctionDeclaration? {
        functions.first { $0.name == name }
    }
}
