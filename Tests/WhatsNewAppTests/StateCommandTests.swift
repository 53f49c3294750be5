import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

@MainActor
@Suite("state: the whole session, indented, or one field")
struct StateCommandTests {
  func harness() async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    await harness.boot()
    await harness.send("close")
    await harness.settle()
    await harness.send("set theme dark")
    await harness.settle()
    _ = harness.takeOutput()
    return harness
  }

  @Test(
    "state <path> prints one field as JSON: a string quoted, an object as an object",
    arguments: [
      ("state settings.theme", "\"dark\"\n"), ("state screen", "\"home\"\n"), ("state booted", "true\n"),
      ("state notification.time", "\"18:00\"\n"), ("state faults", "[]\n"),
      ("state notification", #"{"weekday":"sunday","time":"18:00","next":"2026-12-06T18:00:00Z"}"# + "\n"),
    ])
  func field(line: String, expected: String) async throws {
    let harness = try await harness()
    #expect(await harness.output(of: line) == expected)
  }

  @Test("state --pretty is the one-line report indented, key for key, and combines with a path in either order")
  func pretty() async throws {
    let harness = try await harness()
    let line = await harness.output(of: "state")
    let pretty = await harness.output(of: "state --pretty")
    let value = try JSONReader.parse(Array(line.utf8))
    #expect(pretty == value.prettyPrinted() + "\n")
    #expect(pretty.split(separator: "\n").count > 20)
    #expect(pretty.hasPrefix("{\n  \"screen\": \"home\",\n"))
    let notification = await harness.output(of: "state --pretty notification")
    #expect(notification == value.value(atPath: "notification")!.prettyPrinted() + "\n")
    #expect(await harness.output(of: "state notification --pretty") == notification)
  }

  @Test(
    "an unknown path names itself, the nearest field and how to list them",
    arguments: [
      (
        "state setings.theme",
        "state has no field 'setings.theme'; the nearest is 'settings.theme'. Type state --pretty to see every field.\n"
      ),
      (
        "state notification.nxt",
        "state has no field 'notification.nxt'; the nearest is 'notification.next'. Type state --pretty to see every field.\n"
      ),
      ("state banana", "state has no field 'banana'. Type state --pretty to see every field.\n"),
    ])
  func unknown(line: String, expected: String) async throws {
    let harness = try await harness()
    #expect(await harness.output(of: line).split(separator: "\n").joined(separator: " ") + "\n" == expected)
  }

  @Test("a path from the terminal is sanitized before it is printed")
  func sanitized() async throws {
    let harness = try await harness()
    let output = await harness.output(of: "state \u{1B}[31mred")
    #expect(!output.contains("\u{1B}"))
    #expect(output.contains("state has no field"))
  }

  @Test("two paths or another flag is a usage error", arguments: ["state screen language", "state --json", "state -p screen"])
  func usage(line: String) async throws {
    let harness = try await harness()
    #expect(await harness.output(of: line) == "Usage: state [--pretty] [<path>]\n")
  }

  @Test("a field under a null one says the parent is null now (notification.next while nothing is scheduled)")
  func nullParent() async throws {
    let harness = try await harness()
    #expect(await harness.output(of: "state whatsNew.page") == "state's 'whatsNew' is null now, so it has no 'page'.\n")
    let found = try #require(StateCommand.nullParent(of: "notification.next.x", in: .object([("notification", .null)])))
    #expect(found.0 == "notification" && found.1 == "next.x")
    #expect(StateCommand.nullParent(of: "notification", in: .object([("notification", .null)])) == nil)
  }

  @Test("Tab after state offers --pretty and the report's fields, each of which the report has")
  func completion() async throws {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.13.1"])
    await harness.boot()
    await harness.settle()
    let report = await StateCommand(runner: harness.session.runner).report().json()
    #expect(harness.session.state.tour != nil, "a tour is open, so whatsNew has its members")
    for path in StateCommand.completionPaths { #expect(report.value(atPath: path) != nil, "\(path)") }
    guard case .object(let members) = report else { return #expect(Bool(false)) }
    #expect(Set(members.map(\.key)).isSubset(of: StateCommand.completionPaths), "every top-level field is offered")
    let vocabulary = CompletionVocabulary()
    #expect(vocabulary.candidates(forLine: "state ").first == "--pretty")
    #expect(vocabulary.candidates(forLine: "state --pretty ").first == "screen")
    #expect(vocabulary.candidates(forLine: "state settings.th").contains("settings.theme"))
    #expect(vocabulary.candidates(forLine: "state screen ") == [], "one path only")
  }
}
