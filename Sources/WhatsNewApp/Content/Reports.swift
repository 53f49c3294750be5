public import WhatsNewCore

/// `whatsnew flow`: what a user who has seen through a version would be shown.
public enum FlowReport {
  /// Text for people, wrapped to `width` columns (continuation rows indented), or exactly
  /// `{"pages":[{"release":…,"page":…,"blocks":[…]},…]}` with `json` (never wrapped).
  public static func render(
    releases: [Release], seen: Version?, current: Version, cap: Int = 6, json: Bool, width: Int = .max
  ) -> String {
    let pages = selectFlow(releases: releases, seenThrough: seen, current: current, cap: cap)
    if json {
      let value = JSONValue.object([
        (
          "pages",
          .array(
            pages.map { page in
              .object([
                ("release", .string(page.release.description)),
                ("page", .string(page.page.id)),
                ("blocks", .array(page.page.blocks.map { .string($0.id) })),
              ])
            })
        )
      ])
      return value.serialized() + "\n"
    }
    let seenText = seen?.description ?? "none"
    var lines: [Line] = []
    if pages.isEmpty {
      lines.append(Line("A user on \(current) who has seen through \(seenText) is shown nothing."))
      return text(lines, width: width)
    }
    lines.append(
      Line(
        "A user on \(current) who has seen through \(seenText) is shown \(pages.count) page\(pages.count == 1 ? "" : "s") (cap \(cap)):"
      ))
    let idWidth = pages.map { $0.page.id.count }.max() ?? 0
    for (index, page) in pages.enumerated() {
      let id = TextSanitizer.clean(page.page.id)
      let lead = "  \(index + 1). \(page.release)  \(id)\(String(repeating: " ", count: max(0, idWidth - id.count)))  "
      // Blocks that do not fit continue under the first block.
      lines.append(
        Line(
          lead + page.page.blocks.map { TextSanitizer.clean($0.id) }.joined(separator: ", "),
          hangingIndent: DisplayWidth.of(lead)))
    }
    // Pages the cap left out, so authors see who gets squeezed.
    let uncapped = selectFlow(releases: releases, seenThrough: seen, current: current, cap: Int.max)
    let shown = Set(pages.map { "\($0.release)/\($0.page.id)" })
    let dropped = uncapped.filter { !shown.contains("\($0.release)/\($0.page.id)") }
    if !dropped.isEmpty {
      lines.append(Line("Left out by the cap (older releases give way first):"))
      for page in dropped {
        lines.append(Line("  - \(page.release)  \(TextSanitizer.clean(page.page.id))", hangingIndent: 4))
      }
    }
    return text(lines, width: width)
  }

  /// Rows wrapped to `width`, one a line.
  static func text(_ lines: [Line], width: Int) -> String {
    Styler(colors: false).render(lines.fitted(toWidth: width))
  }
}

/// `whatsnew lint` output.
///
/// Text is one problem a line as compilers print them,
/// `Releases/2.13.1.json:14:19: error: pages[0].blocks[1].icon: unknown icon 'sparkels' …`,
/// so an editor or a terminal can jump to the place, then a count:
/// `lint: 3 problems (2 errors, 1 warning)`. The column counts characters (Unicode scalars,
/// 1-based; see ``SourcePosition``).
public enum LintReport {
  /// One problem a line (or "no problems"), wrapped to `width` columns (continuation rows
  /// indented), or JSON for tools (never wrapped):
  /// `{"ok":false,"problems":[{"file":…,"line":14,"column":19,"severity":"error","path":…,"message":…}]}`.
  public static func render(_ problems: [LintProblem], json: Bool, width: Int = .max) -> String {
    if json {
      return JSONValue.object([
        ("ok", .bool(problems.isEmpty)),
        (
          "problems",
          .array(
            problems.map { problem in
              .object([
                ("file", .string(problem.file)), ("line", .number(Double(problem.position.line))),
                ("column", .number(Double(problem.position.column))), ("severity", .string(problem.severity.rawValue)),
                ("path", .string(problem.path)), ("message", .string(problem.message)),
              ])
            })
        ),
      ]).serialized() + "\n"
    }
    if problems.isEmpty { return "lint: no problems\n" }
    let errors = problems.filter { $0.severity == .error }.count
    let warnings = problems.count - errors
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    let lines =
      problems.map { Line(TextSanitizer.clean($0.compilerStyle), hangingIndent: 4) }
      + [Line("lint: \(count(problems.count, "problem")) (\(count(errors, "error")), \(count(warnings, "warning")))")]
    return FlowReport.text(lines, width: width)
  }
}
