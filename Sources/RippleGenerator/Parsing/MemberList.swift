/// The declarations of the scopes being parsed (a file's top level and the type bodies open
/// in it), each kind on its own stack.
struct MemberList: ~Copyable {
    /// Where a scope's declarations start on each stack.
    struct Mark {
        fileprivate var types: Int
        fileprivate var variables: Int
        fileprivate var functions: Int
        fileprivate var otherDeclarations: Int
    }

    /// The declarations of a scope, taken off the stacks.
    struct Scope {
        var types: [TypeDeclaration]
        var variables: [VariableDeclaration]
        var functions: [FunctionDeclaration]
        var otherDeclarations: [OtherDeclaration]
    }

    var types = DeclarationStack<TypeDeclaration>()
    var variables = DeclarationStack<VariableDeclaration>()
    var functions = DeclarationStack<FunctionDeclaration>()
    var otherDeclarations = DeclarationStack<OtherDeclaration>()

    /// Where a scope opened now starts.
    var mark: Mark {
        Mark(
            types: types.count, variables: variables.count, functions: functions.count,
            otherDeclarations: otherDeclarations.count)
    }

    /// Takes the declarations of the scope opened at `mark` off the stacks.
    mutating func removeScope(openedAt mark: Mark) -> Scope {
        Scope(
            types: types.removeAll(from: mark.types), variables: variables.removeAll(from: mark.variables),
            functions: functions.removeAll(from: mark.functions),
            otherDeclarations: otherDeclarations.removeAll(from: mark.otherDeclarations))
    }
}
