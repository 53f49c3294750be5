import Foundation
import WhatsNewCore

/// `qa clock`: moves the session's own clock and zone (``SessionClock``): `+7d`, `-90m`,
/// `set <RFC 3339 time> [<zone>]`, `next-dst` (a minute before the zone's next daylight-saving
/// change), `reset`; alone, where it stands. A word that does not read moves nothing, and says why.
@MainActor
struct ClockCommand {
  let runner: EffectRunner
  var clock: SessionClock { runner.backends.clock }
  var formats: LocalizedFormats { runner.renderContext.formats }

  /// Runs `qa clock` with the words after it.
  func run(_ words: [String]) {
    switch (words.first, words.count) {
    case (nil, _):
      // How far from the clock it moves, in words.
      let minutes = Int((clock.offset / 60).rounded())
      let span = runner.text(minutes > 0 ? "ui.qa.clock.ahead" : "ui.qa.clock.behind", formats.duration(minutes: abs(minutes)))
      say("ui.qa.clock.now", minutes == 0 ? runner.text("ui.qa.clock.real") : span)
    case ("reset", 1):
      clock.reset()
      say("ui.qa.clock.reset")
    case ("next-dst", 1):
      // After the minute before the next change: a second `next-dst` goes on to the one after.
      guard let change = clock.timeZone.nextDaylightSavingTimeTransition(after: clock.now() + 60) else {
        return runner.console.emit(runner.text("ui.qa.clock.noChange", RFC3339.name(of: clock.timeZone)), .warning)
      }
      move(to: change - 60, word: "next-dst", key: "ui.qa.clock.beforeChange")
    case ("set", 2), ("set", 3):
      guard let instant = Self.instant(words[1]) else { return runner.messages.invalid(.error, "ui.qa.clock.badTime", words[1]) }
      let zone = words.count == 3 ? TimeZone(identifier: words[2]) : clock.timeZone
      guard let zone else { return runner.messages.invalid(.error, "ui.qa.clock.badZone", words[2]) }
      move(to: instant, zone: zone, word: words[1])
    case (let word?, 1) where word != "set":
      guard let seconds = Self.seconds(in: word) else {
        let hint = Suggestion.closest(to: word, in: ["set", "next-dst", "reset"]).map { runner.text("ui.error.didYouMean", $0) }
        return runner.messages.invalid(.error, "ui.qa.clock.badMove", word, hint ?? "")
      }
      move(to: clock.now() + seconds, word: word)
    default: runner.messages.invalid(.error, "ui.qa.usage", CommandTable.clockUsage)
    }
  }

  /// Moves the clock to `instant` (in `zone`) when its local date is within 0000-01-01 to
  /// 9999-12-31; else says so and moves nothing.
  func move(to instant: Date, zone: TimeZone? = nil, word: String, key: String = "ui.qa.clock.moved") {
    let local = instant.timeIntervalSince1970 + Double((zone ?? clock.timeZone).secondsFromGMT(for: instant))
    guard (-62_167_219_200...253_402_300_799).contains(local) else {
      return runner.messages.invalid(.error, "ui.qa.clock.beyond", word)
    }
    clock.move(to: instant, zone: zone)
    say(key)
  }

  /// `key` with the clock's time in words, its zone and its RFC 3339 form, then `more`.
  func say(_ key: String, _ more: String...) {
    let (now, zone) = (clock.now(), clock.timeZone)
    let exact = RFC3339.string(now, in: zone) ?? RFC3339.day(now, in: zone)
    let words = formats.dayAndTime(now, in: zone, year: true)
    runner.console.emit(runner.text(key, arguments: [words, RFC3339.name(of: zone), exact] + more), .success)
  }

  /// The seconds of a move: `+7d`, `-90m`, `+3h`; `nil` for anything else.
  nonisolated static func seconds(in word: String) -> TimeInterval? {
    guard let move = word.wholeMatch(of: /([+\-])([0-9]{1,9})([dhm])/), let count = Double(move.2) else { return nil }
    let units: [Substring: TimeInterval] = ["d": 86_400, "h": 3_600, "m": 60]
    return (move.1 == "-" ? -count : count) * units[move.3, default: 0]
  }

  /// An RFC 3339 time (`2027-03-28T00:59:00Z`, `2027-03-28T01:59:00+01:00`), read by Foundation,
  /// whose date must be one the calendar has (not `2027-02-30`, which Foundation reads as March 2).
  /// Foundation reads years before 1582 in the Julian calendar, RFC 3339 in the Gregorian: such a
  /// year is read whole 400-year cycles (146,097 days each) later, and moved back.
  static func instant(_ text: String) -> Date? {
    guard text.first?.isWholeNumber == true, let year = Int(text.prefix(4)) else { return nil }
    let cycles = year < 1600 ? (1999 - year) / 400 : 0
    let later = String(year + 400 * cycles) + text.dropFirst(4)
    let tail = later.suffix(6)
    let offset =
      later.hasSuffix("Z") ? 0 : Int(tail.dropFirst().prefix(2) + tail.suffix(2)).map { $0 / 100 * 3600 + $0 % 100 * 60 }
    guard let instant = try? Date.ISO8601FormatStyle().parse(later), let offset,
      RFC3339.day(instant, in: TimeZone(secondsFromGMT: tail.first == "-" ? -offset : offset) ?? .gmt) == later.prefix(10)
    else { return nil }
    return instant - Double(cycles) * 146_097 * 86_400
  }
}
