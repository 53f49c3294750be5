/// How a guidance is presented.
package enum GuidanceMode: String, Sendable, Hashable {
  /// A multi-step tour: the screen under a scrim, the target cut out, a step card below.
  case tour
  /// A single small popover next to one element, no scrim.
  case info
}

/// Where a step's card or popover sits relative to its target anchor.
package enum GuidancePlacement: String, Sendable, Hashable, CaseIterable {
  case below, above, left, right, bottomCenter
}

/// One step of a guidance: what it says and what it points at.
package struct GuidanceStep: Sendable, Hashable {
  /// The step's id, unique inside its guidance (part of its string keys).
  package var id: String
  /// Localization keys of the step's title and body.
  package var titleKey: String
  package var bodyKey: String
  /// The anchor the step points at (`workouts.view`, or a route-level id like `home`).
  package var targetAnchor: String
  package var placement: GuidancePlacement

  /// A step whose keys follow the convention `guidance.<guidance>.<step>.title` / `.body`.
  package init(guidance: String, id: String, target: String, placement: GuidancePlacement = .bottomCenter) {
    self.id = id
    self.titleKey = "guidance.\(guidance).\(id).title"
    self.bodyKey = "guidance.\(guidance).\(id).body"
    self.targetAnchor = target
    self.placement = placement
  }
}

/// A tour or an info popover: data only. The catalog is data, the session is glue, the
/// overlay renderer is presentation; adding a guide only touches the catalog and the strings.
package struct Guidance: Sendable, Hashable, Identifiable {
  package var id: String
  package var mode: GuidanceMode
  package var steps: [GuidanceStep]
  /// The screen that shows each anchor the steps target, for auto-navigation.
  package var routeForAnchor: [String: Screen] = [:]
  /// When true, finishing or skipping records the id as seen and `startIfUnseen` will not
  /// show it again; info popovers are usually re-openable (`false`).
  package var triggerOnce = true

  /// The localization key of the guidance's display name.
  package var nameKey: String { "guidance.\(id).name" }

  /// Every localization key the guidance uses.
  package var stringKeys: [String] { [nameKey] + steps.flatMap { [$0.titleKey, $0.bodyKey] } }
}

/// The guidances the app ships.
package enum GuidanceCatalog {
  /// The id of the tour that follows onboarding.
  package static let firstRun = "first_run"

  /// Every guidance, tours first.
  package static let all: [Guidance] = [
    firstRunTour,
    intro(.workouts, parts: ["workouts.progression", "workouts.rest"]),
    intro(.cardio, parts: ["cardio.summary", "cardio.add"]),
    intro(.review, parts: ["review.notification", "review.summary"]),
    intro(.settings, parts: ["settings.units", "settings.whatsnew"]),
    info("workouts.view_info", anchor: "workouts.view", on: .workouts, placement: .left),
    info("cardio.log_info", anchor: "cardio.log", on: .cardio, placement: .right),
    info("review.weekday_info", anchor: "review.weekday", on: .review, placement: .below),
    info("settings.whatsnew_info", anchor: "settings.whatsnew", on: .settings, placement: .above),
  ]

  /// The guidance with `id`, or `nil` for an unknown id.
  package static func find(_ id: String) -> Guidance? { all.first { $0.id == id } }

  /// The intro a feature screen starts on its first visit (`workouts_intro`), if any.
  package static func introID(for screen: Screen) -> String? {
    screen == .home ? nil : "\(screen.rawValue)_intro"
  }

  /// What an ordered group may hold: the intros and the popovers, which can start by
  /// themselves (`first_run` starts only when asked, so no order could hold it back).
  package static var orderable: [Guidance] { all.filter { $0.id != firstRun } }

  /// Every localization key of every guidance.
  package static var stringKeys: [String] { all.flatMap(\.stringKeys) }

  static let firstRunTour = Guidance(
    id: firstRun, mode: .tour,
    steps: [
      GuidanceStep(guidance: firstRun, id: "welcome", target: "home"),
      GuidanceStep(guidance: firstRun, id: "summary", target: "home.summary", placement: .below),
      GuidanceStep(guidance: firstRun, id: "workouts", target: "workouts.view", placement: .below),
      GuidanceStep(guidance: firstRun, id: "cardio", target: "cardio.log", placement: .below),
      GuidanceStep(guidance: firstRun, id: "review", target: "review.weekday", placement: .below),
      GuidanceStep(guidance: firstRun, id: "settings", target: "settings"),
    ],
    routeForAnchor: [
      "home": .home, "home.summary": .home, "workouts.view": .workouts, "cardio.log": .cardio,
      "review.weekday": .review, "settings": .settings,
    ])

  /// A feature intro: the whole screen, then two of its parts.
  static func intro(_ screen: Screen, parts: [String]) -> Guidance {
    let id = "\(screen.rawValue)_intro"
    let targets = [screen.rawValue] + parts
    let stepIDs = ["overview"] + parts.map { String($0.split(separator: ".").last ?? "part") }
    return Guidance(
      id: id, mode: .tour,
      steps: zip(stepIDs, targets).map { GuidanceStep(guidance: id, id: $0, target: $1, placement: .below) },
      routeForAnchor: Dictionary(uniqueKeysWithValues: targets.map { ($0, screen) }))
  }

  static func info(_ id: String, anchor: String, on screen: Screen, placement: GuidancePlacement) -> Guidance {
    Guidance(
      id: id, mode: .info, steps: [GuidanceStep(guidance: id, id: "info", target: anchor, placement: placement)],
      routeForAnchor: [anchor: screen], triggerOnce: false)
  }
}
