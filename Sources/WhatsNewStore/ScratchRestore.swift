import CSQLite

/// Restore run synchronously, on bytes, into a scratch in-memory store: the property the
/// `fuzz-restore` libFuzzer target checks (`FuzzProperties.restore`), through exactly the
/// code ``SettingsStore/restore(from:)`` runs after reading the file.
package enum ScratchRestore {
  /// Vets `bytes` as the backup at `path` and restores them into a new in-memory store.
  ///
  /// Throws the refusal restore would give. Otherwise returns `nil` when the store afterwards
  /// still has exactly the schema whatsnew creates and passes `PRAGMA integrity_check`, or
  /// what is wrong with it.
  package static func run(_ bytes: [UInt8], path: String) throws(StoreError) -> String? {
    let scratch = try SQLiteConnection(path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    try Migrations.migrate(scratch)
    let before = try BackupVetting.objects(scratch)
    try StoreRestore.copyRows(of: BackupVetting.vet(BackupImage(bytes: bytes, path: path)), into: scratch)
    if try BackupVetting.objects(scratch) != before { return "restore changed the store's schema" }
    let problems = try scratch.integrityProblems()
    if !problems.isEmpty { return "the restored store fails the integrity check: \(problems.prefix(3))" }
    if try scratch.userVersion() != SettingsStore.currentSchemaVersion { return "restore changed the schema version" }
    return nil
  }
}
