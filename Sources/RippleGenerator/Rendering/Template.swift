/// A parsed text template that renders generated code from a context of values.
///
/// A template is parsed once, when it is created, and can then be rendered many times.
/// Parsing reports every syntax error with its line and column, so a broken template fails as
/// soon as it is loaded; rendering appends to one string, so its cost grows linearly with the
/// output.
///
/// ```swift
/// let template = try Template(name: "Accessors.swift.template", source: """
///     extension {{ type }} {
///     {% for property in properties %}
///         var {{ property.name }}: {{ property.type }} { _{{ property.name }} }
///     {% endfor %}
///     }
///
///     """)
/// let code = try template.render(["type": "Library", "properties": [["name": "total", "type": "Int"]]])
/// ```
///
/// ## Syntax
///
/// A subset of Jinja:
///
/// - `{{ name }}` prints a variable; `{{ a.b.c }}` looks up keys of dictionaries along a
///   dotted path. Strings and ints print as they are, bools as `true` or `false`; printing an
///   array, a dictionary or null is an error. `{{ "{{" }}` prints a literal string.
/// - Filters transform a value: `{{ name | upper }}`. The filters are `upper`, `lower`,
///   `capitalized` (first letter uppercased), `lowerFirst` (first letter lowercased),
///   `join(", ")` (an array of strings), `count` (of a string, array or dictionary) and
///   `default("value")` (used when the variable is undefined or null).
/// - `{% for item in items %} … {% else %} … {% endfor %}` repeats its body for each element
///   of an array; the optional `else` part renders when the array is empty. Inside the body,
///   `loop.index` (from 1), `loop.index0` (from 0), `loop.first`, `loop.last` and
///   `loop.length` describe the position.
/// - `{% if condition %} … {% elif condition %} … {% else %} … {% endif %}`. A condition is a
///   value (true when it is `true`, a non-empty string, array or dictionary, or a non-zero
///   int), `value == "literal"`, `value != "literal"`, `not condition`, `a and b`, `a or b`,
///   and parentheses; `not` binds tighter than `and`, which binds tighter than `or`.
///   Values in conditions may have filters: `{% if items | count == 1 %}`.
/// - `{# comment #}` produces nothing.
/// - `{% include "name" %}` renders the template of that name from the set passed to
///   `render(_:templates:outputLimit:)`, with the current variables (loop variables included).
///
/// Undefined variables are errors, so that a typo in a template cannot silently generate
/// wrong code. For a value that may be missing, test it with `{% if name %}` (in conditions an
/// undefined variable is false) or give it a fallback with `| default("…")`.
///
/// ## Whitespace
///
/// Templates are written for generating formatted code, so block tags do not leave blank
/// lines behind:
///
/// - A line that holds only block tags (`{% … %}`) or comments (`{# … #}`), with optional
///   spaces and tabs around them, produces no output at all, newline included. Lines of
///   content keep their indentation, so loops and conditions can be indented like the code
///   they generate.
/// - A `-` inside a delimiter removes all whitespace, newlines included, on that side:
///   `{%- … %}`, `{% … -%}`, and likewise `{{-`, `-}}`, `{#-`, `-#}`.
/// - Tags inside a line of content are replaced in place; the text around them is kept.
///
/// An included template's output is inserted as it is, without re-indenting it.
///
/// ## Limits
///
/// Blocks nest at most 256 deep in a template, and parentheses 256 deep in a condition;
/// includes nest at most 32 deep; the output is at most ``maximumOutputSize`` bytes, and a
/// render takes at most ``maximumSteps`` steps (loop iterations and includes, in all). Past a
/// limit, parsing or rendering stops with an error where the limit was reached.
package struct Template: Sendable {
    /// The largest output a render produces by default, in bytes (256 MB): a template that loops
    /// over every class inside a loop over every class grows without bound on a large model.
    package static let maximumOutputSize = 256 << 20

    /// The most loop iterations and includes a render takes by default, in all (10 million):
    /// loops nested 40 deep over two elements each print nothing, yet would run for ever. The
    /// built-in templates take about ten steps per member, for about a kilobyte of code each, so
    /// they reach ``maximumOutputSize`` first, after a few million. 10 million steps take under
    /// a second in a release build (and about 40 seconds in a debug one: the plugins build
    /// `ripple-gen` in the package's configuration).
    package static let maximumSteps = 10_000_000

    /// The name used in diagnostics, usually the template's file name.
    package let name: String
    let nodes: [TemplateNode]

    /// Parses a template.
    ///
    /// - Parameters:
    ///   - name: The name used in diagnostics, usually the template's file name.
    ///   - source: The template text.
    /// - Throws: `TemplateError` for the first syntax error: an unclosed tag or block, an
    ///   unknown tag or filter, a misplaced `else`, a malformed expression, blocks or
    ///   parentheses nested too deep.
    package init(name: String, source: String) throws(TemplateError) {
        self.name = name
        nodes = try TemplateParser.nodes(of: TemplateSource(name: name, text: source))
    }

    /// Renders the template.
    ///
    /// - Parameters:
    ///   - context: The variables the template can use.
    ///   - templates: The templates `{% include "name" %}` can render, by name.
    ///   - outputLimit: The largest output allowed, in bytes.
    ///   - stepLimit: The most loop iterations and includes allowed, in all.
    /// - Returns: The rendered text.
    /// - Throws: `TemplateError` for an undefined variable, a value of the wrong kind (printing
    ///   an array, looping over a string, `upper` on an int), an unknown included template,
    ///   output larger than `outputLimit`, or more steps than `stepLimit`.
    package func render(
        _ context: [String: TemplateValue], templates: [String: Template] = [:],
        outputLimit: Int = maximumOutputSize, stepLimit: Int = maximumSteps
    ) throws(TemplateError) -> String {
        var renderer = TemplateRenderer(
            self, variables: context, templates: templates, outputLimit: outputLimit, stepLimit: stepLimit)
        return String(decoding: try renderer.render(), as: UTF8.self)
    }
}
