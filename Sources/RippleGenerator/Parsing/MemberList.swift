/// The declarations collected in one scope: a file's top level or a type's body.
struct MemberList {
    var types: [TypeDeclaration] = []
    var variables: [VariableDeclaration] = []
    var functions: [FunctionDeclaration] = []
    var otherDeclarations: [OtherDeclaration] = []
}
