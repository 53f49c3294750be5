import Testing
import WhatsNewCore

@testable import WhatsNewStore

extension HostileBackupTests {
  /// Rules of restore's vetting no other test held (issue 35.7: with any one of them planted
  /// away, every test passed): a guide seen that is no guide's name, and a tour position that
  /// names no release and page, are left out row by row and named; the rest comes in.
  @Test("a guide seen that is no guide's name, and a tour position that is none, are left out and named")
  func unreadableNamesDropped() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python(
      """
      c.execute("INSERT INTO guidance_seen VALUES ('review_intro')")
      c.execute("INSERT INTO guidance_seen VALUES ('no guide\\x1b]0;PWN\\x07')")
      c.execute("INSERT INTO settings VALUES ('app.tourPosition', 'not a position')")
      """, path)
    let dropped = try await live.restore(from: path)
    #expect(
      dropped.contains { $0.hasPrefix("the guide seen 'no guide") && $0.hasSuffix("which is no guide's name") }, "\(dropped)")
    #expect(dropped.contains("app.tourPosition = 'not a position', which this whatsnew cannot read"), "\(dropped)")
    #expect(try await live.guidanceSeenIDs() == ["review_intro"])
    #expect(try await live.tourPosition() == nil)
    #expect(try await live.setting(.units) == "imperial", "the rest came in")
  }

  /// Events are a backup's too (issue 36): the ones a command donates come in; a name no command
  /// donates (an escape sequence, a screen that is none) is left out and named.
  @Test("a backup's events come in, and one no command donates is left out and named")
  func eventsVetted() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python(
      """
      c.execute("INSERT INTO events VALUES ('visited:review', 1800000000000)")
      c.execute("INSERT INTO events VALUES ('visited:attic\\x1b]0;PWN\\x07', 1800000000000)")
      """, path)
    let dropped = try await live.restore(from: path)
    #expect(
      dropped.contains { $0.hasPrefix("the events 'visited:attic") && $0.hasSuffix("which no command donates") }, "\(dropped)")
    #expect(try await live.events().map(\.name) == ["visited:review"])
  }

  /// A column that allows NULL where whatsnew's refuses it is named as such (with that
  /// wording planted away, the refusal still came, saying only "another type or default").
  @Test("a settings table whose value allows NULL is refused, naming the column and NULL")
  func nullableColumn() async throws {
    let live = try await liveStore()
    let path = try await goodBackup()
    try python(
      """
      c.executescript('''ALTER TABLE settings RENAME TO old; CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT);
        INSERT INTO settings SELECT * FROM old; DROP TABLE old;''')
      """, path)
    let error = await storeError { () throws(StoreError) in try await live.restore(from: path) }
    #expect(error?.description.contains("its column 'value' allows NULL") == true, "\(error?.description ?? "")")
    #expect(try await live.setting(.theme) == "dark", "the store is unchanged")
  }
}
