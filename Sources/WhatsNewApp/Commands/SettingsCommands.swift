import WhatsNewCore

/// The settings family: `set <setting> <value>` (through the backend the tour uses),
/// `lang <tag>` and `notifications` (the weekly review reminder and its next date).
@MainActor
struct SettingsCommands: Sendable {
  let runner: EffectRunner

  /// `set <setting> <value>`: writes nothing when the value is what the setting holds. The
  /// value may be named by its label, a word of the label or an unambiguous prefix
  /// (``OptionWords``): `set reviewWeekday fri`, `set units lb`, `set workoutAutonomy follow the plan`.
  func set(_ arguments: [String]) async {
    guard arguments.count >= 2 else { return runner.messages.usage("set") }
    guard let setting = Setting(rawValue: arguments[0]) else {
      return runner.messages.unknownValue(arguments[0], kind: .setting, candidates: Setting.allCases.map(\.rawValue))
    }
    let typed = arguments.dropFirst().joined(separator: " ")
    var value = setting.kind == .boolean ? Self.booleanAlias(typed) : typed.lowercased()
    if !setting.accepts(value) {
      let words = OptionWords(runner.renderContext)
      let values = setting.kind.values
      switch words.matcher(setting, values: values).match(typed) {
      case .option(let index): value = values[index]
      case .ambiguous(let indices):
        let labels = indices.map { words.label(setting, values[$0]) }
        return runner.messages.invalid(.warning, "ui.option.ambiguous", typed, words.orList(labels))
      case .none:
        // The values as the session's language names them, each of which `set` takes.
        return runner.messages.unknownValue(typed, kind: .value, candidates: values.map { words.label(setting, $0) })
      }
    }
    guard runner.state.isBooted else { return runner.messages.notBooted() }
    let control = runner.state.choices.state(of: setting)
    if control.confirmed == nil && control.pendingWrites == 0 {
      // Never read: learn the real value first, so an unchanged value writes nothing. Awaited
      // here and not gated: it only decides whether the write that follows (which is) is needed.
      if let stored = try? await runner.storedValue(of: setting) {
        await runner.send(.factsRead(.setting(setting, stored)))
      }
    }
    // A value the setting already holds writes nothing, and says so.
    await runner.send(.tap(setting, value))
  }

  /// The value a boolean setting's word stands for: `on`, `yes`, `1` and `true` are `true`.
  nonisolated static func booleanAlias(_ raw: String) -> String {
    switch raw.lowercased() {
    case "on", "yes", "1", "true": "true"
    case "off", "no", "0", "false": "false"
    default: raw.lowercased()
    }
  }

  /// `lang`: the language in force and where it comes from; `lang <tag>`: switch, and
  /// remember the choice in the store; `lang system`: forget it and follow the environment.
  /// The switch shows at once; the store is written in the background (operation `write`,
  /// target `language`), and only a failure is reported.
  func language(_ arguments: [String]) async {
    guard let tag = arguments.first else {
      runner.console.emit(runner.text("ui.lang.current", runner.state.language.nativeName, runner.state.language.rawValue))
      runner.console.emit("  " + runner.text(Self.sourceKey(runner.state.languageChoice.source)), .dim)
      return
    }
    var choice = runner.state.languageChoice
    let remembered: Language?
    if tag.lowercased() == Self.systemTag {
      choice.followEnvironment()
      remembered = nil
    } else if let newLanguage = Language(tag: tag) {
      choice.choose(newLanguage)
      remembered = newLanguage
    } else {
      return runner.messages.unknownValue(
        tag, kind: .language, candidates: Language.allCases.map(\.rawValue) + [Self.systemTag])
    }
    await runner.send(.chooseLanguage(choice))
    runner.console.emit(runner.text("ui.lang.changed", runner.state.language.nativeName), .success)
    if remembered == nil { runner.console.emit("  " + runner.text(Self.sourceKey(.environment)), .dim) }
    remember(remembered)
  }

  /// `lang system`: the word for "follow the environment".
  static let systemTag = "system"

  /// The key of the words for where the language comes from.
  static func sourceKey(_ source: LanguageChoice.Source) -> String { "ui.lang.source." + source.rawValue }

  /// Writes the language choice to the store, after any earlier one (they land in order).
  func remember(_ language: Language?) {
    guard runner.state.isBooted else {
      runner.console.emit(runner.text("ui.lang.sessionOnly"), .warning)
      return
    }
    let runner = runner
    runner.languageWrite = runner.writeLanguage(language, after: runner.languageWrite) { reason in
      runner.console.emit(runner.text("ui.lang.notRemembered", reason), .error)
    }
  }

  /// `notifications`: the weekly review reminder as scheduled now, and its next date.
  func notifications() async {
    // A read of what is true now, reported at once: it bypasses the runner's gate, as `state` does.
    let scheduled = try? await runner.scheduledReview()
    await runner.send(.factsRead(.notification(scheduled)))
    guard let notification = scheduled else {
      runner.console.emit(runner.text("ui.notifications.none"), .warning)
      return
    }
    runner.console.emit(runner.text("ui.notifications.title"), .title)
    // The day and time in words can be long (`воскресенье, 6 декабря в 18:00 (Europe/Amsterdam)`): wrapped.
    let next = runner.factsWording.nextFire(notification) ?? notification.weekday
    runner.console.emit(runner.renderContext.wrapped(next, indent: 2))
    if let zone = runner.configuration.unknownTimeZone {
      runner.console.emit(runner.renderContext.wrapped(runner.text("ui.timeZone.unknown", zone), indent: 2, style: .warning))
    }
  }
}
