public import WhatsNewApp

/// Defects planted on purpose around the real store, to show that `qa explore` and
/// `check` find what they are for.
public enum PlantedDefect {
  /// The compensating restore does nothing and says it worked: when the weekday's
  /// rescheduling fails, the screen goes back to the old weekday while the store keeps
  /// the new one.
  public static let skippedRestore = CompensatingRestore { _, _, _ in }

  /// A dead end: `tour` and `back` say nothing and never bring a waiting tour back, so a
  /// person who followed an action out of the tour cannot return to it.
  public static let tourNeverReturns = TourReturn(comesBack: false)
}
