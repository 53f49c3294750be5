import WhatsNewCore
import WhatsNewStore

/// `news`: with no version (or `all`), the list of every release since the person's first
/// version and what became of it (``ReleaseHistory``, ``NewsListView``); with a version, that
/// release's pages as a person sees them, whose choices save for real and which writes
/// nothing else (not the seen record).
@MainActor
struct NewsCommands: Sendable {
  let runner: EffectRunner

  /// Runs `news` with `arguments`.
  func run(_ arguments: [String]) async {
    guard arguments.count <= 1 else { return runner.messages.usage("news") }
    // The list reads the store's record, and the pages' choices save real settings: neither
    // over a store that never opened.
    guard runner.state.isBooted else { return runner.messages.notBooted() }
    switch arguments.first {
    case nil: await list(all: false)
    case let word? where word.lowercased() == "all": await list(all: true)
    case let version?: await open(version)
    }
  }

  /// Why `news <version>` would be refused now, if it would: what is open on top.
  private var openRefused: Bool {
    // The waiting tour is the news: `tour` brings it back; news must not replace it. Another
    // release's news replaces the one open.
    let newsIsOpen = runner.state.overlay == .whatsNew && runner.state.tour?.mode == .news
    return (runner.state.overlay != nil && !newsIsOpen) || runner.state.tour?.mode == .automatic
  }

  /// What `news` and `why news` read: the store's record of the tours, where the person's
  /// history starts, and what the cap left out of the automatic tour open now; `nil` when the
  /// record could not be read (said).
  func history() async -> (record: ReleaseRecord, first: Version?, capped: [ReleaseShowing])? {
    let record: ReleaseRecord
    do {
      record = try await runner.performNow(.read, target: nil) { try await $0.releaseRecord() }.get()
    } catch {
      runner.console.emit(runner.text("ui.news.readFailed", error.text), .error)
      return nil
    }
    // A person still in onboarding starts here: nothing before this version will be shown.
    let first = record.firstVersion ?? (runner.state.onboardingComplete ? nil : runner.appVersion)
    return (record, first, runner.state.tour.flatMap { $0.mode == .automatic ? $0.capped : nil } ?? [])
  }

  /// The list, cut to the newest that fit the window (`all`: every one); it ends with the
  /// command that opens one, or, where that would be refused now, with what to close first.
  func list(all: Bool) async {
    guard case let (record, first, capped)? = await history() else { return }
    // Only the releases the window can show are read: every entry takes a row at least.
    let budget = all ? nil : runner.configuration.rows().map { Viewport(terminalRows: $0).budget }
    let versions = runner.catalog.newsVersions(upTo: runner.appVersion).reversed().filter { version in
      first.map { version >= $0 } ?? true
    }
    let shown = budget.map { Array(versions.prefix($0)) } ?? Array(versions)
    let entries = ReleaseHistory.entries(
      releases: shown.compactMap(runner.catalog.release), showings: record.showings, firstVersion: first,
      seenThrough: record.seenThrough.version, current: runner.appVersion, capped: capped)
    let rest = versions.dropFirst(shown.count)
    let notRead = rest.last.map { (count: rest.count, oldest: $0) }
    let footer: NewsListView.Footer?
    if openRefused {
      let open = runner.messages.openNow
      footer = .leaveFirst(layer: open.layer, ways: open.ways)
    } else {
      // The example is the newest release with pages the person has not seen, else the newest.
      let example = entries.first(where: \.hasUnseenPages) ?? entries.first(where: \.canOpen)
      footer = example.map { .open(example: $0.release) }
    }
    let view = NewsListView(
      entries: entries, notRead: notRead, rowBudget: budget, footer: footer, tourIsOpen: runner.state.tour?.mode == .automatic)
    runner.console.emit(view.document(in: runner.renderContext))
  }

  /// `news <version>`: that release's pages, ignoring the record and the gates. Only that
  /// release is read (and, when it cannot be shown, the one suggested instead).
  func open(_ versionText: String) async {
    if openRefused { return runner.messages.refused("news") }
    guard let version = Version(versionText) else {
      return runner.messages.invalid(.error, "ui.error.badVersion", versionText)
    }
    guard let release = runner.catalog.newsRelease(version, upTo: runner.appVersion) else {
      // A release the app has not reached, or one with nothing to show: the nearest that has.
      let others = runner.catalog.newsVersions(upTo: runner.appVersion).filter { $0 != version }
      guard let nearest = nearestShowable(to: version, in: others) else {
        return runner.console.emit(runner.text("ui.news.none"), .warning)
      }
      return runner.messages.unknownValue(
        versionText, kind: .release, candidates: others.map(\.description), suggestion: nearest.description)
    }
    await runner.send(.tour(.open(TourState(mode: .news, pages: previewRelease(release, asOf: runner.appVersion)))))
  }

  /// The version nearest `version` among `versions` whose release has pages to show,
  /// reading releases nearest first until one does.
  private func nearestShowable(to version: Version, in versions: [Version]) -> Version? {
    var left = versions
    while let nearest = Version.nearest(to: version, in: left) {
      if runner.catalog.newsRelease(nearest, upTo: runner.appVersion) != nil { return nearest }
      left.removeAll { $0 == nearest }
    }
    return nil
  }
}
