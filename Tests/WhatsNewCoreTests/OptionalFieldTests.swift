import Testing

@testable import WhatsNewCore

/// A wrong optional field in block `b` of ``releaseJSON(withBlock:)``: the block must survive
/// as `kept`, with one diagnostic at `path` ending "; <field> dropped, <unit> kept".
struct FieldDropCase: Sendable, CustomTestStringConvertible {
  var name: String
  var json: String
  var path: String
  var fragment: String
  var field: String
  var unit: String
  var kept: BlockContent
  var testDescription: String { name }
}

@Suite("Optional fields: a wrong one drops only the field")
struct OptionalFieldTests {
  static let themeOptions = #"[{"value": "system", "labelKey": "k.a"}, {"value": "dark", "labelKey": "k.b""#

  static let cases: [FieldDropCase] = [
    FieldDropCase(
      name: "info: unknown icon", json: #"{"id": "b", "type": "info", "titleKey": "k.title", "icon": "sparkels"}"#,
      path: "pages[0].blocks[1].icon", fragment: "unknown icon 'sparkels' (did you mean 'sparkles'?)", field: "icon",
      unit: "block", kept: .info(InfoBlock(titleKey: "k.title"))),
    FieldDropCase(
      name: "info: icon is an object", json: #"{"id": "b", "type": "info", "titleKey": "k.title", "icon": {}}"#,
      path: "pages[0].blocks[1].icon", fragment: "expected a string for 'icon', found an object", field: "icon",
      unit: "block", kept: .info(InfoBlock(titleKey: "k.title"))),
    FieldDropCase(
      name: "info: descriptionKey with no English text",
      json: #"{"id": "b", "type": "info", "titleKey": "k.title", "descriptionKey": "k.nope", "icon": "star"}"#,
      path: "pages[0].blocks[1].descriptionKey", fragment: "translation key 'k.nope' is missing from the English table",
      field: "descriptionKey", unit: "block", kept: .info(InfoBlock(titleKey: "k.title", icon: .star))),
    FieldDropCase(
      name: "info: descriptionKey is null",
      json: #"{"id": "b", "type": "info", "titleKey": "k.title", "descriptionKey": null}"#,
      path: "pages[0].blocks[1].descriptionKey", fragment: "expected a string for 'descriptionKey', found null",
      field: "descriptionKey", unit: "block", kept: .info(InfoBlock(titleKey: "k.title"))),
    FieldDropCase(
      name: "info: descriptionKey is not a key",
      json: #"{"id": "b", "type": "info", "titleKey": "k.title", "descriptionKey": "a key"}"#,
      path: "pages[0].blocks[1].descriptionKey", fragment: "translation key 'a key' is not valid",
      field: "descriptionKey", unit: "block", kept: .info(InfoBlock(titleKey: "k.title"))),
    FieldDropCase(
      name: "choice: descriptionKey with no English text",
      json:
        #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k.title", "descriptionKey": "k.nope", "options": \#(themeOptions)}]}"#,
      path: "pages[0].blocks[1].descriptionKey", fragment: "'k.nope' is missing from the English table",
      field: "descriptionKey", unit: "block",
      kept: .choice(
        ChoiceBlock(
          setting: .theme, titleKey: "k.title",
          options: [ChoiceOption(value: "system", labelKey: "k.a"), ChoiceOption(value: "dark", labelKey: "k.b")]))),
    FieldDropCase(
      name: "choice of a boolean: options not an array",
      json: #"{"id": "b", "type": "choice", "setting": "restTimerHaptics", "titleKey": "k.title", "options": "true"}"#,
      path: "pages[0].blocks[1].options", fragment: "expected an array for 'options', found a string", field: "options",
      unit: "block",
      kept: .choice(
        ChoiceBlock(
          setting: .restTimerHaptics, titleKey: "k.title",
          options: [ChoiceOption(value: "true", labelKey: nil), ChoiceOption(value: "false", labelKey: nil)]))),
    FieldDropCase(
      name: "option: unknown icon",
      json:
        #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k.title", "options": \#(themeOptions), "icon": "mon"}]}"#,
      path: "pages[0].blocks[1].options[1].icon", fragment: "unknown icon 'mon' (did you mean 'moon'?)", field: "icon",
      unit: "option",
      kept: .choice(
        ChoiceBlock(
          setting: .theme, titleKey: "k.title",
          options: [ChoiceOption(value: "system", labelKey: "k.a"), ChoiceOption(value: "dark", labelKey: "k.b")]))),
    FieldDropCase(
      name: "action: unknown icon",
      json: #"{"id": "b", "type": "action", "action": "openSettings", "labelKey": "k.a", "icon": "gear"}"#,
      path: "pages[0].blocks[1].icon", fragment: "unknown icon 'gear'", field: "icon", unit: "block",
      kept: .action(ActionBlock(action: .openSettings, labelKey: "k.a"))),
    FieldDropCase(
      name: "action: descriptionKey is a number",
      json: #"{"id": "b", "type": "action", "action": "openSettings", "labelKey": "k.a", "descriptionKey": 3, "icon": "star"}"#,
      path: "pages[0].blocks[1].descriptionKey", fragment: "expected a string for 'descriptionKey', found a number",
      field: "descriptionKey", unit: "block", kept: .action(ActionBlock(action: .openSettings, labelKey: "k.a", icon: .star))),
    FieldDropCase(
      name: "feature list: titleKey with no English text",
      json: #"{"id": "b", "type": "featureList", "titleKey": "k.nope", "items": [{"id": "i", "titleKey": "k.a"}]}"#,
      path: "pages[0].blocks[1].titleKey", fragment: "'k.nope' is missing from the English table", field: "titleKey",
      unit: "block", kept: .featureList(FeatureListBlock(items: [FeatureItem(id: "i", titleKey: "k.a")]))),
    FieldDropCase(
      name: "item: unknown icon",
      json: #"{"id": "b", "type": "featureList", "items": [{"id": "i", "titleKey": "k.a", "icon": "heatr"}]}"#,
      path: "pages[0].blocks[1].items[0].icon", fragment: "unknown icon 'heatr' (did you mean 'heart'?)", field: "icon",
      unit: "item", kept: .featureList(FeatureListBlock(items: [FeatureItem(id: "i", titleKey: "k.a")]))),
    FieldDropCase(
      name: "item: unknown action",
      json:
        #"{"id": "b", "type": "featureList", "items": [{"id": "i", "titleKey": "k.a", "icon": "star", "action": "openSetings"}]}"#,
      path: "pages[0].blocks[1].items[0].action", fragment: "unknown action 'openSetings' (did you mean 'openSettings'?)",
      field: "action", unit: "item",
      kept: .featureList(FeatureListBlock(items: [FeatureItem(id: "i", titleKey: "k.a", icon: .star)]))),
    FieldDropCase(
      name: "item: descriptionKey with no English text",
      json: #"{"id": "b", "type": "featureList", "items": [{"id": "i", "titleKey": "k.a", "descriptionKey": "k.zz"}]}"#,
      path: "pages[0].blocks[1].items[0].descriptionKey", fragment: "'k.zz' is missing from the English table",
      field: "descriptionKey", unit: "item", kept: .featureList(FeatureListBlock(items: [FeatureItem(id: "i", titleKey: "k.a")]))),
  ]

  @Test("a wrong optional field is dropped with a diagnostic naming it, and its unit stays", arguments: cases)
  func fieldDrop(_ testCase: FieldDropCase) throws {
    let (release, diagnostics) = validate(releaseJSON(withBlock: testCase.json))
    let blocks = try #require(release?.pages.first?.blocks)
    #expect(blocks.map(\.id) == ["anchor", "b"], "\(diagnostics)")
    #expect(blocks.last?.content == testCase.kept)
    #expect(diagnostics.count == 1, "\(diagnostics)")
    let diagnostic = try #require(diagnostics.first)
    #expect(diagnostic.severity == .dropped)
    #expect(diagnostic.path == testCase.path)
    #expect(diagnostic.message.contains(testCase.fragment), "\(diagnostic.message)")
    #expect(diagnostic.message.hasSuffix("; \(testCase.field) dropped, \(testCase.unit) kept"), "\(diagnostic.message)")
  }

  @Test("supersededIn is not dropped alone: a unit meant to be retired must not show for ever")
  func supersededInStillDropsTheBlock() throws {
    let (release, diagnostics) = validate(
      releaseJSON(withBlock: #"{"id": "b", "type": "info", "titleKey": "k.title", "supersededIn": "soon"}"#))
    #expect(try #require(release).pages.first?.blocks.map(\.id) == ["anchor"])
    #expect(
      diagnostics.map(\.message) == [
        "supersededIn 'soon' is not a version (MAJOR.MINOR.PATCH[-pre.release][+build]); block dropped"
      ])
  }

  @Test("a block dropped for another reason never says its optional field was kept")
  func droppedBlockDoesNotSayKept() throws {
    let json =
      #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k.title", "descriptionKey": "k.nope", "options": [{"value": "dark", "labelKey": "k.a"}]}"#
    let (release, diagnostics) = validate(releaseJSON(withBlock: json))
    #expect(try #require(release).pages.first?.blocks.map(\.id) == ["anchor"])
    #expect(diagnostics.map(\.path) == ["pages[0].blocks[1].options"])
    #expect(!diagnostics.contains { $0.message.contains("kept") }, "\(diagnostics)")
  }

  @Test("a field decided late is still reported in file order")
  func fileOrder() throws {
    let json =
      #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k.title", "descriptionKey": "k.nope", "options": [{"value": "system", "labelKey": "k.a"}, {"value": "drak", "labelKey": "k.b"}, {"value": "dark", "labelKey": "k.c"}]}"#
    let (_, diagnostics) = validate(releaseJSON(withBlock: json))
    #expect(diagnostics.map(\.path) == ["pages[0].blocks[1].descriptionKey", "pages[0].blocks[1].options[1].value"])
    #expect(diagnostics.map(\.position.column) == diagnostics.map(\.position.column).sorted())
  }
}
