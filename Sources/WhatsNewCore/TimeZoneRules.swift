/// A time zone: its identifier and the rules that say its offset from UTC at every instant.
///
/// Built from the system's tz database (a TZif file, ``init(identifier:tzif:)``) or from a
/// POSIX `TZ` rule (``init(posixRule:)``), or ``utc``. The explicit transitions of the
/// file come first; after the last of them the file's footer rule takes over, so instants
/// far in the future still follow the zone's daylight-saving pattern. Leap seconds in a
/// file (the `right/` zones) are read past but not applied: instants are POSIX time.
///
/// Pure: reading the file is the caller's business.
///
/// ```swift
/// let bytes: [UInt8] = ...  // /usr/share/zoneinfo/Europe/Amsterdam
/// let amsterdam = try TimeZoneRules(identifier: "Europe/Amsterdam", tzif: bytes)
/// amsterdam.offset(at: Timestamp(secondsSince1970: 1_796_040_000))  // 3600 (winter)
/// TimeZoneRules.utc.offset(at: .epoch)                              // 0
/// ```
public struct TimeZoneRules: Sendable, Hashable {
  /// The zone's name: `Europe/Amsterdam`, `UTC`, or the POSIX rule it was made from.
  public let identifier: String
  /// Instants at which the offset changes, strictly ascending.
  let transitionInstants: [Int64]
  /// The offset from each transition on (same indices as ``transitionInstants``).
  let transitionOffsets: [Int32]
  /// The offset before the first transition, and always when there are none and no rule.
  let initialOffset: Int
  /// The rule for instants from the last transition on (from the start with no transitions).
  let footer: PosixTimeZoneRule?

  /// The instants the calendar arithmetic is done for: about 142 million years either side
  /// of 1970. Rules repeat yearly, so beyond it they are evaluated at the nearest end.
  static let supportedRange: ClosedRange<Int64> = -(1 << 52)...(1 << 52)

  /// Coordinated Universal Time: offset zero, always.
  public static let utc = TimeZoneRules(identifier: "UTC", fixedOffset: 0)

  /// A zone that is always `offset` seconds east of UTC (within -89999...93599, the
  /// range RFC 8536 allows, about -25 to +26 hours).
  public init(identifier: String, fixedOffset offset: Int) {
    precondition((-89_999...93_599).contains(offset), "a UTC offset within -89999...93599 seconds")
    self.init(identifier: identifier, transitionInstants: [], transitionOffsets: [], initialOffset: offset, footer: nil)
  }

  /// A zone following a POSIX `TZ` rule (`CET-1CEST,M3.5.0,M10.5.0/3`, `<-03>3`, `UTC0`)
  /// at all instants; its identifier is the rule's text.
  ///
  /// - Throws: ``TimeZoneRulesError/invalidRule(rule:position:problem:)``.
  public init(posixRule: String) throws(TimeZoneRulesError) {
    let rule = try PosixTimeZoneRule(parsing: posixRule)
    self.init(
      identifier: posixRule, transitionInstants: [], transitionOffsets: [], initialOffset: rule.standardOffset, footer: rule)
  }

  init(
    identifier: String, transitionInstants: [Int64], transitionOffsets: [Int32], initialOffset: Int,
    footer: PosixTimeZoneRule?
  ) {
    self.identifier = identifier
    self.transitionInstants = transitionInstants
    self.transitionOffsets = transitionOffsets
    self.initialOffset = initialOffset
    self.footer = footer
  }

  /// The offset from UTC at `instant`, in seconds east of Greenwich (3600 for
  /// Central European Time, -18000 for Eastern Standard Time).
  public func offset(at instant: Timestamp) -> Int {
    let seconds = instant.secondsSince1970
    guard let last = transitionInstants.last else {
      return footer?.offset(at: instant) ?? initialOffset
    }
    if seconds >= last, let footer { return footer.offset(at: instant) }
    // Just past the last transition at or before the instant.
    let following = transitionInstants.partitionPoint { $0 <= seconds }
    return following == 0 ? initialOffset : Int(transitionOffsets[following - 1])
  }

  /// The instants in `range` at which the offset may change, ascending: the file's
  /// transitions, then the footer rule's. Each is a candidate; an instant where the offset
  /// stays the same is harmless to callers that compare offsets on both sides.
  func changeCandidates(in range: ClosedRange<Int64>) -> [Int64] {
    var instants: [Int64] = []
    let firstIndex = transitionInstants.partitionPoint { $0 < range.lowerBound }
    for index in firstIndex..<transitionInstants.count {
      let instant = transitionInstants[index]
      if instant > range.upperBound { break }
      instants.append(instant)
    }
    // The rule's own transitions, from the last explicit one on, within the years the rule
    // is evaluated in (so the calendar arithmetic stays far from overflowing).
    let supported = Self.supportedRange
    let ruleStart = max(range.lowerBound, transitionInstants.last ?? .min, supported.lowerBound)
    let ruleEnd = min(range.upperBound, supported.upperBound)
    if let footer, ruleStart <= ruleEnd {
      let firstYear = CivilDate(daysSince1970: floorDivision(ruleStart, 86_400).quotient).year
      let lastYear = CivilDate(daysSince1970: floorDivision(ruleEnd, 86_400).quotient).year
      let last = transitionInstants.last
      instants += footer.transitionInstants(years: (firstYear - 1)...(lastYear + 1)).filter { instant in
        range.contains(instant) && (last.map { instant > $0 } ?? true)
      }
    }
    return instants
  }
}

extension Array where Element == Int64 {
  /// The index of the first element for which `isBelow` is false, in an array sorted so
  /// that all the elements for which it holds come first.
  func partitionPoint(_ isBelow: (Int64) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if isBelow(self[middle]) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
