import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import PlutaryCore

/// The Swift defaults must be the schema's, or fixtures and tests would see
/// other values than an installed app.
struct PreferenceKeyTests {
    private static let schema = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data/io.github.plutary.Plutary.gschema.xml")

    /// key name → (GVariant type, default literal), read from the schema XML.
    private func schemaKeys() throws -> [String: (type: String, value: String)] {
        let document = try XMLDocument(contentsOf: Self.schema)
        var keys: [String: (String, String)] = [:]
        for node in try document.nodes(forXPath: "//key") {
            guard let element = node as? XMLElement,
                  let name = element.attribute(forName: "name")?.stringValue,
                  let type = element.attribute(forName: "type")?.stringValue,
                  let value = element.elements(forName: "default").first?.stringValue else { continue }
            keys[name] = (type, value)
        }
        return keys
    }

    private func literal(_ value: PreferenceValue) -> (type: String, value: String) {
        switch value {
        case .int(let number): ("i", String(number))
        case .bool(let flag): ("b", flag ? "true" : "false")
        case .string(let text): ("s", "'\(text)'")
        case .strings(let items): ("as", "[" + items.map { "'\($0)'" }.joined(separator: ", ") + "]")
        }
    }

    @Test func everyKeyMatchesTheSchema() throws {
        let keys = try schemaKeys()
        #expect(keys.count == PreferenceKey.allCases.count)
        for key in PreferenceKey.allCases {
            let schema = try #require(keys[key.rawValue], "\(key.rawValue) missing from the schema")
            let swift = literal(key.defaultValue)
            #expect(schema.type == swift.type, "\(key.rawValue)")
            #expect(schema.value == swift.value, "\(key.rawValue)")
        }
    }

    @Test @MainActor func memoryStoreKeepsTypedValuesAndResets() {
        let store = MemoryPreferenceStore()
        #expect(store.string(.primaryCurrency) == "CAD")
        store.set(.primaryCurrency, .string("EUR"))
        store.set(.analysisConcurrency, .string("not a number"))
        store.set(.ocrLanguages, .strings(["eng", "deu"]))
        #expect(store.string(.primaryCurrency) == "EUR")
        #expect(store.int(.analysisConcurrency) == 2)
        #expect(store.strings(.ocrLanguages) == ["eng", "deu"])
        store.resetAll()
        #expect(store.string(.primaryCurrency) == "CAD")
        #expect(store.strings(.ocrLanguages) == ["eng"])
    }

    @Test func memoryTokenStoreStoresReplacesAndDeletes() async throws {
        let store = MemoryTokenStore()
        let account = TokenAccount(provider: "rest", baseURL: "https://example.test")
        try await store.store("one", for: account)
        try await store.store("two", for: account)
        #expect(try await store.token(for: account) == "two")
        #expect(try await store.count() == 1)
        try await store.deleteToken(for: account)
        #expect(try await store.token(for: account) == nil)
        try await store.store("three", for: account)
        #expect(try await store.deleteAll() == 1)
        #expect(try await store.count() == 0)
    }
}
