public import WhatsNewCore

/// `whatsnew flow`: what a user who has seen through a version would be shown.
public enum FlowReport {
  /// Text for people, or exactly `{"pages":[{"release":…,"page":…,"blocks":[…]},…]}` with `json`.
  public static func render(releases: [Release], seen: Version?, current: Version, cap: Int = 6, json: Bool) -> String {
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
    var lines: [String] = []
    if pages.isEmpty {
      lines.append("A user on \(current) who has seen through \(seenText) is shown nothing.")
      return lines.joined(separator: "\n") + "\n"
    }
    lines.append(
      "A user on \(current) who has seen through \(seenText) is shown \(pages.count) page\(pages.count == 1 ? "" : "s") (cap \(cap)):"
    )
    let idWidth = pages.map { $0.page.id.count }.max() ?? 0
    for (index, page) in pages.enumerated() {
      let id = TextSanitizer.clean(page.page.id)
      lines.append(
        "  \(index + 1). \(page.release)  \(id)\(String(repeating: " ", count: max(0, idWidth - id.count)))  "
          + page.page.blocks.map { TextSanitizer.clean($0.id) }.joined(separator: ", "))
    }
    // Pages the cap left out, so authors see who gets squeezed.
    let uncapped = selectFlow(releases: releases, seenThrough: seen, current: current, cap: Int.max)
    let shown = Set(pages.map { "\($0.release)/\($0.page.id)" })
    let dropped = uncapped.filter { !shown.contains("\($0.release)/\($0.page.id)") }
    if !dropped.isEmpty {
      lines.append("Left out by the cap (older releases give way first):")
      for page in dropped {
        lines.append("  - \(page.release)  \(TextSanitizer.clean(page.page.id))")
      }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// `whatsnew lint` output.
public enum LintReport {
  /// One problem a line (or "no problems"), or JSON for tools.
  public static func render(_ problems: [LintProblem], json: Bool) -> String {
    if json {
      return JSONValue.object([
        ("ok", .bool(problems.isEmpty)),
        (
          "problems",
          .array(
            problems.map { problem in
              .object([
                ("file", .string(problem.file)), ("path", .string(problem.path)), ("message", .string(problem.message)),
              ])
            })
        ),
      ]).serialized() + "\n"
    }
    if problems.isEmpty { return "lint: no problems\n" }
    return problems.map { TextSanitizer.clean($0.description) + "\n" }.joined()
      + "lint: \(problems.count) problem\(problems.count == 1 ? "" : "s")\n"
  }
}
