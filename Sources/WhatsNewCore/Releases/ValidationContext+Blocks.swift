// Blocks, choices and feature lists: each bad unit dropped, a wrong optional field dropped alone
// (``ValidationContext/optional(_:of:_:)``).

extension ValidationContext {
  /// The block types: each with the fields a block of it may have, and what it is for (the schema's words).
  static let blockTypes: [(name: String, fields: [StaticString], description: String)] = [
    (
      "info", ["id", "type", "supersededIn", "when", "titleKey", "descriptionKey", "icon"],
      "Text with an optional icon, shown only while its rules hold (`when`)."
    ),
    (
      "choice", ["id", "type", "supersededIn", "setting", "titleKey", "descriptionKey", "options"],
      "A setting to choose, written at once."
    ),
    (
      "action", ["id", "type", "supersededIn", "action", "labelKey", "descriptionKey", "icon"],
      "A button that opens a screen."
    ),
    (
      "featureList", ["id", "type", "supersededIn", "titleKey", "items"],
      "A list of features, each optionally opening a screen."
    ),
  ]

  /// The fields a block of `type` may have; a block of an unknown type may only have `id` and `type`.
  static func allowedFields(forType type: String) -> [StaticString] {
    blockTypes.first { $0.name == type }?.fields ?? ["id", "type"]
  }

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
      let typeNames = Self.blockTypes.map(\.name)
      let type = try read.requiredString(block, "type", describing: "one of \(typeNames.joined(separator: ", "))")
      guard typeNames.contains(type) else {
        throw Rejection(
          path: block.childPath("type"),
          reason: "unknown block type \(Quote.quoted(type))\(read.didYouMean(type, typeNames))")
      }
      // A wrong `supersededIn` drops the whole block, not the field: without it a block
      // meant to be retired would show for ever.
      let superseded = try read.supersededIn(block)
      // A rule that cannot be read drops the block: shown without it, it would show to everyone.
      let when = try read.rules(block, onBlock: true)
      let content: BlockContent
      switch type {
      case "info":
        let titleKey = try read.requiredKey(block, "titleKey")
        let (descriptionKey, icon) = descriptionAndIcon(block, of: "block")
        content = .info(InfoBlock(titleKey: titleKey, descriptionKey: descriptionKey, icon: icon))
      case "choice":
        content = .choice(try validateChoice(block))
      case "action":
        let action = try read.action(block, required: true)!
        let labelKey = try read.requiredKey(block, "labelKey")
        let (descriptionKey, icon) = descriptionAndIcon(block, of: "block")
        content = .action(ActionBlock(action: action, labelKey: labelKey, descriptionKey: descriptionKey, icon: icon))
      default:
        content = .featureList(try validateFeatureList(block))
      }
      return Block(id: blockID, supersededIn: superseded, when: when, content: content)
    } catch {
      drop(error, unit: "block")
      return nil
    }
  }

  mutating func validateChoice(_ block: Fields) throws(Rejection) -> ChoiceBlock {
    let settingText = try read.requiredString(
      block, "setting", describing: "one of \(Setting.allCases.map(\.rawValue).joined(separator: ", "))")
    let setting: Setting = try read.word(settingText, of: block, "setting")
    let titleKey = try read.requiredKey(block, "titleKey")
    let reader = read
    // Kept only if the block is: its diagnostic is recorded (in file order) once the options are.
    let description = Result { () throws(Rejection) in try reader.optionalKey(block, "descriptionKey") }
    let descriptionAt = diagnostics.count
    let settingValues = setting.kind.values
    // A setting that may leave `options` out gets its full set when they are not an array.
    let listed =
      setting.kind.offersFullSetByDefault
      ? optional("options", of: "block") { () throws(Rejection) in
        try reader.optionalArray(block, "options")
      }
      : try read.optionalArray(block, "options")
    guard let optionValues = listed else {
      guard setting.kind.offersFullSetByDefault else {
        throw Rejection(
          path: block.path,
          reason: "missing required field 'options' "
            + "(setting '\(setting.rawValue)' must list its options from \(settingValues.joined(separator: ", ")))")
      }
      return ChoiceBlock(
        setting: setting, titleKey: titleKey,
        descriptionKey: optional(description, "descriptionKey", of: "block", at: descriptionAt),
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
        let labelKey = try read.requiredKey(option, "labelKey")
        options.append(
          ChoiceOption(
            value: value, labelKey: labelKey,
            icon: optional("icon", of: "option") { () throws(Rejection) in try reader.icon(option) }))
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
    return ChoiceBlock(
      setting: setting, titleKey: titleKey,
      descriptionKey: optional(description, "descriptionKey", of: "block", at: descriptionAt), options: options)
  }

  mutating func validateFeatureList(_ block: Fields) throws(Rejection) -> FeatureListBlock {
    let reader = read
    // Kept only if the block is (see validateChoice).
    let title = Result { () throws(Rejection) in try reader.optionalKey(block, "titleKey") }
    let titleAt = diagnostics.count
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
        let titleKey = try read.requiredKey(item, "titleKey")
        let (descriptionKey, icon) = descriptionAndIcon(item, of: "item")
        items.append(
          FeatureItem(
            id: itemID, titleKey: titleKey, descriptionKey: descriptionKey, icon: icon,
            action: optional("action", of: "item") { () throws(Rejection) in try reader.action(item, required: false) }))
      } catch {
        drop(error, unit: "item")
      }
    }
    guard !items.isEmpty else { throw Rejection(path: block.childPath("items"), reason: "no usable items left") }
    return FeatureListBlock(titleKey: optional(title, "titleKey", of: "block", at: titleAt), items: items)
  }

  /// The optional `descriptionKey` and `icon` of `unit` (a block or an item), each dropped
  /// alone, with a diagnostic, when wrong.
  mutating func descriptionAndIcon(_ unit: Fields, of name: String) -> (descriptionKey: String?, icon: Icon?) {
    let reader = read
    return (
      optional("descriptionKey", of: name) { () throws(Rejection) in try reader.optionalKey(unit, "descriptionKey") },
      optional("icon", of: name) { () throws(Rejection) in try reader.icon(unit) }
    )
  }
}
