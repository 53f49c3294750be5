import Foundation
import WhatsNewCore

/// What the store holds, in words for the screens, `debug seen` and `notifications`: the
/// seen-through record and the weekly reminder's next date, in the session's language and
/// the user's time zone.
struct FactsWording {
  let context: RenderContext
  let now: Date
  let timeZone: TimeZone

  /// The seen-through record in words: the version, "none", or the unreadable value.
  func seenThrough(_ record: SeenThroughRecord) -> String {
    switch record {
    case .none: context.text("ui.seen.none")
    case .version(let version): version.description
    case .unreadable(let raw): context.text("ui.seen.unreadable", TextSanitizer.clean(raw))
    }
  }

  /// The notification's next fire date in words, as the language writes a day and a time
  /// (`Sunday, December 6 at 6:00 PM`, `воскресенье, 6 декабря в 18:00`), in the user's
  /// time zone, which it names; with none in the years 0001–9999 (a clock at the calendar's
  /// edge), why, with the clock's date. `nil` for a weekday the app does not know.
  func nextFire(_ notification: StoredNotification) -> String? {
    guard Weekday(rawValue: notification.weekday) != nil else { return nil }
    guard let date = notification.nextFireDate(after: now, in: timeZone) else {
      return context.text("ui.notification.noNextDate", RFC3339.day(now, in: timeZone))
    }
    return context.text("ui.notification.when", context.formats.dayAndTime(date, in: timeZone), RFC3339.name(of: timeZone))
  }
}

extension StoredNotification {
  /// When the reminder next fires after `now`, in `timeZone`; `nil` for a weekday the app does
  /// not know, and outside the years 0001–9999, which no screen, `state` or schedule can write.
  func nextFireDate(after now: Date, in timeZone: TimeZone) -> Date? {
    Weekday(rawValue: weekday).flatMap {
      WeeklyReview.nextFireDate(weekday: $0, hour: hour, minute: minute, after: now, in: timeZone)
    }.flatMap { RFC3339.string($0, in: timeZone) == nil ? nil : $0 }
  }
}
