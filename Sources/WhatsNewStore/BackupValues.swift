import WhatsNewCore

/// Vetting a backup's values, after its schema (``BackupVetting``), on the migrated private
/// copy: a backup holds only what whatsnew itself writes.
///
/// - A setting, flag, record or reminder holding a value whatsnew never writes (`units =
///   purple`) refuses the whole backup: restoring it would show a default and lie.
/// - Unknown rows, and values whose absence is the right reading (a language this build
///   lacks), are dropped from the copy, and named, so restore can say so.
/// - Each table is bounded: a few dozen rows is what whatsnew writes; thousands are not a backup.
enum BackupValues {
  /// The most rows restore accepts in each table; far above what whatsnew writes.
  /// `tour_history` holds a row per release a tour covered: years of weekly releases.
  static let maximumRows = [
    "settings": 64, "app_state": 16, "whats_new": 1, "guidance_seen": 256, "notifications": 16, "tour_history": 20_000,
    "events": 10_000,
  ]

  /// Checks and trims `copy`'s values; returns what was dropped, in words, or throws a refusal.
  static func vet(_ copy: SQLiteConnection, path: String) throws(StoreError) -> [String] {
    var dropped: [String] = []
    try vetSettings(copy, path: path, dropped: &dropped)
    try vetFlags(copy, path: path, dropped: &dropped)
    if let raw = try copy.scalar("SELECT seen_through FROM whats_new WHERE id = 1")?.text, Version(raw) == nil {
      throw BackupImage.refusal(path, "its seen-through record holds \(Quote.quoted(raw)), which is not a version")
    }
    let guides = try copy.query("SELECT id FROM guidance_seen").compactMap { $0.first?.text }
    for id in guides where !ReleaseValidator.isValidID(id) {
      try copy.query("DELETE FROM guidance_seen WHERE id = ?", [.text(id)])
      dropped.append("the guide seen \(Quote.quoted(id, limit: 40)), which is no guide's name")
    }
    try vetNotifications(copy, path: path)
    // A release that is not a version, or a count no release could hold (a release file has
    // fewer pages than bytes).
    let history = try copy.query("SELECT rowid, release, max(shown, not_reached, left_out) FROM tour_history")
    let unreadable = history.filter { row in
      Version(row[1].text ?? "") == nil || (row[2].integer ?? 0) > Int64(ReleaseValidator.maximumFileSize)
    }
    for row in unreadable { try copy.query("DELETE FROM tour_history WHERE rowid = ?", [row[0]]) }
    if let first = unreadable.first.map({ $0[1].text ?? "" }) {
      dropped.append(
        "\(unreadable.count) tour history rows whatsnew never writes (a release that is not a version, or more pages "
          + "than a release can hold; the first: \(Quote.quoted(first, limit: 40)))")
    }
    // An event no command donates is no rule's to count.
    let guidance = Set(GuidanceCatalog.all.map(\.id))
    let names = try copy.query("SELECT DISTINCT name FROM events").compactMap { $0.first?.text }
    for name in names where AppEvent(name: name, guidance: guidance) == nil {
      try copy.query("DELETE FROM events WHERE name = ?", [.text(name)])
      dropped.append("the events \(Quote.quoted(name, limit: 40)), which no command donates")
    }
    for (table, limit) in maximumRows.sorted(by: { $0.key < $1.key }) {
      let count = try copy.scalar("SELECT count(*) FROM \(table)")?.integer ?? 0
      if count > Int64(limit) {
        throw BackupImage.refusal(
          path, "its table \(table) holds \(count) rows, more than the \(limit) whatsnew ever writes there")
      }
    }
    return dropped
  }

  private static func vetSettings(_ copy: SQLiteConnection, path: String, dropped: inout [String]) throws(StoreError) {
    let specs = Dictionary(uniqueKeysWithValues: Setting.allCases.map { ($0.spec.storageKey, $0) })
    let rows = try copy.query("SELECT key, value FROM settings ORDER BY key")
    var unknown = 0
    for row in rows {
      guard let key = row[0].text else { continue }
      let value = row[1].text ?? ""
      if let setting = specs[key] {
        guard setting.kind.values.contains(value) else {
          throw BackupImage.refusal(
            path,
            "its setting \(setting.rawValue) holds \(Quote.quoted(value, limit: 40)), which is not one of "
              + setting.kind.values.joined(separator: ", "))
        }
        continue
      }
      let keep: Bool
      switch key {
      case SettingsStore.AppRow.language: keep = Language(rawValue: value) != nil
      case SettingsStore.AppRow.tourPosition: keep = TourPosition(value) != nil
      case SettingsStore.AppRow.recap: keep = TourRecap(stored: value, continuesTour: false) != nil
      case SettingsStore.AppRow.pendingSeed, SettingsStore.AppRow.firstVersion: keep = Version(value) != nil
      default:
        unknown += 1
        try copy.query("DELETE FROM settings WHERE key = ?", [.text(key)])
        continue
      }
      if !keep {
        try copy.query("DELETE FROM settings WHERE key = ?", [.text(key)])
        dropped.append("\(key) = \(Quote.quoted(value, limit: 40)), which this whatsnew cannot read")
      }
    }
    if unknown > 0 { dropped.append("\(unknown) setting rows whatsnew does not know") }
  }

  private static func vetFlags(_ copy: SQLiteConnection, path: String, dropped: inout [String]) throws(StoreError) {
    let known: Set<String> = [
      SettingsStore.Key.onboardingComplete, SettingsStore.Key.walkthroughCompleted, SettingsStore.Key.guidanceMigratedV1,
      SettingsStore.Key.guidanceOff,
    ]
    var unknown = 0
    for row in try copy.query("SELECT key, value FROM app_state ORDER BY key") {
      guard let key = row[0].text else { continue }
      let value = row[1].text ?? ""
      guard known.contains(key) else {
        unknown += 1
        try copy.query("DELETE FROM app_state WHERE key = ?", [.text(key)])
        continue
      }
      guard value == "true" || value == "false" else {
        throw BackupImage.refusal(path, "its flag \(key) holds \(Quote.quoted(value, limit: 40)), not true or false")
      }
    }
    if unknown > 0 { dropped.append("\(unknown) flag rows whatsnew does not know") }
  }

  private static func vetNotifications(_ copy: SQLiteConnection, path: String) throws(StoreError) {
    for row in try copy.query("SELECT id, weekday, hour, minute FROM notifications ORDER BY id") {
      let id = row[0].text ?? ""
      let weekday = row[1].text ?? ""
      guard ReleaseValidator.isValidID(id), Weekday(rawValue: weekday) != nil, let hour = row[2].integer,
        let minute = row[3].integer,
        (0...23).contains(hour), (0...59).contains(minute)
      else {
        throw BackupImage.refusal(
          path, "its reminder \(Quote.quoted(id, limit: 40)) is not one whatsnew schedules (a weekday and a time of day)")
      }
    }
  }
}
