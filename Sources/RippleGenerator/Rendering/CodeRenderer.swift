/// Renders the generated Swift file of a model scheme.
///
/// ```swift
/// let code = try CodeRenderer(templates: .builtIn()).render(schema)
/// ```
package struct CodeRenderer: Sendable {
    package let templates: TemplateSet

    /// Creates a renderer that uses `templates`.
    package init(templates: TemplateSet = .builtIn()) {
        self.templates = templates
    }

    /// The generated file: every class of `schema`, or only the header when it has none.
    ///
    /// - Throws: `TemplateError` when a (user) template uses a variable that does not exist or
    ///   a value of the wrong kind.
    package func render(_ schema: ModelScheme, observable: Bool = false) throws(TemplateError) -> String {
        try templates.render(RenderContext.file(schema, observable: observable))
    }
}
