/// Parses a Swift file down to the declarations the generator reads.
///
/// A small, dependency-free replacement for SwiftSyntax: it lexes the file, walks the
/// declarations of every type (nested ones, extensions and `#if` branches included), skips
/// function and accessor bodies by balanced braces while still collecting their comments, and
/// attaches each comment to the declaration directly below it.
///
/// ```swift
/// let parsed = SwiftParser.parse(SourceFile(path: "Library.swift", text: source))
/// for type in parsed.types where type.kind == .class {
///     print(type.name, type.members.map(\.name))
/// }
/// ```
///
/// It accepts any input: broken or unterminated code produces diagnostics, never a crash or a
/// hang, and time grows linearly with the size of the file. The file in the result carries the
/// line table the lexer recorded, so locations in it are cheap for later stages too.
package enum SwiftParser {
    /// Parses one file.
    ///
    /// - Parameter file: The source to parse.
    /// - Returns: Its declarations, dangling comments and diagnostics.
    package static func parse(_ file: SourceFile) -> ParsedFile {
        DeclarationParser.parse(Lexer.lex(file))
    }

    /// Whether `name` is a word that Swift reserves, which code must backtick to use as a name
    /// (`` `default` ``).
    package static func isReservedWord(_ name: String) -> Bool {
        reservedWords.contains(name)
    }

    /// Swift's reserved keywords, and the reserved words the lexer does not list as keywords.
    private static let reservedWords = Set(SwiftKeyword.allCases.filter(\.isReserved).map(\.rawValue))
        .union(["nil", "true", "false", "super", "Any"])
}
