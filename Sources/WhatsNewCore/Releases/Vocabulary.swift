/// The closed vocabulary a release file may use: settings, actions, icons and screens.
///
/// These lists are code, not data. A release file can only name what is listed here,
/// and adding a case does not compile until every exhaustive `switch` below describes it:
/// for a setting its kind, default, storage binding and home screen; for an action the
/// screen it opens; for an icon its glyph and ASCII fallback.

/// A screen of the workout app.
public enum Screen: String, CaseIterable, Sendable, Hashable {
  case home
  case workouts
  case cardio
  case review
  case settings

  /// The localization key of the screen's title.
  public var titleKey: String { "ui.screen.\(rawValue).title" }
}

/// The kind of values a setting takes.
public enum SettingKind: Hashable, Sendable {
  /// One of a fixed list of tokens, in display order.
  case enumeration([String])
  /// `true` or `false`.
  case boolean
  /// A day of the week, `monday` through `sunday`.
  case weekday

  /// Every value the kind accepts, in display order.
  public var values: [String] {
    switch self {
    case .enumeration(let values): values
    case .boolean: ["true", "false"]
    case .weekday: Weekday.allCases.map(\.rawValue)
    }
  }

  /// Whether a release may leave out a choice's `options` and get the kind's full set.
  public var offersFullSetByDefault: Bool {
    switch self {
    case .enumeration: false
    case .boolean, .weekday: true
    }
  }
}

/// A day of the week, in the order the app shows them (the week starts on Monday).
public enum Weekday: String, CaseIterable, Sendable, Hashable, Comparable {
  case monday, tuesday, wednesday, thursday, friday, saturday, sunday

  /// ISO 8601 weekday number: Monday is 1, Sunday is 7.
  public var isoNumber: Int { Weekday.allCases.firstIndex(of: self)! + 1 }

  /// Monday first, Sunday last.
  public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.isoNumber < rhs.isoNumber }
}

/// Everything the app must know about a setting before a release may offer it.
public struct SettingSpec: Hashable, Sendable {
  /// The values the setting takes.
  public var kind: SettingKind
  /// The value a user has before ever choosing.
  public var defaultValue: String
  /// The key under which the settings backend stores the value. Never change a shipped one.
  public var storageKey: String
  /// The screen where the setting lives outside the tour.
  public var screen: Screen
}

/// A user setting that a tour page, the onboarding wizard or a settings screen can change.
public enum Setting: String, CaseIterable, Sendable, Hashable, Comparable {
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
  public var spec: SettingSpec {
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
        screen: .home)
    case .theme:
      SettingSpec(
        kind: .enumeration(["system", "light", "dark"]), defaultValue: "system", storageKey: "app.theme", screen: .settings)
    case .units:
      SettingSpec(kind: .enumeration(["metric", "imperial"]), defaultValue: "metric", storageKey: "app.units", screen: .settings)
    case .showWhatsNew:
      SettingSpec(kind: .boolean, defaultValue: "true", storageKey: "app.showWhatsNew", screen: .settings)
    }
  }

  /// The values the setting takes.
  public var kind: SettingKind { spec.kind }
  /// The value a user has before ever choosing.
  public var defaultValue: String { spec.defaultValue }

  /// Whether `value` is one of the setting's values.
  public func accepts(_ value: String) -> Bool { kind.values.contains(value) }

  /// The localization key of the setting's name, as settings screens show it.
  public var titleKey: String { "ui.setting.\(rawValue).title" }

  /// The localization key of one of the setting's values, as settings screens show it.
  public func valueKey(_ value: String) -> String { "ui.value.\(rawValue).\(value)" }

  /// Settings in the order screens list them.
  public static func < (lhs: Setting, rhs: Setting) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// Something an action block or a feature-list item can open.
public enum Action: String, CaseIterable, Sendable, Hashable {
  case openWorkoutSettings
  case openCardioLog
  case openWeeklyReview
  case openSettings

  /// The screen the action opens.
  public var screen: Screen {
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
public enum Icon: String, CaseIterable, Sendable, Hashable {
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
  public var glyph: String {
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
