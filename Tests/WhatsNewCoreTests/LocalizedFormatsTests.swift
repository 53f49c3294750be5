import Foundation
import Testing
import WhatsNewCore

/// Numbers, measurements, durations, times and dates in each language, from CLDR through
/// an explicit locale. `nbsp` is the no-break space (U+00A0) Russian groups digits with and
/// every measurement puts before its unit; `nnbsp` the narrow one (U+202F) English puts
/// before AM and PM.
@Suite("Localized formats")
struct LocalizedFormatsTests {
  static let nbsp = "\u{00A0}"
  static let nnbsp = "\u{202F}"

  /// The unit names the shipped tables give each language.
  static let unitNames: [Language: [MeasureUnit: String]] = [
    .en: [.kilogram: "kg", .pound: "lb", .kilometre: "km", .mile: "mi"],
    .es: [.kilogram: "kg", .pound: "lb", .kilometre: "km", .mile: "mi"],
    .nl: [.kilogram: "kg", .pound: "lb", .kilometre: "km", .mile: "mi"],
    .ptBR: [.kilogram: "kg", .pound: "lb", .kilometre: "km", .mile: "mi"],
    .ru: [.kilogram: "кг", .pound: "фнт", .kilometre: "км", .mile: "ми"],
  ]

  static func formats(_ language: Language) -> LocalizedFormats {
    LocalizedFormats(language: language, unitNames: unitNames[language]!)
  }

  @Test(
    "numbers group and mark decimals as the language does",
    arguments: [
      (Language.en, "18,450", "5.2", "4,500", "1,234.5"),
      (.es, "18.450", "5,2", "4500", "1234,5"),
      (.nl, "18.450", "5,2", "4.500", "1.234,5"),
      (.ptBR, "18.450", "5,2", "4.500", "1.234,5"),
      (.ru, "18\(nbsp)450", "5,2", "4\(nbsp)500", "1\(nbsp)234,5"),
    ])
  func numbers(language: Language, big: String, decimal: String, four: String, mixed: String) {
    let formats = Self.formats(language)
    #expect(formats.number(18_450) == big)
    #expect(formats.number(5.2, fractionDigits: 1...1) == decimal)
    #expect(formats.number(4_500) == four)
    #expect(formats.number(1_234.5, fractionDigits: 0...1) == mixed)
  }

  @Test(
    "a measurement is the number, a no-break space and the unit's name from the tables",
    arguments: [
      (Language.en, "18,450\(nbsp)kg", "27\(nbsp)km", "16.8\(nbsp)mi", "40,675\(nbsp)lb", "18.0\(nbsp)km"),
      (.es, "18.450\(nbsp)kg", "27\(nbsp)km", "16,8\(nbsp)mi", "40.675\(nbsp)lb", "18,0\(nbsp)km"),
      (.nl, "18.450\(nbsp)kg", "27\(nbsp)km", "16,8\(nbsp)mi", "40.675\(nbsp)lb", "18,0\(nbsp)km"),
      (.ptBR, "18.450\(nbsp)kg", "27\(nbsp)km", "16,8\(nbsp)mi", "40.675\(nbsp)lb", "18,0\(nbsp)km"),
      (.ru, "18\(nbsp)450\(nbsp)кг", "27\(nbsp)км", "16,8\(nbsp)ми", "40\(nbsp)675\(nbsp)фнт", "18,0\(nbsp)км"),
    ])
  func measurements(language: Language, lifted: String, cardio: String, miles: String, pounds: String, logged: String) {
    let formats = Self.formats(language)
    #expect(formats.measurement(18_450, .kilogram) == lifted)
    #expect(formats.measurement(27, .kilometre) == cardio)
    #expect(formats.measurement(16.8, .mile) == miles)
    #expect(formats.measurement(40_675, .pound) == pounds)
    #expect(formats.measurement(18, .kilometre, fractionDigits: 1...1) == logged)
  }

  @Test("a unit the tables do not name is written as its symbol")
  func unnamedUnit() {
    #expect(LocalizedFormats(language: .ru, unitNames: [:]).measurement(60, .kilogram) == "60\(Self.nbsp)kg")
  }

  @Test(
    "times of day are 12-hour in English, 24-hour in the others",
    arguments: [
      (Language.en, "6:00\(nnbsp)PM", "9:05\(nnbsp)AM", "12:00\(nnbsp)AM"),
      (.es, "18:00", "9:05", "0:00"),
      (.nl, "18:00", "09:05", "00:00"),
      (.ptBR, "18:00", "09:05", "00:00"),
      (.ru, "18:00", "09:05", "00:00"),
    ])
  func timesOfDay(language: Language, evening: String, morning: String, midnight: String) {
    let formats = Self.formats(language)
    #expect(formats.timeOfDay(hour: 18, minute: 0) == evening)
    #expect(formats.timeOfDay(hour: 9, minute: 5) == morning)
    #expect(formats.timeOfDay(hour: 0, minute: 0) == midnight)
  }

  @Test("a time of day out of range has no words", arguments: [(24, 0), (-1, 0), (18, 60), (18, -1)])
  func timeOutOfRange(hour: Int, minute: Int) {
    #expect(Self.formats(.en).timeOfDay(hour: hour, minute: minute) == nil)
  }

  /// Sunday 2026-12-06 18:00 UTC.
  static let sundayEvening = Date(timeIntervalSince1970: 1_796_040_000 + 6 * 86_400 + 6 * 3_600)

  @Test(
    "the reminder's day and time read as a sentence in each language",
    arguments: [
      (Language.en, "Sunday, December\(nbsp)6 at 6:00\(nnbsp)PM"),
      (.es, "domingo, 6\(nbsp)de\(nbsp)diciembre, 18:00"),
      (.nl, "zondag 6\(nbsp)december om 18:00"),
      (.ptBR, "domingo, 6\(nbsp)de\(nbsp)dezembro às 18:00"),
      (.ru, "воскресенье, 6\(nbsp)декабря в 18:00"),
    ])
  func dayAndTime(language: Language, expected: String) {
    #expect(Self.formats(language).dayAndTime(Self.sundayEvening, in: .gmt) == expected)
  }

  @Test("the day and time are the wall clock of the zone given")
  func dayAndTimeInZone() throws {
    let amsterdam = try #require(TimeZone(identifier: "Europe/Amsterdam"))
    let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
    let fivePM = Self.sundayEvening.addingTimeInterval(-3_600)
    #expect(Self.formats(.ru).dayAndTime(fivePM, in: amsterdam) == "воскресенье, 6\(Self.nbsp)декабря в 18:00")
    // 17:00 UTC is 02:00 on Monday in Tokyo.
    #expect(Self.formats(.en).dayAndTime(fivePM, in: tokyo) == "Monday, December\(Self.nbsp)7 at 2:00\(Self.nnbsp)AM")
  }

  @Test(
    "durations: as a clock shows them, and in words with the language's plural",
    arguments: [
      (Language.en, "50 minutes", "1 minute", "1 hour, 5 minutes"),
      (.es, "50 minutos", "1 minuto", "1 hora y 5 minutos"),
      (.nl, "50 minuten", "1 minuut", "1 uur en 5 minuten"),
      (.ptBR, "50 minutos", "1 minuto", "1 hora e 5 minutos"),
      (.ru, "50 минут", "1 минута", "1 час 5 минут"),
    ])
  func durations(language: Language, fifty: String, one: String, sixtyFive: String) {
    let formats = Self.formats(language)
    #expect(formats.clockDuration(seconds: 28 * 60 + 10) == "28:10")
    #expect(formats.clockDuration(seconds: 3_600 + 29 * 60 + 25) == "1:29:25")
    #expect(formats.duration(minutes: 50) == fifty)
    #expect(formats.duration(minutes: 1) == one)
    #expect(formats.duration(minutes: 65) == sixtyFive)
  }

  @Test("unit names come from the localizer's tables, language first")
  func unitNamesFromTables() {
    let localizer = Localizer(
      language: .ru, tables: [.ru: ["ui.unit.kg": "кг"], .en: ["ui.unit.kg": "kg", "ui.unit.km": "km"]],
      builtInEnglish: { _ in nil })
    let formats = LocalizedFormats(localizer: localizer)
    #expect(formats.locale.identifier == Language.ru.localeIdentifier)
    #expect(formats.measurement(60, .kilogram) == "60\(Self.nbsp)кг")
    #expect(formats.measurement(5, .kilometre) == "5\(Self.nbsp)km")
  }

  @Test("unit names from the tables are sanitized: no escape sequence reaches a row")
  func hostileUnitName() {
    let localizer = Localizer(language: .en, tables: [.en: ["ui.unit.kg": "\u{1B}[31mkg\u{9B}2J"]], builtInEnglish: { _ in nil })
    #expect(LocalizedFormats(localizer: localizer).measurement(60, .kilogram) == "60\(Self.nbsp)kg")
  }

  @Test("each language has its own CLDR locale", arguments: Language.allCases)
  func locales(language: Language) {
    #expect(LocalizedFormats(language: language, unitNames: [:]).locale.identifier == language.localeIdentifier)
  }
}
