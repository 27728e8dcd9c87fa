import RippleGenerator

/// Parses and renders `source` in one step.
func renderTemplate(
    _ source: String, _ context: [String: TemplateValue] = [:], templates: [String: Template] = [:]
) throws(TemplateError) -> String {
    try Template(name: "test", source: source).render(context, templates: templates)
}

/// The error parsing `source` throws, or `nil` if it parses.
func templateParseError(_ source: String, name: String = "test") -> TemplateError? {
    do {
        _ = try Template(name: name, source: source)
        return nil
    } catch {
        return error
    }
}

/// The error rendering `source` throws, or `nil` if it renders (`source` must parse).
func templateRenderError(
    _ source: String, _ context: [String: TemplateValue] = [:], templates: [String: Template] = [:]
) throws(TemplateError) -> TemplateError? {
    let template = try Template(name: "test", source: source)
    do {
        _ = try template.render(context, templates: templates)
        return nil
    } catch {
        return error
    }
}
