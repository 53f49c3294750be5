import Foundation
import TestSupport
import Testing

/// `Documentation/state.schema.json` describes every field `state` prints: `state` lines from
/// sessions in many situations pass it under Python's `jsonschema` (``SchemaValidator``), and
/// the schema itself describes every property and allows no other (`additionalProperties:
/// false`), so a field added to `state` without a line here fails.
@Suite("Documentation/state.schema.json describes state, checked by Python's jsonschema", .serialized)
struct StateSchemaTests {
  static let schemaPath = RepositoryPaths.root + "/Documentation/state.schema.json"

  /// A session: its arguments and script; every `state` line it prints is checked.
  static let sessions: [(name: String, arguments: [String], script: [String])] = [
    ("home", ["--upgrade-from", "2.14.0"], ["state"]),
    ("before boot (boot held)", ["--upgrade-from", "2.14.0", "--fault", "boot=hold"], ["state"]),
    ("onboarding", [], ["state"]),
    ("mid-tour", ["--upgrade-from", "2.11.0"], ["next", "state", "go settings", "state"]),
    (
      "after a failed write", ["--upgrade-from", "2.14.0", "--fault", "write:theme=fail"],
      ["go settings", "set theme dark", "state"]
    ),
    (
      "with held operations", ["--upgrade-from", "2.14.0"],
      ["go review", "qa hold write reviewWeekday", "qa hold schedule", "set reviewWeekday friday", "state"]
    ),
    ("the reminder scheduled", ["--upgrade-from", "2.14.0"], ["go review", "set reviewWeekday friday", "state"]),
    ("a guidance tour open", ["--upgrade-from", "2.14.0"], ["tour first_run", "state", "next", "state"]),
    (
      "a recap with an undo, and a change made since", ["--upgrade-from", "2.11.0"],
      [
        "choose workoutView inline", "next", "choose workoutAutonomy manual", "skip", "undo 1", "state", "go workouts",
        "set workoutAutonomy suggest", "state",
      ]
    ),
    (
      "news and a preview", ["--upgrade-from", "2.14.0"],
      ["news", "news 2.14.0", "state", "close", "debug preview 2.13.1", "state"]
    ),
  ]

  @Test("state from every kind of session passes the schema")
  func sessionsPass() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-state-schema")
    var files: [String] = []
    var objects: [[String: Any]] = []
    for (index, session) in Self.sessions.enumerated() {
      let result = try runWhatsNew(
        ["--db", directory.path("\(index).sqlite")] + session.arguments, input: session.script.joined(separator: "\n") + "\n")
      let lines = result.output.split(separator: "\n").filter { $0.hasPrefix("{") }
      #expect(lines.count == session.script.filter { $0 == "state" }.count, "\(session.name): \(result.output)")
      for (number, line) in lines.enumerated() {
        let file = directory.path("\(index)-\(number).json")
        try Data(line.utf8).write(to: URL(fileURLWithPath: file))
        files.append(file)
        objects.append(try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]))
      }
    }
    let result = try SchemaValidator.validate(schema: Self.schemaPath, instances: files)
    #expect(result.status == 0, "\(result.output)")

    // The sessions reach every branch of the schema: each optional object shows up filled in.
    func some(_ key: String) -> Bool { objects.contains { !($0[key] is NSNull) && $0[key] != nil } }
    #expect(objects.contains { $0["booted"] as? Bool == false })
    for key in [
      "overlay", "seenThrough", "whatsNew", "settings", "recap", "notification", "guidance", "guidanceSeen", "decision",
    ] {
      #expect(some(key), "no session shows \(key)")
    }
    let entries = objects.compactMap { ($0["recap"] as? [String: Any])?["entries"] as? [[String: Any]] }.flatMap { $0 }
    for status in ["changed", "undone", "changedSince"] {
      #expect(entries.contains { $0["status"] as? String == status }, "no recap entry is \(status)")
    }
    #expect(objects.contains { ($0["pending"] as? [Any])?.isEmpty == false }, "no session has an operation pending")
    #expect(objects.contains { ($0["faults"] as? [Any])?.isEmpty == false }, "no session has a fault")
    let controls = objects.compactMap { $0["choices"] as? [String: [String: Any]] }.flatMap(\.values)
    #expect(controls.contains { $0["error"] is String }, "no control shows an error")
    #expect(controls.contains { $0["pending"] as? Bool == true }, "no control is pending")
  }

  @Test(
    "at the edges of the calendar the next reminder is null, never a date the schema rejects, and every screen says why",
    // Two minutes before the edge: a start slowed by load must not cross midnight into year 10000.
    arguments: [("9999-12-31 23:58:00", "Europe/Amsterdam"), ("0000-01-01 00:00:00", "Europe/Brussels")])
  func nextReminderAtTheCalendarsEdges(clock: String, zone: String) throws {
    let faketime = try #require(
      NotificationTimeZoneTests.faketimeCommand,
      "the faketime command is not installed (no /usr/bin/faketime): run `make deps`, or `apt-get install faketime`")
    let directory = try TemporaryDirectory(prefix: "whatsnew-state-schema")
    let database = directory.path("x.sqlite")
    var environment = ProcessInfo.processInfo.environment
    for name in ["NO_COLOR", "WHATSNEW_DB", "WHATSNEW_FAULTS", "LC_ALL", "FAKETIME_SHARED", "FAKETIME_FMT"] {
      environment[name] = nil
    }
    environment["LANG"] = "C.UTF-8"
    environment["TZ"] = zone
    environment["TZDIR"] = NotificationTimeZoneTests.zoneDirectory
    environment["XDG_STATE_HOME"] = directory.path("state")
    environment["XDG_CACHE_HOME"] = TemporaryDirectory.binaryCacheHome.path
    // The clock as `faketime` reads it, in the zone of TZ (see the notes on libfaketime).
    let child = try PipedProcess(
      faketime, [clock, RepositoryPaths.executable, "--db", database, "--upgrade-from", "2.14.0"],
      environment: environment, currentDirectory: RepositoryPaths.root)
    try? child.input.write(contentsOf: Data("go review\nset reviewWeekday sunday\nstate\ncheck\nnotifications\nquit\n".utf8))
    try? child.input.close()
    let output = String(decoding: child.output.readDataToEndOfFile(), as: UTF8.self)
    let error = String(decoding: child.error.readDataToEndOfFile(), as: UTF8.self)
    child.process.waitUntilExit()
    // `check` does not call a reminder with no next date consistent: a script's check fails (1).
    #expect(child.process.terminationStatus == 1, "\(error)")
    #expect(FileManager.default.fileExists(atPath: database), "the app lost its arguments under faketime")
    let line = try #require(output.split(separator: "\n").first { $0.hasPrefix("{") }, "\(output)\n\(error)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let notification = try #require(object["notification"] as? [String: Any], "\(line)")
    #expect(notification["weekday"] as? String == "sunday", "\(line)")
    #expect(notification["next"] is NSNull, "outside the years 0001-9999 RFC 3339 has no way to write it: \(line)")
    let file = directory.path("state.json")
    try Data(line.utf8).write(to: URL(fileURLWithPath: file))
    let checked = try SchemaValidator.validate(schema: Self.schemaPath, instances: [file])
    #expect(checked.status == 0, "\(checked.output)")
    // The screens and check agree with the null, and say why: the clock's date, the years.
    let day = String(clock.prefix(10))
    let reason = "none: the clock reads \(day), and the next one would fall outside the years 0001 to 9999."
    // Words as read, whatever the wrapping and the guide's frame.
    let words = output.split { $0.isWhitespace || $0 == "│" }.joined(separator: " ")
    #expect(words.contains("Next reminder: " + reason), "\(output)")
    #expect(words.contains("Weekly review reminder: " + reason), "\(output)")
    #expect(words.contains("reviewWeekday: the reminder for sunday has no next date: the clock reads \(day)"), "\(output)")
    #expect(!output.contains("Consistent"), "\(output)")
  }

  @Test("why tour --json is an explanation as the schema's $defs describe it, with what the start decided")
  func whyPasses() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-why-schema")
    // The explanation, with `atStart` (an explanation or null) beside its members.
    let state = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.schemaPath))) as? [String: Any])
    let definitions = try #require(state["$defs"] as? [String: Any])
    var why = try #require(definitions["explanation"] as? [String: Any])
    var properties = try #require(why["properties"] as? [String: Any])
    properties["atStart"] = ["anyOf": [["type": "null"], ["$ref": "#/$defs/explanation"]], "description": "At start."]
    why["properties"] = properties
    why["required"] = (why["required"] as? [String] ?? []) + ["atStart"]
    why["$defs"] = definitions
    let schema = directory.path("why.schema.json")
    try JSONSerialization.data(withJSONObject: why).write(to: URL(fileURLWithPath: schema))
    var files: [String] = []
    let sessions: [[String]] = [
      ["--upgrade-from", "2.14.0"], ["--upgrade-from", "2.11.0"], ["--upgrade-from", "2.11.0", "--launch-source", "widget:x"],
      [],
    ]
    for (index, arguments) in sessions.enumerated() {
      let result = try runWhatsNew(
        ["--db", directory.path("\(index).sqlite")] + arguments,
        input: "why tour --json\nskip\nwhy tour --json\nwhy reminder --json\n")
      for (number, line) in result.output.split(separator: "\n").filter({ $0.hasPrefix("{") }).enumerated() {
        let file = directory.path("\(index)-\(number).json")
        try Data(line.utf8).write(to: URL(fileURLWithPath: file))
        files.append(file)
      }
    }
    #expect(files.count == 12)
    let checked = try SchemaValidator.validate(schema: schema, instances: files)
    #expect(checked.status == 0, "\(checked.output)")
  }

  @Test("a field the schema does not describe fails it")
  func undescribedFieldFails() throws {
    let directory = try TemporaryDirectory(prefix: "whatsnew-state-schema")
    let result = try runWhatsNew(["--db", directory.path("x.sqlite"), "--upgrade-from", "2.14.0"], input: "state\n")
    let line = try #require(result.output.split(separator: "\n").first { $0.hasPrefix("{") })
    let file = directory.path("extra.json")
    try Data((line.dropLast() + #","surprise":1}"#).utf8).write(to: URL(fileURLWithPath: file))
    let checked = try SchemaValidator.validate(schema: Self.schemaPath, instances: [file])
    #expect(checked.status == 1 && checked.output.contains("surprise"), "\(checked.output)")
  }

  @Test("every property of the schema has a description, and every object allows nothing else")
  func everythingDescribed() throws {
    let data = try #require(FileManager.default.contents(atPath: Self.schemaPath))
    let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var problems: [String] = []
    func walk(_ node: Any, _ path: String) {
      if let list = node as? [Any] {
        for (index, element) in list.enumerated() { walk(element, "\(path)[\(index)]") }
        return
      }
      guard let object = node as? [String: Any] else { return }
      if let properties = object["properties"] as? [String: Any] {
        if object["additionalProperties"] as? Bool != false { problems.append("\(path): additionalProperties is not false") }
        for (name, property) in properties {
          if (property as? [String: Any])?["description"] == nil { problems.append("\(path).\(name): no description") }
        }
      } else if (object["type"] as? String) == "object" && object["additionalProperties"] as? Bool != false {
        problems.append("\(path): an object with no properties listed")
      }
      for (key, value) in object { walk(value, "\(path)/\(key)") }
    }
    walk(schema, "$")
    #expect(problems.isEmpty, "\(problems.sorted())")
  }
}
