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
  public func serialized() -> String {
    var output = ""
    write(to: &output)
    return output
  }

  private func write(to output: inout String) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let value):
      if !value.isFinite {
        output += "null"
      } else if value == value.rounded(), abs(value) < 1e15 {
        output += String(Int64(value))
      } else {
        output += String(value)
      }
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let values):
      output += "["
      for (index, value) in values.enumerated() {
        if index > 0 { output += "," }
        value.write(to: &output)
      }
      output += "]"
    case .object(let members):
      output += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { output += "," }
        JSONValue.writeString(member.key, to: &output)
        output += ":"
        member.value.write(to: &output)
      }
      output += "}"
    }
  }

  private static func writeString(_ value: String, to output: inout String) {
    output += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// A string, or `null` for `nil`.
  public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
