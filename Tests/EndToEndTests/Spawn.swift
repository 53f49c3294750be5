import Glibc

/// `posix_spawn` of `executable` with `arguments` and exactly `environment`, with the
/// caller's file actions and attributes (the pseudo-terminal and tmux helpers need both).
/// Returns the child, or the error number `posix_spawn` gave.
func spawn(
  _ executable: String, _ arguments: [String], environment: [String: String],
  actions: inout posix_spawn_file_actions_t, attributes: inout posix_spawnattr_t
) -> Result<pid_t, Errno> {
  let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer { for pointer in argv + envp { free(pointer) } }
  var child: pid_t = 0
  let status = argv.withUnsafeBufferPointer { argvBuffer in
    envp.withUnsafeBufferPointer { envpBuffer in
      posix_spawn(
        &child, executable, &actions, &attributes, UnsafeMutablePointer(mutating: argvBuffer.baseAddress!),
        UnsafeMutablePointer(mutating: envpBuffer.baseAddress!))
    }
  }
  return status == 0 ? .success(child) : .failure(Errno(code: status))
}

/// An error number from the C library.
struct Errno: Error {
  var code: Int32
}
