package import WhatsNewCore

/// What `news` with no version lists: every release since the person's first version,
/// newest first, each with its day (when its file gives one) and what became of it, in the
/// session's language; then how to open one. Values in, rows out.
///
/// ```text
/// Releases, newest first:
///   2.14.0  November 3, 2026: shown
///   2.13.1  September 8, 2026: 1 of 2 pages shown; the tour ended before the rest
///   2.12.0  July 14, 2026: left out of the tour by the page cap
///   2.11.0  June 2, 2026: the version your history here starts from
/// Type news 2.12.0 to see a release's pages (Tab completes the version).
/// ```
package struct NewsListView: Sendable {
  /// How the list ends: the command that opens a release now, or what must close first.
  package enum Footer: Sendable, Equatable {
    /// `news <version>` opens a release now; `example` is the one to name.
    case open(example: Version)
    /// `news <version>` is refused now: `layer` (in words) is open, and `ways` close it.
    case leaveFirst(layer: String, ways: String)
  }

  package var entries: [ReleaseHistory.Entry]
  /// Releases older than the last entry that were not read (the window cannot show them):
  /// how many, and the oldest, for the line naming them.
  package var notRead: (count: Int, oldest: Version)?
  /// The most rows the list may take (the window's, less the prompt): the newest entries that
  /// fit, and a line naming how many older ones `news all` lists. `nil` lists every one
  /// (`news all`, a script).
  package var rowBudget: Int?
  package var footer: Footer?
  /// The automatic tour is open (showing or waiting): the releases it holds are in it now.
  package var tourIsOpen: Bool

  /// The rows, worded and wrapped in `context`, cut to ``rowBudget``. In a window too short
  /// for the title, the newest entry, the line naming the rest and the footer, the title goes
  /// first: the rows say what they are.
  package func document(in context: RenderContext) -> Document {
    guard !entries.isEmpty else { return context.wrapped(context.text("ui.news.none"), indent: 0, style: .warning) }
    let title = context.wrapped(context.text("ui.news.title"), indent: 0, style: .title)
    let closing = footerRows(in: context)
    // The versions' column: as wide as the widest of them.
    let width = entries.map { DisplayWidth.of($0.release.description) }.max() ?? 0
    let rows = entries.map { row($0, versionWidth: width, in: context) }
    guard let rowBudget else { return title + rows.flatMap { $0 } + closing }
    if let fitted = fit(rows, room: rowBudget - title.count - closing.count, in: context) {
      return title + fitted + closing
    }
    return (fit(rows, room: rowBudget - closing.count, in: context) ?? listing(rows, count: 1, in: context)) + closing
  }

  /// The newest entries whose rows fit in `room` rows, with the line naming the rest when some
  /// are left out; `nil` when not even the newest fits.
  func fit(_ rows: [Document], room: Int, in context: RenderContext) -> Document? {
    var count = 0
    var used = 0
    for (index, entryRows) in rows.enumerated() {
      let isLast = index == rows.count - 1 && notRead == nil
      let older = isLast ? 0 : olderRows(index + 1, in: context).count
      guard used + entryRows.count + older <= room else { break }
      used += entryRows.count
      count += 1
    }
    return count == 0 ? nil : listing(rows, count: count, in: context)
  }

  /// The first `count` entries' rows, then the line naming the rest, if any.
  func listing(_ rows: [Document], count: Int, in context: RenderContext) -> Document {
    rows.prefix(count).flatMap { $0 } + (count < rows.count || notRead != nil ? olderRows(count, in: context) : [])
  }

  /// The line naming the releases older than the first `listed`, and how to list them.
  func olderRows(_ listed: Int, in context: RenderContext) -> Document {
    guard let oldest = notRead?.oldest ?? entries.last?.release else { return [] }
    let count = entries.count - listed + (notRead?.count ?? 0)
    return context.wrapped(context.text("ui.news.older", String(count), oldest.description), indent: 0, style: .dim)
  }

  /// How to open a release now, or what to close first.
  func footerRows(in context: RenderContext) -> Document {
    switch footer {
    case .open(let example)?:
      return context.wrapped(context.text("ui.news.footer", "news \(example)"), indent: 0, style: .dim)
    case .leaveFirst(let layer, let ways)?:
      return context.wrapped(context.text("ui.news.footerLeaveFirst", layer, ways), indent: 0, style: .dim)
    case nil: return []
    }
  }

  /// `  2.12.0  July 14, 2026: left out of the tour by the page cap`, continued under the day.
  func row(_ entry: ReleaseHistory.Entry, versionWidth: Int, in context: RenderContext) -> Document {
    let version = entry.release.description
    let lead = "  " + TextLayout.pad(version, toWidth: versionWidth) + "  "
    let status = words(entry.status, in: context)
    let text = entry.date.map { context.text("ui.news.dated", context.chrome(context.formats.releaseDay($0)), status) } ?? status
    return context.fit([Line(lead + text, style(entry.status), hangingIndent: DisplayWidth.of(lead))])
  }

  /// What became of a release, in words.
  func words(_ status: ReleaseHistory.Status, in context: RenderContext) -> String {
    switch status {
    case .shown: return context.text("ui.news.shown")
    case .partlyShown(let shown, let pages, let notReached, let leftOut):
      let rest =
        switch (notReached > 0, leftOut > 0) {
        case (true, true): "ui.news.partlyShownBoth"
        case (false, true): "ui.news.partlyShownCap"
        default: "ui.news.partlyShownEnded"
        }
      return context.text(rest, String(shown), String(pages))
    case .leftOut: return context.text("ui.news.leftOut")
    case .notReached: return context.text("ui.news.notReached")
    case .superseded: return context.text("ui.news.superseded")
    case .upcoming: return context.text(tourIsOpen ? "ui.news.inTour" : "ui.news.upcoming")
    case .firstVersion: return context.text("ui.news.firstVersion")
    case .unrecorded: return context.text("ui.news.unrecorded")
    }
  }

  /// What is still to see stands out; what cannot be opened, or needs nothing, is dim.
  func style(_ status: ReleaseHistory.Status) -> TextStyle {
    switch status {
    case .partlyShown, .leftOut, .notReached, .upcoming: return .warning
    case .shown: return .plain
    case .superseded, .firstVersion, .unrecorded: return .dim
    }
  }
}
