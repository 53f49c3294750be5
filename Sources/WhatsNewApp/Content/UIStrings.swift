import WhatsNewCore
import WhatsNewStore

/// The app's own strings in English: the fallback when a `--localizations` directory
/// lacks them, and the list of keys every language must translate (`whatsnew lint`).
///
/// Placeholders are `%@`, or `%1$@`, `%2$@` where a translation needs another order.
/// To add a string: add it here, then to every `Localizations/<lang>.lproj/Localizable.strings`
/// (`make lint` names any language that lacks it).
package enum UIStrings {
  /// Every UI key a translation must provide: every string here, and the name and value
  /// names of every setting of the vocabulary, even one this file has no English for yet
  /// (so `lint` names them until all five tables have them).
  package static var requiredKeys: Set<String> { Set(english.keys).union(vocabularyKeys) }

  /// The keys of every setting's name and values, from the vocabulary itself.
  package static var vocabularyKeys: Set<String> {
    Set(Setting.allCases.flatMap { setting in [setting.titleKey] + setting.kind.values.map(setting.valueKey) })
  }

  /// What the app shows for a setting's name or value no table and no string here has:
  /// the vocabulary's own name in words (`restTimerSound` as "Rest timer sound", `beep` as
  /// "Beep"), never the key. `nil` for any other key.
  ///
  /// ```swift
  /// UIStrings.readableFallback(for: "ui.setting.restTimerSound.title")   // "Rest timer sound"
  /// UIStrings.readableFallback(for: "ui.value.restTimerSound.soft_beep") // "Soft beep"
  /// ```
  package static func readableFallback(for key: String) -> String? {
    let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 4, parts[0] == "ui" else { return nil }
    if parts[1] == "setting", parts[3] == "title" { return words(parts[2]) }
    if parts[1] == "value" {
      switch parts[3] {
      case "true": return "On"
      case "false": return "Off"
      default: return words(parts[3])
      }
    }
    return nil
  }

  /// `restTimerSound` and `soft_beep` as words: "Rest timer sound", "Soft beep".
  static func words(_ name: String) -> String? {
    var text = ""
    for character in name {
      if character == "_" || character == "-" {
        text.append(" ")
      } else if character.isUppercase, !text.isEmpty {
        text += " " + character.lowercased()
      } else {
        text.append(character)
      }
    }
    let cleaned = TextSanitizer.clean(text).trimmingWhitespace()
    guard let first = cleaned.first else { return nil }
    return first.uppercased() + cleaned.dropFirst()
  }

  package static let english: [String: String] = base.merging(vocabulary) { first, _ in first }
    .merging(GuidanceStrings.english) { first, _ in first }
    .merging(StoreMessages.english) { first, _ in first }

  static let vocabulary: [String: String] = {
    var strings: [String: String] = [:]
    let settingNames: [Setting: String] = [
      .workoutView: "Workout view", .workoutAutonomy: "Starting weights", .progressionMode: "Progression",
      .autoStartRestTimer: "Start rest timer automatically", .restTimerHaptics: "Rest timer vibration",
      .reviewWeekday: "Weekly review day", .homeSummaryCard: "Home card", .theme: "Theme", .units: "Units",
      .showWhatsNew: "Show what's new after updates",
    ]
    for setting in Setting.allCases { strings[setting.titleKey] = settingNames[setting] }
    let valueNames: [String: String] = [
      "workoutView.guided": "Guided", "workoutView.inline": "Inline",
      "workoutAutonomy.suggest": "Suggest weights", "workoutAutonomy.manual": "Follow the plan",
      "progressionMode.reps_first": "Reps first", "progressionMode.weight_first": "Weight first",
      "homeSummaryCard.daily_summary": "Daily summary", "homeSummaryCard.weekly_streak": "Weekly streak",
      "theme.system": "System", "theme.light": "Light", "theme.dark": "Dark",
      "units.metric": "Metric (kg, km)", "units.imperial": "Imperial (lb, mi)",
    ]
    for setting in Setting.allCases {
      for value in setting.kind.values {
        switch setting.kind {
        case .boolean: strings[setting.valueKey(value)] = value == "true" ? "On" : "Off"
        case .weekday: strings[setting.valueKey(value)] = value.prefix(1).uppercased() + value.dropFirst()
        case .enumeration: strings[setting.valueKey(value)] = valueNames["\(setting.rawValue).\(value)"]
        }
      }
    }
    for weekday in Weekday.allCases {
      let name = weekday.rawValue.prefix(1).uppercased() + weekday.rawValue.dropFirst()
      strings["ui.weekday." + weekday.rawValue] = name
      strings["ui.weekday.short." + weekday.rawValue] = String(name.prefix(3))
    }
    let screens: [Screen: (String, String)] = [
      .home: ("Home", "go <screen> · news · help"),
      .workouts: ("Workout settings", "set <setting> <value> · home · help"),
      .cardio: ("Cardio log", "home · help"),
      .review: ("Weekly review", "set reviewWeekday <day> · notifications · home · help"),
      .settings: ("Settings", "set <setting> <value> · lang <language> · home · help"),
    ]
    for (screen, texts) in screens {
      strings[screen.titleKey] = texts.0
      strings["ui.screen.footer." + screen.rawValue] = texts.1
    }
    return strings
  }()

  static let base: [String: String] = [
    "ui.action.button": "Button: %@",
    "ui.backup.done": "Backed up to %@.",
    "ui.backup.failed": "Backup failed: %@",
    "ui.backup.leftover": "Removed %@, left by a backup that was stopped before it finished.",
    "ui.boot.failed": "The settings store did not start: %@. Settings are unavailable and the tour will not appear this session.",
    "ui.boot.notReady": "Settings are not ready yet (the store is still starting). Try again in a moment, or type wait.",
    "ui.cardio.activity.ride": "Ride",
    "ui.cardio.activity.row": "Row",
    "ui.cardio.activity.run": "Run",
    "ui.cardio.add": "Log a session from your watch or by hand; imports appear here.",
    "ui.cardio.log.title": "This week",
    "ui.cardio.summary": "Total: %@ in %@",
    "ui.charset.notUTF8":
      "your locale's character set is %@, not UTF-8: lines and marks are drawn in ASCII, icons are left out, and text it cannot show is spelled in Latin letters or as ?. Set LANG to a UTF-8 locale (C.UTF-8, say) to see everything.",
    "ui.check.reloadHint": "Type show to read the store again (another program may have changed it), then check again.",
    "ui.check.storeUnreadable": "Cannot read the store: %@",
    "ui.choice.current": "(current)",
    "ui.choice.error.read": "Couldn't load your %@ setting: %@.",
    "ui.choice.error.write": "Couldn't save %@: %@. Back to %@.",
    "ui.choice.error.writeUnknown":
      "Couldn't save %1$@: %2$@. Its value could not be read before either, so it is shown as unknown; type show to read it again.",
    "ui.choice.loading": "loading…",
    "ui.choice.saved": "Saved: %@ is now %@.",
    "ui.choice.saving": "saving…",
    "ui.choice.superseded": "An earlier change to %@ (%@) failed; your newer choice stands.",
    "ui.choose.noChoice": "This page has no choice to make.",
    "ui.choose.noPage": "There is no page open with choices. Use set <setting> <value> on a screen.",
    "ui.choose.notOnPage": "%@ is not on this page; this page has %@.",
    "ui.choose.whichBlock": "This page has several choices: name one, like %@.",
    "ui.debug.previewAfterGuide": "The guide %1$@ is showing: type close to end it, then debug preview %2$@.",
    "ui.debug.previewAfterOnboarding": "The welcome wizard is open: type finish (or skip) to complete it, then debug preview %@.",
    "ui.debug.previewClosed": "Preview closed. Back to the tour, page %1$@ of %2$@.",
    "ui.debug.previewClosedScreen": "Preview closed. Back to %@.",
    "ui.debug.previewDiagnostics": "The validator reported on %2$@ (%1$@):",
    "ui.debug.previewEmpty": "Release %@ has no pages left to preview.",
    "ui.debug.previewOverTour": "The tour waits on page %1$@ of %2$@: closing the preview brings you back to it.",
    "ui.debug.previewSandbox":
      "This preview runs on a private copy of your settings: what you choose here is not saved, and closing it changes nothing.",
    "ui.debug.previewWhileSaving": "The tour is still saving that you have seen it: type wait, then debug preview %@.",
    "ui.debug.sandboxFailed": "The preview could not make its private copy of the settings: %@. Nothing was opened.",
    "ui.debug.seen": "Seen through: %@ (this app is %@).",
    "ui.debug.seenCleared": "Seen-through record cleared. The tour will appear on the next visit home.",
    "ui.debug.seenClearedOff":
      "Seen-through record cleared. showWhatsNew is off, so no tour will appear, and the next visit home records %@ again; type set showWhatsNew on first.",
    "ui.debug.seenFailed": "Couldn't change the record: %@",
    "ui.debug.seenSet": "Seen-through record set to %@. The tour will appear on the next visit home, if there is anything newer.",
    "ui.debug.seenSetOff":
      "Seen-through record set to %1$@. showWhatsNew is off, so no tour will appear, and the next visit home records %2$@ again; type set showWhatsNew on first.",
    "ui.debug.seenWidget":
      "Seen-through record changed. This session was opened from a widget and stays quiet: the tour appears at the next start from the app.",
    "ui.error.badVersion": "'%@' is not a version: use MAJOR.MINOR.PATCH, like 2.13.1, or a pre-release such as 2.15.0-beta.1.",
    "ui.error.didYouMean": " (did you mean '%@'?)",
    "ui.error.expected": "Expected: %@.",
    "ui.error.notAvailable": "%@ is not available here.",
    "ui.error.typeHelp": "Type help for the commands.",
    "ui.error.unknownCommand": "Unknown command '%@'",
    "ui.error.unknown.action": "Unknown action '%@'",
    "ui.error.unknown.command": "Unknown command '%@'",
    "ui.error.unknown.guide": "Unknown guide '%@'",
    "ui.error.unknown.language": "Unknown language '%@'",
    "ui.error.unknown.popover": "Unknown info popover '%@'",
    "ui.error.unknown.qaCommand": "Unknown qa command '%@'",
    "ui.error.unknown.release": "No release '%@'",
    "ui.error.unknown.screen": "Unknown screen '%@'",
    "ui.error.unknown.setting": "Unknown setting '%@'",
    "ui.error.unknown.value": "'%@' is not a value of this setting",
    "ui.error.usage": "Usage: %@",
    "ui.exit.guidance": "which guides you have seen",
    "ui.exit.onboardingComesBack": "Setting up comes back next time; the choices you made are saved.",
    "ui.exit.tourComesBack": "The tour comes back next time, on page %@.",
    "ui.explore.afterStep": "after %1$@: %2$@",
    "ui.explore.navigation": "States explored: %1$@ (runs: %2$@, %3$@ s) from 4 starts, every command to 4 deep: %4$@.",
    "ui.explore.navigation.found": "problems found: %@",
    "ui.explore.navigation.none": "no dead end, every refusal names its way out",
    "ui.explore.nothing":
      "Nothing was explored: there is no page to show from %@ and no choice in the script, so this proves nothing.",
    "ui.explore.outsideRefused": "%@ is not run inside qa explore: it would reach outside the run's own store.",
    "ui.explore.problem.dismissNoRecord": "%1$@ ended the tour, but the seen-through record stayed %2$@",
    "ui.explore.problem.inFlight": "still in flight after everything settled: %@",
    "ui.explore.problem.noHome": "home cannot be reached in 2 commands from %@",
    "ui.explore.problem.noTour": "the waiting tour cannot be reached in 2 commands from %@",
    "ui.explore.problem.noWayOut": "%@ was refused without naming a way out",
    "ui.explore.problem.none": "none",
    "ui.explore.problem.recordBack": "%1$@ moved the seen-through record back from %2$@ to %3$@",
    "ui.explore.problem.recordMoved":
      "%1$@ moved the seen-through record from %2$@ to %3$@, though only done, skip and close may",
    "ui.explore.problem.recordRemoved": "%1$@ removed the seen-through record (it was %2$@)",
    "ui.explore.problem.waysStay": "%1$@ was refused naming %2$@, none of which leaves",
    "ui.explore.problem.wide": "a line wider than 80 columns: %@",
    "ui.explore.recapDiffers": "recap entry %1$@: it says %2$@ is %3$@, the store has %4$@",
    "ui.explore.skipped": "Left out of every run, because they reach outside it (each run is on a fresh store of its own): %@.",
    "ui.explore.step.line": "line %1$@ (%2$@)",
    "ui.explore.step.start": "the start",
    "ui.explore.stopped": "Stopped, as asked, after %1$@ runs: %2$@ among them.",
    "ui.explore.tooManyLines":
      "The script has %1$@ command lines, more than the %2$@ qa explore takes; split it into shorter scripts.",
    "ui.explore.tooManyRuns":
      "This exploration would take %1$@ runs, more than the limit of %2$@; raise it with qa explore --max-runs <n>, or explore a shorter script.",
    "ui.fault.badTarget": "expected a setting or 'all' as the target, not %1$@%2$@",
    "ui.fault.badWriteTarget": "expected a setting, language, guidance or 'all' as the target, not %1$@%2$@",
    "ui.fault.count": "expected fail:N with N a positive whole number",
    "ui.fault.delay": "expected delay:MS with MS between 0 and 600000",
    "ui.fault.grammar": "expected op[:target]=fail|fail:N|delay:MS|hold, where op is one of %@",
    "ui.fault.noTarget": "expected no target for '%@' (targets are settings, for read and write)",
    "ui.guidance.leftForTour": "%@ is closed for now; it starts again on your next visit to its screen.",
    "ui.help.back": "Go back: the previous page or step; from a screen you left the tour for, the tour; else home.",
    "ui.help.backup": "Copy your settings, progress and schedule into a backup file.",
    "ui.help.check": "Compare the screen, the store and the schedule; print any disagreement.",
    "ui.help.choose": "Pick an option on the page by the number its hint shows, its value or its label; it is saved at once.",
    "ui.help.close":
      "Close the tour, a guide or a popover. For the tour this is the same as skip: it won't come back for these versions.",
    "ui.help.debug": "Show, clear or set the seen-through record; preview a release.",
    "ui.help.done": "Finish the tour on its last page.",
    "ui.help.finish": "Finish the onboarding wizard or a guide.",
    "ui.help.go": "Go to a screen: home, workouts, cardio, review or settings.",
    "ui.help.guidance": "List guides and whether you've seen them; reset one or all.",
    "ui.help.help": "List the commands, or explain one.",
    "ui.help.home": "Go to the home screen.",
    "ui.help.info": "Open a small info popover about part of the screen.",
    "ui.help.lang": "Switch the language.",
    "ui.help.more": "Tab completes commands and their arguments. Ctrl-C clears the line, Ctrl-D leaves.",
    "ui.help.news":
      "List every release since your first version and what became of it (news all: every one, not only those that fit); news <version> shows that release's pages, whose choices save as in the tour.",
    "ui.help.next": "Go to the next page.",
    "ui.help.notifications": "List scheduled notifications.",
    "ui.help.open": "Open what a numbered button or item on the page points to, or an action by name.",
    "ui.help.qa": "Inject failures, delays and holds into reads, writes and scheduling.",
    "ui.help.quit": "Leave. An unfinished tour comes back next time, on the page you left.",
    "ui.help.recap": "List the settings the tour changed in this session, each as before → after, numbered for undo.",
    "ui.help.restore": "Replace your data with the contents of a backup file.",
    "ui.help.set": "Change a setting; name the value, its label, a word of the label or the start of one.",
    "ui.help.show": "Show the current page or screen again.",
    "ui.help.skip":
      "End the tour now. The same as close: it won't come back for these versions. In setting up, the same as finish.",
    "ui.help.state": "Print the session as JSON: one line, indented (--pretty), or one field (state settings.theme).",
    "ui.help.title": "Commands:",
    "ui.help.tour": "Go back to the tour you left, or start a guide by name.",
    "ui.help.undo": "Put back a setting the tour changed, by its number in the recap (undo 2), or every one (undo all).",
    "ui.help.wait": "Wait until every operation that is not held has finished.",
    "ui.history.notSaved":
      "the line history was not saved to %1$@: %2$@. The previous history there was kept; free some disk space or make the directory writable.",
    "ui.history.refused":
      "the line history %1$@ was not loaded: %2$@. It was moved aside to %3$@ and a new history is started; look at it there or delete it.",
    "ui.history.refusedKept":
      "the line history %1$@ was not loaded: %2$@. It could not be moved aside, so it is left as it is and this session's lines are not saved over it; move or delete it.",
    "ui.home.news": "New in %@: type news to list the releases and what you saw of each.",
    "ui.home.shortcuts.title": "Go to",
    "ui.home.summary.daily": "Push day, 5 exercises, about %@.",
    "ui.home.summary.streak": "3 weeks in a row with every planned workout done.",
    "ui.home.summary.title": "Today",
    "ui.lang.changed": "Language: %@.",
    "ui.lang.current": "Language: %@ [%@].",
    "ui.layer.guide": "%1$@, step %2$@ of %3$@",
    "ui.layer.news": "the release pages news opened, page %1$@ of %2$@",
    "ui.layer.onboarding": "setting up, page %1$@ of %2$@",
    "ui.layer.preview": "the preview of %1$@, page %2$@ of %3$@",
    "ui.layer.tour": "the what's-new tour, page %1$@ of %2$@",
    "ui.libedit.foreignOwner": "it belongs to user %1$@, neither you nor root",
    "ui.libedit.notRegularFile": "it is not a regular file (it is a FIFO, a directory or a device)",
    "ui.libedit.refused":
      "the line editor library %1$@ (WHATSNEW_LIBEDIT) was not loaded: %2$@. Line editing is off and lines are read without it; set WHATSNEW_LIBEDIT to the libedit library file (a regular file owned by you or root that no one else can change), or unset it.",
    "ui.libedit.writableByOthers": "its group or other users can change it (mode %1$@)",
    "ui.news.dated": "%1$@: %2$@",
    "ui.news.firstVersion": "the version your history here starts from",
    "ui.news.footer": "Type %@ to see a release's pages (Tab completes the version).",
    "ui.news.footerLeaveFirst": "To see a release's pages, first leave %1$@: type %2$@.",
    "ui.news.inTour": "in the tour open now",
    "ui.news.leftOut": "left out of the tour by the page cap",
    "ui.news.none": "There is no release to show.",
    "ui.news.notReached": "in a tour that ended before its pages",
    "ui.news.older": "Older releases not listed: %1$@, back to %2$@. Type news all to list every one.",
    "ui.news.partlyShownBoth": "%1$@ of %2$@ pages shown; the tour ended before some, and the page cap left out the others",
    "ui.news.partlyShownCap": "%1$@ of %2$@ pages shown; the page cap left out the rest",
    "ui.news.partlyShownEnded": "%1$@ of %2$@ pages shown; the tour ended before the rest",
    "ui.news.readFailed": "Could not read what the tours showed: %@. Type news to try again.",
    "ui.news.shown": "shown",
    "ui.news.superseded": "superseded: later releases replaced all it had to show",
    "ui.news.title": "Releases, newest first:",
    "ui.news.unrecorded": "marked seen; no record of what its tour showed",
    "ui.news.upcoming": "not shown yet: the next tour shows it",
    "ui.notification.rescheduled": "Weekly review reminder moved to %@.",
    "ui.notification.when": "%@ (%@)",
    "ui.notifications.none": "No notifications are scheduled.",
    "ui.notifications.title": "Weekly review reminder:",
    "ui.onboarding.finishFailed": "Couldn't finish setting up: %@. Try finish again.",
    "ui.onboarding.finishFirst": "Finish setting up first (type finish).",
    "ui.onboarding.finished": "All set. Enjoy your training!",
    "ui.onboarding.firstPage":
      "This is the first page: type next to go on, or finish to complete setting up now (your choices are saved).",
    "ui.onboarding.heading": "Welcome",
    "ui.onboarding.lastPage": "This is the last page: type finish.",
    "ui.onboarding.ready.description": "You can change any of this later in Settings.",
    "ui.onboarding.ready.title": "You're ready",
    "ui.onboarding.stillFinishing": "Still saving…",
    "ui.onboarding.useFinish": "The wizard ends with finish.",
    "ui.onboarding.welcome.description":
      "A few quick choices so workouts feel right from day one. Each one is saved as you pick it.",
    "ui.onboarding.welcome.title": "Let's set up your training",
    "ui.open.noItem": "There is no item %@ to open on this page; open %@.",
    "ui.outside.changed": "%1$@ was changed by another program: %2$@.",
    "ui.qa.added": "Fault added: %@",
    "ui.qa.badCount": "expected once, always or a positive count, not '%1$@'; usage: %2$@",
    "ui.qa.badDelay": "expected a delay in milliseconds (0 to 600000); usage: %@",
    "ui.qa.badSpec": "Cannot use the fault \"%@\": %@. Nothing was added.",
    "ui.qa.cleared": "All faults cleared; everything held was released.",
    "ui.qa.noFaults": "No faults.",
    "ui.qa.released": "Released %@ (%@ waiting).",
    "ui.qa.unexpected": "unexpected '%1$@'; usage: %2$@",
    "ui.qa.unknownOperation": "unknown operation '%1$@'%3$@; expected one of %2$@",
    "ui.qa.usage": "usage: %@",
    "ui.recap.changedSince": "(changed since: %@)",
    "ui.recap.entry": "%1$@. %2$@: %3$@ → %4$@",
    "ui.recap.footer": "Type %1$@ to put one back, or %2$@.",
    "ui.recap.footerOne": "Type %@ to put it back.",
    "ui.recap.hint": "The tour changed settings: recap lists them and undo puts them back.",
    "ui.recap.hintOne": "The tour changed a setting: recap shows it and undo puts it back.",
    "ui.recap.noTour": "No tour has been open in this session, so there is nothing to recap: news shows the newest release.",
    "ui.recap.none": "The tour changed no settings.",
    "ui.recap.noneYet": "The tour has changed no settings so far.",
    "ui.recap.title": "Changed in the tour",
    "ui.recap.titleOpen": "Changed in this tour so far",
    "ui.recap.undoing": "(putting back…)",
    "ui.recap.undone": "(undone)",
    "ui.refused": "%1$@ does nothing here. Open now: %2$@. Type %3$@.",
    "ui.restore.closeFirst": "Close what is open before restoring.",
    "ui.restore.done": "Restored from %@.",
    "ui.restore.dropped": "Left out of the restore: %@.",
    "ui.restore.failed": "Restore refused: %@. Your current data is unchanged.",
    "ui.review.notification.next": "Next reminder: %@",
    "ui.review.notification.none": "No reminder is scheduled.",
    "ui.review.notification.title": "Reminder",
    "ui.review.summary.body": "%@ workouts, %@ lifted, %@ of cardio.",
    "ui.review.summary.title": "Last week",
    "ui.screen.footer.homeTourWaiting": "go <screen> · tour · help",
    "ui.screen.heading": "Screen: %@",
    "ui.seen.none": "none",
    "ui.seen.unreadable": "unreadable (%@)",
    "ui.set.unchanged": "%@ is already %@.",
    "ui.settings.debug.seen": "Seen through: %@ (app %@)",
    "ui.settings.all.title": "Other settings",
    "ui.settings.debug.title": "Debug",
    "ui.settings.language": "Language",
    "ui.settings.news": "Type news to see the newest release's pages again.",
    "ui.state.listFields": "Type state --pretty to see every field.",
    "ui.state.nullField": "state's '%1$@' is null now, so it has no '%2$@'.",
    "ui.state.unknownPath": "state has no field '%1$@'; the nearest is '%2$@'.",
    "ui.state.unknownPathNoMatch": "state has no field '%@'.",
    "ui.timeZone.fileRefused":
      "the time zone file %1$@ (named by TZ) was not read: it is not a regular file of at most %2$@ bytes. Times are in UTC for now; set TZ to a zone name such as Europe/Paris, or unset it.",
    "ui.timeZone.unknown":
      "TZ is '%@', which names no time zone this app knows (a POSIX rule such as CET-1CEST is not read either): the reminder's times are in UTC. Set TZ to a zone name such as Europe/Paris, or unset it.",
    "ui.tour.capped": "%1$@ pages of %2$@ were left out to keep this short: type news %2$@ to see them.",
    "ui.tour.cappedOne": "%1$@ page of %2$@ was left out to keep this short: type news %2$@ to see it.",
    "ui.tour.caughtUp": "You're all caught up (seen through %@).",
    "ui.tour.closedNoRecord": "Closed.",
    "ui.tour.dismissFailed": "Couldn't save that you've seen this: %@. The tour stays open; try again.",
    "ui.tour.doneOnLastPage": "done is on the last page (page %@): use next to continue, or skip to end the tour now.",
    "ui.tour.firstPage": "This is the first page.",
    "ui.tour.heading": "What's new in %@",
    "ui.tour.lastPage": "This is the last page: type done.",
    "ui.tour.noneToResume": "There is no tour to go back to.",
    "ui.tour.pageOf": "page %@ of %@",
    "ui.tour.pageSentence": "%1$@. Page %2$@ of %3$@.",
    "ui.tour.pageShort": "%1$@/%2$@",
    "ui.tour.previewHeading": "Preview of %@, not saved",
    "ui.tour.savingDismissal": "Saving that you have seen this tour; it closes once that is saved (type wait to wait for it).",
    "ui.tour.stillSaving": "Still saving…",
    "ui.tour.useClose": "finish is for setting up. Type close to close these pages.",
    "ui.tour.useDone":
      "finish is for setting up. To end the tour, type done on its last page, or skip or close now (both end it for these versions).",
    "ui.tour.waits": "The tour waits on page %1$@ of %2$@: type tour or back to return to it.",
    "ui.undo.alreadyUndone": "Already put back. %1$@: %2$@, as before the tour.",
    "ui.undo.changedSince": "%1$@: %2$@ now. It changed after the tour, so undo left it as it is.",
    "ui.undo.failed": "Not put back. %1$@: still %2$@; type %3$@ to try again.",
    "ui.undo.inFlight": "Already being put back: %@.",
    "ui.undo.noSuchEntry": "The recap has no change %@: type recap to see its numbers.",
    "ui.undo.nothingLeft": "Nothing left to undo: type recap to see what the tour changed.",
    "ui.undo.putBack": "Put back. %1$@: %2$@, as before the tour.",
    "ui.value.unknown": "unknown",
    "ui.wait.held": "Settled; still held: %@.",
    "ui.wait.settled": "Settled.",
    "ui.workouts.preview.done": "done",
    "ui.workouts.preview.guided": "Bench press, set 1 of 3: %@ × 8. [Done] [Skip]",
    "ui.workouts.preview.inlineHeader": "Set  Weight   Reps",
    "ui.workouts.preview.title": "Preview: bench press",
    // issue 14: languages
    "ui.lang.notRemembered": "Couldn't remember the language for next time: %@.",
    "ui.lang.sessionOnly": "The settings store is not available: this language lasts until you quit.",
    "ui.lang.source.environment": "From your system's language settings.",
    "ui.lang.source.flag": "Set with --locale for this run; not remembered.",
    "ui.lang.source.stored": "Your choice, remembered for next time.",
    "ui.unit.kg": "kg",
    "ui.unit.km": "km",
    "ui.unit.lb": "lb",
    "ui.unit.mi": "mi",
    // issue 14: words
    "ui.choose.ambiguous": "'%@' could be %@; choose %@.",
    "ui.choose.noOption": "No option '%@' on this page; choose %@.",
    "ui.choose.noOptionFor": "No option '%@' for %@; use %@.",
    "ui.option.ambiguous": "'%@' could be %@; type more of it.",
    "ui.open.nothingNumbered": "There is no item %@ to open here; name an action instead: %@.",
    "ui.help.examples": "Examples:",
    "ui.help.group.tour": "The tour and the screens",
    "ui.help.group.settings": "Settings and your data",
    "ui.help.group.guidance": "Guides and tips",
    "ui.help.group.qa": "QA: faults and checks",
    "ui.help.group.debug": "Debug, for developers",
    "ui.help.qa.details":
      "Faults are written as on the command line: op[:target]=fail|fail:N|delay:MS|hold, several at once, and qa faults prints them that way. Operations: read, write, schedule, cancel, seen-write, boot. A target, for read and write only, is a setting or all (the default). fail alone fails every time, fail:N that many times; delay waits that many milliseconds (0 to 600000); hold waits until release. The word forms work too: qa fail write theme 2 (once by default), qa delay, qa hold, qa release write theme. clear removes every fault and releases what is held; faults lists them. explore runs each choice of the tour on fresh stores under every single fault and with two overlapping taps, and prints a minimal script for each disagreement; explore <file> does the same for the choices a script makes; explore --pairs adds every ordered pair of faults (a repair that fails too) and says how many runs a second it made.",
    // issue 14: fit
    "ui.screen.resumeTour": "A what's-new tour is waiting: type tour to go back to it.",
    "ui.view.above": "Rows above: %@. Type show all to see the whole view.",
    "ui.view.below": "Rows below: %@. Type show all to see the whole view.",
    "ui.view.belowEnter": "Rows below: %@. Press Enter for more, or type show all to see the whole view.",
    "ui.view.focusCut": "%1$@ goes on for %2$@ more rows. Type show all to see it whole.",
    // issue 14: keys
    "ui.exit.saving": "Saving %@…",
    "ui.exit.notSavedHeld": "Not saved: %@ (held by qa hold).",
    "ui.exit.notSavedTimeout": "Not saved: %1$@ (still saving after %2$@ seconds).",
    "ui.exit.tourProgress": "your progress through the tour",
    "ui.exit.reminder": "the weekly review reminder",
    // issue 15: qa explore
    "ui.explore.summary": "Runs explored: %1$@, over the flow's pages (%2$@) and choices (%3$@): %4$@.",
    "ui.explore.summary.script": "Runs explored: %1$@, over the choices the script makes (%2$@): %3$@.",
    "ui.explore.summary.pairs":
      "Runs explored with every ordered pair of faults: %1$@ in %2$@ s (%3$@ runs a second), over the flow's pages (%4$@) and choices (%5$@): %6$@.",
    "ui.explore.summary.pairs.script":
      "Runs explored with every ordered pair of faults: %1$@ in %2$@ s (%3$@ runs a second), over the choices the script makes (%4$@): %5$@.",
    "ui.explore.nextStart":
      "at the next start (the store opened again, as a new session opens it): %@",
    "ui.explore.none": "no counterexample",
    "ui.explore.running": "Exploring every choice on fresh stores; this takes a few seconds…",
    "ui.explore.found": "counterexamples: %@",
    "ui.explore.counterexample":
      "Counterexample %1$@ (explored runs that end in it: %2$@). To reproduce it, save these lines to a file and run it as the first line says:",
    "ui.explore.startLine": "# whatsnew --db <new-file> %@ --script <this-file>",
    "ui.explore.seenBackwards": "seen-through moved back from %1$@ to %2$@",
    "ui.explore.reminderShown":
      "reminder: the screens show %1$@, the schedule has %2$@ (check does not compare this yet; the review screen shows it)",
    "ui.explore.noReminder": "none",
    "ui.explore.noRecord": "Nothing to explore from: the store has no seen-through record. Start with --upgrade-from <version>.",
    "ui.explore.failed": "Cannot explore: %@",
    "ui.explore.scriptUnreadable": "Cannot read the script %1$@: %2$@",
    "ui.help.keys":
      "Enter on an empty line turns the tour's page; Esc leaves what is on top (a popover, a guide, the tour, a screen); the up arrow and Ctrl-R bring back earlier commands. Short forms: q or exit for quit, ? for help, n for next, b for back, and a number alone on a page for choose <n>.",
    // issue 15: tools that tell the truth
    "ui.boot.unavailable":
      "Settings are unavailable this session: the settings store did not start (%@). Quit, fix the cause and start whatsnew again (a boot fault lasts for one run).",
    "ui.boot.held":
      "Settings are not ready yet: QA holds the store's start. Release it (qa release boot) or clear faults (qa clear).",
    "ui.check.consistent": "Consistent: screen, store and schedule agree.",
    "ui.check.held": "%@ (held)",
    "ui.check.pending": "%@ (pending)",
    "ui.check.inFlight": "Not known to agree while these are in flight: %@.",
    "ui.check.settledAgree": "What has settled agrees with the store.",
    "ui.check.releaseHint": "A held operation goes on only when released: qa release %@, or qa clear. Then check again.",
    "ui.check.waitHint": "Type wait, then check again.",
    "ui.check.screenDiffers": "%1$@: the screen shows %2$@, the store has %3$@.",
    "ui.check.scheduleDiffers": "%1$@: the store has %2$@, the reminder is scheduled for %3$@.",
    "ui.check.notScheduled": "%1$@: the store has %2$@, no reminder is scheduled.",
    "ui.check.leftForNextStart":
      "The app said so when the weekday's change failed: the reminder could not be put right then, and the next start sets it to match the store.",
    "ui.choice.error.reminder.cancel": "Saved %1$@: %2$@, but the old reminder could not be cancelled (%3$@).",
    "ui.choice.error.reminder.schedule": "Saved %1$@: %2$@, but the new reminder could not be scheduled (%3$@).",
    "ui.choice.error.reminder.putBack": "%1$@ is back to %2$@.",
    "ui.choice.error.reminder.putBackFailed": "Putting %1$@ back to %2$@ failed too (%3$@); the store has %4$@.",
    "ui.choice.error.reminder.stillSet": "The reminder is still set for %@.",
    "ui.choice.error.reminder.setAgain": "The reminder is set for %@ again.",
    "ui.choice.error.reminder.restoreFailed": "Setting the reminder for %1$@ again failed too (%2$@): no reminder is set.",
    "ui.choice.error.reminder.none": "No reminder is set.",
    "ui.choice.error.reminder.nextStart": "The next start sets the reminder to match the store.",
    "ui.restore.held":
      "Restore refused: %1$@ is held by QA and would land on the restored data. Release it (qa release %2$@) or clear faults (qa clear) first.",
    "ui.restore.confirm": "Replace your settings, progress and schedule with %@?",
    "ui.confirm.prompt": "[y/N] ",
    "ui.restore.cancelled": "Not restored; your data is unchanged.",
    "ui.confirm.yesWords": "y, yes",
    "ui.help.check.details":
      "It says Consistent only when screen, store and schedule agree and nothing is in flight; otherwise it lists each disagreement among the settled controls and each operation in flight, held or pending, and what lets it finish. In a script, a check that does not find agreement makes the exit status 1.",
    "ui.help.restore.details":
      "It waits for writes in flight and refuses while QA holds one. At a terminal it asks before replacing your data (y/N); --yes skips the question. A script is never asked.",
    "ui.script.invalidLine": "line %1$@: not a valid command: %2$@",
    // issue 16: long input
    "ui.script.lineTooLong":
      "Line %1$@ of the script is longer than %2$@ bytes, so it was skipped; split it into shorter commands.",
  ]
}
