// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.
// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests

extension TemplateSet {
    /// The source of every built-in template, by file name.
    static let builtInSources: [String: String] = [
        "Accessor.swift.ripple": builtInAccessor,
        "Class.swift.ripple": builtInClass,
        "Document.swift.ripple": builtInDocument,
        "File.swift.ripple": builtInFile,
        "MemberDescriptor.swift.ripple": builtInMemberDescriptor,
        "Scheme.swift.ripple": builtInScheme,
    ]
}
