/// Where each guidance anchor was last drawn: its rows (0-based, inclusive) in the
/// rendered screen.
///
/// One registry serves every screen, so anchor ids are never reused across screens.
/// Registering an unchanged bound is a no-op (``register(_:rows:)`` returns `false`, and
/// nothing needs redrawing); leaving a screen or rebuilding it in another language
/// unregisters its anchors, so a tour never points at a stale place.
///
/// ```swift
/// var registry = AnchorRegistry()
/// registry.register("workouts.view", rows: 2...3)   // true
/// registry.register("workouts.view", rows: 2...3)   // false: unchanged
/// registry.unregister(["workouts", "workouts.view"])
/// registry.bounds(for: "workouts.view")             // nil
/// ```
package struct AnchorRegistry: Sendable, Equatable {
  private var table: [String: ClosedRange<Int>] = [:]

  package init() {}

  /// Records `rows` as the bounds of `id`; returns whether anything changed.
  @discardableResult
  package mutating func register(_ id: String, rows: ClosedRange<Int>) -> Bool {
    guard table[id] != rows else { return false }
    table[id] = rows
    return true
  }

  /// Records a rendered screen's anchors at once; returns whether any bound changed.
  @discardableResult
  package mutating func register(_ bounds: [String: ClosedRange<Int>]) -> Bool {
    var changed = false
    for (id, rows) in bounds where register(id, rows: rows) { changed = true }
    return changed
  }

  /// Forgets the anchors `ids` (a screen's anchors when it goes away); returns whether any was known.
  @discardableResult
  package mutating func unregister(_ ids: some Sequence<String>) -> Bool {
    var changed = false
    for id in ids where table.removeValue(forKey: id) != nil { changed = true }
    return changed
  }

  /// Forgets every anchor (the whole screen is rebuilt, say after a language switch).
  package mutating func unregisterAll() { table.removeAll() }

  /// The rows of `id`, or `nil` when it is not on screen.
  package func bounds(for id: String) -> ClosedRange<Int>? { table[id] }

  /// The anchors registered now.
  package var registeredIDs: Set<String> { Set(table.keys) }
}
