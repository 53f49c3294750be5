import TestSupport
import WhatsNewCore

@testable import WhatsNewApp

// What the tests ask of the app's parts that the app itself never asks.

extension Session {
  /// Whether the view on screen is out of date: what the state draws now differs from what
  /// was last printed (or the person asked to see it again).
  var viewIsOutOfDate: Bool { shownView != currentView }
}

extension OperationTracker {
  /// Whether every operation in flight is held (or there are none).
  var isSettled: Bool { state.withLock { $0.isSettled } }

  /// Whether every operation in flight is held or slowed by a long QA delay (or there are none).
  var isSettledExceptLongDelays: Bool { state.withLock { $0.isSettledExceptLongDelays } }
}

extension Backends {
  /// Writes a setting (operation `write`); returns the value it replaced, read in the
  /// write's own transaction (see ``SettingsStore/setSetting(_:to:readingNotification:expected:)``).
  nonisolated(nonsending) func write(_ setting: Setting, _ value: String, id: OperationID) async throws -> String {
    try await run(.write, target: setting.rawValue, id: id) { try await $0.setSetting(setting, to: value).previous }
  }
}

extension ExplorationReport {
  /// The report as `qa explore` prints it, without wrapping, in `harness`'s session's words.
  @MainActor func lines(in harness: SessionHarness) -> [String] {
    ExplorationReportView(report: self, width: .max) { key, arguments in
      RenderContext.text(key, arguments: arguments, localizer: harness.session.runner.localizer, ascii: false)
    }.lines
  }
}
