/// Shortens a failing scenario: drops lines (and start faults) while it still fails.
///
/// Delta debugging as Zeller's `ddmin` does it, without randomness: try dropping chunks
/// of half the lines, then quarters, down to single lines, keeping every drop after which
/// the scenario still fails. The result is one-minimal (no single line can go) and the
/// same for the same input.
package enum ScriptMinimizer {
  /// The shortest scenario found that `stillFails` (which must hold for `scenario`).
  nonisolated(nonsending) package static func minimize(
    _ scenario: ExplorationScenario, stillFails: (ExplorationScenario) async throws -> Bool
  ) async rethrows -> ExplorationScenario {
    var current = scenario
    current.lines = try await minimize(current.lines) { lines in
      try await stillFails(ExplorationScenario(startFaults: current.startFaults, lines: lines))
    }
    let lines = current.lines
    current.startFaults = try await minimize(current.startFaults) { faults in
      try await stillFails(ExplorationScenario(startFaults: faults, lines: lines))
    }
    return current
  }

  /// `ddmin` over a list: the items whose removal keeps `stillFails` true are removed.
  nonisolated(nonsending) package static func minimize<Item: Sendable>(
    _ items: [Item], stillFails: ([Item]) async throws -> Bool
  ) async rethrows -> [Item] {
    var current = items
    var chunk = max(1, current.count / 2)
    while !current.isEmpty {
      var removedAny = false
      var start = 0
      while start < current.count {
        var candidate = current
        candidate.removeSubrange(start..<min(start + chunk, current.count))
        if try await stillFails(candidate) {
          current = candidate
          removedAny = true
        } else {
          start += chunk
        }
      }
      if chunk == 1 && !removedAny { break }
      if !removedAny { chunk = max(1, chunk / 2) } else { chunk = min(chunk, max(1, current.count / 2)) }
    }
    return current
  }
}
