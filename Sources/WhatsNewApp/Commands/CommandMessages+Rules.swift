import WhatsNewCore

/// What the rules say (``AppMessage``), in the session's language: the one place their words
/// are chosen, each from the app's tables, beside the replies every command gives.
extension CommandMessages {
  /// Says `message` to the person.
  func say(_ message: AppMessage) {
    let console = runner.console
    let words = OptionWords(runner.renderContext)
    func text(_ key: String, _ arguments: String...) -> String { runner.text(key, arguments: arguments) }
    switch message {
    case .bootFailed(let reason): console.emit(text("ui.boot.failed", reason), .error)
    case .guidanceIsOff: console.emit(text("ui.guidance.isOff"), .warning)
    case .changedElsewhere(let setting, let value):
      console.emit(text("ui.outside.changed", text(setting.titleKey), words.label(setting, value)), .warning)
    case .tour(.suspended(.automatic, let page, let count)):
      console.emit(text("ui.tour.waits", String(page), String(count)), .dim)
    case .tour(.suspended(.news, let page, let count)): console.emit(text("ui.news.waits", String(page), String(count)), .dim)
    case .tour(.suspended(.preview(let version), let page, let count)):
      console.emit(text("ui.debug.previewWaits", String(page), String(count), version.description), .dim)
    case .tour(.firstPage): console.emit(text("ui.tour.firstPage"), .warning)
    case .tour(.lastPage): console.emit(text("ui.tour.lastPage"), .warning)
    case .tour(.onboardingFirstPage): console.emit(text("ui.onboarding.firstPage"), .warning)
    case .tour(.onboardingLastPage): console.emit(text("ui.onboarding.lastPage"), .warning)
    case .tour(.savingDismissal): console.emit(text("ui.tour.savingDismissal"), .dim)
    case .tour(.stillSaving): console.emit(text("ui.tour.stillSaving"), .dim)
    case .tour(.caughtUp(let version)): console.emit(text("ui.tour.caughtUp", version.description), .success)
    case .tour(.closedNoRecord): console.emit(text("ui.tour.closedNoRecord"), .success)
    case .tour(.dismissFailed(let reason)): console.emit("! " + text("ui.tour.dismissFailed", reason), .error)
    case .tour(.previewClosed(let page, let count)):
      console.emit(text("ui.debug.previewClosed", String(page), String(count)), .success)
    case .tour(.previewClosedToScreen):
      console.emit(text("ui.debug.previewClosedScreen", text(runner.state.screen.titleKey)), .success)
    case .tour(.previewOverTour(let page, let count)):
      console.emit(text("ui.debug.previewOverTour", String(page), String(count)), .dim)
    case .tour(.onboardingFinished): console.emit(text("ui.onboarding.finished"), .success)
    case .tour(.onboardingFinishFailed(let reason)): console.emit("! " + text("ui.onboarding.finishFailed", reason), .error)
    case .tour(.stillFinishing): console.emit(text("ui.onboarding.stillFinishing"), .dim)
    case .tour(.noTourToResume): console.emit(text("ui.tour.noneToResume"), .warning)
    case .refused(let command): refused(command)
    case .usage(let command): usage(command)
    case .unknownValue(let value, let kind, let candidates):
      unknownValue(value, kind: kind, candidates: candidates)
    case .useFinish: console.emit(text("ui.onboarding.useFinish"), .warning)
    case .doneOnLastPage(let count): console.emit(text("ui.tour.doneOnLastPage", String(count)), .warning)
    case .useDone: console.emit(text("ui.tour.useDone"), .warning)
    case .useClose: console.emit(text("ui.tour.useClose"), .warning)
    case .noOpenItem(let token, let count):
      invalid(.warning, "ui.open.noItem", token, words.orList((1...count).map(String.init)))
    case .nothingNumbered(let token):
      invalid(.warning, "ui.open.nothingNumbered", token, words.orList(Action.allCases.map(\.rawValue)))
    case .isTour(let id): console.emit(text("ui.guidance.isTour", id, id), .warning)
    case .leftPageGone(let page, let count):
      console.emit(text("ui.tour.leftPageGone", String(page), String(count)), .dim)
    case .recap: console.emit(RecapView(recap: runner.state.recap).document(in: runner.renderContext))
    case .nothingLeftToUndo: console.emit(text("ui.undo.nothingLeft"), .dim)
    case .unknownGuide(let id):
      unknownValue(id, kind: .guide, candidates: runner.guidanceIDs)
    case .guideEnded(let id): console.emit(text("ui.guidance.ended", text("guidance.\(id).name"), id), .success)
    case .guideLeftForTour(let id): console.emit(text("ui.guidance.leftForTour", text("guidance.\(id).name")), .dim)
    case .guideFirstStep: console.emit(text("ui.guidance.firstStep"), .warning)
    case .guideNotLastStep(let count): console.emit(text("ui.guidance.notLastStep", String(count)), .warning)
    case .finishOnboardingFirst: console.emit(text("ui.onboarding.finishFirst"), .warning)
    case .recapHint(let changed): console.emit(text(changed == 1 ? "ui.recap.hintOne" : "ui.recap.hint"), .dim)
    case .unchanged(let setting, let value):
      console.emit(text("ui.set.unchanged", text(setting.titleKey), text(setting.valueKey(value))), .dim)
    case .undoNoSuchEntry(let number):
      invalid(.warning, "ui.undo.noSuchEntry", String(number))
    case .undoInFlight(let setting): console.emit(text("ui.undo.inFlight", text(setting.titleKey)), .dim)
    case .putBack(let setting, let value):
      let label = words.label(setting, value)
      console.emit(text("ui.undo.putBack", text(setting.titleKey), label), .success)
      if setting == .reviewWeekday { console.emit(text("ui.notification.rescheduled", label), .dim) }
    case .entryStands(let entry, let number):
      // Where the entry stands when an undo did not put it back now: back already, changed
      // since (and to what), or still the tour's value, to try again.
      let setting = entry.setting
      let name = text(setting.titleKey)
      switch entry.status {
      case .undone: console.emit(text("ui.undo.alreadyUndone", name, words.label(setting, entry.before)), .dim)
      case .changedSince(let current):
        console.emit(text("ui.undo.changedSince", name, words.label(setting, current)), .warning)
      case .changed, .undoing:
        console.emit(text("ui.undo.failed", name, words.label(setting, entry.after), "undo \(number)"), .warning)
      }
    case .restored(let path, let dropped):
      console.emit(text("ui.restore.done", path), .success)
      if !dropped.isEmpty { console.emit(text("ui.restore.dropped", words.andList(dropped)), .dim) }
    }
  }
}
