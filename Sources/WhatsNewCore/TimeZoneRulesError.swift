/// Why time zone rules could not be read: a TZif file that is not one, is cut short or
/// contradicts itself, or a POSIX TZ rule that does not parse.
///
/// The description is written for people: what is wrong and where, in lowercase.
///
/// ```swift
/// do { _ = try TimeZoneRules(identifier: "Europe/Paris", tzif: Array("hello".utf8)) } catch { print(error) }
/// // not a TZif file: the magic 'TZif' is missing
/// ```
public enum TimeZoneRulesError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The bytes do not start with `TZif`.
  case notTZif
  /// The version byte after the magic is not one this reader knows.
  case unsupportedVersion(UInt8)
  /// The file ends inside `part`, which needs `needed` bytes from byte `offset` on.
  case truncated(part: String, offset: Int, needed: Int, available: Int)
  /// The file is complete but breaks a rule of RFC 8536: `problem` says which and where.
  case malformed(problem: String)
  /// A POSIX TZ rule (`CET-1CEST,M3.5.0,M10.5.0/3`) does not parse: `problem` is what was
  /// expected at `position` (0-based, in characters).
  case invalidRule(rule: String, position: Int, problem: String)

  public var description: String {
    switch self {
    case .notTZif:
      return "not a TZif file: the magic 'TZif' is missing"
    case .unsupportedVersion(let byte):
      return "unsupported TZif version: byte 4 is \(hexByte(byte)), expected NUL (version 1) or '2' to '9'"
    case .truncated(let part, let offset, let needed, let available):
      return "truncated TZif file: \(part) needs \(needed) bytes at byte \(offset), but only \(available) remain"
    case .malformed(let problem):
      return "invalid TZif file: \(problem)"
    case .invalidRule(let rule, let position, let problem):
      return "invalid TZ rule '\(rule)' at character \(position + 1): \(problem)"
    }
  }
}

/// `0x35`.
func hexByte(_ byte: UInt8) -> String {
  let digits = Array("0123456789abcdef")
  return "0x" + String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0xF)])
}
