import Glibc

/// The time of day as the store records it: whole seconds since 1970. The models that stamp what
/// they store (the accounts' locks, the address, the note) read it here, and their tests give a
/// clock of their own.
public enum WallClock {
    /// Seconds since 1970 (UTC), now.
    public static func seconds() -> Int64 { Int64(time(nil)) }
}
