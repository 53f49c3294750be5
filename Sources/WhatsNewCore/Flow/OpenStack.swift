/// One thing open in a session, as the person sees it.
package enum OpenLayer: Sendable, Equatable {
  /// The home screen: always at the bottom.
  case home
  /// Another screen, over home (or over a waiting tour it was opened from).
  case screen(Screen)
  /// The what's-new tour, `news` or a preview, on page `page` of `count`; `waiting` while a
  /// screen or guide it was left for is above it.
  case tour(TourState.Mode, page: Int, count: Int, waiting: Bool)
  /// The onboarding wizard, on page `page` of `count`.
  case onboarding(page: Int, count: Int)
  /// A guide (a spotlight tour of a screen), on step `step` of `count`.
  case guide(id: String, step: Int, count: Int)
  /// An info popover.
  case popover(id: String)
}

/// What is open, bottom first, in the order the model defines:
///
/// ```
/// home ─ [tour, waiting ─ home | screen] ─ [screen] ─ [tour | news | preview, showing] ─ [onboarding] ─ [guide] ─ [popover]
/// ```
///
/// A tour left for a screen waits *under* that screen, so `back` on the screen comes back to
/// it; a tour opened on a screen (`news`, a preview) lies over the screen. Every layer has a
/// way out (``waysOut``), which refusals name.
package struct OpenStack: Sendable, Equatable {
  /// Bottom first; never empty (``OpenLayer/home`` is always first, and a waiting tour's
  /// screen may be home again above it).
  package private(set) var layers: [OpenLayer]

  /// The stack of a session on `screen`, with `tour`, `onboarding` and the guidance showing.
  package init(screen: Screen, tour: TourState?, onboarding: OnboardingState?, guidance: GuidanceMachine) {
    var layers: [OpenLayer] = [.home]
    let tourLayer = tour.map { OpenLayer.tour($0.mode, page: $0.index + 1, count: $0.pages.count, waiting: $0.isSuspended) }
    if let tour, tour.isSuspended, let tourLayer {
      // A waiting tour lies under the screen it was left for, home included.
      layers.append(tourLayer)
      layers.append(screen == .home ? .home : .screen(screen))
    } else if screen != .home {
      layers.append(.screen(screen))
    }
    if let tour, !tour.isSuspended, let tourLayer { layers.append(tourLayer) }
    if let onboarding { layers.append(.onboarding(page: onboarding.index + 1, count: onboarding.pages.count)) }
    if let guide = guidance.active {
      switch guide.mode {
      case .tour: layers.append(.guide(id: guide.id, step: guidance.stepIndex + 1, count: guide.steps.count))
      case .info: layers.append(.popover(id: guide.id))
      }
    }
    self.layers = layers
  }

  /// What the person sees on top.
  package var top: OpenLayer { layers[layers.count - 1] }

  /// The commands that leave the top layer (or, at home, where to go), gentlest first.
  package var waysOut: [String] {
    Self.waysOut(of: top, tourWaiting: layers.contains { if case .tour(_, _, _, true) = $0 { true } else { false } })
  }

  /// The commands that leave `layer`: what a refusal names.
  package static func waysOut(of layer: OpenLayer, tourWaiting: Bool) -> [String] {
    switch layer {
    case .popover: return ["close"]
    case .guide: return tourWaiting ? ["close", "tour"] : ["close", "home"]
    case .onboarding: return ["finish"]
    case .tour(.automatic, _, _, _): return ["skip", "close", "home"]
    case .tour: return ["close"]
    case .screen: return tourWaiting ? ["tour", "back", "home"] : ["back", "home"]
    case .home: return tourWaiting ? ["tour", "go <screen>", "quit"] : ["news <version>", "go <screen>", "quit"]
    }
  }
}
