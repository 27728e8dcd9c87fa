// Generated from the files of Templates/ by BuiltInTemplatesTests. Do not edit.
// After changing a template: RIPPLE_RECORD=1 swift test --filter BuiltInTemplatesTests

extension TemplateSet {
    /// The source of the built-in template `MemberDescriptor.swift.ripple`.
    static let builtInMemberDescriptor = #"""
{#
    The `MemberDescriptor` of one member, an element of `_rippleDescriptor`'s member list.
    Dependencies are change-key steps, each commented with the path it was written as.
#}
{% if member.dependencies %}
        MemberDescriptor(
            name: "{{ member.name }}", kind: {% if member.isNode %}.node(.{{ member.shape }}, { {{ member.nodeClass }}._rippleDescriptor }){% else %}.property{% endif %},
            options: [{% for option in member.options %}.{{ option }}{% if not loop.last %}, {% endif %}{% endfor %}], changeKey: {{ member.changeKey }},
            dependencies: [
    {% for dependency in member.dependencies %}
                [{% for step in dependency.steps %}{% if step.isAll %}.all{% else %}.member({{ step.member }}){% endif %}{% if not loop.last %}, {% endif %}{% endfor %}],  // {{ dependency.text }}
    {% endfor %}
            ]),
{% else %}
        MemberDescriptor(name: "{{ member.name }}", kind: {% if member.isNode %}.node(.{{ member.shape }}, { {{ member.nodeClass }}._rippleDescriptor }){% else %}.property{% endif %}, {% if member.options %}options: [{% for option in member.options %}.{{ option }}{% if not loop.last %}, {% endif %}{% endfor %}], {% endif %}changeKey: {{ member.changeKey }}),{% if member.isShared %}  // shares the change key of '{{ member.sharedProperty }}'{% endif %}
{% endif %}

"""#
}
