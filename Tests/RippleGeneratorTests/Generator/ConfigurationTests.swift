import Foundation
import RippleGenerator
import Testing

@Suite struct ConfigurationTests {
    func load(_ json: String) throws -> (Configuration, [String], TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let path = try directory.write("ripple.json", json)
        let loaded = Configuration.load(path: path)
        let messages = (loaded.errors.map(\.description) + loaded.diagnostics.map(\.description))
            .map { $0.replacingOccurrences(of: directory.path + "/", with: "") }
        return (loaded.configuration, messages, directory)
    }

    @Test func readsEveryKey() throws {
        let (configuration, messages, directory) = try load("""
            { "annotationPrefix": "model", "accessLevel": "public", "templates": "Templates" }
            """)
        #expect(messages == [])
        #expect(configuration == Configuration(
            annotationPrefix: "model", accessLevel: .public, templatesDirectory: directory.path + "/Templates"))
    }

    @Test func anEmptyObjectIsValid() throws {
        let (configuration, messages, _) = try load("{}")
        #expect(messages == [])
        #expect(configuration == Configuration())
    }

    @Test func anAbsoluteTemplatesFolderIsKept() throws {
        let (configuration, _, _) = try load(#"{ "templates": "/opt/templates" }"#)
        #expect(configuration.templatesDirectory == "/opt/templates")
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

    @Test func invalidJSON() throws {
        let (_, messages, _) = try load("{ \"accessLevel\": }")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("ripple.json:1:1: error: invalid JSON") == true)
    }

    @Test func notAnObject() throws {
        let (_, messages, _) = try load("[]")
        #expect(messages == [#"ripple.json:1:1: error: the configuration must be a JSON object, such as { "accessLevel": "public" }"#])
    }

    @Test func unreadableFile() {
        let loaded = Configuration.load(path: "/nonexistent/ripple.json")
        #expect(loaded.errors.map(\.description) == ["error: cannot read '/nonexistent/ripple.json'"])
    }
}
