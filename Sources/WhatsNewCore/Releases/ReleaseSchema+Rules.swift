// The schema of rules (``Rule``): a block's `when` and the manifest's `guidance`, from the
// same vocabulary the validator reads them with (``FieldReader/rules(_:onBlock:)``).

extension ReleaseSchema {
  /// One rule: exactly one of the kinds, each closed (``closed(_:required:rules:)``).
  static var rule: JSONValue {
    let events = "^(visited|changed|shown|closed):[A-Za-z0-9_.-]{1,\(ReleaseValidator.maximumIDLength)}$"
    return .object([
      ("description", .string("A rule that must hold (Documentation/Why.md, \"Writing a rule\").")),
      (
        "oneOf",
        .array([
          closed(
            [
              ("setting", .object([("enum", .array(Setting.allCases.map { .string($0.rawValue) }))])),
              ("is", .object([("type", .string("string")), ("description", .string("The value shown now."))])),
            ], required: ["setting", "is"]),
          closed(
            [
              (
                "event",
                string(pattern: events, "visited:<screen>, changed:<setting>, shown:<guidance or tour>, closed:<guidance>")
              ),
              ("atLeast", count(EventLog.retention, "How many times at least (1 without it).")),
              ("withinDays", count(3650, "Counted over the last days (every kept time without it).")),
            ], required: ["event"]),
          closed(
            [("language", .object([("enum", .array(Language.allCases.map { .string($0.rawValue) }))]))], required: ["language"]),
          closed([("seenThrough", versionSchema("Seen through at least this release."))], required: ["seenThrough"]),
          closed(
            [("onboarding", .object([("enum", .array([.string("complete"), .string("incomplete")]))]))], required: ["onboarding"]),
        ])
      ),
    ])
  }

  /// `when`: the rules, every one must hold.
  static let when = JSONValue.object([
    ("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/rule"))])),
    ("description", .string("Shown only while every rule holds.")),
  ])

  /// A whole number from 1 to `maximum`.
  static func count(_ maximum: Int, _ description: String) -> JSONValue {
    .object([
      ("type", .string("integer")), ("minimum", .number(1)), ("maximum", .number(Double(maximum))),
      ("description", .string(description)),
    ])
  }

  /// The manifest's `guidance`: what content says of each guide and popover, by id.
  static var guidance: JSONValue {
    .object([
      ("type", .string("object")),
      ("propertyNames", .object([("enum", .array(GuidanceCatalog.all.map { .string($0.id) }))])),
      (
        "additionalProperties",
        .object([
          ("type", .string("object")),
          (
            "properties",
            .object([
              ("when", when),
              ("maxDisplayCount", count(EventLog.retention, "Shown by itself at most this many times.")),
              (
                "invalidatedBy",
                .object([
                  ("type", .string("array")), ("items", .object([("type", .string("string"))])),
                  ("description", .string("Events that close it for good (an action performed, say).")),
                ])
              ),
            ])
          ),
          ("additionalProperties", .bool(false)),
        ])
      ),
      ("description", .string("Rules over guides and popovers; a popover with rules starts by itself on its screen.")),
    ])
  }

  /// The manifest's `orderedGroups`: each group's members in the order they start by themselves.
  static var orderedGroups: JSONValue {
    .object([
      ("type", .string("object")),
      ("propertyNames", string(pattern: "^[A-Za-z0-9_.-]{1,\(ReleaseValidator.maximumIDLength)}$", "A group's name.")),
      (
        "additionalProperties",
        .object([
          ("type", .string("array")), ("minItems", .number(2)), ("uniqueItems", .bool(true)),
          ("items", .object([("enum", .array(GuidanceCatalog.orderable.map { .string($0.id) }))])),
        ])
      ),
      ("description", .string("Each member starts by itself only once every member before it is done.")),
    ])
  }
}
