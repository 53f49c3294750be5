import Glibc

/// The system's wall clock (`CLOCK_REALTIME`).
public enum WallClock {
  /// Now, as whole seconds and nanoseconds since 1970-01-01 00:00:00 UTC.
  public static func now() -> (seconds: Int64, nanoseconds: Int32) {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return (Int64(time.tv_sec), Int32(time.tv_nsec))
  }
}
