// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.
// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests

extension TemplateSet {
    /// The source of the built-in template `Scheme.swift.ripple`.
    static let builtInScheme = #"""
{#
    The typed paths of a class: `Library.scheme.catalog.total`. Node members lead to the
    scheme of their class; computed on demand, so recursive models work.
#}
{% if class.isRoot %}
    /// The typed paths of {{ class.article }} `{{ class.name }}` model, for `reads:` and `writes:`.
{% else %}
    /// The typed paths of a model rooted at {{ class.article }} `{{ class.name }}`.
{% endif %}
    {{ class.access }}static var scheme: RippleScheme<{{ class.name }}> { RippleScheme(ModelPath()) }

    /// The paths below {{ class.article }} `{{ class.name }}` node.
    {{ class.access }}struct RippleScheme<Root: RippleNode>: SchemeNode {
        {{ class.access }}let modelPath: ModelPath<Root>

        {{ class.access }}init(_ path: ModelPath<Root>) { modelPath = path }
{% if class.schemeMembers %}

{% endif %}
{% for member in class.schemeMembers %}
    {% if member.isNode %}
        {{ class.access }}var {{ member.identifier }}: {{ member.nodeClass }}.RippleScheme<Root> { .init(modelPath.appending(RippleKey.{{ member.identifier }})) }
    {% else %}
        {{ class.access }}var {{ member.identifier }}: PropertyPath<Root, {{ member.type }}> { PropertyPath(modelPath.appending(RippleKey.{{ member.identifier }})) }
    {% endif %}
{% endfor %}
    }

"""#
}
