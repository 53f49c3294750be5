package import WhatsNewCore

/// `whatsnew flow`: what a user who has seen through a version would be shown.
package enum FlowReport {
  /// Text for people, wrapped to `width` columns (continuation rows indented), or
  /// `{"pages":[{"release":…,"page":…,"blocks":[…]},…],"newerReleases":[…],"leftOut":[…]}`
  /// with `json` (never wrapped); `leftOut` holds each release the cap left out, with its
  /// page count and the command a person uses to see it (`news 2.12.0`). Releases newer than `current` are named with the `--app-version` that
  /// includes them. `diagnostics`, when given (`--dev`), are the validator's: those of the
  /// releases the user's window takes in, and the manifest's, are listed too (`"diagnostics"`).
  package static func render(
    releases: [Release], seen: Version?, current: Version, json: Bool, decided: Set<Setting> = [], width: Int = .max,
    diagnostics: [ReleaseDiagnostic]? = nil
  ) -> String {
    // What the check would open, and the pages the cap left out, so authors see who gets
    // squeezed and the command that shows them.
    let selection = TourSelection(window: releases, seenThrough: seen, current: current, decided: decided)
    let pages = selection.pages
    // Loaded releases newer than `current`, oldest first: no user on `current` sees them.
    let newer = releases.map(\.version).filter { $0 > current }.sorted()
    let relevant = diagnostics.map { relevantDiagnostics($0, seen: seen, current: current) }
    if json {
      var members: [(key: String, value: JSONValue)] = [
        (
          "pages",
          .array(
            pages.map { page in
              // A choice whose new default the person gets unless they choose: its block id and that default.
              let newDefaults = page.page.blocks.compactMap { block in
                block.choice?.newDefault.map { (block.id, JSONValue.string($0)) }
              }
              return .object(
                [
                  ("release", .string(page.release.description)),
                  ("page", .string(page.page.id)),
                  ("blocks", .array(page.page.blocks.map { .string($0.id) })),
                ] + (newDefaults.isEmpty ? [] : [("newDefaults", .object(newDefaults))]))
            })
        ),
        ("newerReleases", .array(newer.map { .string($0.description) })),
        (
          "leftOut",
          .array(
            selection.capped.map { capped in
              .object([
                ("release", .string(capped.release.description)), ("pages", .number(Double(capped.pages))),
                ("command", .string("news \(capped.release)")),
              ])
            })
        ),
      ]
      if let relevant {
        members.append(("diagnostics", .array(relevant.map { .string(TextSanitizer.clean($0.description)) })))
      }
      return JSONValue.object(members).serialized() + "\n"
    }
    let seenText = seen?.description ?? "none"
    let shown = pages.isEmpty ? "nothing." : "\(pages.count) page\(pages.count == 1 ? "" : "s") (cap \(TourSelection.pageCap)):"
    var lines = [Line("A user on \(current) who has seen through \(seenText) is shown \(shown)")]
    let idWidth = pages.map { $0.page.id.count }.max() ?? 0
    for (index, page) in pages.enumerated() {
      let id = TextSanitizer.clean(page.page.id)
      let lead = "  \(index + 1). \(page.release)  \(id)\(String(repeating: " ", count: max(0, idWidth - id.count)))  "
      // Blocks that do not fit continue under the first block.
      lines.append(
        Line(
          lead
            + page.page.blocks.map { block in
              TextSanitizer.clean(block.id) + (block.choice?.newDefault.map { " (default becomes \($0) unless chosen)" } ?? "")
            }.joined(separator: ", "),
          hangingIndent: DisplayWidth.of(lead)))
    }
    if !selection.leftOut.isEmpty {
      lines.append(Line("Left out by the cap (older releases give way first); the tour's last page names them:"))
      for page in selection.leftOut {
        lines.append(Line("  - \(page.release)  \(TextSanitizer.clean(page.page.id))", hangingIndent: 4))
      }
      let commands = selection.capped.map { "news \($0.release)" }.joined(separator: ", ")
      lines.append(Line("A person sees them with \(commands).", hangingIndent: 2))
    }
    lines += notes(newer: newer, current: current, diagnostics: relevant)
    return text(lines, width: width)
  }

  /// What the pages do not say: releases newer than the app version (and how to include
  /// them), and with `--dev` what the validator dropped from the releases in the window.
  static func notes(newer: [Version], current: Version, diagnostics: [ReleaseDiagnostic]?) -> [Line] {
    var lines: [Line] = []
    if let newest = newer.last {
      let list = newer.map(\.description).joined(separator: ", ")
      let (count, verb, pronoun) = newer.count == 1 ? ("1 release", "is", "it") : ("\(newer.count) releases", "are", "them")
      lines.append(
        Line(
          "\(count) newer than the app version \(current) \(verb) not shown (\(list)): pass --app-version \(newest) to include \(pronoun)."
        ))
    }
    if let diagnostics {
      if diagnostics.isEmpty {
        lines.append(Line("The validator dropped nothing from these releases."))
      } else {
        lines.append(Line("The validator's diagnostics for these releases:"))
        for diagnostic in diagnostics {
          lines.append(Line("  - " + TextSanitizer.clean(diagnostic.description), hangingIndent: 4))
        }
      }
    }
    return lines
  }

  /// The diagnostics that concern what a user who has seen through `seen` and runs `current`
  /// would be shown: the manifest's, and those of release files whose version is in the
  /// window (`seen` < version <= `current`). A file not named as a version is kept too.
  package static func relevantDiagnostics(
    _ diagnostics: [ReleaseDiagnostic], seen: Version?, current: Version
  ) -> [ReleaseDiagnostic] {
    diagnostics.filter { diagnostic in
      let name = diagnostic.file.split(separator: "/").last.map(String.init) ?? diagnostic.file
      guard name != ReleaseLibrary.manifestFileName else { return true }
      guard name.hasSuffix(".json"), let version = Version(String(name.dropLast(5))) else { return true }
      return version <= current && seen.map { version > $0 } ?? true
    }
  }

  /// Rows wrapped to `width`, one a line.
  static func text(_ lines: [Line], width: Int) -> String {
    Styler(colors: false).render(lines.fitted(toWidth: width))
  }
}

/// `whatsnew lint` output, as Documentation/Authoring.md ("What lint prints") shows it: one
/// problem a line as compilers print them, then a count, `lint: 3 problems (2 errors, 1
/// warning)` (`; 1 note)` when there are notes, which are not problems).
package enum LintReport {
  /// One problem a line (or "no problems"), never wrapped (only the count line is wrapped to
  /// `width` columns), or JSON for tools:
  /// `{"ok":false,"problems":[{"file":…,"line":14,"column":19,"severity":"error","path":…,"message":…}]}`.
  package static func render(_ problems: [LintProblem], format: LintFormat, width: Int = .max) -> String {
    if format == .sarif { return SARIFReport.render(problems) }
    if format == .json {
      return JSONValue.object([
        ("ok", .bool(!problems.contains { $0.severity.isProblem })),
        (
          "problems",
          .array(
            problems.map { problem in
              .object([
                ("file", .string(problem.file)), ("line", .number(Double(problem.position.line))),
                ("column", .number(Double(problem.position.column))), ("severity", .string(problem.severity.rawValue)),
                ("rule", .string(problem.rule.id)),
                ("path", .string(problem.path)), ("message", .string(problem.message)),
              ])
            })
        ),
      ]).serialized() + "\n"
    }
    if problems.isEmpty { return "lint: no problems\n" }
    let errors = problems.filter { $0.severity == .error }.count
    let warnings = problems.filter { $0.severity == .warning }.count
    let notes = problems.count - errors - warnings
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    let lines =
      problems.map { problem in
        // Never wrapped, at a terminal or not: editors match such a line one line at a time (as gcc's and swiftc's).
        var line = Line(TextSanitizer.clean(problem.compilerStyle))
        line.wraps = false
        return line
      }
      + [
        Line(
          "lint: \(count(errors + warnings, "problem")) (\(count(errors, "error")), \(count(warnings, "warning"))"
            + (notes == 0 ? ")" : "; \(count(notes, "note")))"))
      ]
    return FlowReport.text(lines, width: width)
  }
}
