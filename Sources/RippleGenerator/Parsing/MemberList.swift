/// The declarations of a scope being parsed (a file's top level or a type body), each kind in
/// its own list.
struct MemberList {
    var types: [TypeDeclaration] = []
    var variables: [VariableDeclaration] = []
    var functions: [FunctionDeclaration] = []
    var otherDeclarations: [OtherDeclaration] = []
}
