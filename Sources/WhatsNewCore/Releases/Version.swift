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
  /// leading zeros, missing or extra parts, parts of more than 18 digits).
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return nil }
    var numbers: [Int] = []
    for part in parts {
      guard (1...18).contains(part.utf8.count), part.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
        part.utf8.count == 1 || part.utf8.first != 0x30, let number = Int(part)
      else { return nil }
      numbers.append(number)
    }
    self.init(major: numbers[0], minor: numbers[1], patch: numbers[2])
  }

  /// `MAJOR.MINOR.PATCH`, exactly as ``init(_:)`` reads it.
  public var description: String { "\(major).\(minor).\(patch)" }

  /// Compares numerically, major first.
  public static func < (lhs: Version, rhs: Version) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
  }
}
