/// An app version: `MAJOR.MINOR.PATCH`, three non-negative integers without leading zeros.
///
/// Versions compare numerically, part by part, so `2.9.21 < 2.10.1`.
///
/// ```swift
/// let current = Version("2.14.0")!
/// Version("2.9.21")! < Version("2.10.1")!   // true
/// Version("2.01.0")                          // nil: leading zero
/// ```
public struct Version: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The first part, bumped for incompatible changes.
  public let major: Int
  /// The second part.
  public let minor: Int
  /// The third part.
  public let patch: Int

  /// Creates a version from its parts, which must not be negative.
  public init(major: Int, minor: Int, patch: Int) {
    precondition(major >= 0 && minor >= 0 && patch >= 0, "version parts are non-negative")
    self.major = major
    self.minor = minor
    self.patch = patch
  }

  /// Parses `MAJOR.MINOR.PATCH`; returns `nil` for anything else (signs, spaces,
  /// leading zeros, missing or extra parts, parts too large for `Int`).
  public init?(_ text: String) { self.init(utf8: text.utf8) }

  /// Parses `MAJOR.MINOR.PATCH` from part of a string, as ``init(_:)-(String)`` does.
  public init?(_ text: Substring) { self.init(utf8: text.utf8) }

  // Concrete entry points, not one `some StringProtocol`: a generic called from another
  // module runs unspecialized, and its first call alone cost the app 120,000 instructions
  // of runtime type look-ups at every start.
  private init?(utf8: some Sequence<UInt8>) {
    // One pass, no allocations: release loading parses a version per file and per manifest entry.
    var numbers = (0, 0, 0)
    var part = 0
    var value = 0
    var digits = 0
    var startsWithZero = false
    for byte in utf8 {
      if byte == UInt8(ascii: ".") {
        guard digits > 0, part < 2 else { return nil }
        if part == 0 { numbers.0 = value } else { numbers.1 = value }
        part += 1
        value = 0
        digits = 0
        continue
      }
      guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
      if digits == 0 {
        startsWithZero = byte == UInt8(ascii: "0")
      } else if startsWithZero {
        return nil  // a leading zero
      }
      digits += 1
      guard digits <= 18 else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    guard part == 2, digits > 0 else { return nil }
    numbers.2 = value
    self.init(major: numbers.0, minor: numbers.1, patch: numbers.2)
  }

  /// `MAJOR.MINOR.PATCH`, exactly as ``init(_:)`` reads it.
  public var description: String { "\(major).\(minor).\(patch)" }

  /// Compares numerically, major first.
  public static func < (lhs: Version, rhs: Version) -> Bool {
    // Spelled out rather than comparing tuples: the generic tuple `<` is slow in debug builds.
    if lhs.major != rhs.major { return lhs.major < rhs.major }
    if lhs.minor != rhs.minor { return lhs.minor < rhs.minor }
    return lhs.patch < rhs.patch
  }
}
