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
  public func serialized() -> String {
    // Written as UTF-8 bytes and decoded once: appending to a String scalar by scalar made
    // `state` cost the app a third of its start-up work.
    var output: [UInt8] = []
    output.reserveCapacity(512)
    write(to: &output)
    return String(decoding: output, as: UTF8.self)
  }

  private func write(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let value):
      if !value.isFinite {
        output.append(contentsOf: "null".utf8)
      } else if value == value.rounded(), abs(value) < 1e15 {
        output.append(contentsOf: String(Int64(value)).utf8)
      } else {
        output.append(contentsOf: String(value).utf8)
      }
    case .string(let value): JSONValue.writeString(value, to: &output)
    case .array(let values):
      output.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        value.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      output.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.writeString(member.key, to: &output)
        output.append(UInt8(ascii: ":"))
        member.value.write(to: &output)
      }
      output.append(UInt8(ascii: "}"))
    }
  }

  /// Writes `value` quoted, escaping `"`, `\`, and the C0 and C1 control characters and DEL
  /// (`\n`, `\r`, `\t`, else `\u00XX`). Runs of bytes that need no escape are copied whole.
  private static func writeString(_ value: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      var runStart = 0
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        // The code point to escape, if this byte starts one; C1 controls are 0xC2 0x80...0x9F.
        let escaped: UInt32?
        if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
          escaped = UInt32(byte)
        } else if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
          escaped = UInt32(bytes[index + 1])
        } else {
          escaped = nil
        }
        guard let escaped else {
          index += 1
          continue
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        appendEscape(escaped, to: &output)
        index += escaped >= 0x80 ? 2 : 1
        runStart = index
      }
      output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    output.append(UInt8(ascii: "\""))
  }

  private static func appendEscape(_ codePoint: UInt32, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\\"))
    switch codePoint {
    case 0x22: output.append(UInt8(ascii: "\""))
    case 0x5C: output.append(UInt8(ascii: "\\"))
    case 0x0A: output.append(UInt8(ascii: "n"))
    case 0x0D: output.append(UInt8(ascii: "r"))
    case 0x09: output.append(UInt8(ascii: "t"))
    default:
      let digits = Array("0123456789abcdef".utf8)
      output.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
      output.append(digits[Int(codePoint >> 4)])
      output.append(digits[Int(codePoint & 0xF)])
    }
  }

  /// A string, or `null` for `nil`.
  public static func string(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
}
