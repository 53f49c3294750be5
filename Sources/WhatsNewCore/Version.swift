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
  public init?(_ text: some StringProtocol) {
    let parts = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    numbers.reserveCapacity(3)
    for part in parts {
      guard let first = part.first, part.count <= 18 else { return nil }
      if first == UInt8(ascii: "0") && part.count > 1 { return nil }
      var value = 0
      for byte in part {
        guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      numbers.append(value)
    }
    self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
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
