/// The closed vocabulary a release file may use: settings, actions, icons and screens.
///
/// These lists are code, not data. A release file can only name what is listed here,
/// and adding a case does not compile until every exhaustive `switch` below describes it:
/// for a setting its kind, default, storage binding and home screen; for an action the
/// screen it opens; for an icon its glyph and ASCII fallback.

/// A screen of the workout app.
package enum Screen: String, CaseIterable, Sendable, Hashable {
  case home
  case workouts
  case cardio
  case review
  case settings

  /// The localization key of the screen's title.
  package var titleKey: String { "ui.screen.\(rawValue).title" }
}

/// The kind of values a setting takes.
package enum SettingKind: Hashable, Sendable {
  /// One of a fixed list of tokens, in display order.
  case enumeration([String])
  case boolean
  /// A day of the week, `monday` through `sunday`.
  case weekday

  /// Every value the kind accepts, in display order.
  package var values: [String] {
    switch self {
    case .enumeration(let values): values
    case .boolean: ["true", "false"]
    case .weekday: Weekday.allCases.map(\.rawValue)
    }
  }

  /// Whether a release may leave out a choice's `options` and get the kind's full set.
  package var offersFullSetByDefault: Bool {
    switch self {
    case .enumeration: false
    case .boolean, .weekday: true
    }
  }
}

/// A day of the week, in the order the app shows them (the week starts on Monday).
package enum Weekday: String, CaseIterable, Sendable, Hashable {
  case monday, tuesday, wednesday, thursday, friday, saturday, sunday

  /// ISO 8601 weekday number: Monday is 1, Sunday is 7.
  package var isoNumber: Int { Weekday.allCases.firstIndex(of: self)! + 1 }
}

/// Everything the app must know about a setting before a release may offer it.
package struct SettingSpec: Sendable {
  /// The values the setting takes.
  package var kind: SettingKind
  /// The value a user has before ever choosing.
  package var defaultValue: String
  /// The key under which the settings backend stores the value. Never change a shipped one.
  package var storageKey: String
  /// The screen where the setting lives outside the tour.
  package var screen: Screen
  /// The defaults that replaced `defaultValue` in later releases, oldest first: each must be
  /// declared by its release (`defaultChanges`), or `lint` fails (`undeclared-default-change`).
  package var laterDefaults: [(value: String, since: Version)] = []
}

/// A release's change of a setting's default (`homeSummaryCard`: `daily_summary` → `weekly_streak`):
/// a person who never chose the setting gets `to` from that release on.
package struct DefaultChange: Hashable, Sendable {
  package var setting: Setting
  package var from: String
  package var to: String

  /// Every change of default the vocabulary records, with the release it took effect in.
  package static var recorded: [(change: DefaultChange, release: Version)] {
    Setting.allCases.flatMap { setting in
      zip([setting.defaultValue] + setting.spec.laterDefaults.map(\.value), setting.spec.laterDefaults).map {
        (DefaultChange(setting: setting, from: $0, to: $1.value), $1.since)
      }
    }
  }
}

/// A user setting that a tour page, the onboarding wizard or a settings screen can change.
package enum Setting: String, CaseIterable, Sendable, Hashable, Comparable {
  case workoutView
  case workoutAutonomy
  case progressionMode
  case autoStartRestTimer
  case restTimerHaptics
  case reviewWeekday
  case homeSummaryCard
  case theme
  case units
  case showWhatsNew

  /// The setting's kind, default, storage key and screen.
  ///
  /// This switch is the Swift counterpart of `satisfies Record<Setting, SettingSpec>`:
  /// a new case does not compile until it is described here.
  package var spec: SettingSpec {
    switch self {
    case .workoutView:
      SettingSpec(
        kind: .enumeration(["guided", "inline"]), defaultValue: "guided", storageKey: "workout.view", screen: .workouts)
    case .workoutAutonomy:
      SettingSpec(
        kind: .enumeration(["suggest", "manual"]), defaultValue: "suggest", storageKey: "workout.autonomy", screen: .workouts)
    case .progressionMode:
      SettingSpec(
        kind: .enumeration(["reps_first", "weight_first"]), defaultValue: "reps_first", storageKey: "workout.progression",
        screen: .workouts)
    case .autoStartRestTimer:
      SettingSpec(kind: .boolean, defaultValue: "true", storageKey: "rest.autoStart", screen: .workouts)
    case .restTimerHaptics:
      SettingSpec(kind: .boolean, defaultValue: "true", storageKey: "rest.haptics", screen: .workouts)
    case .reviewWeekday:
      SettingSpec(kind: .weekday, defaultValue: "sunday", storageKey: "review.weekday", screen: .review)
    case .homeSummaryCard:
      SettingSpec(
        kind: .enumeration(["daily_summary", "weekly_streak"]), defaultValue: "daily_summary", storageKey: "home.summaryCard",
        screen: .home, laterDefaults: [("weekly_streak", Version(major: 2, minor: 15, patch: 0))])
    case .theme:
      SettingSpec(
        kind: .enumeration(["system", "light", "dark"]), defaultValue: "system", storageKey: "app.theme", screen: .settings)
    case .units:
      SettingSpec(kind: .enumeration(["metric", "imperial"]), defaultValue: "metric", storageKey: "app.units", screen: .settings)
    case .showWhatsNew:
      SettingSpec(kind: .boolean, defaultValue: "true", storageKey: "app.showWhatsNew", screen: .settings)
    }
  }

  package var kind: SettingKind { spec.kind }
  package var defaultValue: String { spec.defaultValue }

  /// The default a person who never chose has on app version `version`: the last of the
  /// later defaults in effect by then, else ``defaultValue`` (also for `nil`).
  package func defaultValue(at version: Version?) -> String {
    spec.laterDefaults.last { later in version.map { later.since <= $0 } ?? false }?.value ?? defaultValue
  }

  package func accepts(_ value: String) -> Bool { kind.values.contains(value) }

  /// The localization key of the setting's name, as settings screens show it.
  package var titleKey: String { "ui.setting.\(rawValue).title" }

  /// The localization key of one of the setting's values, as settings screens show it.
  package func valueKey(_ value: String) -> String { "ui.value.\(rawValue).\(value)" }

  /// Settings in the order screens list them.
  package static func < (lhs: Setting, rhs: Setting) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// Something an action block or a feature-list item can open.
package enum Action: String, CaseIterable, Sendable, Hashable {
  case openWorkoutSettings
  case openCardioLog
  case openWeeklyReview
  case openSettings

  package var screen: Screen {
    switch self {
    case .openWorkoutSettings: .workouts
    case .openCardioLog: .cardio
    case .openWeeklyReview: .review
    case .openSettings: .settings
    }
  }
}

/// An icon a release may show beside a label: a terminal glyph, left out in ASCII and
/// accessible mode (the label carries the meaning).
package enum Icon: String, CaseIterable, Sendable, Hashable {
  case sparkles
  case list
  case dumbbell
  case timer
  case bell
  case calendar
  case chart
  case heart
  case settings
  case star
  case check
  case arrowUp
  case scale
  case moon
  case sun
  case run

  /// A glyph for terminals that can show Unicode (each is one or two columns wide).
  package var glyph: String {
    switch self {
    case .sparkles: "✨"
    case .list: "☰"
    case .dumbbell: "🏋"
    case .timer: "⏱"
    case .bell: "🔔"
    case .calendar: "📅"
    case .chart: "📈"
    case .heart: "♥"
    case .settings: "⚙"
    case .star: "★"
    case .check: "✔"
    case .arrowUp: "↑"
    case .scale: "⚖"
    case .moon: "☾"
    case .sun: "☀"
    case .run: "🏃"
    }
  }
}
