/// One piece of a parsed template; a template is an array of these, rendered in order.
enum TemplateNode: Sendable {
    /// Text copied to the output as it is.
    case text(String)
    /// `{{ operand }}`: the operand's text.
    case output(Operand)
    /// `{% for %}`.
    case loop(Loop)
    /// `{% if %}`, with its `elif` and `else` branches.
    case conditional(Conditional)
    /// `{% include "name" %}`: another template of the set, rendered with the current variables.
    case include(name: String, location: TemplateLocation)

    /// `{% for variable in sequence %} body {% else %} emptyBody {% endfor %}`.
    struct Loop: Sendable {
        /// Where the `{% for %}` tag starts.
        var location: TemplateLocation
        var variable: String
        var sequence: Operand
        var body: [TemplateNode]
        /// Rendered instead of `body` when the sequence is empty.
        var emptyBody: [TemplateNode]
    }

    /// `{% if %} … {% elif %} … {% else %} … {% endif %}`.
    struct Conditional: Sendable {
        struct Branch: Sendable {
            var condition: Expression
            var body: [TemplateNode]
        }

        /// The `if` branch, then each `elif` branch; the first whose condition holds renders.
        var branches: [Branch]
        /// Rendered when no branch's condition holds.
        var elseBody: [TemplateNode]
    }

    /// A condition of `if` or `elif`.
    ///
    /// `a and b and c` is one `.all` of three terms rather than a nest of pairs, so that a long
    /// chain is checked (and freed) in a loop, not by recursion as deep as the chain is long.
    indirect enum Expression: Sendable {
        /// True when the operand's value is truthy; an undefined variable is false.
        case value(Operand)
        case not(Expression)
        /// `a and b and …`: true when every term is, checked in order until one is false.
        case all([Expression])
        /// `a or b or …`: true when some term is, checked in order until one is true.
        case any([Expression])
        /// `left == right`, or `left != right` when `isEqual` is false.
        case comparison(Operand, Operand, isEqual: Bool)
    }

    /// A variable path or a literal, followed by filters: `name | lowerFirst`.
    struct Operand: Sendable {
        enum Base: Sendable {
            /// A dotted path such as `property.name`, split at the dots.
            case path([String])
            case literal(TemplateValue)
        }

        var base: Base
        var filters: [FilterCall]
        var location: TemplateLocation

        /// The operand as it reads in messages: the path, or the literal.
        var text: String {
            switch base {
            case .path(let components): components.joined(separator: ".")
            case .literal(.string(let string)): "\"\(string)\""
            case .literal(let value): value.scalarText ?? "null"
            }
        }
    }

    /// `| name` or `| name(arguments)`.
    struct FilterCall: Sendable {
        var filter: TemplateFilter
        var arguments: [TemplateValue]
        var location: TemplateLocation
    }
}
