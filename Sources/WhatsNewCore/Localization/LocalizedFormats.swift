package import Foundation

/// A unit the app prints after a number. Its name comes from the translation tables
/// (`ui.unit.kg`, …): Foundation's `MeasurementFormatter` is not available on Linux.
package enum MeasureUnit: String, CaseIterable, Sendable, Hashable {
  case kilogram = "kg"
  case pound = "lb"
  case kilometre = "km"
  case mile = "mi"

  /// The localization key of the unit's abbreviation: `ui.unit.kg`.
  package var key: String { "ui.unit.\(rawValue)" }
}

/// Numbers, measurements, durations, times and dates as a language writes them, from
/// Foundation's CLDR data with an explicit `Locale` (never `Locale.current`, which is
/// `en_001` on Linux whatever the environment says).
///
/// One value per language: the locale is the language's (``Language/localeIdentifier``),
/// so English reads "6:00 PM" and "18,450", Russian "18:00" and "18 450" (grouped with a
/// no-break space, U+00A0). A measurement joins its number and unit with a no-break space
/// too, so the pair is never wrapped apart.
///
/// ```swift
/// let ru = LocalizedFormats(language: .ru, unitNames: [.kilogram: "кг"])
/// ru.measurement(18_450, .kilogram)             // "18 450 кг"
/// ru.timeOfDay(hour: 18, minute: 0)             // "18:00"
/// LocalizedFormats(language: .en, unitNames: [:]).timeOfDay(hour: 18, minute: 0)   // "6:00 PM"
/// ```
package struct LocalizedFormats: Sendable {
  /// The language's locale, for every format.
  package let locale: Locale
  private let unitNames: [MeasureUnit: String]

  /// Formats for `language`, with units named as in `unitNames` (a unit missing there is
  /// written as its symbol: `kg`).
  package init(language: Language, unitNames: [MeasureUnit: String]) {
    self.locale = Locale(identifier: language.localeIdentifier)
    self.unitNames = unitNames
  }

  /// Formats in the localizer's language, with unit names from its tables, sanitized
  /// (``TextSanitizer/clean(_:)``: translations are content files, and the names go into rows
  /// that are not sanitized again).
  package init(localizer: Localizer) {
    let names = MeasureUnit.allCases.map { ($0, TextSanitizer.clean(localizer.text($0.key))) }
    self.init(language: localizer.language, unitNames: Dictionary(uniqueKeysWithValues: names))
  }

  /// A release's day in the language's words (`November 3, 2026`, `3 de noviembre de 2026`,
  /// `3 ноября 2026 г.`): noon UTC on that day, formatted in UTC, so no zone moves it.
  package func releaseDay(_ date: ReleaseDate) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    guard let instant = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day, hour: 12))
    else { return date.description }
    return instant.formatted(Date.FormatStyle(date: .long, time: .omitted, locale: locale, calendar: calendar, timeZone: .gmt))
  }

  /// `value` with the language's decimal mark and grouping, rounded to `fractionDigits`:
  /// `18,450` (en), `18.450` (es, nl, pt-BR), `18 450` (ru); `5.2` and `5,2`.
  package func number(_ value: Double, fractionDigits: ClosedRange<Int> = 0...0) -> String {
    value.formatted(.number.precision(.fractionLength(fractionDigits)).locale(locale))
  }

  /// A whole number: `4`, `18,450`.
  package func number(_ value: Int) -> String {
    value.formatted(.number.locale(locale))
  }

  /// A number and its unit's name from the tables: `18 450 кг`, `16.8 mi`.
  package func measurement(_ value: Double, _ unit: MeasureUnit, fractionDigits: ClosedRange<Int> = 0...1) -> String {
    // A no-break space between them: the number and its unit are never wrapped apart.
    number(value, fractionDigits: fractionDigits) + "\u{00A0}" + (unitNames[unit] ?? unit.rawValue)
  }

  /// A length of time as a clock shows it: `28:10` (minutes and seconds under an hour),
  /// `1:29:25` from an hour on.
  package func clockDuration(seconds: Int) -> String {
    Duration.seconds(seconds).formatted(.time(pattern: seconds < 3600 ? .minuteSecond : .hourMinuteSecond).locale(locale))
  }

  /// A length of time in words, with the language's plural: `50 minutes`, `50 минут`,
  /// `1 hour, 5 minutes`, `7 days, 1 hour`.
  package func duration(minutes: Int) -> String {
    Duration.seconds(minutes * 60).formatted(.units(allowed: [.days, .hours, .minutes], width: .wide).locale(locale))
  }

  /// A time of day, 12- or 24-hour as the language writes it: `6:00 PM` (en), `18:00`.
  /// `nil` when the hour or minute is out of range.
  package func timeOfDay(hour: Int, minute: Int) -> String? {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    // Any day will do: a day in UTC has every wall time exactly once.
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .gmt
    guard let instant = calendar.date(from: DateComponents(year: 2026, month: 1, day: 1, hour: hour, minute: minute))
    else { return nil }
    return instant.formatted(style(calendar: calendar).hour().minute())
  }

  /// A moment within the coming week, as the language writes it, in `timeZone`:
  /// `Sunday, December 6 at 6:00 PM`, `воскресенье, 6 декабря в 18:00`,
  /// `domingo, 6 de dezembro às 18:00`. No year (the reminder is never more than a week away)
  /// unless asked: `Sunday, March 28, 2027 at 1:59 AM` (where `qa clock` moved the clock).
  package func dayAndTime(_ instant: Date, in timeZone: TimeZone, year: Bool = false) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let day = style(calendar: calendar).weekday(.wide).month(.wide).day().hour().minute()
    let text = instant.formatted(year ? day.year() : day)
    // The day and its month are one name ("6 декабря", "December 6", "6 de dezembro"): a
    // line never breaks inside it, so its spaces are no-break spaces.
    let dayAndMonth = instant.formatted(style(calendar: calendar).month(.wide).day())
    guard dayAndMonth.contains(" "), text.contains(dayAndMonth) else { return text }
    return text.replacingOccurrences(of: dayAndMonth, with: dayAndMonth.replacingOccurrences(of: " ", with: "\u{A0}"))
  }

  private func style(calendar: Calendar) -> Date.FormatStyle {
    Date.FormatStyle(locale: locale, calendar: calendar, timeZone: calendar.timeZone)
  }
}
