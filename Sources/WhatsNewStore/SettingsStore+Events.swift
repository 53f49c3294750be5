import Foundation
package import WhatsNewCore

/// The events commands donated (``AppEvent``): a screen visited, a setting changed, a guide or
/// popover shown or closed, each with its time, for the rules content writes and the attention
/// budget. Bounded: each name keeps its newest ``EventLog/retention`` rows, so the table (and
/// the start that reads it) does not grow with how long the app is used.
extension SettingsStore {
  // MARK: Events

  /// Keeps `event`, and forgets its name's rows beyond the newest ``EventLog/retention``.
  package func recordEvent(_ event: StoredEvent) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try connection.query(
        "INSERT INTO events(name, at) VALUES (?, ?)", [.text(event.name), .integer(Self.milliseconds(event.at))])
      try connection.query(
        "DELETE FROM events WHERE name = ?1 AND rowid NOT IN "
          + "(SELECT rowid FROM events WHERE name = ?1 ORDER BY at DESC, rowid DESC LIMIT ?2)",
        [.text(event.name), .integer(Int64(EventLog.retention))])
    }
  }

  /// Every event kept, oldest first.
  package func events() throws(StoreError) -> [StoredEvent] {
    try connection.query("SELECT name, at FROM events ORDER BY at, rowid").compactMap { row in
      guard let name = row[0].text, let at = row[1].integer else { return nil }
      return StoredEvent(name: name, at: Date(timeIntervalSince1970: Double(at) / 1000))
    }
  }

  /// How an event's time is kept: milliseconds since 1970 (the clock can be moved to the
  /// calendar's edges, which this holds).
  static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }
}
