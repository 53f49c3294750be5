/// Turns the bytes of a release file into a ``Release``, failing at the smallest usable unit.
///
/// A typo in one option drops that option; a bad block drops that block; a page left
/// with no blocks drops that page; a wrong optional field drops only that field. Only a
/// file that cannot be trusted as a whole (too large, not JSON, not an object, or with a
/// missing, invalid or mismatched `version`) drops the release. Every decision is reported
/// as a ``ReleaseDiagnostic`` naming the file, the JSON path, its line and column, the rule
/// and what was dropped.
///
/// Rules, by unit:
/// - **optional field**: a wrong `icon` (unknown, or not a string: `null` is not one),
///   `descriptionKey` (of an info, choice or action block, or a feature item), a feature
///   list's `titleKey`, an item's `action`, or the `options` of a boolean or weekday choice
///   (which then offers every value) is dropped with a diagnostic
///   (`…; icon dropped, block kept`) and its unit kept without it. `supersededIn` is the
///   exception: without it a unit meant to be retired would show for ever, so a wrong one
///   drops its page or block.
/// - **option**: `value` must be a string the setting accepts and not repeat an earlier
///   option's value; `labelKey` is required.
/// - **choice block**: fewer than two usable options drops the block. Boolean and
///   weekday settings may leave `options` out and get the kind's full set with
///   `labelKey: nil`; an enumeration setting may not.
/// - **block / feature item**: unknown `type`, setting or (block) action, a missing or
///   wrong-typed required field, an id that is not `[A-Za-z0-9_.-]{1,64}` or repeats an
///   earlier one in the same page (or list), and an invalid `supersededIn` drop the unit.
///   A feature list left with no items is dropped.
/// - **page**: a bad or repeated `id`, missing `blocks`, an invalid `supersededIn`, or no
///   usable blocks left drops the page.
/// - **translation keys** (`titleKey`, `descriptionKey`, `labelKey`) must be at most 200
///   characters of `A-Z a-z 0-9 _ . -` and be present in `englishKeys`, else their unit
///   (option, item or block) is dropped, or only the field when it is optional.
/// - **`supersededIn`** must be a version strictly later than the release's.
/// - **release**: over 1 MiB, invalid JSON, a top level that is not an object, or a
///   `version` that is missing, invalid or not the file name without `.json` drops the
///   release (`release` is `nil`). A missing, wrong-typed or empty `pages`, or no usable pages,
///   still gives a release with zero pages (so the version stays known) plus a `.dropped` diagnostic.
/// - An unknown field is dropped (`.dropped`, its unit kept: a misspelt `descriptonKey` loses its
///   text, and `whatsnew schema` rejects it as well); in the manifest it is only a `.warning`.
///   A duplicate member is a `.warning` (pointing at the key), and the first member is used.
///
/// ```swift
/// let (release, diagnostics) = ReleaseValidator.validate(
///   bytes, fileName: "2.13.1.json", displayPath: "Releases/2.13.1.json", englishKeys: keys)
/// for diagnostic in diagnostics { print(diagnostic) }
/// ```
package enum ReleaseValidator {
  /// The largest release or manifest file read: 1 MiB.
  package static let maximumFileSize = 1_048_576
  /// The longest id accepted for pages, blocks and feature items.
  package static let maximumIDLength = 64
  package static let maximumKeyLength = 200

  /// Whether `text` is an id whatsnew writes: 1 to ``maximumIDLength`` bytes of
  /// `A-Z a-z 0-9 _ . -` (a page's, block's or item's; a guide's or reminder's, as a backup holds them).
  package static func isValidID(_ text: String) -> Bool { isIDText(text, maximumLength: maximumIDLength) }

  static func isValidKey(_ text: String) -> Bool { isIDText(text, maximumLength: maximumKeyLength) }

  /// Whether `text` is 1 to `maximumLength` bytes of `A-Z a-z 0-9 _ . -`.
  private static func isIDText(_ text: String, maximumLength: Int) -> Bool {
    (1...maximumLength).contains(text.utf8.count) && text.utf8.allSatisfy(isIDByte)
  }

  /// `A-Z a-z 0-9 _ . -`.
  static func isIDByte(_ byte: UInt8) -> Bool {
    Version.isIdentifierByte(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
  }

  /// Validates one release file, whose `version` must match `fileName` (`2.13.1.json`) and
  /// which diagnostics name `displayPath`. A unit using a key `englishKeys` lacks is dropped
  /// (`nil` skips the check: the linter reports translations itself).
  ///
  /// - Returns: the release (nil when the whole file was dropped) and every diagnostic, in file order.
  package static func validate(
    _ bytes: [UInt8], fileName: String, displayPath: String, englishKeys: (any TranslationKeys)?
  ) -> (release: Release?, diagnostics: [ReleaseDiagnostic]) {
    var context = ValidationContext(file: displayPath, englishKeys: englishKeys)
    let release = context.validateRelease(bytes, fileName: fileName)
    context.resolvePositions()
    return (release, context.diagnostics)
  }

  /// Validates `manifest.json`: `{"releases": ["2.11.0", "2.13.1"]}`.
  ///
  /// Entries that are not version strings are dropped and named; a repeated version is
  /// named (`.warning`) and counted once. Unreadable JSON or a wrong shape registers nothing.
  ///
  /// - Returns: the registered versions in manifest order, without repeats, each with its
  ///   index in `releases` and where its entry is, and the diagnostics.
  package static func manifestEntries(_ bytes: [UInt8], displayPath: String) -> (
    entries: [ManifestEntry], diagnostics: [ReleaseDiagnostic]
  ) {
    var context = ValidationContext(file: displayPath, englishKeys: nil)
    var attention = Attention()
    let entries = context.validateManifest(bytes, attention: &attention)
    context.resolvePositions()
    return (entries, context.diagnostics)
  }

  /// What the manifest says of the attention budget: each guide's and popover's rules
  /// (``GuidanceRules``) and the pace (`paceHours`). An entry that cannot be read or could
  /// never show is left out (``manifestEntries(_:displayPath:)`` names it).
  package static func attention(_ bytes: [UInt8]) -> Attention {
    var context = ValidationContext(file: "", englishKeys: nil)
    var attention = Attention()
    _ = context.validateManifest(bytes, attention: &attention)
    return attention
  }
}

/// The keys a translation table holds, for the validator's "is this key translated" check:
/// a `Set` of keys, or the keys of a table as read (no copy into a new set needed).
///
/// ```swift
/// ReleaseValidator.validate(bytes, fileName: "2.13.1.json", displayPath: "Releases/2.13.1.json",
///   englishKeys: englishTable)
/// ```
package protocol TranslationKeys: Sendable {
  func contains(_ key: String) -> Bool
}

extension Set<String>: TranslationKeys {}

// MARK: - Machinery

/// A unit could not be used: where, and why (without the "; block dropped" ending).
struct Rejection: Error {
  var path: String
  var reason: String
  /// The lint rule it breaks, when not the unit's usual one (a rule that can never hold).
  var rule: LintRule? = nil
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
