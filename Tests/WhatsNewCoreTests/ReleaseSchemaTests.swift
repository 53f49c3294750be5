import Testing

@testable import WhatsNewCore

@Suite("Release schema, generated from the vocabulary")
struct ReleaseSchemaTests {
  static let schema = ReleaseSchema.release(english: { "English \($0)" })

  /// The member at a `/`-separated path of object keys.
  static func at(_ path: String, in value: JSONValue = schema) -> JSONValue? {
    path.split(separator: "/").reduce(Optional(value)) { $0?.member(String($1)) }
  }

  /// The `const`s of a `oneOf` list.
  static func constants(_ value: JSONValue?) -> [String] {
    guard case .array(let cases)? = value?.member("oneOf") else { return [] }
    return cases.compactMap { if case .string(let text)? = $0.member("const") { text } else { nil } }
  }

  @Test("settings, actions and icons are the vocabulary's, each with a description")
  func vocabulary() {
    #expect(Self.constants(Self.at("$defs/setting")) == Setting.allCases.map(\.rawValue))
    #expect(Self.constants(Self.at("$defs/actionName")) == Action.allCases.map(\.rawValue))
    #expect(Self.constants(Self.at("$defs/icon")) == Icon.allCases.map(\.rawValue))
    guard case .array(let settings)? = Self.at("$defs/setting")?.member("oneOf") else {
      Issue.record("no settings")
      return
    }
    #expect(
      settings.allSatisfy { if case .string(let text)? = $0.member("description") { text.hasPrefix("English ") } else { false } })
  }

  @Test(
    "each setting constrains its choice's option values to its own, and enumerations must list them", arguments: Setting.allCases)
  func choiceRules(setting: Setting) throws {
    guard case .array(let rules)? = Self.at("$defs/choiceBlock")?.member("allOf") else {
      Issue.record("no rules")
      return
    }
    let rule = try #require(rules.first { Self.at("if/properties/setting/const", in: $0) == .string(setting.rawValue) })
    #expect(
      Self.at("then/properties/options/items/properties/value/enum", in: rule) == .array(setting.kind.values.map { .string($0) }))
    #expect((Self.at("then/required", in: rule) == .array([.string("options")])) == !setting.kind.offersFullSetByDefault)
  }

  @Test("every block type has a closed definition with the validator's fields")
  func blockTypes() {
    for type in ValidationContext.blockTypes.map(\.name) {
      let allowed = ValidationContext.allowedFields(forType: type).map(\.description)
      guard case .object(let properties)? = Self.at("$defs/\(type)Block/properties") else {
        Issue.record("no definition for \(type)")
        continue
      }
      #expect(properties.map(\.key).sorted() == allowed.sorted(), "\(type)")
      #expect(Self.at("$defs/\(type)Block/additionalProperties") == .bool(false))
    }
    #expect(
      Self.at("$defs/option/properties").map { if case .object(let m) = $0 { m.map(\.key) } else { [] } }
        == ValidationContext.optionFields.map(\.description))
    #expect(
      Self.at("$defs/item/properties").map { if case .object(let m) = $0 { m.map(\.key) } else { [] } }
        == ValidationContext.itemFields.map(\.description))
  }
}
