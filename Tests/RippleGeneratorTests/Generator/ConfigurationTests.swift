import Foundation
import RippleGenerator
import Testing

@Suite struct ConfigurationTests {
    func load(_ json: String) throws -> (Configuration, [String], TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        try directory.write("Templates/File.swift.ripple", "")
        let path = try directory.write("ripple.json", json)
        let loaded = Configuration.load(path: path)
        let messages = loaded.diagnostics.map(\.description)
            .map { $0.replacingOccurrences(of: directory.path + "/", with: "") }
        return (loaded.configuration, messages, directory)
    }

    @Test func readsEveryKey() throws {
        let (configuration, messages, directory) = try load("""
            { "annotationPrefix": "model", "accessLevel": "public", "templates": "Templates" }
            """)
        #expect(messages == [])
        #expect(configuration == Configuration(
            annotationLanguage: .ripple(prefix: "model"), accessLevel: .public, templatesDirectory: directory.path + "/Templates"))
    }

    @Test func anEmptyObjectIsValid() throws {
        let (configuration, messages, _) = try load("{}")
        #expect(messages == [])
        #expect(configuration == Configuration())
    }

    @Test func anAbsoluteTemplatesFolderIsKept() throws {
        let folder = try TemporaryDirectory()
        let (configuration, _, _) = try load(#"{ "templates": "\#(folder.path)" }"#)
        #expect(configuration.templatesDirectory == folder.path)
    }

    @Test func aTemplatesPathThatIsAFileOrNothingIsAnErrorAtItsKey() throws {
        let (configuration, messages, _) = try load("{\n  \"templates\": \"ripple.json\"\n}")
        #expect(configuration.templatesDirectory == nil)
        #expect(messages == [
            "ripple.json:2:3: error: 'templates' names 'ripple.json', which is a file, not a folder; "
                + "name the folder that holds the *.ripple templates",
        ])
        let (_, missing, _) = try load(#"{ "templates": "Nowhere" }"#)
        #expect(missing == [
            "ripple.json:1:3: error: 'templates' names 'Nowhere', which does not exist; "
                + "name the folder of the *.ripple templates, relative to ripple.json",
        ])
    }

    @Test func unknownKeyNamesTheNearestKeyAtItsLine() throws {
        let (_, messages, _) = try load("{\n  \"accessLevel\": \"public\",\n  \"template\": \"T\"\n}")
        #expect(messages == ["ripple.json:3:3: error: unknown key 'template'; did you mean 'templates'?"])
    }

    @Test func unknownKeyWithoutANearSpellingListsTheKeys() throws {
        let (_, messages, _) = try load(#"{ "output": "Generated" }"#)
        #expect(messages == ["ripple.json:1:3: error: unknown key 'output'; the keys are accessLevel, annotationPrefix, documents, observable, templates"])
    }

    @Test func documentsIsABoolean() throws {
        #expect(try load(#"{ "documents": true }"#).0.documents == true)
        #expect(try load(#"{ "documents": false }"#).0.documents == false)
        let (configuration, messages, _) = try load(#"{ "documents": "on" }"#)
        #expect(configuration.documents == nil)
        #expect(messages == ["ripple.json:1:3: error: 'documents' must be true or false"])
    }

    @Test func observableIsABoolean() throws {
        #expect(try load(#"{ "observable": true }"#).0.observable == true)
        #expect(try load(#"{ "observable": false }"#).0.observable == false)
        let (configuration, messages, _) = try load(#"{ "observable": "yes" }"#)
        #expect(configuration.observable == nil)
        #expect(messages == ["ripple.json:1:3: error: 'observable' must be true or false"])
        // Numbers are no booleans, not even 0 and 1.
        for number in ["1", "0", "2", "1.0"] {
            let (configuration, messages, _) = try load(#"{ "observable": \#(number) }"#)
            #expect(configuration.observable == nil)
            #expect(messages == ["ripple.json:1:3: error: 'observable' must be true or false"], "\(number)")
        }
    }

    @Test func invalidValues() throws {
        let (_, messages, _) = try load("""
            {
                "accessLevel": "open",
                "annotationPrefix": "my prefix",
                "templates": 3
            }
            """)
        #expect(messages == [
            "ripple.json:2:5: error: access level 'open' must be public, package or internal",
            "ripple.json:3:5: error: 'annotationPrefix' must be a word of letters, digits and '_', not 'my prefix'",
            "ripple.json:4:5: error: 'templates' must be a string",
        ])
    }

    @Test func invalidJSONIsReportedWhereItIsInvalid() throws {
        #expect(try load(#"{ "accessLevel": }"#).1 == [
            "ripple.json:1:18: error: invalid JSON: expected a value (an object, an array, a string, a number, true, "
                + "false or null), found '}'",
        ])
        #expect(try load("{\n  \"observable\": true,\n  \"accessLevel\": \"public\"\n  \"templates\": \"T\"\n}").1 == [
            #"ripple.json:4:3: error: invalid JSON: expected ',' or '}' after a value of the object, found '"'"#,
        ])
        // Columns count bytes, as the generator's other diagnostics do.
        #expect(try load(#"{ "é": "\q" }"#).1 == [
            #"ripple.json:1:11: error: invalid JSON: expected an escape ('\"', '\\', '\/', '\b', '\f', '\n', '\r', '\t' "#
                + #"or '\u') after '\', found 'q'"#,
        ])
        #expect(try load(#"{ "accessLevel": "public""#).1 == [
            "ripple.json:1:26: error: invalid JSON: expected ',' or '}' after a value of the object, found the end of the text",
        ])
        #expect(try load("{} {}").1 == [
            "ripple.json:1:4: error: invalid JSON: expected the end of the text after the JSON value, found '{'",
        ])
        #expect(try load(String(repeating: "[", count: 10_000)).1 == [
            "ripple.json:1:65: error: invalid JSON: arrays and objects nest more than 64 deep",
        ])
    }

    @Test func escapesAndEveryKindOfValueRead() throws {
        let (configuration, messages, _) = try load(#"""
            {"accessLevel": "p\u0075blic", "observable": false, "annotationPrefix": "a\/b\ud83d\ude00", "x": [1, -2.5e3, null, {}]}
            """#)
        #expect(configuration.accessLevel == .public)
        #expect(configuration.observable == false)
        #expect(messages == [
            "ripple.json:1:53: error: 'annotationPrefix' must be a word of letters, digits and '_', not 'a/b😀'",
            "ripple.json:1:93: error: unknown key 'x'; the keys are accessLevel, annotationPrefix, documents, observable, templates",
        ])
    }

    @Test func notAnObject() throws {
        let (_, messages, _) = try load("[]")
        #expect(messages == [#"ripple.json:1:1: error: the configuration must be a JSON object, such as { "accessLevel": "public" }"#])
    }

    @Test func unreadableFile() {
        let loaded = Configuration.load(path: "/nonexistent/ripple.json")
        #expect(loaded.diagnostics.map(\.description) == ["error: cannot read '/nonexistent/ripple.json'"])
    }
}
