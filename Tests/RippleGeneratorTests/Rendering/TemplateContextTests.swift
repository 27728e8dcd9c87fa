import RippleGenerator
import Testing

/// Contexts built with layouts and lazy arrays render exactly like the same variables given
/// as `TemplateValue`s, and a lazy array builds its elements only when a loop reaches them.
@Suite struct TemplateContextTests {
    static let peopleSource = """
        {% for person in people %}
        {{ loop.index }}. {{ person.name }}{% if person.isAdmin %} (admin){% endif %}, {{ person.age }}
        {% else %}
        nobody
        {% endfor %}

        """

    /// Builds the context of the people template: one layout for every person.
    static func peopleContext(_ people: [(name: String, isAdmin: Bool, age: Int)]) -> TemplateContext {
        var context = TemplateContext()
        let person = context.layout(["name", "isAdmin", "age"])
        let values = people.map { name, isAdmin, age in
            context.dictionary(person, ["name": context.string(name), "isAdmin": .bool(isAdmin), "age": .int(age)])
        }
        context.setRoot(context.dictionary(context.layout(["people"]), ["people": context.array(values)]))
        return context
    }

    @Test func contextWithLayoutsRendersLikeTemplateValues() throws {
        let template = try Template(name: "people", source: Self.peopleSource)
        let people = [("Ann", true, 41), ("Bob", false, -7)]
        let values: [String: TemplateValue] = [
            "people": .array(people.map { name, isAdmin, age in ["name": .string(name), "isAdmin": .bool(isAdmin), "age": .int(age)] }),
        ]
        let expected = "1. Ann (admin), 41\n2. Bob, -7\n"
        #expect(try template.render(values) == expected)
        #expect(try template.render(Self.peopleContext(people)) == expected)
        #expect(try template.render(Self.peopleContext([])) == "nobody\n")
    }

    @Test func lazyArrayBuildsEachElementWhenItsIterationStarts() throws {
        final class Builds {
            var indices: [Int] = []
        }
        let builds = Builds()
        var context = TemplateContext()
        let item = context.layout(["name"])
        let items = context.lazyArray(count: 3) { context, index in
            builds.indices.append(index)
            return context.dictionary(item, ["name": context.string("item \(index)")])
        }
        context.setRoot(context.dictionary(context.layout(["items"]), ["items": items]))
        let template = try Template(name: "items", source: """
            {% if items %}{{ items | count }} items{% endif %}
            {% for item in items %}
            {{ item.name }} of {{ loop.length }}
            {% endfor %}

            """)
        let output = try template.render(context)
        #expect(output == "3 items\nitem 0 of 3\nitem 1 of 3\nitem 2 of 3\n")
        // `count` reads every element once; the loop builds each again as it reaches it.
        #expect(builds.indices == [0, 1, 2, 0, 1, 2])
    }

    @Test func lazyArrayIsAnArrayInMessages() throws {
        var context = TemplateContext()
        let items = context.lazyArray(count: 1) { _, _ in .int(1) }
        context.setRoot(context.dictionary(context.layout(["items"]), ["items": items]))
        let error = #expect(throws: TemplateError.self) {
            try Template(name: "items", source: "{{ items }}").render(context)
        }
        #expect(error?.reason == .notPrintable("items", kind: .array))
    }

    @Test func valuesStoredInALoopDoNotOutliveTheirIteration() throws {
        // Each iteration stores a filter result, a literal and `loop` as a whole; a long loop
        // renders them all correctly while dropping them as it goes.
        let template = try Template(name: "long", source: """
            {% for name in names %}{{ name | upper }}{% if name == "n7" %}!{% endif %}{{ loop | count }};{% endfor %}
            """)
        let names = (0..<10_000).map { TemplateValue.string("n\($0)") }
        let output = try template.render(["names": .array(names)])
        let expected = (0..<10_000).map { "N\($0)\($0 == 7 ? "!" : "")5;" }.joined()
        #expect(output == expected)
    }

    @Test func largeOutputOfSmallAndLargePiecesIsIntact() throws {
        // Pieces of every size up to 300 bytes, for several megabytes: appends cross many chunk
        // boundaries.
        let template = try Template(name: "pieces", source: "{% for piece in pieces %}{{ piece }}|{{ loop.index0 }}\n{% endfor %}")
        let pieces = (0..<30_000).map { String(repeating: Character(UnicodeScalar(97 + $0 % 26)!), count: $0 % 301) }
        let output = try template.render(["pieces": .array(pieces.map(TemplateValue.string))])
        #expect(output == pieces.enumerated().map { "\($1)|\($0)\n" }.joined())
    }

    @Test func intsPrintLikeSwift() throws {
        let values: [Int] = [0, 7, -7, 10, 99, 100, -100, Int.max, Int.min]
        for value in values {
            #expect(try renderTemplate("{{ n }}", ["n": .int(value)]) == String(value))
        }
    }
}
