package import WhatsNewCore

/// The notification schedule: the weekly review reminder, one row per notification id.
extension SettingsStore {
  // MARK: Notifications

  /// The scheduled notification `id`, or `nil`.
  package func notification(id: String) throws(StoreError) -> StoredNotification? {
    try connection.query("SELECT id, weekday, hour, minute FROM notifications WHERE id = ?", [.text(id)])
      .first.map(Self.notification(from:))
  }

  /// Saves `notification`, replacing one with the same id; one no schedule could hold is
  /// ``StoreError/Kind/invalidValue``.
  package func saveNotification(_ notification: StoredNotification) throws(StoreError) {
    var problems: [String] = []
    if notification.id.isEmpty { problems.append("the id is empty") }
    if Weekday(rawValue: notification.weekday) == nil {
      problems.append("\"\(notification.weekday)\" is not a weekday (use monday through sunday)")
    }
    if !(0...23).contains(notification.hour) { problems.append("hour \(notification.hour) is not within 0 to 23") }
    if !(0...59).contains(notification.minute) { problems.append("minute \(notification.minute) is not within 0 to 59") }
    guard problems.isEmpty else {
      throw StoreError(
        kind: .invalidValue, path: path,
        description: "cannot save the notification \"\(notification.id)\": \(problems.joined(separator: "; "))")
    }
    try connection.writeTransaction { () throws(StoreError) in
      try connection.query(
        """
        INSERT INTO notifications(id, weekday, hour, minute) VALUES (?, ?, ?, ?)
        ON CONFLICT(id) DO UPDATE SET weekday = excluded.weekday, hour = excluded.hour, minute = excluded.minute
        """,
        [
          .text(notification.id), .text(notification.weekday), .integer(Int64(notification.hour)),
          .integer(Int64(notification.minute)),
        ])
    }
  }

  /// Deletes the notification `id`; deleting one that does not exist is not an error.
  package func deleteNotification(id: String) throws(StoreError) {
    try connection.writeTransaction { () throws(StoreError) in
      try connection.query("DELETE FROM notifications WHERE id = ?", [.text(id)])
    }
  }

  static func notification(from row: [SQLValue]) -> StoredNotification {
    StoredNotification(
      id: row[0].text ?? "", weekday: row[1].text ?? "",
      hour: Int(row[2].integer ?? -1), minute: Int(row[3].integer ?? -1))
  }
}
