import Testing

@testable import WhatsNewCore

/// English keys every test release may use.
let testEnglishKeys: Set<String> = ["k.title", "k.desc", "k.a", "k.b", "k.c"]

let anchorBlock = #"{"id": "anchor", "type": "info", "titleKey": "k.title"}"#

/// A release 2.13.1 with one page `p` holding the anchor block and `block`.
func releaseJSON(withBlock block: String) -> String {
  #"{"version": "2.13.1", "pages": [{"id": "p", "blocks": [\#(anchorBlock), \#(block)]}]}"#
}

func validate(_ json: String, fileName: String = "2.13.1.json") -> (release: Release?, diagnostics: [ReleaseDiagnostic]) {
  ReleaseValidator.validate(
    Array(json.utf8), fileName: fileName, displayPath: "Releases/\(fileName)", englishKeys: testEnglishKeys)
}

struct DropCase: Sendable, CustomTestStringConvertible {
  var name: String
  var json: String
  var path: String
  var fragment: String
  var testDescription: String { name }
}

@Suite("Release validator")
struct ValidatorTests {
  static let blockDrops: [DropCase] = [
    DropCase(
      name: "unknown block type", json: #"{"id": "b", "type": "choise", "titleKey": "k.title"}"#,
      path: "pages[0].blocks[1].type", fragment: "unknown block type 'choise' (did you mean 'choice'?)"),
    DropCase(
      name: "missing type", json: #"{"id": "b", "titleKey": "k.title"}"#,
      path: "pages[0].blocks[1]", fragment: "missing required field 'type'"),
    DropCase(
      name: "type is a number", json: #"{"id": "b", "type": 3}"#,
      path: "pages[0].blocks[1].type", fragment: "expected a string for 'type', found a number"),
    DropCase(
      name: "unknown setting",
      json:
        #"{"id": "b", "type": "choice", "setting": "workoutVeiw", "titleKey": "k.title", "options": [{"value": "guided", "labelKey": "k.a"}, {"value": "inline", "labelKey": "k.b"}]}"#,
      path: "pages[0].blocks[1].setting", fragment: "unknown setting 'workoutVeiw' (did you mean 'workoutView'?)"),
    DropCase(
      name: "unknown action", json: #"{"id": "b", "type": "action", "action": "openCardiolog", "labelKey": "k.a"}"#,
      path: "pages[0].blocks[1].action", fragment: "unknown action 'openCardiolog' (did you mean 'openCardioLog'?)"),
    DropCase(
      name: "missing titleKey", json: #"{"id": "b", "type": "info"}"#,
      path: "pages[0].blocks[1]", fragment: "missing required field 'titleKey'"),
    DropCase(
      name: "titleKey is a number", json: #"{"id": "b", "type": "info", "titleKey": 7}"#,
      path: "pages[0].blocks[1].titleKey", fragment: "expected a string for 'titleKey', found a number"),
    DropCase(
      name: "duplicate block id", json: #"{"id": "anchor", "type": "info", "titleKey": "k.title"}"#,
      path: "pages[0].blocks[1].id", fragment: "duplicate block id 'anchor'"),
    DropCase(
      name: "id with a space", json: #"{"id": "bad id", "type": "info", "titleKey": "k.title"}"#,
      path: "pages[0].blocks[1].id", fragment: "id 'bad id' is not valid"),
    DropCase(
      name: "id of 65 characters",
      json: #"{"id": "\#(String(repeating: "a", count: 65))", "type": "info", "titleKey": "k.title"}"#,
      path: "pages[0].blocks[1].id", fragment: "is not valid"),
    DropCase(
      name: "missing id", json: #"{"type": "info", "titleKey": "k.title"}"#,
      path: "pages[0].blocks[1]", fragment: "missing required field 'id'"),
    DropCase(
      name: "titleKey missing from English", json: #"{"id": "b", "type": "info", "titleKey": "k.nope"}"#,
      path: "pages[0].blocks[1].titleKey", fragment: "translation key 'k.nope' is missing from the English table"),
    DropCase(
      name: "key with an escape character", json: #"{"id": "b", "type": "info", "titleKey": "k.\u001b[31m"}"#,
      path: "pages[0].blocks[1].titleKey", fragment: "translation key 'k.\\u{1B}[31m' is not valid"),
    DropCase(
      name: "key of 201 characters", json: #"{"id": "b", "type": "info", "titleKey": "\#(String(repeating: "k", count: 201))"}"#,
      path: "pages[0].blocks[1].titleKey", fragment: "is not valid"),
    DropCase(
      name: "supersededIn equal to the release",
      json: #"{"id": "b", "type": "info", "titleKey": "k.title", "supersededIn": "2.13.1"}"#,
      path: "pages[0].blocks[1].supersededIn", fragment: "supersededIn 2.13.1 is not later than the release's version 2.13.1"),
    DropCase(
      name: "supersededIn earlier", json: #"{"id": "b", "type": "info", "titleKey": "k.title", "supersededIn": "2.9.0"}"#,
      path: "pages[0].blocks[1].supersededIn", fragment: "is not later than"),
    DropCase(
      name: "supersededIn not a version", json: #"{"id": "b", "type": "info", "titleKey": "k.title", "supersededIn": "soon"}"#,
      path: "pages[0].blocks[1].supersededIn", fragment: "supersededIn 'soon' is not a version"),
    DropCase(
      name: "block is a number", json: "42", path: "pages[0].blocks[1]",
      fragment: "expected a block to be an object, found a number"),
    DropCase(
      name: "enumeration choice without options",
      json: #"{"id": "b", "type": "choice", "setting": "workoutView", "titleKey": "k.title"}"#,
      path: "pages[0].blocks[1]", fragment: "missing required field 'options'"),
    DropCase(
      name: "choice left with one option",
      json:
        #"{"id": "b", "type": "choice", "setting": "workoutView", "titleKey": "k.title", "options": [{"value": "guided", "labelKey": "k.a"}, {"value": "guidde", "labelKey": "k.b"}]}"#,
      path: "pages[0].blocks[1].options", fragment: "only 1 usable option left; a choice needs at least two"),
    DropCase(
      name: "options is a string",
      json: #"{"id": "b", "type": "choice", "setting": "workoutView", "titleKey": "k.title", "options": "guided"}"#,
      path: "pages[0].blocks[1].options", fragment: "expected an array for 'options', found a string"),
    DropCase(
      name: "boolean choice with empty options",
      json: #"{"id": "b", "type": "choice", "setting": "restTimerHaptics", "titleKey": "k.title", "options": []}"#,
      path: "pages[0].blocks[1].options", fragment: "no usable options left"),
    DropCase(
      name: "action without labelKey", json: #"{"id": "b", "type": "action", "action": "openCardioLog"}"#,
      path: "pages[0].blocks[1]", fragment: "missing required field 'labelKey'"),
    DropCase(
      name: "feature list with no items", json: #"{"id": "b", "type": "featureList", "items": []}"#,
      path: "pages[0].blocks[1].items", fragment: "the feature list has no items"),
    DropCase(
      name: "feature list without items", json: #"{"id": "b", "type": "featureList"}"#,
      path: "pages[0].blocks[1]", fragment: "missing required field 'items'"),
    DropCase(
      name: "feature list left with no items", json: #"{"id": "b", "type": "featureList", "items": [{"id": "i"}]}"#,
      path: "pages[0].blocks[1].items", fragment: "no usable items left"),
  ]

  @Test("a bad block drops only that block, naming its path", arguments: blockDrops)
  func blockDrop(_ testCase: DropCase) throws {
    let (release, diagnostics) = validate(releaseJSON(withBlock: testCase.json))
    let page = try #require(release?.pages.first)
    #expect(page.blocks.map(\.id) == ["anchor"])
    let dropped = diagnostics.filter { $0.severity == .dropped && $0.message.hasSuffix("; block dropped") }
    #expect(dropped.count == 1, "\(diagnostics)")
    #expect(dropped.first?.path == testCase.path)
    #expect(dropped.first?.message.contains(testCase.fragment) == true, "\(dropped.first?.message ?? "none")")
    #expect(dropped.first?.file == "Releases/2.13.1.json")
  }

  /// A `theme` choice (system, light, dark) whose first two options are good.
  static func choice(thirdOption: String) -> String {
    #"{"id": "b", "type": "choice", "setting": "theme", "titleKey": "k.title", "options": [{"value": "system", "labelKey": "k.a"}, {"value": "light", "labelKey": "k.b"}, \#(thirdOption)]}"#
  }

  static let optionDrops: [DropCase] = [
    DropCase(
      name: "unknown value", json: choice(thirdOption: #"{"value": "drak", "labelKey": "k.c"}"#),
      path: "pages[0].blocks[1].options[2].value",
      fragment: "unknown value 'drak' for setting 'theme' (did you mean 'dark'?); it takes system, light, dark"),
    DropCase(
      name: "duplicate value", json: choice(thirdOption: #"{"value": "system", "labelKey": "k.c"}"#),
      path: "pages[0].blocks[1].options[2].value", fragment: "duplicate value 'system' (already offered by options[0])"),
    DropCase(
      name: "missing labelKey", json: choice(thirdOption: #"{"value": "dark"}"#),
      path: "pages[0].blocks[1].options[2]", fragment: "missing required field 'labelKey'"),
    DropCase(
      name: "labelKey missing from English", json: choice(thirdOption: #"{"value": "dark", "labelKey": "k.zzz"}"#),
      path: "pages[0].blocks[1].options[2].labelKey", fragment: "translation key 'k.zzz' is missing from the English table"),
    DropCase(
      name: "value is a boolean", json: choice(thirdOption: #"{"value": true, "labelKey": "k.c"}"#),
      path: "pages[0].blocks[1].options[2].value", fragment: "expected a string for 'value', found a boolean"),
    DropCase(
      name: "missing value", json: choice(thirdOption: #"{"labelKey": "k.c"}"#),
      path: "pages[0].blocks[1].options[2]", fragment: "missing required field 'value'"),
    DropCase(
      name: "option is an array", json: choice(thirdOption: "[]"),
      path: "pages[0].blocks[1].options[2]", fragment: "expected an option to be an object, found an array"),
  ]

  @Test("a bad option drops only that option", arguments: optionDrops)
  func optionDrop(_ testCase: DropCase) throws {
    let (release, diagnostics) = validate(releaseJSON(withBlock: testCase.json))
    let block = try #require(release?.pages.first?.blocks.last)
    guard case .choice(let choice) = block.content else {
      Issue.record("expected the choice to survive: \(diagnostics)")
      return
    }
    #expect(choice.options.map(\.value) == ["system", "light"])
    #expect(diagnostics.count == 1, "\(diagnostics)")
    #expect(diagnostics.first?.severity == .dropped)
    #expect(diagnostics.first?.path == testCase.path)
    #expect(diagnostics.first?.message.contains(testCase.fragment) == true, "\(diagnostics.first?.message ?? "none")")
    #expect(diagnostics.first?.message.hasSuffix("; option dropped") == true)
  }

  static let itemDrops: [DropCase] = [
    DropCase(
      name: "missing titleKey", json: #"{"id": "i2"}"#, path: "pages[0].blocks[1].items[1]",
      fragment: "missing required field 'titleKey'"),
    DropCase(
      name: "duplicate id", json: #"{"id": "i1", "titleKey": "k.b"}"#,
      path: "pages[0].blocks[1].items[1].id", fragment: "duplicate item id 'i1'"),
    DropCase(
      name: "bad id", json: #"{"id": "", "titleKey": "k.b"}"#, path: "pages[0].blocks[1].items[1].id",
      fragment: "id '' is not valid"),
    DropCase(
      name: "titleKey missing from English", json: #"{"id": "i2", "titleKey": "nope"}"#,
      path: "pages[0].blocks[1].items[1].titleKey", fragment: "missing from the English table"),
    DropCase(
      name: "item is a string", json: #""i2""#, path: "pages[0].blocks[1].items[1]",
      fragment: "expected an item to be an object, found a string"),
  ]

  @Test("a bad feature-list item drops only that item", arguments: itemDrops)
  func itemDrop(_ testCase: DropCase) throws {
    let block =
      #"{"id": "b", "type": "featureList", "items": [{"id": "i1", "titleKey": "k.a", "icon": "star", "action": "openSettings"}, \#(testCase.json)]}"#
    let (release, diagnostics) = validate(releaseJSON(withBlock: block))
    let survivor = try #require(release?.pages.first?.blocks.last)
    guard case .featureList(let list) = survivor.content else {
      Issue.record("expected the feature list to survive: \(diagnostics)")
      return
    }
    #expect(list.items == [FeatureItem(id: "i1", titleKey: "k.a", icon: .star, action: .openSettings)])
    #expect(diagnostics.count == 1, "\(diagnostics)")
    #expect(diagnostics.first?.path == testCase.path)
    #expect(diagnostics.first?.message.contains(testCase.fragment) == true, "\(diagnostics.first?.message ?? "none")")
    #expect(diagnostics.first?.message.hasSuffix("; item dropped") == true)
  }

  static let goodPage = #"{"id": "p0", "blocks": [\#(anchorBlock)]}"#

  static let pageDrops: [DropCase] = [
    DropCase(
      name: "no blocks", json: #"{"id": "p1", "blocks": []}"#, path: "pages[1].blocks", fragment: "the page has no blocks"),
    DropCase(
      name: "no usable blocks left", json: #"{"id": "p1", "blocks": [{"id": "x", "type": "nope"}]}"#, path: "pages[1]",
      fragment: "no usable blocks left"),
    DropCase(
      name: "duplicate page id", json: #"{"id": "p0", "blocks": [\#(anchorBlock)]}"#, path: "pages[1].id",
      fragment: "duplicate page id 'p0' (already used by pages[0])"),
    DropCase(
      name: "supersededIn not later", json: #"{"id": "p1", "supersededIn": "2.13.0", "blocks": [\#(anchorBlock)]}"#,
      path: "pages[1].supersededIn", fragment: "not later than the release's version 2.13.1"),
    DropCase(
      name: "missing id", json: #"{"blocks": [\#(anchorBlock)]}"#, path: "pages[1]", fragment: "missing required field 'id'"),
    DropCase(name: "missing blocks", json: #"{"id": "p1"}"#, path: "pages[1]", fragment: "missing required field 'blocks'"),
    DropCase(
      name: "blocks is an object", json: #"{"id": "p1", "blocks": {}}"#, path: "pages[1].blocks",
      fragment: "expected an array for 'blocks', found an object"),
    DropCase(name: "page is null", json: "null", path: "pages[1]", fragment: "expected a page to be an object, found null"),
    DropCase(
      name: "page id a number", json: #"{"id": 1, "blocks": [\#(anchorBlock)]}"#, path: "pages[1].id",
      fragment: "expected a string for 'id', found a number"),
  ]

  @Test("a bad page drops only that page", arguments: pageDrops)
  func pageDrop(_ testCase: DropCase) throws {
    let json = #"{"version": "2.13.1", "pages": [\#(Self.goodPage), \#(testCase.json)]}"#
    let (release, diagnostics) = validate(json)
    #expect(try #require(release).pages.map(\.id) == ["p0"])
    let pageDrops = diagnostics.filter { $0.message.hasSuffix("; page dropped") }
    #expect(pageDrops.count == 1, "\(diagnostics)")
    #expect(pageDrops.first?.path == testCase.path)
    #expect(pageDrops.first?.message.contains(testCase.fragment) == true, "\(pageDrops.first?.message ?? "none")")
  }

  static let releaseDrops: [DropCase] = [
    DropCase(
      name: "invalid JSON", json: "{\"version\": \"2.13.1\",\n  \"pages\": [}", path: "",
      fragment: "invalid JSON at line 2, column 13"),
    DropCase(
      name: "top level is an array", json: "[]", path: "", fragment: "expected the top level to be an object, found an array"),
    DropCase(name: "missing version", json: #"{"pages": []}"#, path: "", fragment: "missing required field 'version'"),
    DropCase(
      name: "version is a number", json: #"{"version": 2.13, "pages": []}"#, path: "version",
      fragment: "expected a string for 'version', found a number"),
    DropCase(
      name: "invalid version", json: #"{"version": "2.13", "pages": []}"#, path: "version",
      fragment: "version '2.13' is not a version"),
    DropCase(name: "leading zero", json: #"{"version": "2.013.1", "pages": []}"#, path: "version", fragment: "is not a version"),
    DropCase(
      name: "mismatched version", json: #"{"version": "2.13.0", "pages": []}"#, path: "version",
      fragment: "version '2.13.0' does not match the file name '2.13.1.json'"),
    DropCase(name: "empty file", json: "", path: "", fragment: "invalid JSON at line 1, column 1: empty input"),
    DropCase(
      name: "trailing garbage", json: #"{"version": "2.13.1", "pages": []} x"#, path: "", fragment: "after the JSON value"),
  ]

  @Test("a file that cannot be trusted drops the release", arguments: releaseDrops)
  func releaseDrop(_ testCase: DropCase) {
    let (release, diagnostics) = validate(testCase.json)
    #expect(release == nil)
    #expect(diagnostics.count == 1, "\(diagnostics)")
    #expect(diagnostics.first?.path == testCase.path)
    #expect(diagnostics.first?.message.contains(testCase.fragment) == true, "\(diagnostics.first?.message ?? "none")")
    #expect(diagnostics.first?.message.hasSuffix("; release dropped") == true)
  }

  @Test("a file over 1 MiB is dropped before parsing; one at the limit is read")
  func sizeLimit() {
    let base = #"{"version": "2.13.1", "pages": [\#(Self.goodPage)]}"#
    let atLimit = base + String(repeating: " ", count: ReleaseValidator.maximumFileSize - base.utf8.count)
    #expect(validate(atLimit).release?.pages.count == 1)
    let over = atLimit + " "
    let (release, diagnostics) = validate(over)
    #expect(release == nil)
    #expect(diagnostics.first?.message.contains("over the 1048576-byte (1 MiB) limit") == true)
  }

  @Test(
    "a release without usable pages is kept with zero pages and a diagnostic",
    arguments: [
      (#"{"version": "2.13.1"}"#, "missing required field 'pages'", ReleaseDiagnostic.Severity.dropped),
      (#"{"version": "2.13.1", "pages": 3}"#, "expected an array for 'pages', found a number", .dropped),
      (#"{"version": "2.13.1", "pages": []}"#, "the release has no pages", .dropped),
      (#"{"version": "2.13.1", "pages": [{"id": "p", "blocks": []}]}"#, "no usable pages left", .dropped),
    ])
  func zeroPages(json: String, fragment: String, severity: ReleaseDiagnostic.Severity) {
    let (release, diagnostics) = validate(json)
    #expect(release == Release(version: Version("2.13.1")!, pages: []))
    #expect(diagnostics.contains { $0.message.contains(fragment) && $0.severity == severity }, "\(diagnostics)")
  }

  @Test(
    "unknown fields are errors that drop only the field and keep the unit, with a suggestion when close",
    arguments: [
      (
        #"{"version": "2.13.1", "colour": "red", "pages": [\#(goodPage)]}"#, "colour",
        "unknown field 'colour'; field dropped, release kept"
      ),
      (
        #"{"version": "2.13.1", "pages": [{"id": "p0", "extra": 1, "blocks": [\#(anchorBlock)]}]}"#, "pages[0].extra",
        "unknown field 'extra'; field dropped, page kept"
      ),
      (
        #"{"version": "2.13.1", "pages": [{"id": "p0", "blocks": [{"id": "anchor", "type": "info", "titleKey": "k.title", "descriptoinKey": "k.desc"}]}]}"#,
        "pages[0].blocks[0].descriptoinKey",
        "unknown field 'descriptoinKey' (did you mean 'descriptionKey'?); field dropped, block kept"
      ),
      (
        #"{"version": "2.13.1", "pages": [{"id": "p0", "blocks": [{"id": "anchor", "type": "info", "titleKey": "k.title", "options": []}]}]}"#,
        "pages[0].blocks[0].options", "unknown field 'options'; field dropped, block kept"
      ),
      (
        #"{"version": "2.13.1", "pages": [{"id": "p0", "blocks": [{"id": "anchor", "type": "info", "titleKey": "k.title", "titleKey": "k.nope"}]}]}"#,
        "pages[0].blocks[0].titleKey", "duplicate field 'titleKey'; the first one is used"
      ),
    ])
  func unknownFields(json: String, path: String, message: String) throws {
    let (release, diagnostics) = validate(json)
    #expect(try #require(release).pages.first?.blocks.map(\.id) == ["anchor"])
    // The diagnostic points at the key (the last one written, for a duplicate): the json is one line.
    let name = String(path.split(separator: ".").last!)
    let key = try #require(json.ranges(of: "\"\(name)\":").last)
    let column = json.unicodeScalars.distance(from: json.startIndex, to: key.lowerBound) + 1
    #expect(
      diagnostics == [
        ReleaseDiagnostic(
          file: "Releases/2.13.1.json", path: path, message: message,
          severity: message.contains("duplicate") ? .warning : .dropped, position: SourcePosition(line: 1, column: column))
      ])
  }

  @Test(
    "boolean and weekday choices may omit options and get the full set without labels",
    arguments: [
      (Setting.autoStartRestTimer, ["true", "false"]),
      (Setting.reviewWeekday, ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]),
    ])
  func fullSetOptions(setting: Setting, values: [String]) throws {
    let block = #"{"id": "b", "type": "choice", "setting": "\#(setting.rawValue)", "titleKey": "k.title"}"#
    let (release, diagnostics) = validate(releaseJSON(withBlock: block))
    #expect(diagnostics.isEmpty)
    let content = try #require(release?.pages.first?.blocks.last?.content)
    #expect(
      content
        == .choice(
          ChoiceBlock(setting: setting, titleKey: "k.title", options: values.map { ChoiceOption(value: $0, labelKey: nil) })))
  }

  @Test("a complete release reads into the model exactly")
  func fullRelease() throws {
    let json = #"""
      {"version": "2.13.1", "pages": [
        {"id": "workout", "supersededIn": "2.15.0", "blocks": [
          {"id": "intro", "type": "info", "titleKey": "k.title", "descriptionKey": "k.desc", "icon": "sparkles"},
          {"id": "view", "type": "choice", "setting": "workoutView", "titleKey": "k.title",
           "options": [{"value": "inline", "labelKey": "k.a", "icon": "list"}, {"value": "guided", "labelKey": "k.b"}]},
          {"id": "open", "type": "action", "action": "openWorkoutSettings", "labelKey": "k.c", "supersededIn": "2.14.0"},
          {"id": "more", "type": "featureList", "titleKey": "k.title", "items": [{"id": "a", "titleKey": "k.a", "descriptionKey": "k.desc"}]}
        ]}
      ]}
      """#
    let (release, diagnostics) = validate(json)
    #expect(diagnostics.isEmpty, "\(diagnostics)")
    let expected = Release(
      version: Version("2.13.1")!,
      pages: [
        Page(
          id: "workout",
          blocks: [
            Block(id: "intro", content: .info(InfoBlock(titleKey: "k.title", descriptionKey: "k.desc", icon: .sparkles))),
            Block(
              id: "view",
              content: .choice(
                ChoiceBlock(
                  setting: .workoutView, titleKey: "k.title",
                  options: [
                    ChoiceOption(value: "inline", labelKey: "k.a", icon: .list), ChoiceOption(value: "guided", labelKey: "k.b"),
                  ]))),
            Block(
              id: "open", supersededIn: Version("2.14.0"),
              content: .action(ActionBlock(action: .openWorkoutSettings, labelKey: "k.c"))),
            Block(
              id: "more",
              content: .featureList(
                FeatureListBlock(titleKey: "k.title", items: [FeatureItem(id: "a", titleKey: "k.a", descriptionKey: "k.desc")]))),
          ], supersededIn: Version("2.15.0"))
      ])
    #expect(release == expected)
  }

  @Test("wrong types in every field never crash and always explain")
  func wrongTypesEverywhere() {
    let fields = [
      "id", "type", "setting", "titleKey", "descriptionKey", "labelKey", "icon", "action", "options", "items", "supersededIn",
      "value",
    ]
    let wrongValues = ["1", "true", "null", "[]", "{}", #""?""#, "[[[[1]]]]"]
    for field in fields {
      for wrong in wrongValues {
        for type in ["info", "choice", "action", "featureList"] {
          let block =
            #"{"id": "b", "type": "\#(type)", "setting": "workoutView", "titleKey": "k.title", "labelKey": "k.a", "action": "openCardioLog", "items": [{"id": "i", "titleKey": "k.a", "\#(field)": \#(wrong)}], "options": [{"value": "guided", "labelKey": "k.a", "\#(field)": \#(wrong)}, {"value": "inline", "labelKey": "k.b"}], "\#(field)": \#(wrong)}"#
          let (release, diagnostics) = validate(releaseJSON(withBlock: block))
          #expect(release != nil)
          for diagnostic in diagnostics where diagnostic.severity == .dropped {
            #expect(diagnostic.message.hasSuffix(" dropped") || diagnostic.message.hasSuffix(" kept"), "\(diagnostic)")
          }
        }
      }
    }
  }

  @Test("a diagnostic prints file, path and message, leaving out an empty path")
  func diagnosticDescription() {
    let withPath = ReleaseDiagnostic(
      file: "Releases/2.13.1.json", path: "pages[1].blocks[2].options[0].value", message: "m", severity: .dropped)
    #expect(withPath.description == "Releases/2.13.1.json: pages[1].blocks[2].options[0].value: m")
    let withoutPath = ReleaseDiagnostic(file: "Releases/2.13.1.json", path: "", message: "m", severity: .warning)
    #expect(withoutPath.description == "Releases/2.13.1.json: m")
  }

  @Test("untrusted strings in messages are quoted with controls escaped")
  func quoting() {
    let (_, diagnostics) = validate(releaseJSON(withBlock: #"{"id": "b", "type": "\u001b]0;pwned\u0007"}"#))
    let message = diagnostics.first?.message ?? ""
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
    #expect(message.contains("\\u{1B}]0;pwned\\u{7}"))
  }
}
