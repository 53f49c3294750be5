import Foundation
import TestSupport
import Testing
import WhatsNewCore

@testable import WhatsNewApp

/// `news` with no version (issue 23's "a history that loses nothing"): every release since the
/// person's first version, newest first, with its day and what became of it, read from what
/// the tours recorded; then the way to open one that holds in the state the person is in.
@Suite("news: the list of releases")
@MainActor
struct NewsListTests {
  /// An upgrader from 2.11.0 on 2.14.0: a six-page tour (2.13.1's four pages, 2.14.0's two)
  /// with 2.12.0's two pages left out by the cap.
  func upgrader(rows: Int? = nil) async throws -> SessionHarness {
    let harness = try await SessionHarness(arguments: ["--upgrade-from", "2.11.0"], rows: rows)
    await harness.boot()
    _ = harness.takeOutput()
    return harness
  }

  /// The list's row for `version`, as printed, its continuation rows joined.
  func row(_ version: String, in output: String) -> String? {
    let rows = output.components(separatedBy: "\n")
    guard let start = rows.firstIndex(where: { $0.hasPrefix("  \(version)  ") }) else { return nil }
    let continuation = rows[(start + 1)...].prefix { $0.hasPrefix("          ") }
    return ([rows[start]] + continuation.map { $0.trimmingCharacters(in: .whitespaces) }).joined(separator: " ")
  }

  /// The output as one line of words: a wrapped sentence reads as it would whole.
  func flat(_ output: String) -> String {
    output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  @Test("after skip on page 3: reached, partly reached, not reached, left out and the first version")
  func afterSkip() async throws {
    let harness = try await upgrader()
    for line in ["next", "next", "skip"] { _ = await harness.output(of: line) }
    let output = await harness.output(of: "news")
    #expect(output.contains("Releases, newest first:"), "\(output)")
    #expect(row("2.14.0", in: output) == "  2.14.0  November 3, 2026: in a tour that ended before its pages")
    #expect(row("2.13.1", in: output) == "  2.13.1  September 8, 2026: 3 of 4 pages shown; the tour ended before the rest")
    #expect(row("2.12.0", in: output) == "  2.12.0  July 14, 2026: left out of the tour by the page cap")
    #expect(row("2.11.0", in: output) == "  2.11.0  June 2, 2026: the version your history here starts from")
    // Newest first, and nothing after the app's version (2.15.0 is not out yet).
    let order = ["2.14.0", "2.13.1", "2.12.0", "2.11.0"].compactMap { output.range(of: "  \($0)  ")?.lowerBound }
    #expect(order.count == 4 && order == order.sorted())
    #expect(row("2.15.0", in: output) == nil)
    // The example is the newest release with pages the person has not seen.
    #expect(flat(output).contains("Type news 2.14.0 to see a release's pages"))
  }

  @Test("after done: both releases of the tour shown; the example is the release the cap left out")
  func afterDone() async throws {
    let harness = try await upgrader()
    for _ in 0..<5 { _ = await harness.output(of: "next") }
    _ = await harness.output(of: "done")
    let output = await harness.output(of: "news")
    #expect(row("2.14.0", in: output) == "  2.14.0  November 3, 2026: shown")
    #expect(row("2.13.1", in: output) == "  2.13.1  September 8, 2026: shown")
    #expect(flat(output).contains("Type news 2.12.0 to see a release's pages"), "\(output)")
    // The list reads; it writes nothing (not the seen record, not a setting).
    #expect(harness.faults.attempts(of: .write) == 0)
  }

  @Test("with the tour open, the list says its releases are in it, and its way to open one is the refusal's own")
  func overTheTour() async throws {
    let harness = try await upgrader()
    let output = await harness.output(of: "news")
    #expect(row("2.13.1", in: output)?.hasSuffix("in the tour open now") == true, "\(output)")
    let ways = "skip, close, or home."
    #expect(
      flat(output).contains("To see a release's pages, first leave the what's-new tour, page 1 of 6: type \(ways)"), "\(output)")
    let refusal = flat(await harness.output(of: "news 2.12.0"))
    #expect(refusal.contains("Type \(ways)"), "\(refusal)")
    #expect(harness.session.state.tour?.mode == .automatic)
  }

  @Test("in a short window the newest that fit are listed, with how many older ones news all lists")
  func shortWindow() async throws {
    let harness = try await upgrader(rows: 7)
    _ = await harness.output(of: "skip")
    let output = await harness.output(of: "news")
    let printed = output.components(separatedBy: "\n").filter { !$0.isEmpty }
    #expect(printed.count <= Viewport(terminalRows: 7).budget, "\(output)")
    #expect(row("2.14.0", in: output) != nil)
    #expect(row("2.11.0", in: output) == nil)
    #expect(flat(output).contains("Type news all to list every one."), "\(output)")
    let all = await harness.output(of: "news all")
    #expect(row("2.11.0", in: all) != nil, "\(all)")
  }

  @Test(
    "in every language at 40 and 80 columns the list fits a 12-row window and names the older releases it leaves out",
    arguments: Language.allCases, [40, 80])
  func fitsInEveryLanguage(language: Language, width: Int) async throws {
    let harness = try await SessionHarness(
      arguments: ["--upgrade-from", "2.11.0", "--locale", language.rawValue], width: width, rows: 12)
    await harness.boot()
    _ = await harness.output(of: "skip")
    _ = harness.takeOutput()
    let output = await harness.output(of: "news")
    let printed = output.components(separatedBy: "\n").filter { !$0.isEmpty }
    #expect(printed.count <= Viewport(terminalRows: 12).budget, "\(output)")
    #expect(printed.allSatisfy { DisplayWidth.of($0) <= width }, "\(output)")
    // Either every release is there, or the line naming the rest is (it names the oldest).
    #expect(row("2.11.0", in: output) != nil || output.contains("2.11.0"), "\(output)")
  }

  @Test("a new user still in onboarding sees only the version they start on")
  func newUser() async throws {
    let harness = try await SessionHarness()
    await harness.boot()
    _ = harness.takeOutput()
    let output = await harness.output(of: "news")
    #expect(row("2.14.0", in: output) == "  2.14.0  November 3, 2026: the version your history here starts from", "\(output)")
    #expect(row("2.13.1", in: output) == nil)
  }

  @Test("when the store cannot be read, the list says so and how to try again, and nothing changes")
  func readFails() async throws {
    let harness = try await upgrader()
    _ = await harness.output(of: "skip")
    _ = await harness.output(of: "qa fail read all")
    let output = await harness.output(of: "news")
    #expect(flat(output).contains("Could not read what the tours showed:"), "\(output)")
    #expect(flat(output).contains("Type news to try again."))
    _ = await harness.output(of: "qa clear")
    #expect(row("2.12.0", in: await harness.output(of: "news")) != nil)
  }

  @Test("news takes one word at most")
  func usage() async throws {
    let harness = try await upgrader()
    let output = await harness.output(of: "news 2.12.0 2.13.1")
    #expect(output.contains("news [all | <version>]"), "\(output)")
    #expect(harness.lastOutcome.wasInvalid)
  }
}
