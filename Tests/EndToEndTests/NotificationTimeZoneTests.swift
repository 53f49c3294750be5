import Foundation
import TestSupport
import Testing

/// One moment in one zone, for the end-to-end time zone tests: the zone (`TZ`), the instant
/// written as the zone's own wall clock shows it (RFC 3339 with the zone's offset then; the
/// test checks the offset against `zoneinfo`), and why the moment is interesting.
struct ZoneMoment: Sendable, CustomTestStringConvertible {
  let zone: String
  let local: String
  let note: String

  init(_ zone: String, _ local: String, _ note: String) {
    self.zone = zone
    self.local = local
    self.note = note
  }

  /// Seconds since 1970 of `local`.
  var epochSeconds: Int {
    get throws {
      let formatter = ISO8601DateFormatter()
      formatter.formatOptions = [.withInternetDateTime]
      guard let date = formatter.date(from: local) else {
        throw ZoneMomentError(message: "the table's instant '\(local)' is not RFC 3339")
      }
      return Int(date.timeIntervalSince1970)
    }
  }

  var testDescription: String { "\(zone) at \(local): \(note)" }
}

struct ZoneMomentError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}

/// The built `whatsnew`, run as a script under `TZ=<zone>` with its clock moved by libfaketime
/// (through the `faketime` command: see ``faketimeCommand``) to moments around real daylight-saving changes of 2026 and 2027, sets `reviewWeekday` to
/// each weekday in turn and prints `state`; every `notification.next` must be what Python's
/// `zoneinfo` computes from the same tz database: the first `<weekday>` 18:00 local after that
/// moment, RFC 3339 with the local offset, `Z` for a zero offset (the app's format).
///
/// Needs libfaketime (Debian's `faketime`, which `make deps` installs) and `python3` (3.9 or
/// later, for `zoneinfo`); without either, every case fails saying so.
@Suite("The weekly review's next date around daylight-saving changes, end to end")
struct NotificationTimeZoneTests {
  /// The transitions these moments surround (UTC), found with `zoneinfo` over 2026–2027:
  /// Amsterdam 2027-03-28 01:00 (+01 → +02) and 2027-10-31 01:00 (+02 → +01);
  /// New York 2027-03-14 07:00 (−05 → −04) and 2026-11-01 06:00 (−04 → −05);
  /// Lord Howe 2027-04-03 15:00 (+11 → +10:30) and 2026-10-03 15:30 (+10:30 → +11);
  /// Santiago 2027-04-04 03:00 (−03 → −04, at local midnight) and 2026-09-06 04:00 (−04 → −03);
  /// Casablanca 2026-02-15 02:00 (+01 → +00 for Ramadan), 2026-03-22 02:00 (+00 → +01),
  /// 2027-02-07 02:00 (+01 → +00) and 2027-03-14 02:00 (+00 → +01).
  /// Every moment stays at least a minute away from 18:00 local, since libfaketime's clock runs on.
  static let moments: [ZoneMoment] = [
    ZoneMoment("Europe/Amsterdam", "2027-03-26T12:00:00+01:00", "the Friday before the clocks go forward"),
    ZoneMoment("Europe/Amsterdam", "2027-03-28T01:30:00+01:00", "half an hour before they go forward"),
    ZoneMoment("Europe/Amsterdam", "2027-03-28T03:30:00+02:00", "half an hour after they went forward"),
    ZoneMoment("Europe/Amsterdam", "2027-10-30T20:00:00+02:00", "the Saturday evening before the clocks go back"),
    ZoneMoment("Europe/Amsterdam", "2027-10-31T02:30:00+02:00", "the first 02:30 of the night they go back"),
    ZoneMoment("Europe/Amsterdam", "2027-10-31T02:30:00+01:00", "the repeated 02:30"),
    ZoneMoment("America/New_York", "2027-03-12T09:00:00-05:00", "the Friday before the clocks go forward"),
    ZoneMoment("America/New_York", "2027-03-14T01:59:00-05:00", "a minute before they go forward"),
    ZoneMoment("America/New_York", "2027-03-14T18:01:00-04:00", "just after the first 18:00 in daylight time"),
    ZoneMoment("America/New_York", "2026-10-31T17:00:00-04:00", "the Saturday before the clocks go back"),
    ZoneMoment("America/New_York", "2026-11-01T01:30:00-04:00", "the first 01:30 of the night they go back"),
    ZoneMoment("America/New_York", "2026-11-01T01:30:00-05:00", "the repeated 01:30"),
    ZoneMoment("Australia/Lord_Howe", "2027-04-02T10:00:00+11:00", "the Friday before the half-hour step back"),
    ZoneMoment("Australia/Lord_Howe", "2027-04-04T01:45:00+11:00", "the first 01:45 of the night it steps back"),
    ZoneMoment("Australia/Lord_Howe", "2027-04-04T01:45:00+10:30", "the repeated 01:45"),
    ZoneMoment("Australia/Lord_Howe", "2026-10-02T12:00:00+10:30", "the Friday before the half-hour step forward"),
    ZoneMoment("Australia/Lord_Howe", "2026-10-04T01:55:00+10:30", "five minutes before the step forward"),
    ZoneMoment("America/Santiago", "2027-04-03T17:00:00-03:00", "the Saturday afternoon before midnight becomes 23:00"),
    ZoneMoment("America/Santiago", "2027-04-03T23:30:00-03:00", "the first 23:30 of that Saturday"),
    ZoneMoment("America/Santiago", "2027-04-03T23:30:00-04:00", "the repeated 23:30"),
    ZoneMoment("America/Santiago", "2026-09-05T12:00:00-04:00", "the Saturday before midnight is skipped"),
    ZoneMoment("America/Santiago", "2026-09-06T01:05:00-03:00", "just after the skipped hour"),
    ZoneMoment("Africa/Casablanca", "2026-02-13T12:00:00+01:00", "the Friday before the Ramadan step back to +00"),
    ZoneMoment("Africa/Casablanca", "2026-02-15T02:30:00+01:00", "the first 02:30 of the night it steps back"),
    ZoneMoment("Africa/Casablanca", "2026-02-15T02:30:00Z", "the repeated 02:30, now at +00"),
    ZoneMoment("Africa/Casablanca", "2026-03-20T12:00:00Z", "the Friday before the return to +01 after Ramadan"),
    ZoneMoment("Africa/Casablanca", "2027-02-05T12:00:00+01:00", "the Friday before the 2027 Ramadan step back"),
    ZoneMoment("Africa/Casablanca", "2027-03-14T01:30:00Z", "half an hour before the 2027 return to +01"),
  ]

  static let weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]

  /// libfaketime's preload library, where Debian's `libfaketime` puts it
  /// (`/usr/lib/<multiarch>/faketime/libfaketime.so.1`), or `nil`.
  static let libfaketime: String? = {
    let fileManager = FileManager.default
    var candidates = ["/usr/lib/faketime/libfaketime.so.1", "/usr/local/lib/faketime/libfaketime.so.1"]
    for entry in (try? fileManager.contentsOfDirectory(atPath: "/usr/lib")) ?? [] {
      candidates.append("/usr/lib/\(entry)/faketime/libfaketime.so.1")
    }
    return candidates.first { fileManager.fileExists(atPath: $0) }
  }()

  /// The `faketime` command (Debian's `faketime`), or `nil`.
  ///
  /// The app is started through it rather than with `LD_PRELOAD` alone: libfaketime's
  /// constructor, when no `FAKETIME_SHARED` is inherited, creates its shared memory and calls
  /// `setenv("FAKETIME_SHARED", ...)`, which moves `environ` off the initial stack; Swift's
  /// runtime on Linux finds `argv` by walking back from `environ`, so `CommandLine.arguments`
  /// comes out empty and the app would run without `--db` (on the user's store). The
  /// command creates the shared memory itself and hands `FAKETIME_SHARED` to the app in its
  /// initial environment, with `LD_PRELOAD` set to the same library.
  static let faketimeCommand: String? = ["/usr/bin/faketime", "/usr/local/bin/faketime"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The tz database both the app (`TZDIR`) and `zoneinfo` (`PYTHONTZPATH`) read, so the
  /// test compares the two computations on the same data.
  static let zoneDirectory = "/usr/share/zoneinfo"

  /// The `zoneinfo` computation. Arguments: zone, epoch seconds, weekday names. Prints the
  /// moment's own local reading, then for each weekday the first such day's 18:00 local
  /// strictly after the moment (a repeated 18:00 counts at its first showing), RFC 3339
  /// with `Z` for a zero offset, or `none`.
  static let python = #"""
    import sys
    from datetime import datetime, timedelta
    from zoneinfo import ZoneInfo
    zone, now = ZoneInfo(sys.argv[1]), int(sys.argv[2])
    names = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    def rfc3339(moment):
        text = moment.isoformat()
        return text[:-6] + "Z" if text.endswith("+00:00") else text
    start = datetime.fromtimestamp(now, zone)
    print(rfc3339(start))
    for name in sys.argv[3:]:
        found = None
        for days in range(-1, 15):
            day = start.date() + timedelta(days=days)
            if day.weekday() != names.index(name):
                continue
            for fold in (0, 1):
                wall = datetime(day.year, day.month, day.day, 18, 0, fold=fold, tzinfo=zone)
                shown = datetime.fromtimestamp(int(wall.timestamp()), zone)
                if shown.replace(tzinfo=None) == wall.replace(tzinfo=None) and shown.timestamp() > now:
                    found = shown
                    break
            if found:
                break
        print(rfc3339(found) if found else "none")
    """#

  /// What `zoneinfo` says: the moment's local reading and one answer per weekday.
  func zoneinfoAnswers(zone: String, epochSeconds: Int) throws -> (local: String, next: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", Self.python, zone, String(epochSeconds)] + Self.weekdays
    var environment = ProcessInfo.processInfo.environment
    environment["PYTHONTZPATH"] = Self.zoneDirectory
    environment["TZ"] = "UTC"
    process.environment = environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let errorText = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw ZoneMomentError(
        message: "python3 (3.9 or later, for zoneinfo) did not compute the answers (exit \(process.terminationStatus)): "
          + errorText)
    }
    let lines = text.split(separator: "\n").map(String.init)
    guard lines.count == Self.weekdays.count + 1 else {
      throw ZoneMomentError(message: "python3 printed \(lines.count) lines, not \(Self.weekdays.count + 1): \(text)")
    }
    return (lines[0], Array(lines.dropFirst()))
  }

  /// What the app says: `notification.next` from `state` after `set reviewWeekday <day>`, for
  /// each weekday, in one scripted run under `TZ=zone` with the clock started at `epochSeconds`.
  func appAnswers(zone: String, epochSeconds: Int, faketime: String) throws -> [String] {
    let directory = try TemporaryDirectory()
    let database = directory.path("x.sqlite")
    var environment = ProcessInfo.processInfo.environment
    for name in ["NO_COLOR", "WHATSNEW_DB", "WHATSNEW_FAULTS", "LC_ALL", "FAKETIME_SHARED"] {
      environment[name] = nil
    }
    environment["LANG"] = "C.UTF-8"
    environment["TZ"] = zone
    environment["TZDIR"] = Self.zoneDirectory
    environment["FAKETIME_FMT"] = "%s"
    environment["HOME"] = directory.path
    environment["XDG_STATE_HOME"] = directory.path("state")
    environment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
    let child = try PipedProcess(
      faketime, ["-f", "@\(epochSeconds)", RepositoryPaths.executable, "--db", database, "--upgrade-from", "2.14.0"],
      environment: environment, currentDirectory: RepositoryPaths.root)
    let script = Self.weekdays.map { "set reviewWeekday \($0)\nstate\n" }.joined() + "quit\n"
    try? child.input.write(contentsOf: Data(script.utf8))
    try? child.input.close()
    let text = String(decoding: child.output.readDataToEndOfFile(), as: UTF8.self)
    let errorText = String(decoding: child.error.readDataToEndOfFile(), as: UTF8.self)
    child.process.waitUntilExit()
    guard child.process.terminationStatus == 0 else {
      throw ZoneMomentError(
        message: "whatsnew under faketime exited \(child.process.terminationStatus): \(errorText)\n\(text)")
    }
    guard FileManager.default.fileExists(atPath: database) else {
      throw ZoneMomentError(message: "whatsnew under faketime did not create its --db store \(database): it lost its arguments")
    }
    return try text.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
      let notification = object?["notification"] as? [String: Any]
      return notification?["next"] as? String ?? "(no notification.next in \(line))"
    }
  }

  @Test(
    "after set reviewWeekday <day>, state's notification.next is the day's next 18:00 local, as zoneinfo computes it",
    arguments: moments)
  func nextFireMatchesZoneinfo(moment: ZoneMoment) throws {
    let library = try #require(
      Self.libfaketime,
      "libfaketime is not installed (no /usr/lib/<multiarch>/faketime/libfaketime.so.1): run `make deps` or `apt-get install faketime`"
    )
    let faketime = try #require(
      Self.faketimeCommand,
      "the faketime command is not installed (no /usr/bin/faketime): run `make deps`, or `apt-get install faketime`")
    let epochSeconds = try moment.epochSeconds
    let expected = try zoneinfoAnswers(zone: moment.zone, epochSeconds: epochSeconds)
    #expect(
      expected.local == moment.local,
      "the table writes this instant with the wrong offset: zoneinfo reads \(epochSeconds) in \(moment.zone) as \(expected.local)"
    )
    let answers = try appAnswers(zone: moment.zone, epochSeconds: epochSeconds, faketime: faketime)
    try #require(
      answers.count == Self.weekdays.count, "one state line per weekday, got \(answers.count): \(answers)")
    // A clock libfaketime did not move would put every answer in the week after the real today.
    let formatter = ISO8601DateFormatter()
    let first = answers.compactMap { formatter.date(from: $0) }.map(\.timeIntervalSince1970).min() ?? 0
    #expect(
      first > Double(epochSeconds) && first <= Double(epochSeconds + 7 * 86_400),
      "the app's answers \(answers) are not in the week after \(moment.local): did libfaketime (\(library)) move its clock?")
    for (index, weekday) in Self.weekdays.enumerated() {
      #expect(
        answers[index] == expected.next[index],
        "\(moment.zone), now \(moment.local) (\(epochSeconds)), reviewWeekday \(weekday): the app says \(answers[index]), zoneinfo says \(expected.next[index])"
      )
    }
  }
}
