/// An app version, as Semantic Versioning 2.0.0 writes it: `MAJOR.MINOR.PATCH`, three
/// non-negative integers without leading zeros, then optionally a pre-release
/// (`-beta.1`: dot-separated identifiers of `[0-9A-Za-z-]`, a numeric one without leading
/// zeros) and build metadata (`+build.7`: dot-separated identifiers of `[0-9A-Za-z-]`).
///
/// Versions compare by SemVer precedence: numerically part by part, then a pre-release sorts
/// before its release (`2.15.0-beta.1 < 2.15.0`), pre-releases identifier by identifier
/// (numeric ones numerically and before alphanumeric ones, which compare in ASCII order; a
/// shorter set first when all before are equal). Build metadata is kept in the text but plays
/// no part in precedence, so versions that differ only there are equal (`==` and `hash` agree
/// with `<`).
///
/// ```swift
/// let current = Version("2.14.0")!
/// Version("2.9.21")! < Version("2.10.1")!           // true
/// Version("2.15.0-beta.1")! < Version("2.15.0")!    // true
/// Version("2.15.0+7")! == Version("2.15.0")!        // true
/// Version("2.01.0")                                  // nil: leading zero
/// ```
package struct Version: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// One dot-separated pre-release identifier: a number, or letters, digits and hyphens.
  ///
  /// The synthesized order is SemVer's: numeric identifiers sort numerically and before
  /// alphanumeric ones (the cases' order), which sort in ASCII order (all they hold is ASCII).
  package enum Identifier: Hashable, Sendable, Comparable, CustomStringConvertible {
    case numeric(Int)
    case alphanumeric(String)

    package var description: String {
      switch self {
      case .numeric(let number): String(number)
      case .alphanumeric(let text): text
      }
    }
  }

  /// The first part, bumped for incompatible changes.
  package let major: Int
  package let minor: Int
  package let patch: Int
  /// The pre-release identifiers (`["beta", 1]` for `-beta.1`); empty for a release.
  package let preRelease: [Identifier]
  /// The build metadata identifiers (`["build", "7"]` for `+build.7`), ignored in precedence.
  package let build: [String]

  /// How messages write the form a version takes: `MAJOR.MINOR.PATCH[-pre.release][+build]`.
  package static let form = "MAJOR.MINOR.PATCH[-pre.release][+build]"

  /// The longest version text read, in bytes: versions name files and keys.
  package static let maximumLength = 128

  /// Creates a version from its parts, which must not be negative.
  package init(major: Int, minor: Int, patch: Int, preRelease: [Identifier] = [], build: [String] = []) {
    precondition(major >= 0 && minor >= 0 && patch >= 0, "version parts are non-negative")
    self.major = major
    self.minor = minor
    self.patch = patch
    self.preRelease = preRelease
    self.build = build
  }

  /// Parses a SemVer 2.0.0 version; returns `nil` for anything else (signs, spaces, `v`,
  /// leading zeros, missing or extra parts, empty identifiers, characters outside
  /// `[0-9A-Za-z-]`, numbers of more than 18 digits, text over ``maximumLength`` bytes).
  package init?(_ text: some StringProtocol) {
    let text = String(text)
    guard text.utf8.count <= Self.maximumLength else { return nil }
    var rest = Substring(text)
    var build: [String] = []
    if let plus = rest.firstIndex(of: "+") {
      guard let identifiers = Self.identifiers(rest[rest.index(after: plus)...]) else { return nil }
      build = identifiers.map(String.init)
      rest = rest[..<plus]
    }
    var preRelease: [Identifier] = []
    if let hyphen = rest.firstIndex(of: "-") {
      guard let identifiers = Self.identifiers(rest[rest.index(after: hyphen)...]) else { return nil }
      for identifier in identifiers {
        if identifier.utf8.allSatisfy(Self.isDigit) {
          guard let number = Self.number(identifier) else { return nil }
          preRelease.append(.numeric(number))
        } else {
          preRelease.append(.alphanumeric(String(identifier)))
        }
      }
      rest = rest[..<hyphen]
    }
    let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.allSatisfy({ $0.utf8.allSatisfy(Self.isDigit) }) else { return nil }
    let numbers = parts.compactMap(Self.number)
    guard numbers.count == 3 else { return nil }
    self.init(major: numbers[0], minor: numbers[1], patch: numbers[2], preRelease: preRelease, build: build)
  }

  /// `MAJOR.MINOR.PATCH[-pre.release][+build]`, exactly as ``init(_:)`` reads it.
  package var description: String {
    var text = "\(major).\(minor).\(patch)"
    if !preRelease.isEmpty { text += "-" + preRelease.map(\.description).joined(separator: ".") }
    if !build.isEmpty { text += "+" + build.joined(separator: ".") }
    return text
  }

  /// SemVer precedence; build metadata plays no part.
  package static func < (lhs: Version, rhs: Version) -> Bool {
    if (lhs.major, lhs.minor, lhs.patch) != (rhs.major, rhs.minor, rhs.patch) {
      return (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
    switch (lhs.preRelease.isEmpty, rhs.preRelease.isEmpty) {
    case (true, _): return false
    case (false, true): return true
    case (false, false): return lhs.preRelease.lexicographicallyPrecedes(rhs.preRelease)
    }
  }

  /// Why this cannot be a release's own version, or `nil`: build metadata (`+build.5`) plays
  /// no part in the order of releases, so `2.17.0+build.5` would stand for `2.17.0` and block it.
  package var releaseVersionProblem: String? {
    guard !build.isEmpty else { return nil }
    let plain = Version(major: major, minor: minor, patch: patch, preRelease: preRelease)
    return "\(self) has build metadata (+\(build.joined(separator: "."))), which a release's version cannot have: "
      + "it plays no part in the order of releases; use \(plain)"
  }

  /// Equal in precedence: build metadata is not compared.
  package static func == (lhs: Version, rhs: Version) -> Bool {
    (lhs.major, lhs.minor, lhs.patch) == (rhs.major, rhs.minor, rhs.patch) && lhs.preRelease == rhs.preRelease
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(major)
    hasher.combine(minor)
    hasher.combine(patch)
    hasher.combine(preRelease)
  }

  /// The version of `versions` nearest to `target`, for "did you mean": of the nearest below and
  /// the nearest above, the one that differs from `target` in a later part (a patch before a
  /// minor before a major), then by the smaller difference there, then the newer one.
  ///
  /// ```swift
  /// Version.nearest(to: Version("2.17.0")!, in: [Version("2.14.0")!, Version("2.15.0")!])   // 2.15.0
  /// Version.nearest(to: Version("2.13.0")!, in: [Version("2.12.0")!, Version("2.13.1")!])   // 2.13.1
  /// ```
  package static func nearest(to target: Version, in versions: [Version]) -> Version? {
    let below = versions.filter { $0 <= target }.max()
    let above = versions.filter { $0 > target }.min()
    guard let below, let above else { return below ?? above }
    /// Which part differs first (0 major … 3 pre-release only) and by how much.
    func gap(_ other: Version) -> (part: Int, size: Int) {
      let pairs = [(target.major, other.major), (target.minor, other.minor), (target.patch, other.patch)]
      for (part, pair) in pairs.enumerated() where pair.0 != pair.1 { return (part, abs(pair.0 - pair.1)) }
      return (3, 0)
    }
    let (low, high) = (gap(below), gap(above))
    if low.part != high.part { return low.part > high.part ? below : above }
    return low.size < high.size ? below : above
  }

  /// Dot-separated identifiers of `[0-9A-Za-z-]`, none empty; `nil` otherwise.
  private static func identifiers(_ text: Substring) -> [Substring]? {
    let identifiers = text.split(separator: ".", omittingEmptySubsequences: false)
    guard identifiers.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(isIdentifierByte) }) else { return nil }
    return identifiers
  }

  /// A number of 1 to 18 digits without a leading zero.
  private static func number(_ digits: Substring) -> Int? {
    guard (1...18).contains(digits.utf8.count), digits.utf8.count == 1 || digits.utf8.first != 0x30 else { return nil }
    return Int(digits)
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  /// `0-9 A-Z a-z -`, the bytes of a SemVer identifier.
  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    isDigit(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == UInt8(ascii: "-")
  }
}
