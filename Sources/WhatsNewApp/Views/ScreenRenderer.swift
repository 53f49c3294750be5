package import WhatsNewCore

/// What a screen shows besides the settings: facts the session looked up.
package struct ScreenFacts: Sendable {
  /// The weekly review notification's next fire date, already worded, or `nil` when none is scheduled.
  package var nextReview: String?
  /// The seen-through record, worded, for the debug section.
  package var seenThrough: String
  package var appVersion: Version
  package var language: Language
  /// The stored units, for the sample numbers.
  package var units: String
  /// Anchors that have an info popover: their rows get a `(?)` marker.
  package var infoAnchors: [String: String]
  /// Where the language comes from: `--locale`, the choice made with `lang`, or the environment.
  package var languageSource: LanguageChoice.Source = .environment
  /// A what's-new tour waits (the user left it for a screen or a guide): the footer says
  /// how to come back.
  package var tourIsSuspended = false
  /// Whether the settings screen shows its developer section (the seen record and the
  /// `debug` commands): only with `--dev`, never on a user's screen.
  package var showsDeveloperSection = false
  /// What the tour just ended by `done` changed, listed at the end of home (``TourRecap/isListed``).
  package var recap: TourRecap?
  /// Home offers the `first_run` guide (``AppState/offersFirstRun``).
  package var offersFirstRun = false
  /// Home shows its news line (``Explanation/newsLine(_:now:)``: news, and the pace allows).
  package var showsNewsLine = false
}

/// Renders the app's screens. Each element carries its anchor id (`workouts.view`),
/// the whole screen its route-level id (`workouts`), so guidance can find its rows.
package struct ScreenRenderer: Sendable {
  package var context: RenderContext

  /// The anchor of the element that shows `setting`.
  package static func anchor(for setting: Setting) -> String {
    switch setting {
    case .workoutView: "workouts.view"
    case .workoutAutonomy: "workouts.autonomy"
    case .progressionMode: "workouts.progression"
    case .autoStartRestTimer, .restTimerHaptics: "workouts.rest"
    case .reviewWeekday: "review.weekday"
    case .homeSummaryCard: "home.summary"
    case .theme: "settings.appearance"
    case .units: "settings.units"
    case .showWhatsNew: "settings.whatsnew"
    }
  }

  /// Every anchor each screen renders, route-level id first.
  package static let anchors: [Screen: [String]] = [
    .home: ["home", "home.summary", "home.shortcuts", "home.news"],
    .workouts: ["workouts", "workouts.view", "workouts.autonomy", "workouts.progression", "workouts.rest", "workouts.preview"],
    .cardio: ["cardio", "cardio.log", "cardio.summary", "cardio.add"],
    .review: ["review", "review.weekday", "review.notification", "review.summary"],
    .settings: [
      "settings", "settings.appearance", "settings.units", "settings.language", "settings.whatsnew", "settings.all",
      "settings.debug",
    ],
  ]

  /// The whole screen.
  package func render(_ screen: Screen, controls: [Setting: ChoiceMachine.ControlState], facts: ScreenFacts) -> Document {
    let c = context
    let title = c.text(screen.titleKey)
    var rows = (c.accessible ? c.wrapped(c.text("ui.screen.heading", title), indent: 0, style: .title) : c.ruleLine(title))
      .pinning()
    switch screen {
    case .home: rows += home(controls, facts)
    case .workouts: rows += workouts(controls, facts)
    case .cardio: rows += cardio(controls, facts)
    case .review: rows += review(controls, facts)
    case .settings: rows += settings(controls, facts)
    }
    rows += unplacedSettings(on: screen, controls)
    rows.append(.blank)
    if facts.tourIsSuspended {
      rows += c.wrapped(c.text("ui.screen.resumeTour"), indent: 0, style: .command).pinning()
    }
    // Home offers `news`, which a waiting tour refuses (it is the news): offer `tour` then.
    let footerKey =
      screen == .home && facts.tourIsSuspended ? "ui.screen.footer.homeTourWaiting" : "ui.screen.footer." + screen.rawValue
    rows += c.commandList(key: footerKey).pinning()
    return c.fit(markInfo(rows.anchored(screen.rawValue), facts: facts))
  }

  // MARK: Screens

  /// The rows of the recap on home: what a short window keeps in view.
  static let recapAnchor = "home.recap"

  func home(_ controls: [Setting: ChoiceMachine.ControlState], _ facts: ScreenFacts) -> Document {
    let c = context
    var rows: Document = [.blank]
    let card = controls[.homeSummaryCard]?.shown ?? Setting.homeSummaryCard.defaultValue
    let summary =
      card == "weekly_streak"
      ? c.text("ui.home.summary.streak") : c.text("ui.home.summary.daily", c.formats.duration(minutes: 50))
    rows += section(
      "ui.home.summary.title", "home.summary", c.wrapped(summary, indent: 4) + settingRow(.homeSummaryCard, controls))
    rows.append(.blank)
    let shortcuts = Screen.allCases.filter { $0 != .home }.map { screen in
      Line(
        [Span("    "), Span(TextLayout.pad("go " + screen.rawValue, toWidth: 14), .command), Span(c.text(screen.titleKey))],
        hangingIndent: 18)
    }
    rows += section("ui.home.shortcuts.title", "home.shortcuts", shortcuts)
    // A new user is offered the guide, and told nothing of releases they never had.
    if facts.offersFirstRun {
      rows.append(.blank)
      rows += c.wrapped(c.text("ui.home.firstRunOffer", GuidanceCatalog.firstRun), indent: 2, style: .dim, firstPrefix: "  ")
    } else if facts.showsNewsLine {
      rows.append(.blank)
      rows += c.wrapped(c.text("ui.home.news", facts.appVersion.description), indent: 2, style: .dim, firstPrefix: "  ")
        .anchored("home.news")
    }
    if let recap = facts.recap {
      rows.append(.blank)
      rows += RecapView(recap: recap).document(in: c).anchored(Self.recapAnchor)
    }
    return rows
  }

  func workouts(_ controls: [Setting: ChoiceMachine.ControlState], _ facts: ScreenFacts) -> Document {
    let c = context
    var rows: Document = [.blank]
    for setting in [Setting.workoutView, .workoutAutonomy, .progressionMode] {
      rows += settingRow(setting, controls).anchored(Self.anchor(for: setting))
    }
    rows += (settingRow(.autoStartRestTimer, controls) + settingRow(.restTimerHaptics, controls)).anchored("workouts.rest")
    rows.append(.blank)
    var preview = [Line(c.text("ui.workouts.preview.title"), .title)]
    let view = controls[.workoutView]?.shown ?? Setting.workoutView.defaultValue
    let formats = c.formats
    let weight = facts.units == "imperial" ? formats.measurement(135, .pound) : formats.measurement(60, .kilogram)
    if view == "inline" {
      preview.append(Line("    " + c.text("ui.workouts.preview.inlineHeader"), .dim))
      let doneMark = c.checkMark
      for set in 1...3 {
        preview.append(
          Line("    \(formats.number(set))    \(weight)    \(formats.number(8))    " + (set == 1 ? doneMark : "")))
      }
    } else {
      preview += c.wrapped(c.text("ui.workouts.preview.guided", weight), indent: 4)
    }
    rows += preview.anchored("workouts.preview")
    return rows
  }

  func cardio(_ controls: [Setting: ChoiceMachine.ControlState], _ facts: ScreenFacts) -> Document {
    let c = context
    let units = controls[.units]?.shown ?? Setting.units.defaultValue
    let imperial = units == "imperial"
    let formats = c.formats
    func distance(_ kilometres: Double) -> String { cardioDistance(kilometres, imperial: imperial) }
    var rows: Document = [.blank]
    // Day, activity, kilometres, seconds.
    let entries: [(String, String, Double, Int)] = [
      ("ui.weekday.short.monday", "ui.cardio.activity.run", 5.2, 28 * 60 + 10),
      ("ui.weekday.short.wednesday", "ui.cardio.activity.ride", 18.0, 41 * 60 + 30),
      ("ui.weekday.short.saturday", "ui.cardio.activity.row", 4.0, 19 * 60 + 45),
    ]
    let log = entries.map { day, activity, kilometres, seconds in
      Line(
        "    " + TextLayout.pad(c.text(day), toWidth: 5) + TextLayout.pad(c.text(activity), toWidth: 14)
          + TextLayout.pad(distance(kilometres), toWidth: 10) + formats.clockDuration(seconds: seconds))
    }
    rows += section("ui.cardio.log.title", "cardio.log", log)
    rows.append(.blank)
    let total = formats.clockDuration(seconds: 3600 + 29 * 60 + 25)
    let summary = c.text("ui.cardio.summary", distance(Self.weekCardioKilometres), total)
    rows += c.wrapped(summary, indent: 2, firstPrefix: "  ").anchored("cardio.summary")
    rows.append(.blank)
    rows += c.wrapped(c.text("ui.cardio.add"), indent: 2, style: .dim, firstPrefix: "  ").anchored("cardio.add")
    return rows
  }

  /// The cardio log's week in kilometres (5.2 + 18.0 + 4.0): the log's total and the review's figure.
  static let weekCardioKilometres = 27.2

  /// A distance as the cardio log writes it: one decimal, in miles when the units are imperial.
  func cardioDistance(_ kilometres: Double, imperial: Bool) -> String {
    imperial
      ? context.formats.measurement(kilometres * 0.621371, .mile, fractionDigits: 1...1)
      : context.formats.measurement(kilometres, .kilometre, fractionDigits: 1...1)
  }

  func review(_ controls: [Setting: ChoiceMachine.ControlState], _ facts: ScreenFacts) -> Document {
    let c = context
    var rows: Document = [.blank]
    rows += settingRow(.reviewWeekday, controls).anchored("review.weekday")
    rows.append(.blank)
    let notification =
      facts.nextReview.map { c.wrapped(c.text("ui.review.notification.next", $0), indent: 4) }
      ?? c.wrapped(c.text("ui.review.notification.none"), indent: 4, style: .warning)
    rows += section("ui.review.notification.title", "review.notification", notification)
    rows.append(.blank)
    let formats = c.formats
    let imperial = facts.units == "imperial"
    let lifted = imperial ? formats.measurement(40_675, .pound) : formats.measurement(18_450, .kilogram)
    // The week's cardio as the cardio log totals it, in the same words.
    let cardio = cardioDistance(Self.weekCardioKilometres, imperial: imperial)
    let summary = c.wrapped(c.text("ui.review.summary.body", formats.number(4), lifted, cardio), indent: 4)
    rows += section("ui.review.summary.title", "review.summary", summary)
    return rows
  }

  func settings(_ controls: [Setting: ChoiceMachine.ControlState], _ facts: ScreenFacts) -> Document {
    let c = context
    var rows: Document = [.blank]
    rows += settingRow(.theme, controls).anchored("settings.appearance")
    rows += settingRow(.units, controls).anchored("settings.units")
    var language = [
      Line([Span("  " + c.text("ui.settings.language") + ": ", .title), Span(facts.language.nativeName)], hangingIndent: 4)
    ]
    language += c.wrapped(c.text("ui.lang.source." + facts.languageSource.rawValue), indent: 4, style: .dim)
    language.append(
      Line("    lang " + (Language.allCases.map(\.rawValue) + ["system"]).joined(separator: "|"), .command))
    rows += language.anchored("settings.language")
    var whatsNew = settingRow(.showWhatsNew, controls)
    whatsNew += c.wrapped(c.text("ui.settings.news"), indent: 4, style: .dim)
    rows += whatsNew.anchored("settings.whatsnew")
    rows.append(.blank)
    let others = Setting.allCases.filter { $0.spec.screen != .settings }.flatMap { settingRow($0, controls) }
    rows += section("ui.settings.all.title", "settings.all", others)
    guard facts.showsDeveloperSection else { return rows }
    rows.append(.blank)
    let seen = c.wrapped(c.text("ui.settings.debug.seen", facts.seenThrough, facts.appVersion.description), indent: 4)
    rows += section(
      "ui.settings.debug.title", "settings.debug", seen + c.commandList(CommandTable.find("debug")?.syntax ?? [], indent: 4))
    return rows
  }

  /// A setting whose screen has no place for it yet (its anchor is not one the screen draws,
  /// ``anchors``) is still listed there, after the screen's own rows: a new setting appears
  /// on the screen it declares at once.
  func unplacedSettings(on screen: Screen, _ controls: [Setting: ChoiceMachine.ControlState]) -> Document {
    let placed = Self.anchors[screen] ?? []
    let unplaced = Setting.allCases.filter { $0.spec.screen == screen && !placed.contains(Self.anchor(for: $0)) }
    guard !unplaced.isEmpty else { return [] }
    var rows: Document = [.blank]
    for setting in unplaced { rows += settingRow(setting, controls).anchored(Self.anchor(for: setting)) }
    return rows
  }

  // MARK: Pieces

  /// A part of a screen under its title, every row tagged with `anchor`.
  func section(_ titleKey: String, _ anchor: String, _ body: Document) -> Document {
    ([Line(context.text(titleKey), .title)] + body).anchored(anchor)
  }

  /// A setting's row: its name, what the control shows, and how to change it.
  func settingRow(_ setting: Setting, _ controls: [Setting: ChoiceMachine.ControlState]) -> Document {
    let c = context
    let state = controls[setting] ?? .init()
    let name = c.text(setting.titleKey)
    var spans = [Span("  " + name + ": ", .title)]
    // A long name and value continue under the name.
    if state.isLoading {
      spans.append(Span(c.text("ui.choice.loading"), .dim))
    } else if let shown = state.shown {
      spans.append(Span(c.text(setting.valueKey(shown)), .selected))
      if state.pendingWrites > 0 { spans.append(Span("  " + c.text("ui.choice.saving"), .dim)) }
    } else {
      spans.append(Span(c.text("ui.value.unknown"), .dim))
    }
    let usage = Line("    set \(setting.rawValue) " + setting.kind.values.joined(separator: "|"), .command, hangingIndent: 6)
    return [Line(spans, hangingIndent: 4), usage] + PageRenderer(context: c).errorRows(state, setting: setting)
  }

  /// Adds `(?)` to the first row of each anchor that has an info popover.
  func markInfo(_ rows: Document, facts: ScreenFacts) -> Document {
    var marked = rows
    var done = Set<String>()
    for index in marked.indices {
      for anchor in marked[index].anchors where facts.infoAnchors[anchor] != nil && !done.contains(anchor) {
        done.insert(anchor)
        marked[index].spans.append(.together("  (?) info \(facts.infoAnchors[anchor]!)", .accent))
      }
    }
    return marked
  }
}
