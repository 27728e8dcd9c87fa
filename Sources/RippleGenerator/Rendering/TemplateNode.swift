/// One piece of a parsed template; a template is an array of these, rendered in order.
///
/// Every case holds one object, so that the renderer copies a node as one reference however
/// much it holds.
enum TemplateNode: Sendable {
    /// Text copied to the output as it is: its UTF-8 bytes.
    case text([UInt8])
    /// `{{ operand }}`: the operand's text.
    case output(Operand)
    /// `{% for %}`.
    case loop(Loop)
    /// `{% if %}`, with its `elif` and `else` branches.
    case conditional(Conditional)
    /// `{% include "name" %}`: another template of the set, rendered with the current variables.
    case include(Include)

    final class Include: Sendable {
        let name: String
        /// Where the name is.
        let location: TemplateLocation

        init(name: String, location: TemplateLocation) {
            (self.name, self.location) = (name, location)
        }
    }

    /// `{% for variable in sequence %} body {% else %} emptyBody {% endfor %}`.
    final class Loop: Sendable {
        /// Where the `{% for %}` tag starts.
        let location: TemplateLocation
        let variable: String
        let sequence: Operand
        let body: [TemplateNode]
        /// Rendered instead of `body` when the sequence is empty.
        let emptyBody: [TemplateNode]

        init(location: TemplateLocation, variable: String, sequence: Operand, body: [TemplateNode], emptyBody: [TemplateNode]) {
            (self.location, self.variable, self.sequence) = (location, variable, sequence)
            (self.body, self.emptyBody) = (body, emptyBody)
        }
    }

    /// `{% if %} … {% elif %} … {% else %} … {% endif %}`.
    final class Conditional: Sendable {
        /// The condition of the `if`, then of each `elif`; the first that holds chooses its body.
        let conditions: [Expression]
        /// The body of each condition, in the same order, then the else body (perhaps empty).
        let bodies: [[TemplateNode]]

        /// - Precondition: There is one more body than conditions.
        init(conditions: [Expression], bodies: [[TemplateNode]]) {
            precondition(bodies.count == conditions.count + 1, "an else body is missing")
            (self.conditions, self.bodies) = (conditions, bodies)
        }
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
    final class Operand: Sendable {
        /// The keys of a dotted path such as `property.name`; empty for a literal.
        let path: [String]
        /// The value of a literal such as `"text"` or `1`; `nil` for a path.
        let literal: TemplateValue?
        let filters: [FilterCall]
        let location: TemplateLocation

        init(path: [String], literal: TemplateValue?, filters: [FilterCall], location: TemplateLocation) {
            (self.path, self.literal, self.filters, self.location) = (path, literal, filters, location)
        }

        /// The operand as it reads in messages: the path, or the literal.
        var text: String {
            switch literal {
            case nil: path.joined(separator: ".")
            case .string(let string)?: "\"\(string)\""
            case let value?: value.scalarText ?? "null"
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
