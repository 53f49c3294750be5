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
    _ bytes: [UInt8], fileName: String, displayPath: String, englishKeys: Set<String>
  ) -> (release: Release?, diagnostics: [ReleaseDiagnostic]) {
    validate(bytes, fileName: fileName, displayPath: displayPath, englishKeys: Optional(englishKeys))
  }

  /// Validates one release file; `englishKeys == nil` skips the English-table check
  /// (the linter reports translations itself).
  static func validate(
    _ bytes: [UInt8], fileName: String, displayPath: String, englishKeys: Set<String>?
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
  public static func validateManifest(_ bytes: [UInt8], displayPath: String) -> (versions: [Version], diagnostics: [ReleaseDiagnostic]) {
    let result = manifestEntries(bytes, displayPath: displayPath)
    return (result.entries.map(\.version), result.diagnostics)
  }

  /// Like ``validateManifest(_:displayPath:)``, also giving each version's index in `releases`.
  static func manifestEntries(_ bytes: [UInt8], displayPath: String) -> (entries: [(version: Version, index: Int)], diagnostics: [ReleaseDiagnostic]) {
    var context = ValidationContext(file: displayPath, englishKeys: nil)
    let entries = context.validateManifest(bytes)
    return (entries, context.diagnostics)
  }
}

// MARK: - Machinery

/// A unit could not be used: where, and why (without the "; block dropped" ending).
struct Rejection: Error {
  var path: String
  var reason: String
}

/// The members of one JSON object, first occurrence winning, with its JSON path.
struct Fields {
  let path: String
  let values: [String: JSONValue]
  let order: [String]

  func childPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  func requiredString(_ key: String, describing hint: String = "a string") throws(Rejection) -> String {
    guard let value = values[key] else {
      throw Rejection(path: path, reason: "missing required field '\(key)' (\(hint))")
    }
    guard case .string(let text) = value else {
      throw Rejection(path: childPath(key), reason: "expected a string for '\(key)', found \(value.kindName)")
    }
    return text
  }

  func optionalString(_ key: String) throws(Rejection) -> String? {
    guard let value = values[key] else { return nil }
    guard case .string(let text) = value else {
      throw Rejection(path: childPath(key), reason: "expected a string for '\(key)', found \(value.kindName)")
    }
    return text
  }

  func optionalArray(_ key: String) throws(Rejection) -> [JSONValue]? {
    guard let value = values[key] else { return nil }
    guard case .array(let elements) = value else {
      throw Rejection(path: childPath(key), reason: "expected an array for '\(key)', found \(value.kindName)")
    }
    return elements
  }

  func requiredArray(_ key: String) throws(Rejection) -> [JSONValue] {
    guard let elements = try optionalArray(key) else {
      throw Rejection(path: path, reason: "missing required field '\(key)' (an array)")
    }
    return elements
  }
}

struct ValidationContext {
  let file: String
  /// `nil` skips the English-table check.
  let englishKeys: Set<String>?
  var diagnostics: [ReleaseDiagnostic] = []
  var releaseVersion = Version(major: 0, minor: 0, patch: 0)

  init(file: String, englishKeys: Set<String>?) {
    self.file = file
    self.englishKeys = englishKeys
  }

  mutating func warn(_ path: String, _ message: String) {
    diagnostics.append(ReleaseDiagnostic(file: file, path: path, message: message, severity: .warning))
  }

  mutating func drop(_ rejection: Rejection, unit: String) {
    diagnostics.append(
      ReleaseDiagnostic(file: file, path: rejection.path, message: "\(rejection.reason); \(unit) dropped", severity: .dropped))
  }

  // MARK: Reading objects

  /// Reads an object's members, warning about duplicates and about fields not in `allowed`.
  mutating func fields(of value: JSONValue, at path: String, allowed: [String], unitName: String) throws(Rejection) -> Fields {
    guard case .object(let members) = value else {
      throw Rejection(path: path, reason: "expected \(unitName) to be an object, found \(value.kindName)")
    }
    var values: [String: JSONValue] = [:]
    var order: [String] = []
    for member in members {
      let memberPath = path.isEmpty ? member.key : "\(path).\(member.key)"
      if values[member.key] != nil {
        warn(memberPath, "duplicate field \(Quote.quoted(member.key)); the first one is used")
        continue
      }
      values[member.key] = member.value
      order.append(member.key)
      if !allowed.contains(member.key) {
        var message = "unknown field \(Quote.quoted(member.key)) ignored"
        if let suggestion = Suggestion.closest(to: member.key, in: allowed) {
          message = "unknown field \(Quote.quoted(member.key)) ignored (did you mean '\(suggestion)'?)"
        }
        warn(memberPath, message)
      }
    }
    return Fields(path: path, values: values, order: order)
  }

  // MARK: Typed fields

  static func isValidID(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard !utf8.isEmpty, utf8.count <= ReleaseValidator.maximumIDLength else { return false }
    return utf8.allSatisfy(isIDByte)
  }

  static func isValidKey(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard !utf8.isEmpty, utf8.count <= ReleaseValidator.maximumKeyLength else { return false }
    return utf8.allSatisfy(isIDByte)
  }

  private static func isIDByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  func id(_ fields: Fields, _ key: String = "id") throws(Rejection) -> String {
    let text = try fields.requiredString(key)
    guard Self.isValidID(text) else {
      throw Rejection(
        path: fields.childPath(key),
        reason: "id \(Quote.quoted(text)) is not valid (use 1 to \(ReleaseValidator.maximumIDLength) of A-Z a-z 0-9 _ . -)")
    }
    return text
  }

  func checkKey(_ text: String, at path: String) throws(Rejection) {
    guard Self.isValidKey(text) else {
      throw Rejection(
        path: path,
        reason: "translation key \(Quote.quoted(text)) is not valid (use 1 to \(ReleaseValidator.maximumKeyLength) of A-Z a-z 0-9 _ . -)")
    }
    if let englishKeys, !englishKeys.contains(text) {
      throw Rejection(path: path, reason: "translation key \(Quote.quoted(text)) is missing from the English table")
    }
  }

  func requiredKey(_ fields: Fields, _ key: String) throws(Rejection) -> String {
    let text = try fields.requiredString(key, describing: "a translation key")
    try checkKey(text, at: fields.childPath(key))
    return text
  }

  func optionalKey(_ fields: Fields, _ key: String) throws(Rejection) -> String? {
    guard let text = try fields.optionalString(key) else { return nil }
    try checkKey(text, at: fields.childPath(key))
    return text
  }

  func icon(_ fields: Fields) throws(Rejection) -> Icon? {
    guard let text = try fields.optionalString("icon") else { return nil }
    guard let icon = Icon(rawValue: text) else {
      throw Rejection(path: fields.childPath("icon"), reason: "unknown icon \(Quote.quoted(text))\(didYouMean(text, Icon.allCases.map(\.rawValue)))")
    }
    return icon
  }

  func action(_ fields: Fields, required: Bool) throws(Rejection) -> Action? {
    let text: String
    if required {
      text = try fields.requiredString("action", describing: "one of \(Action.allCases.map(\.rawValue).joined(separator: ", "))")
    } else {
      guard let optional = try fields.optionalString("action") else { return nil }
      text = optional
    }
    guard let action = Action(rawValue: text) else {
      throw Rejection(path: fields.childPath("action"), reason: "unknown action \(Quote.quoted(text))\(didYouMean(text, Action.allCases.map(\.rawValue)))")
    }
    return action
  }

  func supersededIn(_ fields: Fields) throws(Rejection) -> Version? {
    guard let text = try fields.optionalString("supersededIn") else { return nil }
    guard let version = Version(text) else {
      throw Rejection(path: fields.childPath("supersededIn"), reason: "supersededIn \(Quote.quoted(text)) is not a version (MAJOR.MINOR.PATCH)")
    }
    guard version > releaseVersion else {
      throw Rejection(
        path: fields.childPath("supersededIn"),
        reason: "supersededIn \(version) is not later than the release's version \(releaseVersion)")
    }
    return version
  }

  func didYouMean(_ word: String, _ candidates: [String]) -> String {
    guard let suggestion = Suggestion.closest(to: word, in: candidates) else { return "" }
    return " (did you mean '\(suggestion)'?)"
  }

  // MARK: Release

  mutating func validateRelease(_ bytes: [UInt8], fileName: String) -> Release? {
    guard bytes.count <= ReleaseValidator.maximumFileSize else {
      drop(
        Rejection(path: "", reason: "file is \(bytes.count) bytes, over the \(ReleaseValidator.maximumFileSize)-byte (1 MiB) limit"),
        unit: "release")
      return nil
    }
    let document: JSONValue
    do {
      document = try JSONReader.parse(bytes)
    } catch {
      drop(Rejection(path: "", reason: error.description), unit: "release")
      return nil
    }
    let top: Fields
    let versionText: String
    do {
      top = try fields(of: document, at: "", allowed: ["version", "pages"], unitName: "the top level")
      versionText = try top.requiredString("version", describing: "a string like \"2.13.1\"")
    } catch {
      drop(error, unit: "release")
      return nil
    }
    guard let version = Version(versionText) else {
      drop(Rejection(path: "version", reason: "version \(Quote.quoted(versionText)) is not a version (MAJOR.MINOR.PATCH)"), unit: "release")
      return nil
    }
    let stem = fileName.hasSuffix(".json") ? String(fileName.dropLast(5)) : fileName
    guard versionText == stem else {
      drop(
        Rejection(path: "version", reason: "version \(Quote.quoted(versionText)) does not match the file name \(Quote.quoted(fileName))"),
        unit: "release")
      return nil
    }
    releaseVersion = version

    let pageValues: [JSONValue]
    do {
      pageValues = try top.requiredArray("pages")
    } catch {
      diagnostics.append(
        ReleaseDiagnostic(file: file, path: error.path, message: "\(error.reason); the release has no pages", severity: .dropped))
      return Release(version: version, pages: [])
    }
    if pageValues.isEmpty {
      warn("pages", "the release has no pages; nothing will be shown for \(version)")
      return Release(version: version, pages: [])
    }

    var pages: [Page] = []
    var pageIDs: [String: Int] = [:]
    for (index, value) in pageValues.enumerated() {
      if let page = validatePage(value, at: "pages[\(index)]", index: index, pageIDs: &pageIDs) {
        pages.append(page)
      }
    }
    if pages.isEmpty {
      diagnostics.append(
        ReleaseDiagnostic(file: file, path: "pages", message: "no usable pages left; the release shows nothing", severity: .dropped))
    }
    return Release(version: version, pages: pages)
  }

  mutating func validatePage(_ value: JSONValue, at path: String, index: Int, pageIDs: inout [String: Int]) -> Page? {
    do throws(Rejection) {
      let page = try fields(of: value, at: path, allowed: ["id", "blocks", "supersededIn"], unitName: "a page")
      let pageID = try id(page)
      if let first = pageIDs[pageID] {
        throw Rejection(path: page.childPath("id"), reason: "duplicate page id \(Quote.quoted(pageID)) (already used by pages[\(first)])")
      }
      pageIDs[pageID] = index
      let superseded = try supersededIn(page)
      let blockValues = try page.requiredArray("blocks")
      guard !blockValues.isEmpty else { throw Rejection(path: page.childPath("blocks"), reason: "the page has no blocks") }
      var blocks: [Block] = []
      var blockIDs: [String: Int] = [:]
      for (blockIndex, blockValue) in blockValues.enumerated() {
        if let block = validateBlock(blockValue, at: "\(path).blocks[\(blockIndex)]", index: blockIndex, blockIDs: &blockIDs) {
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

  static func allowedFields(forType type: String) -> [String] {
    let common = ["id", "type", "supersededIn"]
    switch type {
    case "info": return common + ["titleKey", "descriptionKey", "icon"]
    case "choice": return common + ["setting", "titleKey", "descriptionKey", "options"]
    case "action": return common + ["action", "labelKey", "descriptionKey", "icon"]
    default: return common + ["titleKey", "items"]
    }
  }

  mutating func validateBlock(_ value: JSONValue, at path: String, index: Int, blockIDs: inout [String: Int]) -> Block? {
    do throws(Rejection) {
      guard case .object = value else {
        throw Rejection(path: path, reason: "expected a block to be an object, found \(value.kindName)")
      }
      // The type decides which fields are known, so read it before warning about fields.
      let typeText: String
      switch value.member("type") {
      case .string(let text)?: typeText = text
      default: typeText = ""
      }
      let allowed = Self.blockTypes.contains(typeText) ? Self.allowedFields(forType: typeText) : ["id", "type"]
      let block = try fields(of: value, at: path, allowed: allowed, unitName: "a block")
      let blockID = try id(block)
      if let first = blockIDs[blockID] {
        throw Rejection(
          path: block.childPath("id"), reason: "duplicate block id \(Quote.quoted(blockID)) (already used by blocks[\(first)] of this page)")
      }
      blockIDs[blockID] = index
      let type = try block.requiredString("type", describing: "one of \(Self.blockTypes.joined(separator: ", "))")
      guard Self.blockTypes.contains(type) else {
        throw Rejection(path: block.childPath("type"), reason: "unknown block type \(Quote.quoted(type))\(didYouMean(type, Self.blockTypes))")
      }
      let superseded = try supersededIn(block)
      let content: BlockContent
      switch type {
      case "info":
        content = .info(
          InfoBlock(titleKey: try requiredKey(block, "titleKey"), descriptionKey: try optionalKey(block, "descriptionKey"), icon: try icon(block)))
      case "choice":
        content = .choice(try validateChoice(block))
      case "action":
        let action = try action(block, required: true)!
        content = .action(
          ActionBlock(
            action: action, labelKey: try requiredKey(block, "labelKey"), descriptionKey: try optionalKey(block, "descriptionKey"),
            icon: try icon(block)))
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
    let settingNames = Setting.allCases.map(\.rawValue)
    let settingText = try block.requiredString("setting", describing: "one of \(settingNames.joined(separator: ", "))")
    guard let setting = Setting(rawValue: settingText) else {
      throw Rejection(path: block.childPath("setting"), reason: "unknown setting \(Quote.quoted(settingText))\(didYouMean(settingText, settingNames))")
    }
    let titleKey = try requiredKey(block, "titleKey")
    let descriptionKey = try optionalKey(block, "descriptionKey")
    guard let optionValues = try block.optionalArray("options") else {
      guard setting.kind.offersFullSetByDefault else {
        throw Rejection(
          path: block.path,
          reason: "missing required field 'options' (setting '\(setting.rawValue)' must list its options from \(setting.kind.values.joined(separator: ", ")))")
      }
      return ChoiceBlock(
        setting: setting, titleKey: titleKey, descriptionKey: descriptionKey,
        options: setting.kind.values.map { ChoiceOption(value: $0, labelKey: nil) })
    }
    var options: [ChoiceOption] = []
    var seenValues: [String: Int] = [:]
    for (index, optionValue) in optionValues.enumerated() {
      let path = "\(block.childPath("options"))[\(index)]"
      do throws(Rejection) {
        let option = try fields(of: optionValue, at: path, allowed: ["value", "labelKey", "icon"], unitName: "an option")
        let value = try option.requiredString("value", describing: "one of \(setting.kind.values.joined(separator: ", "))")
        guard setting.accepts(value) else {
          throw Rejection(
            path: option.childPath("value"),
            reason:
              "unknown value \(Quote.quoted(value)) for setting '\(setting.rawValue)'\(didYouMean(value, setting.kind.values)); it takes \(setting.kind.values.joined(separator: ", "))"
          )
        }
        if let first = seenValues[value] {
          throw Rejection(path: option.childPath("value"), reason: "duplicate value '\(value)' (already offered by options[\(first)])")
        }
        seenValues[value] = index
        options.append(ChoiceOption(value: value, labelKey: try requiredKey(option, "labelKey"), icon: try icon(option)))
      } catch {
        drop(error, unit: "option")
      }
    }
    guard options.count >= 2 else {
      throw Rejection(
        path: block.childPath("options"),
        reason: "\(options.count == 1 ? "only 1 usable option" : "no usable options") left; a choice needs at least two")
    }
    return ChoiceBlock(setting: setting, titleKey: titleKey, descriptionKey: descriptionKey, options: options)
  }

  mutating func validateFeatureList(_ block: Fields) throws(Rejection) -> FeatureListBlock {
    let titleKey = try optionalKey(block, "titleKey")
    let itemValues = try block.requiredArray("items")
    guard !itemValues.isEmpty else { throw Rejection(path: block.childPath("items"), reason: "the feature list has no items") }
    var items: [FeatureItem] = []
    var itemIDs: [String: Int] = [:]
    for (index, itemValue) in itemValues.enumerated() {
      let path = "\(block.childPath("items"))[\(index)]"
      do throws(Rejection) {
        let item = try fields(of: itemValue, at: path, allowed: ["id", "titleKey", "descriptionKey", "icon", "action"], unitName: "an item")
        let itemID = try id(item)
        if let first = itemIDs[itemID] {
          throw Rejection(path: item.childPath("id"), reason: "duplicate item id \(Quote.quoted(itemID)) (already used by items[\(first)])")
        }
        itemIDs[itemID] = index
        items.append(
          FeatureItem(
            id: itemID, titleKey: try requiredKey(item, "titleKey"), descriptionKey: try optionalKey(item, "descriptionKey"),
            icon: try icon(item), action: try action(item, required: false)))
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
        Rejection(path: "", reason: "file is \(bytes.count) bytes, over the \(ReleaseValidator.maximumFileSize)-byte (1 MiB) limit"),
        unit: "every release")
      return []
    }
    let entries: [JSONValue]
    do throws(Rejection) {
      let document: JSONValue
      do {
        document = try JSONReader.parse(bytes)
      } catch {
        throw Rejection(path: "", reason: error.description)
      }
      let top = try fields(of: document, at: "", allowed: ["releases"], unitName: "the top level")
      entries = try top.requiredArray("releases")
    } catch {
      drop(error, unit: "every release")
      return []
    }
    var result: [(version: Version, index: Int)] = []
    var seen: [Version: Int] = [:]
    for (index, entry) in entries.enumerated() {
      let path = "releases[\(index)]"
      guard case .string(let text) = entry else {
        drop(Rejection(path: path, reason: "expected a version string, found \(entry.kindName)"), unit: "entry")
        continue
      }
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
