/// Builds the ``ModelScheme`` of a run from its parsed files, and reports every mistake in
/// the annotations.
///
/// It reads the annotations above every declaration, keeps the classes annotated `root` or
/// `node` and their annotated `var` members, resolves node types, shared change keys and
/// dependency paths, and checks everything the generated code relies on. All problems of a
/// run are reported, not only the first; the scheme is meaningful only when no error was found.
///
/// ```swift
/// let builder = SchemeBuilder(annotationPrefix: "ripple")
/// let result = builder.build([SwiftParser.parse(SourceFile(path: "Library.swift", text: source))])
/// result.diagnostics.forEach { print($0) }
/// ```
///
/// The builder holds the state of one build: ``build(_:)`` works on a copy of it, so a builder
/// can build any number of times.
package struct SchemeBuilder {
    /// The scheme and what was found wrong while building it.
    package struct Result: Sendable {
        package var scheme: ModelScheme
        /// Errors, warnings and notes, file by file in the order the files were given, then by
        /// position.
        package var diagnostics: [Diagnostic]

        /// The scheme's own problems (not the annotation syntax errors), as values, in the order
        /// they were found.
        package var problems: [FileProblem] = []

        /// The dialect, with what it kept of the files it read.
        package var dialect: any AnnotationDialect

        /// Whether any diagnostic is an error.
        package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    }

    /// A ``SchemeProblem`` of a file.
    package struct FileProblem: Equatable, Sendable {
        /// The path of the file, as parsed.
        package var file: String
        package var problem: SchemeProblem
    }

    /// Creates a builder.
    ///
    /// - Parameters:
    ///   - dialect: The annotation language of the sources.
    ///   - accessLevel: An access level for every generated member, instead of each class's own.
    ///   - documents: Whether the classes are saved and opened as documents, which checks that
    ///     each has an `init()` and that saved members are not certainly un-`Codable`.
    package init(dialect: any AnnotationDialect = RippleDialect(), accessLevel: AccessLevel? = nil, documents: Bool = false) {
        self.dialect = dialect
        self.accessLevel = accessLevel
        self.documents = documents
    }

    /// Creates a builder of Ripple's annotations written `// <annotationPrefix>: ...`.
    package init(annotationPrefix: String, accessLevel: AccessLevel? = nil) {
        self.init(dialect: RippleDialect(prefix: annotationPrefix), accessLevel: accessLevel)
    }

    /// Builds the scheme of `files`, in the order given (the generator sorts them by path).
    package func build(_ files: [ParsedFile]) -> Result {
        var builder = self
        for file in files {
            builder.collect(file)
        }
        builder.reportMembersOfUnannotatedClasses()
        builder.checkRoots()
        let classes = builder.buildClasses()
        let imports = builder.imports.sorted { ($0.module, $0.line) < ($1.module, $1.line) }.map(\.line)
        let diagnostics = builder.diagnostics.diagnostics.sortedForReading(files: files.map(\.file.path))
        return Result(
            scheme: ModelScheme(classes: classes, imports: imports), diagnostics: diagnostics, problems: builder.problems,
            dialect: builder.dialect)
    }

    // MARK: The state of a build

    /// The annotation language, chosen once for the build.
    var dialect: any AnnotationDialect
    let accessLevel: AccessLevel?
    /// Whether documents are on (see ``SchemeBuilder+Documents``).
    let documents: Bool
    var candidates: [Candidate] = []
    /// The qualified names of the candidates, to resolve a type name in constant time.
    var candidateNames: Set<String> = []
    /// The qualified names of the types that enclose a candidate, to skip looking for a type
    /// name inside scopes that hold none.
    var candidateScopes: Set<Substring> = []
    /// The names, plain and qualified, of the structs and enums declared in the sources: a
    /// `node` member of one of these types wants to be a `property`.
    var valueTypeNames: Set<String> = []
    /// The names, plain and qualified, of the classes declared in the sources, annotated or not.
    var classNames: Set<String> = []
    /// The access level of every type declared in the sources, by qualified name (see
    /// ``declareType(_:access:)``).
    var declaredTypes: [String: AccessLevel] = [:]
    /// The lowest level in ``declaredTypes``: no type is less visible.
    var lowestDeclaredAccess = AccessLevel.public
    /// The lowest level of the declared types of each name (`Kind` for `Library.Kind`), to pass
    /// over the names of a member's type that cannot be less visible than its accessor without
    /// resolving them.
    var lowestAccessByName: [String: AccessLevel] = [:]
    /// The annotated members of classes that are not annotated, reported once every class is
    /// known (whether the class could be tracked depends on its superclass).
    var membersOfUnannotatedClasses: [UnannotatedMember] = []
    /// The types whose annotation was reported and that are therefore not tracked (a class
    /// annotated `rot`, a struct annotated `node`), by qualified name, each with whether it may
    /// have been meant as the root. What follows from that one mistake is not reported again:
    /// their members, node members of their type, a missing root.
    var unreadableTypes: [String: Bool] = [:]
    /// The public names of the annotated members left out of each class (by qualified name)
    /// after an error was reported on them: a dependency or `shared` naming one is not reported
    /// again.
    var brokenMembers: [String: Set<String>] = [:]
    /// The names of the `var` members declared in extensions, by extended type.
    var extensionMembers: [String: Set<String>] = [:]
    /// `validate()` and the transaction hooks declared in extensions, by extended type.
    var extensionMethods: [String: ClassMethods] = [:]
    /// With documents on: the conformances of the structs, enums, classes and protocols declared
    /// in the sources, by qualified name, and those their extensions add, by extended type.
    var declaredConformances: [String: DeclaredConformances] = [:]
    var extensionConformances: [String: DeclaredConformances] = [:]
    /// With documents on: the initializers, document version and migration declared in
    /// extensions, by extended type.
    var extensionRequirements: [String: DocumentRequirements] = [:]
    /// The imports to repeat in the generated file.
    var imports: Set<ImportLine> = []
    var diagnostics = DiagnosticCollector()
    /// How many more names the "did you mean" hints of members may compare (see
    /// ``suggestedSpelling(of:among:_:)``).
    var suggestionBudget = SchemeBuilder.suggestionLimit
    /// The problems of ``diagnostics`` that ``report(_:at:in:)`` made, as values (for
    /// `ripple-gen migrate`, which fixes some of them).
    var problems: [FileProblem] = []

    /// An import as the generated file writes it, with the module it sorts by.
    struct ImportLine: Hashable {
        var module: String
        var line: String
    }

    var prefix: String { dialect.parser.prefix }

    /// The most member names that the "did you mean" hints of a run compare, in all: each hint
    /// compares the unknown name with every member of a class, and a class of thousands of
    /// members with as many misspelled names would cost the square of that.
    static let suggestionLimit = 1_000_000

    /// The member name that `word` is most likely a misspelling of, among `count` candidates
    /// (made only if they are compared); `nil` when comparing them would take the run past
    /// ``suggestionLimit`` names: the message then goes without a hint.
    mutating func suggestedSpelling(of word: String, among count: Int, _ candidates: @autoclosure () -> [String]) -> String? {
        guard count <= suggestionBudget else { return nil }
        suggestionBudget -= count
        return nearestSpelling(of: word, in: candidates())
    }

    mutating func report(_ message: SchemeMessage, at location: SourceLocation, in file: String) {
        diagnostics.report(message, in: file, at: location)
        problems.append(FileProblem(file: file, problem: SchemeProblem(message, at: location)))
    }
}
