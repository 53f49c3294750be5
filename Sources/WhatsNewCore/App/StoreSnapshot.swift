/// What the app reads from its settings store, as plain values: the store module reads and
/// writes them (the only module that imports SQLite), the app state adopts them.

/// What the store holds as "seen through this app version".
package enum SeenThroughRecord: Sendable, Equatable {
  /// No record: the user has not been told about any version (a fresh store, or a store
  /// restored from a backup made before the record existed).
  case none
  /// The user has been told about every release up to and including this version.
  case version(Version)
  /// The stored text is not a valid version; it reads as this case and the next
  /// ``SettingsStore/advanceSeenThrough(to:)`` replaces it.
  case unreadable(String)

  /// The version recorded, if the record is one.
  package var version: Version? {
    if case .version(let version) = self { version } else { nil }
  }
}

/// What the store holds that the app shows together (the `state` line, the screens' facts),
/// read in one transaction so the parts always belong to the same moment.
package struct StoreSnapshot: Sendable, Equatable {
  package var seenThrough: SeenThroughRecord
  package var onboardingComplete: Bool
  /// Every setting, defaults filled in (as ``SettingsStore/allSettings()``).
  package var settings: [Setting: String]
  /// The settings the person has chosen: those the store has a row of an accepted value for.
  package var decided: Set<Setting> = []
  /// The notification asked for, if scheduled.
  package var notification: StoredNotification?
  /// `guidance off`: no guide or popover shows.
  package var guidanceOff = false
  /// The guidance the user has seen (as ``SettingsStore/guidanceSeenIDs()``).
  package var guidanceSeen: Set<String>
  /// The language chosen in the app, if any (as ``SettingsStore/languagePreference()``).
  package var language: Language? = nil
  /// Where an unfinished automatic tour was left, if anywhere (as ``SettingsStore/tourPosition()``).
  package var tourPosition: TourPosition? = nil
  /// The version the person's history starts at, if known (as ``SettingsStore/firstVersion()``).
  package var firstVersion: Version? = nil
  /// What the last tour changed, as an earlier run kept it (``TourRecap/stored``), if anything.
  package var recap: String? = nil
  /// What commands donated, each name's newest ``EventLog/retention`` (as ``SettingsStore/events()``);
  /// read only for the boot and a restore, the reads the state takes them from.
  package var events: [StoredEvent] = []

  package init(
    seenThrough: SeenThroughRecord, onboardingComplete: Bool, settings: [Setting: String],
    notification: StoredNotification?, guidanceOff: Bool = false, guidanceSeen: Set<String>, language: Language? = nil,
    tourPosition: TourPosition? = nil, firstVersion: Version? = nil, recap: String? = nil, decided: Set<Setting> = [],
    events: [StoredEvent] = []
  ) {
    self.decided = decided
    self.events = events
    self.seenThrough = seenThrough
    self.onboardingComplete = onboardingComplete
    self.settings = settings
    self.notification = notification
    self.guidanceOff = guidanceOff
    self.guidanceSeen = guidanceSeen
    self.language = language
    self.tourPosition = tourPosition
    self.firstVersion = firstVersion
    self.recap = recap
  }
}

/// A scheduled reminder as the store keeps it (e.g. the weekly review notification).
package struct StoredNotification: Sendable, Equatable {
  /// A stable identifier, e.g. `"weekly_review"`.
  package var id: String
  /// A ``Weekday`` raw value, `monday` through `sunday`.
  package var weekday: String
  /// 0 through 23.
  package var hour: Int
  /// 0 through 59.
  package var minute: Int

  /// Makes a notification; ``SettingsStore/saveNotification(_:)`` checks the values.
  package init(id: String, weekday: String, hour: Int, minute: Int) {
    self.id = id
    self.weekday = weekday
    self.hour = hour
    self.minute = minute
  }
}

/// What the screens show from the store besides the choice controls: the seen-through record
/// (settings' debug section), the weekly review's schedule (review) and the units (the sample
/// numbers on workouts and review).
///
/// Read once when a screen opens (``EffectRunner/readStoreFacts()``), never re-read after a write:
/// the session's own changes are applied as they are confirmed (a review weekday saved and
/// rescheduled, the record overwritten by `debug seen`), and a setting the choice machine has
/// confirmed is taken from the machine.
package struct StoreFacts: Sendable, Equatable {
  package var seenThrough: SeenThroughRecord = .none
  package var notification: StoredNotification?
  /// The stored units, for screens with no units control to read them.
  package var units = Setting.units.defaultValue
  /// The version the person's history starts at, if known: one that starts at the app's own
  /// version had no earlier release, and home says nothing of releases.
  package var firstVersion: Version?

  package init() {}

  /// The facts in `snapshot`; an unreadable store (`nil`) shows as a fresh one.
  package init(_ snapshot: StoreSnapshot?) {
    seenThrough = snapshot?.seenThrough ?? .none
    notification = snapshot?.notification
    units = snapshot?.settings[.units] ?? Setting.units.defaultValue
    firstVersion = snapshot?.firstVersion
  }
}
