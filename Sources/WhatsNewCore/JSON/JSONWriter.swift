import Foundation

// Hand-written: `state`, `flow --json` and `lint --format json` print members in a fixed
// order and sanitize every string; JSONSerialization sorts or shuffles keys and escapes `/`.

extension JSONValue {
  /// Compact JSON text, keys in the order given, for one-line machine-readable output.
  ///
  /// Strings are escaped per RFC 8259 (control characters as `\u00XX`), whole numbers
  /// print without a fraction, and non-finite numbers (which JSON cannot carry) as `null`.
  ///
  /// ```swift
  /// JSONValue.object([("screen", .string("home")), ("page", .number(2))]).serialized()
  /// // {"screen":"home","page":2}
  /// ```
  package func serialized() -> String {
    switch self {
    case .null: "null"
    case .bool(let value): value ? "true" : "false"
    case .number(let value):
      if !value.isFinite {
        "null"
      } else if value == value.rounded(), abs(value) < 1e15 {
        String(Int64(value))
      } else {
        String(value)
      }
    case .string(let value): Self.quoted(value)
    case .array(let values): "[" + values.map { $0.serialized() }.joined(separator: ",") + "]"
    case .object(let members):
      "{" + members.map { Self.quoted($0.key) + ":" + $0.value.serialized() }.joined(separator: ",") + "}"
    }
  }

  /// `value` quoted, escaping `"`, `\`, the C0 and C1 control characters and DEL (`\n`,
  /// `\r`, `\t`, else `\u00XX`), and every invisible format character or separator
  /// (Unicode's Cf, Zl and Zp: the bidirectional overrides and isolates U+202A–U+202E and
  /// U+2066–U+2069, zero-width characters, U+2028 and U+2029, tags) as `\uXXXX`, beyond the
  /// BMP as a UTF-16 surrogate pair. A JSON reader gets the same text back; a terminal
  /// showing the JSON gets nothing it would act on or hide.
  static func quoted(_ value: String) -> String {
    var text = "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      case "\u{0}"..."\u{1F}", "\u{7F}"..."\u{9F}": text += String(format: "\\u%04x", scalar.value)
      case _ where scalar.value > 0x7F && invisible.contains(scalar.properties.generalCategory):
        for unit in String(scalar).utf16 { text += String(format: "\\u%04x", unit) }
      default: text.unicodeScalars.append(scalar)
      }
    }
    return text + "\""
  }

  /// Format characters and line or paragraph separators: they change or hide what is around
  /// them without being seen.
  private static let invisible: Set<Unicode.GeneralCategory> = [.format, .lineSeparator, .paragraphSeparator]

  /// A string, or `null` for `nil`.
  package static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
