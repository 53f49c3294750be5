/// The day a release came out, as its file gives it (`"date": "2026-03-14"`): a calendar day,
/// not an instant, so it reads the same in every time zone. `news` lists it beside the release
/// (``LocalizedFormats/releaseDay(_:)`` words it).
package struct ReleaseDate: Hashable, Sendable, CustomStringConvertible {
  package var year: Int
  package var month: Int
  package var day: Int

  /// The form a release file writes, for messages.
  package static let form = "YYYY-MM-DD, a day of the Gregorian calendar, like 2026-03-14"

  /// `YYYY-MM-DD` naming a day that exists (no 2026-02-30); `nil` for anything else.
  package init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      year >= 1, (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, of: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  package var description: String {
    "\(String(year).zeroPadded(to: 4))-\(String(month).zeroPadded(to: 2))-\(String(day).zeroPadded(to: 2))"
  }

  private static func days(inMonth month: Int, of year: Int) -> Int {
    switch month {
    case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}
