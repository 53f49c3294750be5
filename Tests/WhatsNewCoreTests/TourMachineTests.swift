import Testing

@testable import WhatsNewCore

/// Pages of a made-up flow: `count` pages of release 2.13.1, ids `p1`, `p2`, …
private func pages(_ count: Int, release: String = "2.13.1") -> [FlowPage] {
  (1...count).map { number in
    FlowPage(
      release: Version(release)!,
      page: Page(id: "p\(number)", blocks: [Block(id: "b", content: .info(InfoBlock(titleKey: "t")))]))
  }
}

private let v214 = Version("2.14.0")!
private let v2131 = Version("2.13.1")!

/// The seen-write a dismissal of the made-up 2.13.1 tour asks for: `shown` pages reached of three.
private func seenWrite(shown: Int) -> TourEffect {
  .writeSeenThrough([ReleaseShowing(release: v2131, shown: shown, notReached: 3 - shown)])
}

@Suite("Tour machine")
struct TourMachineTests {
  static let automatic = TourState(mode: .automatic, pages: pages(3))

  /// Each row: the machine after opening an automatic three-page tour on page `start`,
  /// a command, the effects it must return, and the page (1-based) or `nil` (closed) after.
  static let rows:
    [(name: String, start: Int, command: @Sendable (inout TourMachine) -> [TourEffect], effects: [TourEffect], page: Int?)] = [
      (
        "next on page 1 records the position", 0, { $0.step(1) },
        [.openPageControls, .recordPosition(TourPosition(release: Version("2.13.1")!, pageID: "p2"))], 2
      ),
      (
        "back on page 2 records page 1", 1, { $0.step(-1) },
        [.openPageControls, .recordPosition(TourPosition(release: Version("2.13.1")!, pageID: "p1"))], 1
      ),
      ("next on the last page says so and stays", 2, { $0.step(1) }, [.say(.lastPage)], 3),
      ("back on the first page says so and stays", 0, { $0.step(-1) }, [.say(.firstPage)], 1),
      (
        "suspend waits and names the page", 1, { $0.suspend() }, [.leavePage, .say(.suspended(.automatic, page: 2, count: 3))], 2
      ),
      ("dismiss asks for the seen-write and keeps the tour open", 1, { $0.dismiss() }, [seenWrite(shown: 2)], 2),
      ("resume on a showing tour does nothing", 0, { $0.resume() }, [], 1),
    ]

  @Test("a command on an automatic tour", arguments: rows.indices)
  func command(_ index: Int) {
    let row = Self.rows[index]
    var machine = TourMachine()
    machine.open(TourState(mode: .automatic, pages: pages(3), index: row.start))
    #expect(row.command(&machine) == row.effects, "\(row.name)")
    #expect(machine.tour.map { $0.index + 1 } == row.page, "\(row.name)")
  }

  @Test("a dismissal closes only when its write lands; a second one while saving starts no write")
  func dismissalIsSerial() {
    var machine = TourMachine()
    machine.open(Self.automatic)
    #expect(machine.dismiss() == [seenWrite(shown: 1)])
    #expect(machine.dismiss() == [.say(.stillSaving)])
    #expect(machine.seenWriteFinished(.success(v214)) == [.leavePage, .goHome, .say(.caughtUp(v214)), .tourEnded(.close)])
    #expect(machine.tour == nil)
  }

  @Test("a failed seen-write keeps the tour on its page with the reason, and a retry writes again")
  func failedDismissalStays() {
    var machine = TourMachine()
    machine.open(TourState(mode: .automatic, pages: pages(3), index: 2))
    machine.dismiss()
    #expect(machine.seenWriteFinished(.failure(BackendFailure("disk full"))) == [.say(.dismissFailed("disk full"))])
    #expect(machine.tour?.index == 2)
    #expect(machine.tour?.failure == "disk full")
    #expect(machine.tour?.isDismissing == false)
    #expect(machine.dismiss() == [seenWrite(shown: 3)])
    #expect(machine.tour?.failure == nil)
  }

  @Test("news and previews close at once and write nothing", arguments: [TourState.Mode.news, .preview(v214)])
  func nonAutomaticCloses(_ mode: TourState.Mode) {
    var machine = TourMachine()
    machine.open(TourState(mode: mode, pages: pages(2)))
    let effects = machine.dismiss()
    #expect(!effects.contains { if case .writeSeenThrough = $0 { true } else { false } })
    #expect(effects.contains(.say(mode == .news ? .closedNoRecord : .previewClosedToScreen)))
    #expect(machine.tour == nil)
    // Turning a page of a tour that writes nothing remembers no position either.
    machine.open(TourState(mode: mode, pages: pages(2)))
    #expect(machine.step(1) == [.openPageControls])
  }

  @Test("a preview over a waiting tour gives it back waiting; over a showing one, showing on its page")
  func previewGivesTheTourBack() {
    for waiting in [false, true] {
      var machine = TourMachine()
      machine.open(TourState(mode: .automatic, pages: pages(3), index: 1))
      if waiting { machine.suspend() }
      let opened = machine.open(TourState(mode: .preview(v214), pages: pages(2)))
      #expect(opened.contains(.say(.previewOverTour(page: 2, count: 3))))
      #expect(opened.contains(.leavePage) == !waiting)
      // A preview over a preview replaces it; the tour under both stays.
      machine.open(TourState(mode: .preview(Version("2.15.0")!), pages: pages(1)))
      #expect(machine.tourUnderPreview?.index == 1)
      let closed = machine.dismiss()
      #expect(closed.first == .endSandbox)
      #expect(closed.contains(.say(.previewClosed(page: 2, count: 3))))
      #expect(closed.last == (waiting ? .openScreenControls : .openPageControls))
      #expect(machine.tour?.mode == .automatic)
      #expect(machine.tour?.isSuspended == waiting)
      #expect(machine.tourUnderPreview == nil)
    }
  }

  @Test("a preview over nothing closes back to the screen it was opened on, saying so, and ends its sandbox")
  func previewAlone() {
    var machine = TourMachine()
    machine.open(TourState(mode: .preview(v214), pages: pages(1)))
    #expect(machine.dismiss() == [.endSandbox, .leavePage, .openScreenControls, .say(.previewClosedToScreen)])
  }

  @Test("a preview may not open while a dismissal is being saved")
  func noPreviewWhileSaving() {
    var machine = TourMachine()
    machine.open(Self.automatic)
    #expect(!machine.isDismissing)
    machine.dismiss()
    #expect(machine.isDismissing)
  }

  @Test("onboarding pages, then finish writes once and completes")
  func onboarding() {
    var machine = TourMachine()
    let wizardPages = pages(2).map(\.page)
    #expect(machine.startOnboarding(pages: wizardPages) == [.openPageControls])
    #expect(machine.step(-1) == [.say(.onboardingFirstPage)])
    #expect(machine.step(1) == [.openPageControls])
    #expect(machine.step(1) == [.say(.onboardingLastPage)])
    #expect(machine.finishOnboarding() == [.completeOnboarding])
    #expect(machine.finishOnboarding() == [.say(.stillFinishing)])
    #expect(
      machine.onboardingWriteFinished(.failure(BackendFailure("locked"))) == [.say(.onboardingFinishFailed("locked"))])
    #expect(machine.onboarding?.index == 1)
    machine.finishOnboarding()
    #expect(
      machine.onboardingWriteFinished(.success(())) == [.leavePage, .goHome, .say(.onboardingFinished), .onboardingCompleted])
    #expect(machine.onboarding == nil)
  }

  @Test(
    "a stored position opens the tour on its page, or page 1 when the page is gone",
    arguments: [
      ("2.13.1/p3", 2), ("2.13.1/gone", 0), ("2.12.0/p3", 0), ("not a position", 0), ("2.13.1/", 0),
    ])
  func resumePosition(_ stored: String, _ index: Int) {
    let flow = pages(3)
    let position = TourPosition(stored)
    #expect(TourState(mode: .automatic, pages: flow, index: position?.index(in: flow) ?? 0).index == index)
  }

  @Test("a position reads back as it was written; a page id no release could have is no position")
  func positionRoundTrip() {
    let position = TourPosition(release: Version("2.13.1")!, pageID: "rest.timer-2")
    #expect(TourPosition(position.description) == position)
    for text in ["2.13.1/rest/timer", "2.13.1/p\u{1B}]0;x\u{07}", "2.13.1/" + String(repeating: "a", count: 65)] {
      #expect(TourPosition(text) == nil, "\(text)")
    }
  }
}

@Suite("What is open")
struct OpenStackTests {
  static let guide = GuidanceCatalog.all.first { $0.mode == .tour && $0.id != GuidanceCatalog.firstRun }!

  static func stack(
    screen: Screen = .home, tour: TourState? = nil, onboarding: OnboardingState? = nil, guide: String? = nil
  ) -> OpenStack {
    var guidance = GuidanceMachine()
    if let guide { guidance.start(guide) }
    return OpenStack(screen: screen, tour: tour, onboarding: onboarding, guidance: guidance)
  }

  static var waiting: TourState {
    var tour = TourState(mode: .automatic, pages: pages(6), index: 2)
    tour.isSuspended = true
    return tour
  }

  @Test("a tour left for a screen waits under it, and a guide on that screen lies on top")
  func order() {
    let stack = Self.stack(screen: .workouts, tour: Self.waiting, guide: Self.guide.id)
    #expect(
      stack.layers == [
        .home, .tour(.automatic, page: 3, count: 6, waiting: true), .screen(.workouts),
        .guide(id: Self.guide.id, step: 1, count: Self.guide.steps.count),
      ])
    #expect(stack.waysOut == ["close", "tour"])  // the guide's, with the tour waiting under it
  }

  @Test("news opened on a screen lies over the screen")
  func newsOverScreen() {
    let stack = Self.stack(screen: .settings, tour: TourState(mode: .news, pages: pages(2)))
    #expect(stack.layers == [.home, .screen(.settings), .tour(.news, page: 1, count: 2, waiting: false)])
  }

  @Test(
    "every top has a way out, and a guide over a waiting tour names tour",
    arguments: [
      (OpenLayer.popover(id: "x"), false, ["close"]),
      (.guide(id: "x", step: 1, count: 3), true, ["close", "tour"]),
      (.guide(id: "x", step: 1, count: 3), false, ["close", "home"]),
      (.onboarding(page: 1, count: 7), false, ["finish"]),
      (.tour(.automatic, page: 1, count: 6, waiting: false), false, ["skip", "close", "home"]),
      (.tour(.news, page: 1, count: 2, waiting: false), false, ["close"]),
      (.screen(.workouts), true, ["tour", "back", "home"]),
      (.screen(.workouts), false, ["back", "home"]),
      (.home, false, ["news <version>", "go <screen>", "quit"]),
    ])
  func waysOut(_ layer: OpenLayer, _ tourWaiting: Bool, _ expected: [String]) {
    #expect(OpenStack.waysOut(of: layer, tourWaiting: tourWaiting) == expected)
  }
}
