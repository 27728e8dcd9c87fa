/// Everything the declaration parser found in one file.
///
/// ``types`` holds the top-level types and extensions in source order, nested ones inside them.
/// Every comment is in exactly one place: attached to the declaration it sits directly above,
/// or in ``danglingComments`` (comments at the end of a body, trailing a line of code, followed
/// by a statement or `#if`, or inside function, accessor and closure bodies).
package struct ParsedFile: Sendable {
    /// The source that was parsed.
    package var file: SourceFile
    /// Top-level types and extensions, in source order.
    package var types: [TypeDeclaration]
    /// Top-level (global) variables.
    package var variables: [VariableDeclaration]
    /// Top-level functions.
    package var functions: [FunctionDeclaration]
    /// Top-level imports, type aliases, operators, precedence groups and macros.
    package var otherDeclarations: [OtherDeclaration]
    /// Comments not attached to any declaration, in source order.
    package var danglingComments: [Comment]
    /// Lexer and parser diagnostics, in source order.
    package var diagnostics: [Diagnostic]

    /// Creates a parsed file.
    package init(
        file: SourceFile, types: [TypeDeclaration] = [], variables: [VariableDeclaration] = [],
        functions: [FunctionDeclaration] = [], otherDeclarations: [OtherDeclaration] = [],
        danglingComments: [Comment] = [], diagnostics: [Diagnostic] = []
    ) {
        self.file = file
        self.types = types
        self.variables = variables
        self.functions = functions
        self.otherDeclarations = otherDeclarations
        self.danglingComments = danglingComments
        self.diagnostics = diagnostics
    }

    /// Every comment of the file in source order: those attached to declarations, at any depth,
    /// and the dangling ones.
    package func comments() -> [Comment] {
        var comments = danglingComments
        var types = self.types
        func add(_ variables: [VariableDeclaration], _ functions: [FunctionDeclaration], _ others: [OtherDeclaration]) {
            for variable in variables { comments += variable.comments }
            for function in functions { comments += function.comments }
            for other in others { comments += other.comments }
        }
        add(variables, functions, otherDeclarations)
        // Types nest as deep as the parser follows them; a list of those left to read spares a
        // recursion.
        while let type = types.popLast() {
            comments += type.comments
            add(type.members, type.functions, type.otherDeclarations)
            types += type.nested
        }
        return comments.sorted { $0.range.lowerBound < $1.range.lowerBound }
    }
}
