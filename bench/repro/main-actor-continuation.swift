// A main-actor task suspended in a continuation, resumed by another main-actor task.
//
// Built with the dynamic Swift runtime, it resumes on the main actor. Built with
// `-static-stdlib` (Swift 6.3.1, Linux x86_64), the resume goes through the global
// concurrent pool first (swift_task_enqueueGlobal), which starts Dispatch's worker and
// manager threads: about 0.3 ms of whatsnew's cold start. To see it:
//
//   swiftc -O -swift-version 6 -static-stdlib main-actor-continuation.swift -o repro
//   gdb -batch -ex 'break swift_task_enqueueGlobal' -ex 'run ns' -ex bt ./repro
//
// (`iso`, `main` and `ns` are three ways of writing the wait; all three show it.) Without
// -static-stdlib the breakpoint is never hit. Not part of the build.
import Glibc
import Dispatch
import Synchronization
final class Tracker: Sendable {
  let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])
  func wait(isolation: isolated (any Actor)? = #isolation) async {
    await withCheckedContinuation(isolation: isolation) { (c: CheckedContinuation<Void, Never>) in waiters.withLock { $0.append(c) } }
  }
  @MainActor func waitMain() async {
    await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in waiters.withLock { $0.append(c) } }
  }
  nonisolated(nonsending) func waitNonsending() async {
    await withCheckedContinuation { (c: CheckedContinuation<Void, Never>) in waiters.withLock { $0.append(c) } }
  }
  func end() { for c in waiters.withLock({ w in defer { w = [] }; return w }) { c.resume() } }
}
@MainActor struct R {
  let t = Tracker()
  func run(_ which: String) async {
    Task { @MainActor in t.end() }
    switch which {
    case "iso": await t.wait()
    case "main": await t.waitMain()
    default: await t.waitNonsending()
    }
    print("done", which)
  }
}
let which = CommandLine.arguments[1]
Task { @MainActor in await R().run(which); exit(0) }
dispatchMain()
