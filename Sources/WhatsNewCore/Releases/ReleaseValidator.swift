/// Turns the bytes of a release file into a ``Release``, failing at the smallest usable unit.
///
/// A typo in one option drops that option; a bad block drops that block; a page left
/// with no blocks drops that page. Only a file that cannot be trusted as a whole (too
/// large, not JSON, not an object, or with a missing, invalid or mismatched `version`)
/// drops the release. Every decision is reported as a ``ReleaseDiagnostic`` naming the
/// file, the JSON path, the rule and what was dropped.
///
/// Rules, by unit:
/// - **option**: `value` must be a string the setting accepts and not repeat an earlier
///   option's value; `labelKey` is required; `icon` must be a known ``Icon``.
/// - **choice block**: fewer than two usable options drops the block. Boolean and
///   weekday settings may leave `options` out and get the kind's full set with
///   `labelKey: nil`; an enumeration setting may not.
/// - **block / feature item**: unknown `type`, setting, action or icon, a missing or
///   wrong-typed field (optional fields too: `null` is not a string), an id that is not
///   `[A-Za-z0-9_.-]{1,64}` or repeats an earlier one in the same page (or list), and an
///   invalid `supersededIn` drop the unit. A feature list left with no items is dropped.
/// - **page**: a bad or repeated `id`, missing `blocks`, an invalid `supersededIn`, or no
///   usable blocks left drops the page.
/// - **translation keys** (`titleKey`, `descriptionKey`, `labelKey`) must be at most 200
///   characters of `A-Z a-z 0-9 _ . -` and be present in `englishKeys`, else their unit
///   (option, item or block) is dropped.
/// - **`supersededIn`** must be a version strictly later than the release's.
/// - **release**: over 1 MiB, invalid JSON, a top level that is not an object, or a
///   `version` that is missing, invalid or not the file name without `.json` drops the
///   release (`release` is `nil`). A missing or wrong-typed `pages`, or no usable pages,
///   still gives a release with zero pages (so the version stays known) plus a diagnostic.
/// - Unknown fields and duplicate members are ignored with a `.warning`; for a duplicate,
///   the first member is used.
///
/// ```swift
/// let (release, diagnostics) = ReleaseValidator.validate(
///   bytes, fileName: "2.13.1.json", displayPath: "Releases/2.13.1.json", englishKeys: keys)
/// for diagnostic in diagnostics { print(diagnostic) }
/// ```
public enum ReleaseValidator {
  /// The largest release or manifest file read: 1 MiB.
  public static let maximumFileSize = 1_048_576
  /// The longest id accepted for pages, blocks and feature items.
  public static let maximumIDLength = 64
  /// The longest translation key accepted.
  public static let maximumKeyLength = 200

  /// Validates one release file.
  ///
  /// - Parameters:
  ///   - bytes: the file's contents.
  ///   - fileName: the file's name, like `2.13.1.json`; the `version` inside must match it.
  ///   - displayPath: how diagnostics name the file, like `Releases/2.13.1.json`.
  ///   - englishKeys: the keys of the English table; a unit using any other key is dropped.
  /// - Returns: the release (nil when the whole file was dropped) and every diagnostic, in file order.
  public static func validate(
    _ bytes: [UInt8], fileName: String, displayPath: String, englishKeys: some TranslationKeys
  ) -> (release: Release?, diagnostics: [ReleaseDiagnostic]) {
    validate(bytes, fileName: fileName, displayPath: displayPath, englishKeys: Optional(englishKeys as any TranslationKeys))
  }

  /// Validates one release file; `englishKeys == nil` skips the English-table check
  /// (the linter reports translations itself).
  static func validate(
    _ bytes: [UInt8], fileName: String, displayPath: String, englishKeys: (any TranslationKeys)?
  ) -> (release: Release?, diagnostics: [ReleaseDiagnostic]) {
    var context = ValidationContext(file: displayPath, englishKeys: englishKeys)
    let release = context.validateRelease(bytes, fileName: fileName)
    return (release, context.diagnostics)
  }

  /// Validates `manifest.json`: `{"releases": ["2.11.0", "2.13.1"]}`.
  ///
  /// Entries that are not version strings are dropped and named; a repeated version is
  /// named (`.warning`) and counted once. Unreadable JSON or a wrong shape registers nothing.
  ///
  /// - Returns: the registered versions in manifest order, without repeats, and the diagnostics.
  public static func validateManifest(_ bytes: [UInt8], displayPath: String) -> (
    versions: [Version], diagnostics: [ReleaseDiagnostic]
  ) {
    let result = manifestEntries(bytes, displayPath: displayPath)
    return (result.entries.map(\.version), result.diagnostics)
  }

  /// Like ``validateManifest(_:displayPath:)``, also giving each version's index in `releases`.
  static func manifestEntries(_ bytes: [UInt8], displayPath: String) -> (
    entries: [(version: Version, index: Int)], diagnostics: [ReleaseDiagnostic]
  ) {
    var context = ValidationContext(file: displayPath, englishKeys: nil)
    let entries = context.validateManifest(bytes)
    return (entries, context.diagnostics)
  }
}

/// The keys a translation table holds, for the validator's "is this key translated" check:
/// a `Set` of keys, or the keys of a table as read (no copy into a new set needed).
///
/// ```swift
/// ReleaseValidator.validate(bytes, fileName: "2.13.1.json", displayPath: "Releases/2.13.1.json",
///   englishKeys: englishTable)
/// ```
public protocol TranslationKeys: Sendable {
  func contains(_ key: String) -> Bool
}

extension Set<String>: TranslationKeys {}

// MARK: - Machinery

/// A unit could not be used: where, and why (without the "; block dropped" ending).
struct Rejection: Error {
  var path: String
  var reason: String
}

/// One JSON object of the file being validated: its node on the tape and its JSON path.
///
/// Members are looked up by name on the tape; when a name repeats, the first member is
/// used (``ValidationContext/fields(of:at:allowed:unitName:)`` warned about the others).
struct Fields {
  let path: String
  /// The object's node in ``ValidationContext/tape``.
  let node: Int

  func childPath(_ key: StaticString) -> String { path.isEmpty ? key.description : "\(path).\(key)" }
}

/// Validates one file: its release, pages and blocks (or its manifest), dropping each bad
/// unit with a diagnostic. Fields are read through ``read``.
struct ValidationContext {
  let file: String
  var diagnostics: [ReleaseDiagnostic] = []
  /// Reads the fields of the parsed file.
  var read: FieldReader
  /// The parsed file; empty until it parsed.
  var tape: JSONTape {
    get { read.tape }
    set { read.tape = newValue }
  }

  init(file: String, englishKeys: (any TranslationKeys)?) {
    self.file = file
    read = FieldReader(englishKeys: englishKeys)
  }

  mutating func warn(_ path: String, _ message: String) {
    diagnostics.append(ReleaseDiagnostic(file: file, path: path, message: message, severity: .warning))
  }

  mutating func drop(_ rejection: Rejection, unit: String) {
    diagnostics.append(
      ReleaseDiagnostic(
        file: file, path: rejection.path, message: "\(rejection.reason); \(unit) dropped", severity: .dropped))
  }

  // MARK: Reading objects

  /// Checks `node` is an object and warns about its duplicate members and about fields not in `allowed`.
  mutating func fields(of node: Int, at path: String, allowed: [StaticString], unitName: String) throws(Rejection)
    -> Fields
  {
    guard tape.kind(node) == .object else {
      throw Rejection(path: path, reason: "expected \(unitName) to be an object, found \(tape.kindName(node))")
    }
    // A handful of members (the usual case) are compared pairwise on the tape; many go through a set.
    let memberCount = tape.nodes[node].first
    var seenKeys: Set<String>? = memberCount > 16 ? Set(minimumCapacity: memberCount) : nil
    for key in tape.memberKeys(of: node) {
      let isDuplicate: Bool
      if seenKeys != nil {
        isDuplicate = !seenKeys!.insert(tape.string(key)).inserted
      } else {
        isDuplicate = tape.keyRepeats(key, in: node)
      }
      if isDuplicate {
        let name = tape.string(key)
        warn(path.isEmpty ? name : "\(path).\(name)", "duplicate field \(Quote.quoted(name)); the first one is used")
        continue
      }
      if !allowed.contains(where: { tape.keyEquals(key, $0) }) {
        let name = tape.string(key)
        var message = "unknown field \(Quote.quoted(name)) ignored"
        if let suggestion = Suggestion.closest(to: name, in: allowed.map(\.description)) {
          message = "unknown field \(Quote.quoted(name)) ignored (did you mean '\(suggestion)'?)"
        }
        warn(path.isEmpty ? name : "\(path).\(name)", message)
      }
    }
    return Fields(path: path, node: node)
  }

  // MARK: Release

  static let topLevelFields: [StaticString] = ["version", "pages"]
  static let pageFields: [StaticString] = ["id", "blocks", "supersededIn"]
  static let optionFields: [StaticString] = ["value", "labelKey", "icon"]
  static let itemFields: [StaticString] = ["id", "titleKey", "descriptionKey", "icon", "action"]
  static let manifestFields: [StaticString] = ["releases"]

  mutating func validateRelease(_ bytes: [UInt8], fileName: String) -> Release? {
    guard bytes.count <= ReleaseValidator.maximumFileSize else {
      drop(
        Rejection(
          path: "",
          reason: "file is \(bytes.count) bytes, over the \(ReleaseValidator.maximumFileSize)-byte (1 MiB) limit"),
        unit: "release")
      return nil
    }
    do {
      tape = try JSONTape.parse(bytes, maxDepth: JSONReader.defaultMaxDepth)
    } catch {
      drop(Rejection(path: "", reason: error.description), unit: "release")
      return nil
    }
    let top: Fields
    let versionText: String
    do {
      top = try fields(of: 0, at: "", allowed: Self.topLevelFields, unitName: "the top level")
      versionText = try read.requiredString(top, "version", describing: "a string like \"2.13.1\"")
    } catch {
      drop(error, unit: "release")
      return nil
    }
    guard let version = Version(versionText) else {
      drop(
        Rejection(path: "version", reason: "version \(Quote.quoted(versionText)) is not a version (MAJOR.MINOR.PATCH)"),
        unit: "release")
      return nil
    }
    let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
    guard versionText == stem else {
      drop(
        Rejection(
          path: "version",
          reason: "version \(Quote.quoted(versionText)) does not match the file name \(Quote.quoted(fileName))"),
        unit: "release")
      return nil
    }
    read.releaseVersion = version

    let pageValues: Int
    do {
      pageValues = try read.requiredArray(top, "pages")
    } catch {
      diagnostics.append(
        ReleaseDiagnostic(
          file: file, path: error.path, message: "\(error.reason); the release has no pages", severity: .dropped))
      return Release(version: version, pages: [])
    }
    let pageCount = tape.nodes[pageValues].first
    if pageCount == 0 {
      warn("pages", "the release has no pages; nothing will be shown for \(version)")
      return Release(version: version, pages: [])
    }

    var pages: [Page] = []
    pages.reserveCapacity(pageCount)
    var pageIDs: [String: Int] = [:]
    for (index, value) in tape.elements(of: pageValues).enumerated() {
      if let page = validatePage(value, at: "pages[\(index)]", index: index, pageIDs: &pageIDs) {
        pages.append(page)
      }
    }
    if pages.isEmpty {
      diagnostics.append(
        ReleaseDiagnostic(
          file: file, path: "pages", message: "no usable pages left; the release shows nothing", severity: .dropped))
    }
    return Release(version: version, pages: pages)
  }

  mutating func validatePage(_ value: Int, at path: String, index: Int, pageIDs: inout [String: Int]) -> Page? {
    do throws(Rejection) {
      let page = try fields(of: value, at: path, allowed: Self.pageFields, unitName: "a page")
      let pageID = try read.uniqueID(page, index: index, seen: &pageIDs, kind: "page") { "pages[\($0)]" }
      let superseded = try read.supersededIn(page)
      let blockValues = try read.requiredArray(page, "blocks")
      let blockCount = tape.nodes[blockValues].first
      guard blockCount > 0 else { throw Rejection(path: page.childPath("blocks"), reason: "the page has no blocks") }
      var blocks: [Block] = []
      blocks.reserveCapacity(blockCount)
      var blockIDs: [String: Int] = [:]
      for (blockIndex, blockValue) in tape.elements(of: blockValues).enumerated() {
        if let block = validateBlock(
          blockValue, at: "\(path).blocks[\(blockIndex)]", index: blockIndex, blockIDs: &blockIDs)
        {
          blocks.append(block)
        }
      }
      guard !blocks.isEmpty else { throw Rejection(path: path, reason: "no usable blocks left") }
      return Page(id: pageID, blocks: blocks, supersededIn: superseded)
    } catch {
      drop(error, unit: "page")
      return nil
    }
  }

  static let blockTypes = ["info", "choice", "action", "featureList"]

  /// The fields a block of `type` may have; a block of an unknown type may only have `id` and `type`.
  static func allowedFields(forType type: String) -> [StaticString] {
    switch type {
    case "info": infoFields
    case "choice": choiceFields
    case "action": actionFields
    case "featureList": featureListFields
    default: ["id", "type"]
    }
  }

  private static let infoFields: [StaticString] = ["id", "type", "supersededIn", "titleKey", "descriptionKey", "icon"]
  private static let choiceFields: [StaticString] = [
    "id", "type", "supersededIn", "setting", "titleKey", "descriptionKey", "options",
  ]
  private static let actionFields: [StaticString] = [
    "id", "type", "supersededIn", "action", "labelKey", "descriptionKey", "icon",
  ]
  private static let featureListFields: [StaticString] = ["id", "type", "supersededIn", "titleKey", "items"]

  mutating func validateBlock(_ value: Int, at path: String, index: Int, blockIDs: inout [String: Int]) -> Block? {
    do throws(Rejection) {
      guard tape.kind(value) == .object else {
        throw Rejection(path: path, reason: "expected a block to be an object, found \(tape.kindName(value))")
      }
      // The type decides which fields are known, so read it before warning about fields.
      var typeText = ""
      if let typeValue = tape.firstMember(of: value, named: "type"), tape.kind(typeValue) == .string {
        typeText = tape.string(typeValue)
      }
      let block = try fields(of: value, at: path, allowed: Self.allowedFields(forType: typeText), unitName: "a block")
      let blockID = try read.uniqueID(block, index: index, seen: &blockIDs, kind: "block") { "blocks[\($0)] of this page" }
      let type = try read.requiredString(block, "type", describing: "one of \(Self.blockTypes.joined(separator: ", "))")
      guard Self.blockTypes.contains(type) else {
        throw Rejection(
          path: block.childPath("type"),
          reason: "unknown block type \(Quote.quoted(type))\(read.didYouMean(type, Self.blockTypes))")
      }
      let superseded = try read.supersededIn(block)
      let content: BlockContent
      switch type {
      case "info":
        content = .info(
          InfoBlock(
            titleKey: try read.requiredKey(block, "titleKey"), descriptionKey: try read.optionalKey(block, "descriptionKey"),
            icon: try read.icon(block)))
      case "choice":
        content = .choice(try validateChoice(block))
      case "action":
        let action = try read.action(block, required: true)!
        content = .action(
          ActionBlock(
            action: action, labelKey: try read.requiredKey(block, "labelKey"),
            descriptionKey: try read.optionalKey(block, "descriptionKey"),
            icon: try read.icon(block)))
      default:
        content = .featureList(try validateFeatureList(block))
      }
      return Block(id: blockID, supersededIn: superseded, content: content)
    } catch {
      drop(error, unit: "block")
      return nil
    }
  }

  mutating func validateChoice(_ block: Fields) throws(Rejection) -> ChoiceBlock {
    let settingText = try read.requiredString(
      block, "setting", describing: "one of \(Setting.allCases.map(\.rawValue).joined(separator: ", "))")
    guard let setting = Setting(rawValue: settingText) else {
      throw Rejection(
        path: block.childPath("setting"),
        reason:
          "unknown setting \(Quote.quoted(settingText))\(read.didYouMean(settingText, Setting.allCases.map(\.rawValue)))")
    }
    let titleKey = try read.requiredKey(block, "titleKey")
    let descriptionKey = try read.optionalKey(block, "descriptionKey")
    let settingValues = setting.kind.values
    guard let optionValues = try read.optionalArray(block, "options") else {
      guard setting.kind.offersFullSetByDefault else {
        throw Rejection(
          path: block.path,
          reason: "missing required field 'options' "
            + "(setting '\(setting.rawValue)' must list its options from \(settingValues.joined(separator: ", ")))")
      }
      return ChoiceBlock(
        setting: setting, titleKey: titleKey, descriptionKey: descriptionKey,
        options: settingValues.map { ChoiceOption(value: $0, labelKey: nil) })
    }
    var options: [ChoiceOption] = []
    options.reserveCapacity(tape.nodes[optionValues].first)
    // Values already offered, with their index: at most one per value the setting takes.
    var seenValues: [(value: String, index: Int)] = []
    for (index, optionValue) in tape.elements(of: optionValues).enumerated() {
      let path = "\(block.childPath("options"))[\(index)]"
      do throws(Rejection) {
        let option = try fields(of: optionValue, at: path, allowed: Self.optionFields, unitName: "an option")
        let value = try read.requiredString(option, "value", describing: "one of \(settingValues.joined(separator: ", "))")
        guard settingValues.contains(value) else {
          throw Rejection(
            path: option.childPath("value"),
            reason: "unknown value \(Quote.quoted(value)) for setting '\(setting.rawValue)'"
              + "\(read.didYouMean(value, settingValues)); it takes \(settingValues.joined(separator: ", "))")
        }
        if let first = seenValues.first(where: { $0.value == value }) {
          throw Rejection(
            path: option.childPath("value"),
            reason: "duplicate value '\(value)' (already offered by options[\(first.index)])")
        }
        seenValues.append((value, index))
        options.append(
          ChoiceOption(value: value, labelKey: try read.requiredKey(option, "labelKey"), icon: try read.icon(option)))
      } catch {
        drop(error, unit: "option")
      }
    }
    guard options.count >= 2 else {
      throw Rejection(
        path: block.childPath("options"),
        reason: "\(options.count == 1 ? "only 1 usable option" : "no usable options") left; a choice needs at least two"
      )
    }
    return ChoiceBlock(setting: setting, titleKey: titleKey, descriptionKey: descriptionKey, options: options)
  }

  mutating func validateFeatureList(_ block: Fields) throws(Rejection) -> FeatureListBlock {
    let titleKey = try read.optionalKey(block, "titleKey")
    let itemValues = try read.requiredArray(block, "items")
    let itemCount = tape.nodes[itemValues].first
    guard itemCount > 0 else {
      throw Rejection(path: block.childPath("items"), reason: "the feature list has no items")
    }
    var items: [FeatureItem] = []
    items.reserveCapacity(itemCount)
    var itemIDs: [String: Int] = [:]
    for (index, itemValue) in tape.elements(of: itemValues).enumerated() {
      let path = "\(block.childPath("items"))[\(index)]"
      do throws(Rejection) {
        let item = try fields(of: itemValue, at: path, allowed: Self.itemFields, unitName: "an item")
        let itemID = try read.uniqueID(item, index: index, seen: &itemIDs, kind: "item") { "items[\($0)]" }
        items.append(
          FeatureItem(
            id: itemID, titleKey: try read.requiredKey(item, "titleKey"),
            descriptionKey: try read.optionalKey(item, "descriptionKey"),
            icon: try read.icon(item), action: try read.action(item, required: false)))
      } catch {
        drop(error, unit: "item")
      }
    }
    guard !items.isEmpty else { throw Rejection(path: block.childPath("items"), reason: "no usable items left") }
    return FeatureListBlock(titleKey: titleKey, items: items)
  }

  // MARK: Manifest

  mutating func validateManifest(_ bytes: [UInt8]) -> [(version: Version, index: Int)] {
    guard bytes.count <= ReleaseValidator.maximumFileSize else {
      drop(
        Rejection(
          path: "",
          reason: "file is \(bytes.count) bytes, over the \(ReleaseValidator.maximumFileSize)-byte (1 MiB) limit"),
        unit: "every release")
      return []
    }
    let entries: Int
    do throws(Rejection) {
      do {
        tape = try JSONTape.parse(bytes, maxDepth: JSONReader.defaultMaxDepth)
      } catch {
        throw Rejection(path: "", reason: error.description)
      }
      let top = try fields(of: 0, at: "", allowed: Self.manifestFields, unitName: "the top level")
      entries = try read.requiredArray(top, "releases")
    } catch {
      drop(error, unit: "every release")
      return []
    }
    var result: [(version: Version, index: Int)] = []
    var seen: [Version: Int] = [:]
    for (index, entry) in tape.elements(of: entries).enumerated() {
      let path = "releases[\(index)]"
      guard tape.kind(entry) == .string else {
        drop(Rejection(path: path, reason: "expected a version string, found \(tape.kindName(entry))"), unit: "entry")
        continue
      }
      let text = tape.string(entry)
      guard let version = Version(text) else {
        drop(Rejection(path: path, reason: "\(Quote.quoted(text)) is not a version (MAJOR.MINOR.PATCH)"), unit: "entry")
        continue
      }
      if let first = seen[version] {
        warn(path, "duplicate entry '\(version)' (already listed at releases[\(first)]); counted once")
        continue
      }
      seen[version] = index
      result.append((version, index))
    }
    return result
  }
}
