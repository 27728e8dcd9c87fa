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
}
