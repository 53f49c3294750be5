import WhatsNewCore

/// `why tour|guide <id>|popover <id>|news [<version>]|reminder [--json]`: why the surface shows or not now, and for
/// the tour what this start decided (``Explanation``): every gate and rule with its value, the
/// deciding one marked. The store is read as the check (or a guide's start) reads it.
@MainActor
struct WhyCommand: Sendable {
  let runner: EffectRunner

  /// Runs `why` with `arguments`.
  func run(_ arguments: [String]) async {
    let json = arguments.contains { $0.lowercased() == "--json" }
    let words = arguments.filter { $0.lowercased() != "--json" }
    let explanation: Explanation
    var atStart: Explanation?
    switch (words.first?.lowercased(), words.count) {
    case ("tour", 1):
      explanation = await tourNow()
      atStart = runner.state.startDecision
    case ("guide", 2), ("popover", 2):
      let mode: GuidanceMode = words[0].lowercased() == "guide" ? .tour : .info
      let ids = GuidanceCatalog.all.filter { $0.mode == mode }.map(\.id)
      guard let guidance = GuidanceCatalog.find(words[1]), guidance.mode == mode else {
        return runner.messages.unknownValue(words[1], kind: mode == .info ? .popover : .guide, candidates: ids)
      }
      explanation = .guidance(
        guidance, runner.state, seen: await runner.guidanceSeenSet(), now: runner.backends.clock.now())
    case ("reminder", 1): explanation = await reminderNow()
    case ("news", 1): explanation = .newsLine(runner.state, now: runner.backends.clock.now())
    case ("news", 2):
      guard let why = await news(words[1]) else { return }
      explanation = why
    default: return runner.messages.usage("why")
    }
    if json {
      guard case .object(var members) = explanation.json else { return }
      // What the start decided: the tour's; null for a surface no start decides.
      members.append(("atStart", atStart?.json ?? .null))
      return runner.console.emitVerbatim(JSONValue.object(members).serialized())
    }
    let view = WhyView(now: explanation, atStart: atStart, timeZone: runner.backends.timeZone)
    runner.console.emit(view.document(in: runner.renderContext))
  }

  /// Why the tour shows or not now: the store read as the check reads it (a failed read is
  /// stale), and how many pages the person's window holds.
  func tourNow() async -> Explanation {
    do {
      return Self.tour(runner, snapshot: try await runner.snapshot(), failure: nil)
    } catch {
      return Self.tour(runner, snapshot: nil, failure: "\(error)")
    }
  }

  /// Why release `text` was shown in a tour or not, from the store's record as `news` reads it;
  /// `nil` when the words named no release (said).
  func news(_ text: String) async -> Explanation? {
    guard let version = Version(text) else {
      runner.messages.invalid(.error, "ui.error.badVersion", text)
      return nil
    }
    guard let release = runner.catalog.release(version) else {
      let versions = runner.catalog.versions.map(\.description)
      runner.messages.unknownValue(
        text, kind: .release, candidates: versions,
        suggestion: Version.nearest(to: version, in: runner.catalog.versions)?.description)
      return nil
    }
    guard case let (record, first, capped)? = await NewsCommands(runner: runner).history() else { return nil }
    let status = ReleaseHistory.status(
      of: release, recorded: record.showings.last { $0.release == version }, firstVersion: first,
      seenThrough: record.seenThrough.version, current: runner.appVersion,
      leftOut: capped.first { $0.release == version }?.pages)
    return .news(release, current: runner.appVersion, firstVersion: first, status: status, tour: await tourNow())
  }

  /// Why the weekly review reminder is scheduled or not: the store read now, the next time
  /// worded as `state` words it.
  func reminderNow() async -> Explanation {
    let backends = runner.backends
    do {
      let snapshot = try await runner.snapshot()
      let next = snapshot.notification?.nextFireDate(after: backends.clock.now(), in: backends.timeZone)
      return .reminder(
        runner.state, snapshot: snapshot, failure: nil, next: next.flatMap { RFC3339.string($0, in: backends.timeZone) })
    } catch {
      return .reminder(runner.state, snapshot: nil, failure: "\(error)", next: nil)
    }
  }

  /// Why the tour shows or not for the store as `snapshot` holds it (`nil`: the read failed
  /// with `failure`), the state as it stands, and the pages the person's window holds then.
  static func tour(_ runner: EffectRunner, snapshot: StoreSnapshot?, failure: String?) -> Explanation {
    var facts = WhatsNewCheck.Facts(snapshot)
    if let failure { facts.failure = failure }
    facts.now = runner.backends.clock.now()
    let window = runner.catalog.window(seenThrough: facts.seenThrough, current: runner.appVersion)
    let pages = TourSelection(window: window, facts: facts, current: runner.appVersion).pages.count
    return .tour(runner.state, facts: facts, pages: pages, window: window)
  }
}
